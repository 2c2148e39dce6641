// The event stream's choice, page by page (src/serve/broadcast.ts): a page that has the version an update's change
// starts from gets the change; a page that has no version, another one, or missed one while it was not reading,
// gets the whole update; the whole update is made only when a page needs it.
import * as http from 'node:http';
import * as net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Broadcaster } from '../../src/serve/broadcast.js';
import { sse, type SseClient } from './sse-client.js';

const open: { server: http.Server; b: Broadcaster; clients: SseClient[] }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    for (const c of o.clients) c.close();
    o.b.closeAll();
    o.server.closeAllConnections();
    await new Promise((r) => o.server.close(r));
  }
});

/** A broadcaster behind a server whose every request is an event stream (Last-Event-ID: the page's version). */
async function streams(): Promise<{ b: Broadcaster; page: (version?: string) => Promise<SseClient>; port: number }> {
  const b = new Broadcaster({ maxClients: 10, stallMs: 30_000, retryMs: 2000, now: () => 0 });
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    b.add(res, (req.headers['last-event-id'] as string | undefined) ?? null);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const o = { server, b, clients: [] as SseClient[] };
  open.push(o);
  const port = (server.address() as net.AddressInfo).port;
  const page = async (version?: string) => {
    const c = sse(`http://127.0.0.1:${port}/events`, version ? { 'Last-Event-ID': version } : {});
    o.clients.push(c);
    await c.status;
    return c;
  };
  return { b, page, port };
}

/** A page's `i`th frame, once it has come. */
async function frame(c: SseClient, i: number) {
  while (c.frames.length <= i) await new Promise((r) => setTimeout(r, 2));
  return c.frames[i]!;
}

describe('the event stream, page by page', () => {
  it('the change to a page that has its base version, the whole update to any other; the whole made only when needed', async () => {
    const { b, page } = await streams();
    let made = 0;
    const whole = (v: string) => () => {
      made++;
      return JSON.stringify({ whole: v });
    };
    b.publish('v1', whole('v1'));
    expect(made).toBe(0);
    const a = await page();
    expect((await frame(a, 0)).data).toBe('{"whole":"v1"}');
    expect(made).toBe(1);
    b.publish('v2', whole('v2'), { base: 'v1', json: '{"change":"v1-v2"}' });
    expect(await frame(a, 1)).toMatchObject({ id: 'v2', data: '{"change":"v1-v2"}' });
    expect(made).toBe(1);
    // Pages that come now: one with v1 gets the change, one with an old version or none the whole.
    const [withV1, withV0, none] = await Promise.all([page('v1'), page('v0'), page()]);
    const got = await Promise.all([withV1, withV0, none].map((c) => frame(c, 0)));
    expect(got.map((f) => f.data)).toEqual(['{"change":"v1-v2"}', '{"whole":"v2"}', '{"whole":"v2"}']);
    expect(made).toBe(2);
    // A page that has the current version is sent nothing.
    const current = await page('v2');
    await new Promise((r) => setTimeout(r, 50));
    expect(current.frames).toEqual([]);
  });

  it('a page that missed an update while it was not reading gets the newest whole when it reads again', async () => {
    const { b, page, port } = await streams();
    const big = 'x'.repeat(100_000);
    b.publish('v0', JSON.stringify({ v: 0 }));
    const healthy = await page();
    await frame(healthy, 0);
    // A page that sends its request and then does not read: its socket fills.
    const stalled = net.connect(port, '127.0.0.1');
    stalled.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    stalled.pause();
    while (b.size < 2) await new Promise((r) => setTimeout(r, 5));
    let n = 0;
    while (b.stats().blocked === 0 && n < 200) {
      n++;
      b.publish(`v${n}`, JSON.stringify({ v: n, big }), {
        base: `v${n - 1}`,
        json: JSON.stringify({ change: n, big }),
      });
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(b.stats().blocked).toBe(1);
    // Two more while it is blocked: it missed one of them, so only the whole of the newest can bring it there.
    b.publish(`v${n + 1}`, JSON.stringify({ v: n + 1, big }), {
      base: `v${n}`,
      json: JSON.stringify({ change: n + 1 }),
    });
    b.publish(`v${n + 2}`, JSON.stringify({ v: n + 2, big }), {
      base: `v${n + 1}`,
      json: JSON.stringify({ change: n + 2 }),
    });
    let text = '';
    stalled.setEncoding('utf8');
    stalled.on('data', (c: string) => (text += c));
    stalled.resume();
    while (!text.includes(`id: v${n + 2}\n`)) await new Promise((r) => setTimeout(r, 5));
    const last = text.slice(text.lastIndexOf('id: '));
    expect(last).toContain(`"v":${n + 2},`);
    expect(text).not.toContain(`id: v${n + 1}\n`);
    // The healthy page got every change.
    while (healthy.frames.length < n + 3) await new Promise((r) => setTimeout(r, 5));
    expect(healthy.frames.slice(1).map((f) => JSON.parse(f.data).change)).toEqual(
      Array.from({ length: n + 2 }, (_, i) => i + 1),
    );
    stalled.destroy();
  });
});

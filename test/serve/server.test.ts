// badzone serve's server in-process, over real HTTP on the loopback address: routes, headers, the access token,
// the loopback host check, live updates and catch-up, notices for a missing or broken session file, and a
// stalled page that must not hold up the others or grow the server's buffers; clients without the token that
// must not keep the players out (refused at once, capped per address, timed out at the stated limits).
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveView } from '../../src/serve/live.js';
import { CSP, loopbackHosts, startServer, type PlayersServer } from '../../src/serve/server.js';
import { SERVE } from '../../src/rules/limits.js';
import { Broadcaster } from '../../src/serve/broadcast.js';
import { cli, tempDir } from '../helpers.js';
import { get, getRaw, sse, type SseClient } from './sse-client.js';

const FILE = 'badzone-session.json';
const servers: PlayersServer[] = [];
const clients: SseClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});

async function gameDir(): Promise<string> {
  const dir = tempDir('badzone-serve-');
  await cli(dir, 'new', '--seed', '21', '--gang', 'Goliaths: Krag, Brute');
  await cli(dir, 'round');
  return dir;
}

async function serve(
  dir: string,
  host = '127.0.0.1',
  more: { port?: number; connections?: { total: number; perAddress: number } } = {},
): Promise<{ s: PlayersServer; url: string }> {
  const s = await startServer({
    host,
    port: more.port ?? 0,
    live: new LiveView(path.join(dir, FILE)),
    connections: more.connections,
  });
  servers.push(s);
  return { s, url: `http://127.0.0.1:${s.port}${s.base}` };
}

function open(url: string, headers?: Record<string, string>): SseClient {
  const c = sse(url, headers);
  clients.push(c);
  return c;
}

describe('badzone serve: what it serves', () => {
  it('the page, its three assets and the event stream; nothing else; every response with the strict CSP and no caching', async () => {
    const { url, s } = await serve(await gameDir());
    expect(s.token).toBeNull();
    const page = await get(url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>Round 1 \u00b7 badzone</title>');
    expect(page.body).toMatch(/<main id="game" data-version="[\w-]{22}">/);
    for (const [p, type] of [
      ['page.css', 'text/css; charset=utf-8'],
      ['live.js', 'text/javascript; charset=utf-8'],
      ['favicon.svg', 'image/svg+xml'],
    ]) {
      const a = await get(url + p);
      expect(a.status, p).toBe(200);
      expect(a.headers['content-type']).toBe(type);
    }
    for (const p of ['nope', 'index.htm', 'page.css/', '.git/config', 'badzone-session.json', 'events/x'])
      expect((await get(url + p)).status, p).toBe(404);
    // A query is only a query: the page, never the file.
    expect((await get(`${url}?x=1/../badzone-session.json`)).body).not.toContain('schemaVersion');
    for (const p of [
      '/../badzone-session.json',
      '/%2e%2e/badzone-session.json',
      '/..%2fbadzone-session.json',
      '//etc/passwd',
      '/./page.css/..',
      '/%00',
    ]) {
      const r = await getRaw(s.port, p);
      expect(r.status, p).toBe(404);
      expect(r.body).not.toContain('schemaVersion');
    }
    for (const r of [page, await get(`${url}nope`), await get(`${url}live.js`)]) {
      expect(r.headers['content-security-policy']).toBe(CSP);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
    }
    expect(CSP).toContain("default-src 'none'");
    expect(CSP).toContain("script-src 'self'");
    expect(CSP).not.toContain('unsafe');
  });

  it('GET only: every other method gets 405 and changes nothing', async () => {
    const dir = await gameDir();
    const { s } = await serve(dir);
    const before = fs.readFileSync(path.join(dir, FILE), 'utf8');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']) {
      const r = await getRaw(s.port, '/', { method });
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe('GET');
    }
    expect(fs.readFileSync(path.join(dir, FILE), 'utf8')).toBe(before);
  });

  it('on loopback, a request for another host name (DNS rebinding) is refused', async () => {
    const { s } = await serve(await gameDir());
    expect((await getRaw(s.port, '/', { headers: { Host: 'evil.example' } })).status).toBe(403);
    expect((await getRaw(s.port, '/', { headers: { Host: `evil.example:${s.port}` } })).status).toBe(403);
    expect((await getRaw(s.port, '/', { headers: { Host: `localhost:${s.port}` } })).status).toBe(200);
  });

  it('on every other address, each request needs the token in its path: 403 without it, or with a wrong one', async () => {
    const { s } = await serve(await gameDir(), '0.0.0.0');
    expect(s.token).toMatch(/^[\w-]{22}$/);
    const base = `http://127.0.0.1:${s.port}`;
    const wrong = `${s.token!.slice(0, -1)}${s.token!.endsWith('A') ? 'B' : 'A'}`;
    for (const p of [
      '/',
      '/page.css',
      '/live.js',
      '/events',
      '/favicon.svg',
      `/${wrong}/`,
      `/${wrong}/events`,
      `/${s.token}x/`,
      `/x${s.token}/`,
      `/${s.token!.toLowerCase()}/`,
    ]) {
      if (p.toLowerCase() === `/${s.token}/`.toLowerCase() && p === `/${s.token}/`) continue;
      const r = await get(base + p);
      expect(r.status, p).toBe(403);
      expect(r.body).not.toContain('<main');
    }
    const ok = await get(`${base}/${s.token}/`);
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('Round 1');
    expect((await get(`${base}/${s.token}/live.js`)).status).toBe(200);
    const redirect = await get(`${base}/${s.token}`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe(`/${s.token}/`);
    // Any host name is fine with the token (phones use the machine's address).
    expect((await getRaw(s.port, `/${s.token}/`, { headers: { Host: 'whatever.example' } })).status).toBe(200);
  });

  it('each server has its own token', async () => {
    const dir = await gameDir();
    const a = await serve(dir, '0.0.0.0');
    const b = await serve(dir, '0.0.0.0');
    expect(a.s.token).not.toBe(b.s.token);
    expect((await get(`http://127.0.0.1:${b.s.port}/${a.s.token}/`)).status).toBe(403);
  });
});

describe('badzone serve: live updates', () => {
  it('a page that has the current version gets nothing; after `round` every page gets the new view; a late page catches up', async () => {
    const dir = await gameDir();
    const { s, url } = await serve(dir);
    const page = await get(url);
    const version = /data-version="([\w-]+)"/.exec(page.body)![1]!;
    const a = open(`${url}events?v=${version}`);
    expect(await a.status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(a.frames).toEqual([]);
    await cli(dir, 'round');
    expect(s.update()).toBe(true);
    const f = await a.next((x) => x.event === 'view');
    const m = JSON.parse(f.data);
    expect(f.id).toBe(m.version);
    expect(m.version).not.toBe(version);
    expect(m.title).toBe('Round 2 \u00b7 badzone');
    expect(m.html).toContain('<h2 id="now-h">Round 2</h2>');
    // Nothing changed: no update.
    expect(s.update()).toBe(false);
    // A page that was away (it reconnects with the last version it had) gets the current one at once.
    const late = open(`${url}events`, { 'Last-Event-ID': version });
    const g = await late.next((x) => x.event === 'view');
    expect(JSON.parse(g.data).version).toBe(m.version);
    // Undo takes it back: the same version as before the round.
    await cli(dir, 'undo');
    s.update();
    const back = await a.next((x) => x.event === 'view' && x.id === version);
    expect(JSON.parse(back.data).title).toBe('Round 1 \u00b7 badzone');
  });

  it('a missing session shows a notice and the server waits; a broken one shows a notice without the folder; fixed, it recovers', async () => {
    const dir = tempDir('badzone-serve-');
    const { s, url } = await serve(dir);
    let page = await get(url);
    expect(page.status).toBe(200);
    expect(page.body).toContain('No game to show yet');
    expect(page.body).toContain('<title>Waiting for the game \u00b7 badzone</title>');
    const c = open(`${url}events`);
    await c.next((x) => x.event === 'view');
    await cli(dir, 'new', '--seed', '4');
    await cli(dir, 'round');
    s.update();
    const up = JSON.parse((await c.next((x) => x.event === 'view' && !x.data.includes('No game to show'))).data);
    expect(up.title).toBe('Round 1 \u00b7 badzone');
    const good = fs.readFileSync(path.join(dir, FILE), 'utf8');
    fs.writeFileSync(path.join(dir, FILE), good.slice(0, 200));
    s.update();
    const bad = JSON.parse((await c.next((x) => x.event === 'view' && x.data.includes('cannot be read'))).data);
    expect(bad.html).toContain('is not valid JSON');
    expect(bad.html).toContain('as it was last read');
    expect(bad.html).not.toContain(dir);
    page = await get(url);
    expect(page.body).toContain('The game file cannot be read');
    expect(page.body).toContain('<h2 id="now-h">Round 1</h2>');
    fs.writeFileSync(path.join(dir, FILE), good);
    s.update();
    const fixed = JSON.parse((await c.next((x) => x.event === 'view' && !x.data.includes('cannot be read'))).data);
    expect(fixed.version).toBe(up.version);
  });
});

describe('badzone serve: many pages and stalled ones', () => {
  it('a page that stops reading holds at most two updates in the server and is dropped after the stall time; the others get every update', async () => {
    let now = 0;
    const b = new Broadcaster({ maxClients: 10, stallMs: 30_000, retryMs: 2000, now: () => now });
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      b.add(res, null);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    try {
      // A stalled page: it sends its request, then never reads.
      const stalled = net.connect(port, '127.0.0.1');
      stalled.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      stalled.pause();
      const healthy = sse(`http://127.0.0.1:${port}/events`);
      await healthy.status;
      while (b.size < 2) await new Promise((r) => setTimeout(r, 5));
      const big = 'x'.repeat(100_000);
      const N = 200;
      let maxQueued = 0;
      for (let i = 1; i <= N; i++) {
        b.publish(String(i), JSON.stringify({ i, big }));
        maxQueued = Math.max(maxQueued, b.stats().queuedBytes);
        await new Promise((r) => setImmediate(r));
        // Give the healthy page time to read, as a real one would between two commands.
        while (healthy.frames.length < i) await new Promise((r) => setTimeout(r, 1));
      }
      expect(healthy.frames.map((f) => f.id)).toEqual(Array.from({ length: N }, (_, i) => String(i + 1)));
      // 20 MB were published; the stalled page never held more than about two 100 KB frames in the server.
      expect(b.stats().blocked).toBe(1);
      expect(maxQueued).toBeLessThan(3 * 100_100);
      now += 30_001;
      b.tick();
      expect(b.stats()).toMatchObject({ clients: 1, dropped: 1, blocked: 0 });
      healthy.close();
      stalled.destroy();
    } finally {
      b.closeAll();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('more pages than the limit get a stream that ends at once (and retry later)', async () => {
    const b = new Broadcaster({ maxClients: 1, stallMs: 30_000, retryMs: 2000, now: () => 0 });
    const fake = () => {
      const res = new http.ServerResponse(new http.IncomingMessage(new net.Socket()));
      return res;
    };
    expect(b.add(fake(), null)).toBe(true);
    expect(b.add(fake(), null)).toBe(false);
  });
});

/** A raw connection: what it received, and when the server closed it (ms after it connected). */
interface Raw {
  socket: net.Socket;
  received: () => string;
  connected: Promise<void>;
  closed: Promise<number>;
  isClosed: () => boolean;
}
const raws: net.Socket[] = [];
afterEach(() => {
  for (const r of raws.splice(0)) r.destroy();
});

function raw(port: number, opts: { localAddress?: string; send?: string } = {}): Raw {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: opts.localAddress });
  raws.push(socket);
  let data = '';
  let done = false;
  let t0 = 0;
  socket.setEncoding('utf8');
  socket.on('data', (c: string) => (data += c));
  socket.on('error', () => {});
  const connected = new Promise<void>((resolve) =>
    socket.once('connect', () => {
      t0 = Date.now();
      if (opts.send) socket.write(opts.send);
      resolve();
    }),
  );
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      done = true;
      resolve(Date.now() - t0);
    }),
  );
  return { socket, received: () => data, connected, closed, isClosed: () => done };
}

const statusLines = (text: string): string[] => text.match(/^HTTP\/1\.1 \d+/gm) ?? [];
const until = async (cond: () => boolean, what: string, ms = 20_000): Promise<void> => {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('badzone serve: clients without the token cannot keep the players out', () => {
  it('a request without the token (any method), or for a foreign Host on loopback, gets 403 and its connection is closed at once: a request sent behind it is never answered', async () => {
    const dir = await gameDir();
    const open0 = await serve(dir, '0.0.0.0');
    const port = open0.s.port;
    const good = `GET /${open0.s.token}/ HTTP/1.1\r\nHost: x\r\n\r\n`;
    for (const bad of [
      'GET / HTTP/1.1\r\nHost: x\r\n\r\n',
      `GET /x${open0.s.token}/ HTTP/1.1\r\nHost: x\r\n\r\n`,
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello',
      `GET http://x/${open0.s.token}/ HTTP/1.1\r\nHost: x\r\n\r\n`,
    ]) {
      const r = raw(port, { send: bad + good });
      await r.closed;
      expect(statusLines(r.received()), bad).toEqual(['HTTP/1.1 403']);
      expect(r.received()).toMatch(/^connection: close\r$/im);
      expect(r.received()).not.toContain('<main');
    }
    // With the token the connection stays open for the next request (keep-alive), as a browser expects.
    const kept = raw(port, { send: good + good });
    await until(() => statusLines(kept.received()).length === 2, 'two answers on one connection');
    expect(statusLines(kept.received())).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    expect(kept.isClosed()).toBe(false);
    // On loopback, a request for another host name is refused the same way.
    const loop = await serve(dir);
    const foreign = raw(loop.s.port, {
      send: `GET / HTTP/1.1\r\nHost: evil.example\r\n\r\nGET / HTTP/1.1\r\nHost: 127.0.0.1:${loop.s.port}\r\n\r\n`,
    });
    await foreign.closed;
    expect(statusLines(foreign.received())).toEqual(['HTTP/1.1 403']);
  });

  it("a client slow with its headers is closed at the stated limit (5 s), well before node:http's default 30 s: idle, part of the headers, a header line every 300 ms", async () => {
    const { s } = await serve(await gameDir(), '0.0.0.0');
    const idle = raw(s.port);
    const part = raw(s.port, { send: 'GET / HTTP/1.1\r\nHost: x\r\n' });
    const drip = raw(s.port, { send: 'GET / HTTP/1.1\r\n' });
    const timer = setInterval(() => drip.socket.write('X-Drip: 1\r\n'), 300);
    try {
      const times = await Promise.all([idle.closed, part.closed, drip.closed]);
      for (const t of times) {
        expect(t).toBeGreaterThanOrEqual(SERVE.headersMs - 100);
        expect(t).toBeLessThan(15_000);
      }
    } finally {
      clearInterval(timer);
    }
    expect(SERVE.headersMs).toBe(5000);
  }, 60_000);

  it('connections from one address are capped: past the limit they are closed on arrival, and another address still gets the page', async () => {
    const { s } = await serve(await gameDir(), '0.0.0.0');
    const cap = SERVE.connectionsPerAddress;
    const flood = Array.from({ length: cap + 5 }, () => raw(s.port, { localAddress: '127.0.0.2' }));
    await Promise.all(flood.map((r) => r.connected));
    await until(() => flood.filter((r) => r.isClosed()).length === 5, 'five over the limit closed');
    // Closed at once, not by the header limit: the others, which arrived at the same time, are still open.
    expect(flood.filter((r) => !r.isClosed())).toHaveLength(cap);
    expect(s.connections()).toMatchObject({ open: cap, waiting: cap, refused: 5 });
    const page = raw(s.port, {
      localAddress: '127.0.0.3',
      send: `GET /${s.token}/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    });
    await page.closed;
    expect(statusLines(page.received())).toEqual(['HTTP/1.1 200']);
    expect(page.received()).toContain('Round 1');
  });

  it("when every slot is held by clients that sent no request, a player still gets the page (the oldest waiting one makes room); when every slot is a player's, a newcomer is closed", async () => {
    const { s } = await serve(await gameDir(), '0.0.0.0', { connections: { total: 4, perAddress: 100 } });
    const idle = Array.from({ length: 4 }, () => raw(s.port, { localAddress: '127.0.0.2' }));
    await Promise.all(idle.map((r) => r.connected));
    await until(() => s.connections().open === 4, 'four connections held');
    const got = await get(`http://127.0.0.1:${s.port}/${s.token}/`);
    expect(got.status).toBe(200);
    expect(got.body).toContain('Round 1');
    await idle[0]!.closed; // the oldest
    expect(s.connections().evicted).toBe(1);
    // Four players' event streams take every slot (each newcomer takes the oldest waiting one's).
    const pages = Array.from({ length: 4 }, () => open(`http://127.0.0.1:${s.port}/${s.token}/events`));
    for (const p of pages) await p.next((f) => f.event === 'view');
    await until(() => idle.every((r) => r.isClosed()), 'every idle connection closed for a player');
    expect(s.connections()).toMatchObject({ open: 4, waiting: 0 });
    const late = raw(s.port, { localAddress: '127.0.0.2' });
    await late.closed;
    expect(late.received()).toBe('');
    expect(s.connections().refused).toBe(1);
  });
});

describe('badzone serve: the loopback Host check', () => {
  it('accepts the loopback names with the port, and without it only on port 80 (browsers leave the default port out)', () => {
    const on80 = loopbackHosts('127.0.0.1', '127.0.0.1', 80);
    for (const h of ['127.0.0.1', '127.0.0.1:80', 'localhost', 'localhost:80', '[::1]', '[::1]:80'])
      expect(on80.has(h), h).toBe(true);
    for (const h of ['evil.example', 'evil.example:80', '127.0.0.1:8080', '127.0.0.2', 'localhost.', ''])
      expect(on80.has(h), h).toBe(false);
    const on8080 = loopbackHosts('127.0.0.1', '127.0.0.1', 8080);
    for (const h of ['127.0.0.1:8080', 'localhost:8080', '[::1]:8080']) expect(on8080.has(h), h).toBe(true);
    for (const h of ['127.0.0.1', 'localhost', '[::1]', '127.0.0.1:80', 'evil.example', 'evil.example:8080'])
      expect(on8080.has(h), h).toBe(false);
    // The bound address and the name given to --host, IPv6 in brackets.
    expect([...loopbackHosts('::1', '::1', 80)]).toContain('[::1]');
    expect([...loopbackHosts('127.0.0.5', 'LocalHost', 3000)].sort()).toEqual([
      '127.0.0.1:3000',
      '127.0.0.5:3000',
      '[::1]:3000',
      'localhost:3000',
    ]);
  });

  it('a real server on another port refuses a Host without its port', async () => {
    const { s } = await serve(await gameDir());
    expect((await getRaw(s.port, '/', { headers: { Host: '127.0.0.1' } })).status).toBe(403);
    expect((await getRaw(s.port, '/', { headers: { Host: `127.0.0.1:${s.port}` } })).status).toBe(200);
  });

  const root = process.getuid?.() === 0;
  it.runIf(root)(
    "on port 80 (as root), a browser's `Host: 127.0.0.1` gets the page and `Host: evil.example` gets 403",
    async (ctx) => {
      let served: { s: PlayersServer } | null = null;
      try {
        served = await serve(await gameDir(), '127.0.0.1', { port: 80 });
      } catch (e) {
        // Port 80 taken by another program: skipped, and saying why (never a pass).
        if ((e as { code?: string }).code === 'EADDRINUSE')
          ctx.skip('port 80 on 127.0.0.1 is in use by another program');
        throw e;
      }
      expect(served.s.port).toBe(80);
      expect((await getRaw(80, '/', { headers: { Host: '127.0.0.1' } })).status).toBe(200);
      expect((await getRaw(80, '/', { headers: { Host: 'localhost' } })).status).toBe(200);
      expect((await getRaw(80, '/', { headers: { Host: 'evil.example' } })).status).toBe(403);
      expect((await getRaw(80, '/', { headers: { Host: 'evil.example:80' } })).status).toBe(403);
    },
  );
});

// badzone serve's server in-process, over real HTTP on the loopback address: routes, headers, the access token,
// the loopback host check, live updates and catch-up, notices for a missing or broken session file, and a
// stalled page that must not hold up the others or grow the server's buffers.
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LiveView } from '../../src/serve/live.js';
import { CSP, startServer, type PlayersServer } from '../../src/serve/server.js';
import { Broadcaster } from '../../src/serve/broadcast.js';
import { runCli, tempDir } from '../helpers.js';
import { get, getRaw, sse, type SseClient } from './sse-client.js';

const FILE = 'badzone-session.json';
const dirs: string[] = [];
const servers: PlayersServer[] = [];
const clients: SseClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function cli(dir: string, ...args: string[]): Promise<void> {
  const r = await runCli(args, { cwd: dir });
  expect(r.code, r.stderr).toBe(0);
}

async function gameDir(): Promise<string> {
  const dir = tempDir('badzone-serve-');
  dirs.push(dir);
  await cli(dir, 'new', '--seed', '21', '--gang', 'Goliaths: Krag, Brute');
  await cli(dir, 'round');
  return dir;
}

async function serve(dir: string, host = '127.0.0.1'): Promise<{ s: PlayersServer; url: string }> {
  const s = await startServer({ host, port: 0, live: new LiveView(path.join(dir, FILE)) });
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
    for (const [p, type] of [['page.css', 'text/css; charset=utf-8'], ['live.js', 'text/javascript; charset=utf-8'], ['favicon.svg', 'image/svg+xml']]) {
      const a = await get(url + p);
      expect(a.status, p).toBe(200);
      expect(a.headers['content-type']).toBe(type);
    }
    for (const p of ['nope', 'index.htm', 'page.css/', '.git/config', 'badzone-session.json', 'events/x']) expect((await get(url + p)).status, p).toBe(404);
    // A query is only a query: the page, never the file.
    expect((await get(`${url}?x=1/../badzone-session.json`)).body).not.toContain('schemaVersion');
    for (const p of ['/../badzone-session.json', '/%2e%2e/badzone-session.json', '/..%2fbadzone-session.json', '//etc/passwd', '/./page.css/..', '/%00']) {
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
    for (const p of ['/', '/page.css', '/live.js', '/events', '/favicon.svg', `/${wrong}/`, `/${wrong}/events`, `/${s.token}x/`, `/x${s.token}/`, `/${s.token!.toLowerCase()}/`]) {
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
    dirs.push(dir);
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
    const server = http.createServer((req, res) => {
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

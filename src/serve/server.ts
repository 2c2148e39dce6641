// `badzone serve`'s HTTP server: node:http and four routes (docs/serve.md says why no framework).
//
// Security model (docs/serve.md): read only (GET only; nothing it serves can change the game); it serves the page,
// its three assets (constants inside the program, never a file) and the event stream, and nothing else, so no
// path can reach a file. On a loopback address it answers only requests addressed to a loopback name (a web page
// elsewhere cannot reach it through DNS rebinding). On any other address every request needs the access token as
// the first part of its path (compared in constant time); without it: 403. Every response carries a strict
// Content-Security-Policy and is never cached.
import * as http from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { FAVICON_SVG, LIVE_JS, PAGE_CSS } from '../render/page-assets.js';
import { Broadcaster, type BroadcastStats } from './broadcast.js';
import type { LiveView } from './live.js';

export const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const COMMON: Record<string, string> = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'Cache-Control': 'no-store',
};

const ASSETS: Record<string, { type: string; body: Buffer }> = {
  '/page.css': { type: 'text/css; charset=utf-8', body: Buffer.from(PAGE_CSS) },
  '/live.js': { type: 'text/javascript; charset=utf-8', body: Buffer.from(LIVE_JS) },
  '/favicon.svg': { type: 'image/svg+xml', body: Buffer.from(FAVICON_SVG) },
};

/** An unguessable access token: 128 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(16).toString('base64url');
}

export function isLoopback(address: string): boolean {
  const a = address.toLowerCase().replace(/^\[|\]$/g, '');
  return /^127\./.test(a) || a === '::1' || /^::ffff:127\./.test(a) || a === 'localhost';
}

/** What `badzone serve` returns when it stops. */
export interface ServeData {
  session: string;
  url: string;
  /** Other addresses of this machine that reach it too. */
  otherUrls: string[];
  /** Updates sent to the pages while it ran. */
  updates: number;
}

export interface ServerOptions {
  host: string;
  port: number;
  live: LiveView;
  broadcast?: Partial<ConstructorParameters<typeof Broadcaster>[0]>;
  /** How often idle streams are pinged and stalled pages dropped. */
  tickMs?: number;
}

export interface PlayersServer {
  /** The address and port it listens on. */
  address: string;
  port: number;
  /** Null on a loopback address; else the token every request's path starts with. */
  token: string | null;
  /** The path prefix of every page and asset: "/" or "/TOKEN/". */
  base: string;
  /** Re-read the session and send the new view to every page if it changed. */
  update(): boolean;
  stats(): BroadcastStats;
  close(): Promise<void>;
}

export class ListenError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Start listening; rejects with a ListenError (EADDRINUSE, EACCES, EADDRNOTAVAIL, ENOTFOUND...) if it cannot. */
export async function startServer(opts: ServerOptions): Promise<PlayersServer> {
  const live = opts.live;
  const broadcaster = new Broadcaster({ maxClients: 1000, stallMs: 30_000, retryMs: 2000, now: () => Date.now(), ...opts.broadcast });
  // Deny by default: a token is required until the bound address turns out to be loopback.
  let token: string | null = newToken();
  let tokenBuf = Buffer.from(token);
  let allowedHosts: Set<string> | null = null;

  const server = http.createServer({ maxHeaderSize: 8192, requestTimeout: 10_000, headersTimeout: 5_000, keepAliveTimeout: 5_000 }, (req, res) => {
    try {
      handle(req, res);
    } catch {
      if (!res.headersSent) text(res, 500, 'Internal error.');
      else res.destroy();
    }
  });
  server.maxConnections = 1100;

  function text(res: http.ServerResponse, status: number, body: string, extra: Record<string, string> = {}): void {
    res.writeHead(status, { ...COMMON, 'Content-Type': 'text/plain; charset=utf-8', ...extra });
    res.end(`${body}\n`);
  }

  function tokenOk(given: string): boolean {
    const b = Buffer.from(given);
    return b.length === tokenBuf.length && timingSafeEqual(b, tokenBuf);
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (req.method !== 'GET') {
      text(res, 405, 'Method not allowed: this page is read only.', { Allow: 'GET' });
      return;
    }
    const target = req.url ?? '/';
    if (!target.startsWith('/')) {
      text(res, 400, 'Bad request.');
      return;
    }
    const q = target.indexOf('?');
    let route = q < 0 ? target : target.slice(0, q);
    const query = new URLSearchParams(q < 0 ? '' : target.slice(q + 1));
    if (allowedHosts && !allowedHosts.has((req.headers.host ?? '').toLowerCase())) {
      text(res, 403, 'Forbidden: this server answers only to its own loopback address.');
      return;
    }
    if (token !== null) {
      const slash = route.indexOf('/', 1);
      const given = slash < 0 ? route.slice(1) : route.slice(1, slash);
      if (!tokenOk(given)) {
        text(res, 403, 'Forbidden: this address needs the access token that `badzone serve` printed (scan its QR code).');
        return;
      }
      if (slash < 0) {
        res.writeHead(302, { ...COMMON, Location: `/${token}/` });
        res.end();
        return;
      }
      route = route.slice(slash);
    }
    if (route === '/' || route === '/index.html') {
      const body = Buffer.from(live.page());
      res.writeHead(200, { ...COMMON, 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(body.length) });
      res.end(body);
      return;
    }
    if (route === '/events') {
      const lastId = (req.headers['last-event-id'] as string | undefined) ?? query.get('v');
      res.writeHead(200, { ...COMMON, 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
      if (!broadcaster.add(res, lastId)) {
        res.end('retry: 10000\n\n');
      }
      return;
    }
    const asset = Object.prototype.hasOwnProperty.call(ASSETS, route) ? ASSETS[route] : undefined;
    if (asset) {
      res.writeHead(200, { ...COMMON, 'Content-Type': asset.type, 'Content-Length': String(asset.body.length) });
      res.end(asset.body);
      return;
    }
    text(res, 404, 'Not found.');
  }

  await new Promise<void>((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      reject(new ListenError(e.code ?? 'EUNKNOWN', e.message));
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ host: opts.host, port: opts.port, exclusive: true });
  });

  const addr = server.address() as AddressInfo;
  if (isLoopback(addr.address)) {
    token = null;
    tokenBuf = Buffer.alloc(0);
    const p = addr.port;
    allowedHosts = new Set([`127.0.0.1:${p}`, `localhost:${p}`, `[::1]:${p}`, `${addr.address.includes(':') ? `[${addr.address}]` : addr.address}:${p}`, `${opts.host.toLowerCase()}:${p}`]);
  }

  live.refresh();
  broadcaster.publish(live.version, live.message());
  const ticker = setInterval(() => broadcaster.tick(), opts.tickMs ?? 15_000);
  ticker.unref();

  return {
    address: addr.address,
    port: addr.port,
    token,
    base: token ? `/${token}/` : '/',
    update(): boolean {
      if (!live.refresh()) return false;
      broadcaster.publish(live.version, live.message());
      return true;
    },
    stats: () => broadcaster.stats(),
    close(): Promise<void> {
      clearInterval(ticker);
      broadcaster.closeAll();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

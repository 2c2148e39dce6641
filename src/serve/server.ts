// `badzone serve`'s HTTP server: node:http and four routes (docs/serve.md says why no framework).
//
// Security model (docs/serve.md): read only (GET only; nothing it serves can change the game); it serves the page,
// its three assets (constants inside the program, never a file) and the event stream, and nothing else, so no
// path can reach a file. On a loopback address it answers only requests addressed to a loopback name (a web page
// elsewhere cannot reach it through DNS rebinding). On any other address every request needs the access token as
// the first part of its path (compared in constant time); without it: 403. Every response carries a strict
// Content-Security-Policy and is never cached. A request that fails the token or Host check is answered 403 and
// its connection closed at once; connections are capped in all and per client address, and a client that is slow
// to send its request is closed within about a second of the limit (connections.ts; docs/serve.md).
import * as http from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SERVE } from '../api/limits.js';
import { FAVICON_SVG, LIVE_JS, PAGE_CSS } from '../render/page-assets.js';
import { Broadcaster, type BroadcastStats } from './broadcast.js';
import { Connections, type ConnectionStats } from './connections.js';
import type { LiveView } from './live.js';

export const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

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

/**
 * The Host headers a server bound to a loopback address answers (lower case): its loopback names with its port,
 * and without the port when that is http's default (80), since browsers leave the default port out. Anything else
 * is refused, so a web page elsewhere cannot reach the server through DNS rebinding.
 */
export function loopbackHosts(address: string, host: string, port: number): Set<string> {
  const bracket = (a: string): string => (a.includes(':') && !a.startsWith('[') ? `[${a}]` : a);
  const names = ['127.0.0.1', 'localhost', '[::1]', bracket(address.toLowerCase()), bracket(host.toLowerCase())];
  const hosts = new Set<string>();
  for (const n of names) {
    hosts.add(`${n}:${port}`);
    if (port === 80) hosts.add(n);
  }
  return hosts;
}

export interface ServerOptions {
  host: string;
  port: number;
  live: LiveView;
  broadcast?: Partial<ConstructorParameters<typeof Broadcaster>[0]>;
  /** How often idle streams are pinged and stalled pages dropped. */
  tickMs?: number;
  /** Connections open at once, in all and from one address (SERVE's by default; the tests lower them). */
  connections?: { total: number; perAddress: number };
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
  connections(): ConnectionStats;
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
  const broadcaster = new Broadcaster({
    maxClients: SERVE.pages,
    stallMs: SERVE.stallMs,
    retryMs: 2000,
    now: () => Date.now(),
    ...opts.broadcast,
  });
  const limits = opts.connections ?? { total: SERVE.connections, perAddress: SERVE.connectionsPerAddress };
  const connections = new Connections(limits.total, limits.perAddress);
  // Deny by default: a token is required until the bound address turns out to be loopback.
  let token: string | null = newToken();
  let tokenBuf = Buffer.from(token);
  let allowedHosts: Set<string> | null = null;

  const server = http.createServer(
    {
      maxHeaderSize: 8192,
      requestTimeout: SERVE.requestMs,
      headersTimeout: SERVE.headersMs,
      keepAliveTimeout: SERVE.keepAliveMs,
      // Without it node:http checks the two limits above only every 30 s: a client could hold a slot that long.
      connectionsCheckingInterval: SERVE.checkMs,
    },
    (req, res) => {
      try {
        handle(req, res);
      } catch {
        if (!res.headersSent) text(res, 500, 'Internal error.');
        else res.destroy();
      }
    },
  );
  server.on('connection', (socket) => connections.accept(socket));

  function text(res: http.ServerResponse, status: number, body: string, extra: Record<string, string> = {}): void {
    res.writeHead(status, { ...COMMON, 'Content-Type': 'text/plain; charset=utf-8', ...extra });
    res.end(`${body}\n`);
  }

  /** 403, and the connection closed as soon as the answer is written: it never holds a slot. */
  const refused = new WeakSet<object>();
  function refuse(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    const socket = req.socket;
    refused.add(socket);
    res.writeHead(403, { ...COMMON, 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
    res.end(`${body}\n`, () => socket.destroy());
  }

  function tokenOk(given: string): boolean {
    const b = Buffer.from(given);
    return b.length === tokenBuf.length && timingSafeEqual(b, tokenBuf);
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (refused.has(req.socket)) return; // sent behind a refused request, on a connection that is closing
    // The Host and the token first, whatever the method: a request that fails them learns nothing else.
    const target = req.url ?? '/';
    const q = target.indexOf('?');
    let route = q < 0 ? target : target.slice(0, q);
    const query = new URLSearchParams(q < 0 ? '' : target.slice(q + 1));
    if (allowedHosts && !allowedHosts.has((req.headers.host ?? '').toLowerCase())) {
      refuse(req, res, 'Forbidden: this server answers only to its own loopback address.');
      return;
    }
    let slash = -1;
    if (token !== null) {
      slash = route.indexOf('/', 1);
      const given = slash < 0 ? route.slice(1) : route.slice(1, slash);
      if (!route.startsWith('/') || !tokenOk(given)) {
        refuse(
          req,
          res,
          'Forbidden: this address needs the access token that `badzone serve` printed (scan its QR code).',
        );
        return;
      }
    }
    connections.player(req.socket);
    if (req.method !== 'GET') {
      text(res, 405, 'Method not allowed: this page is read only.', { Allow: 'GET' });
      return;
    }
    if (!target.startsWith('/')) {
      text(res, 400, 'Bad request.');
      return;
    }
    if (token !== null) {
      if (slash < 0) {
        res.writeHead(302, { ...COMMON, Location: `/${token}/` });
        res.end();
        return;
      }
      route = route.slice(slash);
    }
    if (route === '/' || route === '/index.html') {
      const body = Buffer.from(live.page());
      res.writeHead(200, {
        ...COMMON,
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': String(body.length),
      });
      res.end(body);
      return;
    }
    if (route === '/events') {
      const lastId = (req.headers['last-event-id'] as string | undefined) ?? query.get('v');
      res.writeHead(200, {
        ...COMMON,
        'Content-Type': 'text/event-stream; charset=utf-8',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      if (!broadcaster.add(res, lastId)) {
        res.end('retry: 10000\n\n');
      }
      return;
    }
    const asset = Object.hasOwn(ASSETS, route) ? ASSETS[route] : undefined;
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
    allowedHosts = loopbackHosts(addr.address, opts.host, addr.port);
    // Every client of a loopback server is this computer: a limit per address would only be a smaller total.
    connections.perAddress = null;
  }

  live.refresh();
  broadcaster.publish(live.version, () => live.message());
  const ticker = setInterval(() => broadcaster.tick(), opts.tickMs ?? 15_000);
  ticker.unref();

  return {
    address: addr.address,
    port: addr.port,
    token,
    base: token ? `/${token}/` : '/',
    update(): boolean {
      if (!live.refresh()) return false;
      broadcaster.publish(live.version, () => live.message(), live.update());
      return true;
    },
    stats: () => broadcaster.stats(),
    connections: () => connections.stats(),
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

// badzone serve: a read-only live players' view of the game, in a browser (docs/serve.md).
// Loaded only when `serve` runs: node:http, node:crypto and the QR encoder cost the other commands nothing.
import * as os from 'node:os';
import { RefusedError, UsageError } from '../../errors.js';
import { watchSession } from '../../api/files.js';
import { LiveView } from '../../serve/live.js';
import { ListenError, startServer, type PlayersServer } from '../../serve/server.js';
import { terminalQr } from '../../serve/qr.js';
import { wantColor } from '../../render/style.js';
import { safeText } from '../../render/safe.js';
import { echo } from '../../api/limits.js';
import type { IO } from '../io.js';
import { fileOf, intArg } from '../shared.js';
import type { View } from '../../render/view.js';

export interface ServeOptions {
  session?: string;
  port?: string;
  host?: string;
  open?: boolean;
}

/** The addresses a phone on the network can use, when bound to every address (0.0.0.0 or ::). */
function lanAddresses(ipv6: boolean): string[] {
  const out: string[] = [];
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) {
      if (a.internal) continue;
      if (a.family === 'IPv4') out.push(a.address);
      else if (ipv6 && !a.address.toLowerCase().startsWith('fe80')) out.push(a.address);
    }
  }
  return out;
}

function urlFor(address: string, port: number, base: string): string {
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${port}${base}`;
}

function listenFailure(e: ListenError, typed: string, port: number): Error {
  // The host as typed, cut for the message (a 100,000-character --host must not fill the terminal).
  const host = echo(typed);
  switch (e.code) {
    case 'EADDRINUSE':
      return new RefusedError(
        `Port ${port} is already in use (by another program, or another badzone serve). Choose another with --port, or leave --port out to take a free one.`,
      );
    case 'EACCES':
      return new RefusedError(
        `Port ${port} needs privileges this user does not have. Use a port from 1024 up, or leave --port out to take a free one.`,
      );
    case 'EADDRNOTAVAIL':
      return new UsageError(
        `--host ${host} is not an address of this computer. Leave --host out (this computer only), or use --host 0.0.0.0 (every network it is on).`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new UsageError(
        `--host ${host}: no such host name. Give an address of this computer, or 0.0.0.0 for every network it is on.`,
      );
    case 'EINVAL':
      // getaddrinfo refuses a name no host can have (past 253 characters, say).
      if (e.message.startsWith('getaddrinfo'))
        return new UsageError(
          `--host ${host} is not a valid host name. Give an address of this computer, or 0.0.0.0 for every network it is on.`,
        );
      return new RefusedError(`Could not listen on ${host} port ${port}: ${e.message.split(typed).join(host)}`);
    default:
      return new RefusedError(`Could not listen on ${host} port ${port}: ${e.message.split(typed).join(host)}`);
  }
}

export async function run(opts: ServeOptions, io: IO): Promise<View<'serve'>> {
  const file = fileOf(opts, io);
  const port = intArg(opts.port, '--port', 0, 65535) ?? 0;
  const host = opts.host ?? '127.0.0.1';
  if (host.trim() === '' || /[\s/]/.test(host))
    throw new UsageError(`--host takes an address such as 127.0.0.1 or 0.0.0.0, not "${echo(host)}".`);

  const live = new LiveView(file);
  let server: PlayersServer;
  try {
    server = await startServer({ host, port, live });
  } catch (e) {
    if (e instanceof ListenError) throw listenFailure(e, host, port);
    throw e;
  }
  let updates = 0;
  const watcher = watchSession(file, () => {
    if (server.update()) updates++;
  });

  const everywhere = server.address === '0.0.0.0' || server.address === '::';
  const addresses = everywhere ? lanAddresses(server.address === '::') : [server.address];
  const urls = (addresses.length ? addresses : ['127.0.0.1']).map((a) => urlFor(a, server.port, server.base));
  const url = urls[0]!;
  const out: string[] = [];
  const name = safeText(file);
  if (server.token === null) {
    out.push(`Players' view of ${name} (read only): ${url}`);
    out.push(
      'Open it in a browser on this computer. Only this computer can reach it; for phones on your network, use --host 0.0.0.0.',
    );
  } else {
    out.push(`Players' view of ${name} (read only), for phones and screens on your network:`);
    out.push(`  ${url}`);
    out.push('Scan this with a phone to open it:');
    out.push(...terminalQr(url, wantColor(io.env, io.stdoutIsTTY, false)).map((l) => `  ${l}`));
    // Again under the code: on a 24-row terminal the lines above it have scrolled off by now.
    out.push(`Or type it: ${url}`);
    for (const other of urls.slice(1)) out.push(`Also: ${other}`);
    out.push(
      'The address holds an access token: anyone who has it can watch the game (never change it). It is new each time serve starts.',
    );
  }
  out.push('Updates live as the game changes. Ctrl-C stops it.');
  io.stdout(`${out.join('\n')}\n`);
  if (opts.open) {
    const why = 'open the address above in a browser yourself';
    if (!io.openBrowser) io.stderr(`badzone: --open: no browser can be started from here; ${why}.\n`);
    else await io.openBrowser(url).catch(() => io.stderr(`badzone: --open: could not start a browser; ${why}.\n`));
  }

  await new Promise<void>((resolve) => {
    const off = io.onStop?.(() => {
      off?.();
      resolve();
    });
  });
  watcher.close();
  await server.close();
  return { kind: 'serve', data: { session: file, url, otherUrls: urls.slice(1), updates } };
}

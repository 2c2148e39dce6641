// Server-sent events to many pages at once, where no page can hold up the others or make the server grow.
//
// Each update is encoded once into one Buffer and the same Buffer is written to every page. A page whose
// connection is not keeping up (write() returned false: its socket buffer is full) gets nothing more until it has
// drained; meanwhile only the newest update is kept for it (a reference to the shared Buffer), and it gets that
// one when it drains. So a stalled page holds at most two versions (the one in its socket and the newest), whatever
// the number of updates, and the others are written to straight away. A page stalled for longer than `stallMs` is
// disconnected (its browser reconnects and catches up with the newest version).
import type { ServerResponse } from 'node:http';

export interface BroadcastOptions {
  /** Most pages connected at once; more get 503. */
  maxClients: number;
  /** A page that has not drained for this long is disconnected. */
  stallMs: number;
  /** The browser's reconnection delay, sent to each page. */
  retryMs: number;
  now: () => number;
}

interface Client {
  res: ServerResponse;
  blocked: boolean;
  blockedSince: number;
  pending: Buffer | null;
}

export interface BroadcastStats {
  clients: number;
  /** Pages whose connection is full (waiting to drain). */
  blocked: number;
  /** Pages disconnected for stalling. */
  dropped: number;
  /** Bytes waiting in the server's own buffers for all pages together. */
  queuedBytes: number;
  /** Updates published. */
  published: number;
}

export class Broadcaster {
  private readonly clients = new Set<Client>();
  private current: { id: string; frame: Buffer } | null = null;
  private dropped = 0;
  private published = 0;
  private static readonly PING = Buffer.from(':\n\n');

  constructor(private readonly opts: BroadcastOptions) {}

  get size(): number {
    return this.clients.size;
  }

  /** Take a page's event stream. `lastId` is the version the page has; it gets the current one if that differs. */
  add(res: ServerResponse, lastId: string | null): boolean {
    if (this.clients.size >= this.opts.maxClients) return false;
    const c: Client = { res, blocked: false, blockedSince: 0, pending: null };
    this.clients.add(c);
    res.on('close', () => this.clients.delete(c));
    res.socket?.setNoDelay(true);
    res.write(`retry: ${this.opts.retryMs}\n\n`);
    if (this.current && this.current.id !== lastId) this.send(c, this.current.frame);
    return true;
  }

  /** Send one update (already JSON, no raw newlines) to every page. */
  publish(id: string, json: string): void {
    const frame = Buffer.from(`id: ${id}\nevent: view\ndata: ${json}\n\n`);
    this.current = { id, frame };
    this.published++;
    for (const c of this.clients) this.send(c, frame);
  }

  /** Keep connections open through idle periods, and disconnect pages that stopped reading. */
  tick(): void {
    const now = this.opts.now();
    for (const c of this.clients) {
      if (c.blocked) {
        if (now - c.blockedSince > this.opts.stallMs) {
          this.dropped++;
          this.clients.delete(c);
          c.res.destroy();
        }
      } else this.write(c, Broadcaster.PING);
    }
  }

  stats(): BroadcastStats {
    let blocked = 0;
    let queuedBytes = 0;
    for (const c of this.clients) {
      if (c.blocked) blocked++;
      queuedBytes += c.res.writableLength;
    }
    return { clients: this.clients.size, blocked, dropped: this.dropped, queuedBytes, published: this.published };
  }

  /** End every stream (the server is stopping). */
  closeAll(): void {
    for (const c of this.clients) c.res.end();
    this.clients.clear();
  }

  private send(c: Client, frame: Buffer): void {
    if (c.blocked) {
      c.pending = frame;
      return;
    }
    this.write(c, frame);
  }

  private write(c: Client, frame: Buffer): void {
    if (c.res.destroyed || c.res.writableEnded) return;
    if (!c.res.write(frame)) {
      c.blocked = true;
      c.blockedSince = this.opts.now();
      c.res.once('drain', () => {
        c.blocked = false;
        const p = c.pending;
        c.pending = null;
        if (p) this.send(c, p);
      });
    }
  }
}

// Server-sent events to many pages at once, where no page can hold up the others or make the server grow.
//
// Each update is encoded once into one Buffer and the same Buffer is written to every page. An update comes in two
// forms: as a change to the version before it (what a page that has that version needs: small, however long the
// game), and whole (made only when a page needs it). Each page is sent the change when the version it has is the
// one the change starts from, and the whole update otherwise (a page that just connected, or that missed one).
// A page whose connection is not keeping up (write() returned false: its socket buffer is full) gets nothing more
// until it has drained; then it gets the newest version (whole, since it missed one). So a stalled page holds at
// most two versions (the one in its socket and the newest, which the server keeps anyway), whatever the number of
// updates, and the others are written to straight away. A page stalled for longer than `stallMs` is disconnected
// (its browser reconnects and catches up with the newest version).
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
  /** An update came while it was blocked. */
  pending: boolean;
  /** The version it has once it has read what was written to it (null: none). */
  has: string | null;
}

/** The newest update: its version, and the frames that bring a page to it. */
interface Current {
  id: string;
  /** The frame of the change from version `base`, or null when there is none. */
  change: { base: string; frame: Buffer } | null;
  whole: () => Buffer;
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
  private current: Current | null = null;
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
    const c: Client = { res, blocked: false, blockedSince: 0, pending: false, has: lastId };
    this.clients.add(c);
    res.on('close', () => this.clients.delete(c));
    res.socket?.setNoDelay(true);
    res.write(`retry: ${this.opts.retryMs}\n\n`);
    this.send(c);
    return true;
  }

  /**
   * Send one update to every page: `whole` (JSON, no raw newlines; a function is called only when a page needs
   * it), or `change` (JSON too) to a page that has version `change.base`.
   */
  publish(id: string, whole: string | (() => string), change: { base: string; json: string } | null = null): void {
    const frame = (json: string) => Buffer.from(`id: ${id}\nevent: view\ndata: ${json}\n\n`);
    let made: Buffer | null = null;
    this.current = {
      id,
      change: change ? { base: change.base, frame: frame(change.json) } : null,
      whole: () => (made ??= frame(typeof whole === 'string' ? whole : whole())),
    };
    this.published++;
    for (const c of this.clients) this.send(c);
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

  /** Bring a page to the newest version: the change when it has the version the change starts from. */
  private send(c: Client): void {
    const cur = this.current;
    if (!cur || c.has === cur.id) return;
    if (c.blocked) {
      c.pending = true;
      return;
    }
    const frame = cur.change && cur.change.base === c.has ? cur.change.frame : cur.whole();
    c.has = cur.id;
    this.write(c, frame);
  }

  private write(c: Client, frame: Buffer): void {
    if (c.res.destroyed || c.res.writableEnded) return;
    if (!c.res.write(frame)) {
      c.blocked = true;
      c.blockedSince = this.opts.now();
      c.res.once('drain', () => {
        c.blocked = false;
        if (c.pending) {
          c.pending = false;
          this.send(c);
        }
      });
    }
  }
}

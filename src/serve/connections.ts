// Who may hold one of the server's connections, so that clients without the token cannot keep the players out
// (docs/serve.md, "Limits that protect the server").
//
// A connection is "waiting" from the moment it opens until it makes a request that passes the checks (the access
// token, or a loopback Host); from then on it is a player's. Three rules:
//   - at most `perAddress` connections from one client address (when set): more are closed at once;
//   - at most `total` connections in all: when they are all taken, a new one takes the slot of the oldest waiting
//     connection (closed), so idle or slow clients can never hold every slot against a player who arrives after
//     them; only when every slot is a player's is the newcomer closed;
//   - a waiting connection is closed by node:http when its headers or request are late (server.ts sets the limits).
import type { Socket } from 'node:net';

export interface ConnectionStats {
  /** Connections open now. */
  open: number;
  /** Of them, those that have not made a request with the token yet. */
  waiting: number;
  /** Connections closed on arrival: over the limit for their address, or every slot a player's. */
  refused: number;
  /** Waiting connections closed to make room for a newcomer. */
  evicted: number;
}

export class Connections {
  private readonly open = new Map<Socket, string>();
  /** Connections that have not made a request with the token, oldest first (a Set keeps insertion order). */
  private readonly waiting = new Set<Socket>();
  private readonly fromAddress = new Map<string, number>();
  private refused = 0;
  private evicted = 0;

  /** `perAddress` null: no limit per address (a loopback server: every client is this computer). */
  constructor(
    private readonly total: number,
    public perAddress: number | null,
  ) {}

  /** A connection has just opened: keep it (true), or close it at once (false). */
  accept(socket: Socket): boolean {
    const address = socket.remoteAddress ?? '';
    if (this.perAddress !== null && (this.fromAddress.get(address) ?? 0) >= this.perAddress) return this.refuse(socket);
    if (this.open.size >= this.total) {
      const oldest = this.waiting.values().next();
      if (oldest.done) return this.refuse(socket);
      this.evicted++;
      this.forget(oldest.value);
      oldest.value.destroy();
    }
    this.open.set(socket, address);
    this.waiting.add(socket);
    // Counted after the eviction, which may have been from the same address.
    this.fromAddress.set(address, (this.fromAddress.get(address) ?? 0) + 1);
    socket.once('close', () => this.forget(socket));
    return true;
  }

  /** The connection made a request that passed the checks: a player's from now on, never closed for a newcomer. */
  player(socket: Socket): void {
    this.waiting.delete(socket);
  }

  stats(): ConnectionStats {
    return { open: this.open.size, waiting: this.waiting.size, refused: this.refused, evicted: this.evicted };
  }

  private refuse(socket: Socket): false {
    this.refused++;
    socket.destroy();
    return false;
  }

  private forget(socket: Socket): void {
    const address = this.open.get(socket);
    if (address === undefined) return;
    this.open.delete(socket);
    this.waiting.delete(socket);
    const n = this.fromAddress.get(address)! - 1;
    if (n > 0) this.fromAddress.set(address, n);
    else this.fromAddress.delete(address);
  }
}

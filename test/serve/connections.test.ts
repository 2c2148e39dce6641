// src/serve/connections.ts on its own, with stand-in sockets: the limit per address, the total, which connection
// makes room for a newcomer, and the counts kept right as connections close (in any order, evicted or not).
// The same rules over real HTTP: test/serve/server.test.ts; under a flood of 2,000: test/e2e/serve-flood.test.ts.
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Connections } from '../../src/serve/connections.js';

type Fake = Socket & { destroyed: boolean; end(): void };
/** A stand-in socket from `address`: destroy() marks it and emits 'close' on the next turn, as a socket does. */
function sock(address: string): Fake {
  const s = new EventEmitter() as unknown as Fake;
  Object.assign(s, {
    remoteAddress: address,
    destroyed: false,
    destroy(): void {
      if (s.destroyed) return;
      s.destroyed = true;
      setImmediate(() => s.emit('close'));
    },
    /** The client went away. */
    end(): void {
      s.destroy();
    },
  });
  return s;
}
const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('connections', () => {
  it('past the limit for one address a newcomer is closed at once; other addresses are not affected; a closed one frees its place', async () => {
    const c = new Connections(100, 2);
    const [a1, a2, a3] = [sock('A'), sock('A'), sock('A')];
    expect([c.accept(a1), c.accept(a2), c.accept(a3)]).toEqual([true, true, false]);
    expect(a3.destroyed).toBe(true);
    expect(c.accept(sock('B'))).toBe(true);
    a1.end();
    await turn();
    expect(c.accept(sock('A'))).toBe(true);
    expect(c.stats()).toEqual({ open: 3, waiting: 3, refused: 1, evicted: 0 });
  });

  it('no limit per address when it is null (a loopback server)', () => {
    const c = new Connections(100, null);
    for (let i = 0; i < 50; i++) expect(c.accept(sock('127.0.0.1'))).toBe(true);
  });

  it("when every slot is taken, the oldest connection that has made no request with the token makes room; never a player's", async () => {
    const c = new Connections(3, 10);
    const [p, w1, w2] = [sock('A'), sock('B'), sock('C')];
    for (const s of [p, w1, w2]) c.accept(s);
    c.player(p);
    const n1 = sock('D');
    expect(c.accept(n1)).toBe(true);
    expect([p.destroyed, w1.destroyed, w2.destroyed]).toEqual([false, true, false]);
    c.player(n1);
    expect(c.accept(sock('E'))).toBe(true);
    expect(w2.destroyed).toBe(true);
    c.player(sock('nobody')); // not one of its connections: nothing happens
    // Every slot a player's but the newest: it goes next; then with every slot a player's, a newcomer is refused.
    const last = sock('F');
    expect(c.accept(last)).toBe(true);
    expect(c.stats()).toMatchObject({ open: 3, waiting: 1, evicted: 3 });
    c.player(last);
    const refused = sock('G');
    expect(c.accept(refused)).toBe(false);
    expect(refused.destroyed).toBe(true);
    expect([p.destroyed, n1.destroyed]).toEqual([false, false]);
    await turn();
    expect(c.stats()).toEqual({ open: 3, waiting: 0, refused: 1, evicted: 3 });
  });

  it("an eviction from the newcomer's own address is counted: the address keeps its full allowance", async () => {
    const c = new Connections(2, 2);
    const [a1, b1] = [sock('A'), sock('B')];
    c.accept(a1);
    c.accept(b1);
    // Full: A's second connection takes the slot of A's first (the oldest waiting), so A has one open, not two.
    expect(c.accept(sock('A'))).toBe(true);
    expect(a1.destroyed).toBe(true);
    // So A may open another (it takes B's slot).
    expect(c.accept(sock('A'))).toBe(true);
    expect(b1.destroyed).toBe(true);
    await turn();
    expect(c.stats()).toEqual({ open: 2, waiting: 2, refused: 0, evicted: 2 });
  });

  it('when everything closes, every count is back to zero, whatever the order', async () => {
    const c = new Connections(5, 3);
    const all: Fake[] = [];
    for (let i = 0; i < 40; i++) {
      const s = sock(`10.0.0.${i % 4}`);
      if (c.accept(s)) all.push(s);
      if (i % 3 === 0) c.player(s);
      if (i % 7 === 0) all.shift()?.end();
    }
    for (const s of all.reverse()) s.end();
    await turn();
    await turn();
    expect(c.stats()).toMatchObject({ open: 0, waiting: 0 });
    // And every address has its whole allowance again.
    for (let i = 0; i < 3; i++) expect(c.accept(sock('10.0.0.1'))).toBe(true);
  });
});

// The live page's updates (src/serve/live.ts): each is sent as a change to the version before it (the page's <main>
// without its list of older rounds, and of that list only the items that changed), and that change, applied to
// what the page had, gives exactly what a fresh load of the page gives, whatever happened to the file: a round, an
// end, an undo, a file put back from earlier or from another game, an edited entry, a missing or unreadable file.
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGame, defaultSetup, step } from '../../src/engine/index.js';
import { shippedBook } from '../../src/store/tables.js';
import { serialize } from '../../src/store/session.js';
import type { SessionState } from '../../src/engine/state.js';
import { joinLiveMain, renderLiveMain, type LiveMain } from '../../src/render/page.js';
import { LiveView } from '../../src/serve/live.js';
import { expandSession, tempDir } from '../helpers.js';

const book = shippedBook();

/** A game of `rounds` rounds (round and end each, the last not ended when `open`), every state as the file holds it. */
function play(seed: number, rounds: number, gangs = true, diverge = -1): string[] {
  const setup = defaultSetup(seed, {
    tiles: ['A1', 'A2', 'B1', 'B2'],
    ...(gangs ? { gangs: [{ name: 'Goliaths', battlefield: ['Krag', 'Brute'], reserve: ['Hulk'] }] } : {}),
  });
  let s: SessionState = createGame(setup, book);
  const out = [serialize(s)];
  for (let i = 1; i <= rounds * 2; i++) {
    // At step `diverge` (an End Phase), the GM enters its dice by hand: the same game from there on is another line.
    const r = step(s, i === diverge ? { type: 'end', dice: [1] } : { type: i % 2 ? 'round' : 'end' }, book);
    if (!r.ok) throw new Error('a step was refused');
    s = r.state;
    out.push(serialize(s));
  }
  return out;
}

/** What a page's copy of <main> is made of, as the server rendered it for `live`'s current version. */
function parts(live: LiveView): LiveMain {
  return renderLiveMain(live.view, { notice: live.notice, map: live.map ?? undefined });
}

/**
 * A change message applied to the parts a page had: each list's items kept but `remove` of them at `at`, where `add`
 * goes (as one piece: the page's markup is what is compared).
 */
function applied(
  had: LiveMain,
  change: { html: string; lists: { id: string; size: number; at: number; remove: number; add: string }[] },
): LiveMain {
  return {
    head: change.html,
    lists: change.lists.map((l) => {
      const was = had.lists.find((x) => x.id === l.id)?.items ?? [];
      expect(l.size).toBe(was.length);
      const empty = new RegExp(`<(\\w+) [^<>]*id="${l.id}"></\\1>`).exec(change.html)![0];
      return { id: l.id, empty, items: [...was.slice(0, l.at), l.add, ...was.slice(l.at + l.remove)] };
    }),
  };
}

/** Write `text` as badzone does: a file beside it, renamed over it. */
function put(file: string, text: string): void {
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
}

/**
 * Refresh `live` after the file changed, and check its update: the whole message and the page are its <main>; the
 * change, applied to what a page had, is that <main> too (what a fresh load of the page gets). When the file holds a
 * game, all of it is what a server that never saw the file before would send (a server that read a game before
 * shows it under a missing or unreadable file's notice, as it was last read: a fresh one has no game to show).
 */
function check(live: LiveView, file: string, what: string, game = true): { changed: boolean; change: string | null } {
  const had = live.version ? parts(live) : null;
  const before = live.version;
  const changed = live.refresh();
  expect(JSON.parse(live.message()).html, what).toBe(live.main);
  expect(live.page(), what).toContain(`<main id="game" data-version="${live.version}">${live.main}</main>`);
  if (game) {
    const fresh = new LiveView(file);
    fresh.refresh();
    expect(live.version, what).toBe(fresh.version);
    expect(live.main, what).toBe(fresh.main);
    expect(live.page(), what).toBe(fresh.page());
    expect(JSON.parse(live.message()), what).toEqual(JSON.parse(fresh.message()));
  }
  if (!changed) return { changed, change: null };
  const update = live.update();
  if (!before) {
    expect(update).toBeNull();
    return { changed, change: null };
  }
  expect(update!.base, what).toBe(before);
  const change = JSON.parse(update!.json);
  expect(change.version, what).toBe(live.version);
  expect(joinLiveMain(applied(had!, change)), what).toBe(live.main);
  return { changed, change: update!.json };
}

describe('the live page\u2019s updates', () => {
  it('a round on a long game sends the new head and one older round, not the game\u2019s history; an undo takes it away', () => {
    const states = play(5, 40);
    const dir = tempDir('badzone-live-');
    const file = path.join(dir, 'badzone-session.json');
    put(file, states[60]!); // 30 rounds played
    const live = new LiveView(file);
    check(live, file, 'first read');
    const whole = live.message().length;
    put(file, states[61]!); // round 31
    const round = check(live, file, 'round');
    const change = JSON.parse(round.change!);
    // 30 rounds: 5 in full, 25 in the list; round 31 moves round 26 into the list: one item, at its top.
    const older = (c: { lists: { id: string; add: string }[] }) => c.lists.find((l) => l.id === 'older-rounds');
    expect(older(change)).toEqual({ id: 'older-rounds', size: 25, at: 0, remove: 0, add: expect.any(String) });
    expect(older(change)!.add).toMatch(/^<li><strong>Round 26<\/strong>.*<\/li>$/s);
    expect(older(change)!.add.match(/<li>/g)).toHaveLength(1);
    expect(round.change!.length).toBeLessThan(whole - 2000);
    put(file, states[60]!); // undo
    const undo = JSON.parse(check(live, file, 'undo').change!);
    expect(older(undo)).toEqual({ id: 'older-rounds', size: 26, at: 0, remove: 1, add: '' });
    // The same file again: nothing to send.
    put(file, states[60]!);
    expect(check(live, file, 'the same again').changed).toBe(false);
  });

  it('another line of the same game (an undo, then other dice) is told apart by its entries, not kept as the first', () => {
    const states = play(11, 14);
    const branch = play(11, 14, true, 8);
    const log = (t: string) => JSON.parse(t).log as string[];
    expect(log(branch[12]!)[8]).not.toBe(log(states[12]!)[8]);
    expect(log(branch[12]!).slice(0, 8)).toEqual(log(states[12]!).slice(0, 8));
    const file = path.join(tempDir('badzone-live-'), 'badzone-session.json');
    put(file, states[12]!);
    const live = new LiveView(file);
    check(live, file, 'the first line');
    for (const [text, what] of [
      [branch[12]!, 'the other line, as long'],
      [states[14]!, 'the first line, longer'],
      [branch[10]!, 'the other line, shorter'],
    ] as const) {
      put(file, text);
      check(live, file, what);
    }
  });

  it('whatever happens to the file, the change applied to what a page had is what a fresh load gives', () => {
    const states = play(11, 14);
    const other = play(23, 9, false);
    // The same game as `states` up to step 8, then another line of play (an undo, then other dice): its entries
    // point into the same purposes, so only their text tells them apart.
    const branch = play(11, 14, true, 8);
    expect(JSON.parse(branch[8]!).log[8]).not.toBe(JSON.parse(states[8]!).log[8]);
    expect(JSON.parse(branch[8]!).purposes).toEqual(JSON.parse(states[8]!).purposes);
    const dir = tempDir('badzone-live-');
    const file = path.join(dir, 'badzone-session.json');
    /** An old log entry's roll changed by hand: the history stops before it, from the middle of the list. */
    const edited = (k: number): string => {
      // The log as objects (a file edited by hand need not keep badzone's packed form, nor its hash).
      const s = expandSession(JSON.parse(states[k]!));
      const e = s.log.find((x: { seq: number; rolls: unknown[] }) => x.seq === 5 && x.rolls.length > 0);
      e.rolls[0].value = e.rolls[0].value === 1 ? 2 : 1;
      return `${JSON.stringify(s)}\n`;
    };
    const op = fc.oneof(
      fc.record({ kind: fc.constant('state' as const), k: fc.integer({ min: 0, max: states.length - 1 }) }),
      fc.record({ kind: fc.constant('other' as const), k: fc.integer({ min: 0, max: other.length - 1 }) }),
      fc.record({ kind: fc.constant('branch' as const), k: fc.integer({ min: 8, max: branch.length - 1 }) }),
      fc.record({ kind: fc.constant('edited' as const), k: fc.integer({ min: 12, max: states.length - 1 }) }),
      fc.record({ kind: fc.constant('missing' as const) }),
      fc.record({ kind: fc.constant('unreadable' as const) }),
    );
    // Mostly a step forward or back, as a game goes; now and then anything.
    const walk = fc.array(
      fc.oneof({ weight: 4, arbitrary: fc.integer({ min: -3, max: 2 }) }, { weight: 1, arbitrary: op }),
      {
        minLength: 1,
        maxLength: 12,
      },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: states.length - 1 }), walk, (start, moves) => {
        put(file, states[start]!);
        const live = new LiveView(file);
        check(live, file, 'start');
        let at = start;
        for (const m of moves) {
          let what: string;
          if (typeof m === 'number') {
            at = Math.max(0, Math.min(states.length - 1, at + m));
            put(file, states[at]!);
            what = `state ${at}`;
          } else if (m.kind === 'state') {
            at = m.k;
            put(file, states[at]!);
            what = `state ${at}`;
          } else if (m.kind === 'other') {
            put(file, other[m.k]!);
            what = `another game's state ${m.k}`;
          } else if (m.kind === 'branch') {
            put(file, branch[m.k]!);
            what = `state ${m.k} of another line of the same game`;
          } else if (m.kind === 'edited') {
            put(file, edited(m.k));
            what = `state ${m.k}, edited`;
          } else if (m.kind === 'missing') {
            fs.rmSync(file, { force: true });
            check(live, file, 'no file', false);
            continue;
          } else {
            put(file, '{"schemaVersion": ');
            check(live, file, 'an unreadable file', false);
            continue;
          }
          check(live, file, what);
        }
      }),
      { numRuns: 40, seed: 2312 },
    );
  });
});

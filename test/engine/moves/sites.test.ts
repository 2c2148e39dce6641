// The `sites` move (src/engine/moves/sites.ts): on which tile each spawn point, Beast Lair and large structure stands.
// Given at setup (optional Setup fields, copied to the state's sitesAt) and changed later by a logged step that rolls
// nothing: undone, redone, replayed and verified like any other. A session file checks them against its layout.
import { describe, expect, it } from 'vitest';
import { createGame, defaultSetup, redo, replay, step, undo, verify } from '../../../src/engine/index.js';
import type { Action, SessionState } from '../../../src/engine/state.js';
import { as, book, ok, refusal, start } from '../arbitraries.js';
import { invalid, load } from '../schema/kit.js';

/** A 2x2 board with 3 spawn points, 2 Beast Lairs and 2 large structures, no positions given. */
const counted = (): SessionState => start({ spawnPoints: 3, lairs: 2, structures: 2 });

const sites = (over: Omit<Extract<Action, { type: 'sites' }>, 'type'>): Action => ({ type: 'sites', ...over });

describe('sites: where the spawn points, lairs and structures stand', () => {
  it('a game without positions has no sitesAt; positions given at setup are copied to the state', () => {
    expect('sitesAt' in counted()).toBe(false);
    const s = createGame(defaultSetup(5, { spawnPoints: 2, lairs: 1, spawnAt: ['A1', 'A1'], lairsAt: ['B2'] }), book);
    expect(s.sitesAt).toEqual({ spawnAt: ['A1', 'A1'], lairsAt: ['B2'] });
    // A copy: the step changing the state never changes the setup.
    expect(s.sitesAt!.spawnAt).not.toBe(s.setup.spawnAt);
  });

  it('the step sets them (several on one tile), rolls nothing, says what it changed, and leaves the state before alone', () => {
    const s = counted();
    const r = ok(step(s, sites({ spawnAt: ['A1', 'B2', 'B2'], structuresAt: ['A2', 'B1'] }), book));
    expect(as(r.report, 'sites')).toEqual({
      kind: 'sites',
      changed: ['spawnAt', 'structuresAt'],
      from: {},
      to: { spawnAt: ['A1', 'B2', 'B2'], structuresAt: ['A2', 'B1'] },
    });
    expect(r.state.sitesAt).toEqual({ spawnAt: ['A1', 'B2', 'B2'], structuresAt: ['A2', 'B1'] });
    expect(r.record).toEqual({
      seq: 1,
      round: 0,
      action: { type: 'sites', spawnAt: ['A1', 'B2', 'B2'], structuresAt: ['A2', 'B1'] },
      rolls: [],
    });
    expect(r.state.rng).toEqual(s.rng);
    expect(r.notes).toEqual([
      'GM said where the spawn points stand: 1 A1, 2 B2, 3 B2',
      'GM said where the large structures stand: 1 A2, 2 B1',
    ]);
    expect('sitesAt' in s).toBe(false);
    // null takes one list back; the last one taken back leaves no sitesAt at all.
    const less = ok(step(r.state, sites({ spawnAt: null }), book));
    expect(less.state.sitesAt).toEqual({ structuresAt: ['A2', 'B1'] });
    expect(less.notes).toEqual(['GM took back where the spawn points stand']);
    const none = ok(step(less.state, sites({ structuresAt: null }), book)).state;
    expect('sitesAt' in none).toBe(false);
  });

  it('refuses a list that is not one tile each, things never counted, tiles not in the layout, and no change', () => {
    const s = counted();
    expect(refusal(step(s, sites({ spawnAt: ['A1', 'A2'] }), book))).toEqual({
      code: 'site-count-differs',
      facts: { sites: 'spawnAt', given: 2, count: 3 },
      usage: true,
      message:
        '2 tiles were given for 3 spawn points: give one tile for each, in number order (several may share a tile).',
    });
    expect(refusal(step(start(), sites({ lairsAt: ['A1'] }), book))).toEqual({
      code: 'site-count-differs',
      facts: { sites: 'lairsAt', given: 1, count: null },
      usage: true,
      message: 'The Beast Lairs were not counted at setup, so there are none to place on tiles.',
    });
    expect(refusal(step(s, sites({ lairsAt: ['C3', 'a1'] }), book))).toEqual({
      code: 'site-tiles-unknown',
      facts: { sites: 'lairsAt', tiles: ['C3', 'a1'], known: ['A1', 'A2', 'B1', 'B2'] },
      usage: true,
      message: 'The tiles given for the Beast Lairs name tiles this game does not have: C3, a1. Tiles: A1, A2, B1, B2.',
    });
    const set = ok(step(s, sites({ lairsAt: ['A1', 'A2'] }), book)).state;
    for (const same of [sites({ lairsAt: ['A1', 'A2'] }), sites({}), sites({ spawnAt: null })])
      expect(refusal(step(set, same, book))).toMatchObject({ code: 'sites-unchanged', usage: false });
  });

  it('undo takes it back, redo re-applies it, a replay and verify follow it', () => {
    let s = ok(step(counted(), { type: 'round' }, book)).state;
    s = ok(step(s, sites({ spawnAt: ['B1', 'B1', 'A2'], lairsAt: ['A1', 'B2'] }), book)).state;
    s = ok(step(s, sites({ spawnAt: ['A1', 'A2', 'B1'] }), book)).state;
    const u = undo(s, book)!;
    expect(u.undone.action).toEqual({ type: 'sites', spawnAt: ['A1', 'A2', 'B1'] });
    expect(u.state.sitesAt).toEqual({ spawnAt: ['B1', 'B1', 'A2'], lairsAt: ['A1', 'B2'] });
    const again = redo(u.state, book);
    if (!again?.ok) throw new Error(`redo failed: ${JSON.stringify(again)}`);
    expect(again.state.sitesAt).toEqual(s.sitesAt);
    const replayed = replay(
      s.setup,
      s.log.slice(1).map((x) => x.action),
      book,
    );
    expect(replayed).toEqual({ ...s, redo: [] });
    expect(verify(s, book).ok).toBe(true);
    // A file whose positions do not follow from its log is found.
    const v = verify({ ...s, sitesAt: { spawnAt: ['B2', 'A2', 'B1'], lairsAt: ['A1', 'B2'] } }, book);
    expect(v.ok).toBe(false);
    expect(v.problem).toBe(
      'sitesAt in the file (.spawnAt[0] = "B2") does not follow from the log (replay gives .spawnAt[0] = "A1")',
    );
  });
});

describe('sites in a session file', () => {
  /** A game with positions at setup and a `sites` step, as JSON. */
  const file = (): Record<string, any> => {
    const s = createGame(
      defaultSetup(9, { structures: 1, spawnAt: ['A1', 'A2', 'B1', 'B2'], structuresAt: ['B2'] }),
      book,
    );
    return JSON.parse(JSON.stringify(ok(step(s, sites({ spawnAt: ['B2', 'B2', 'B2', 'B2'] }), book)).state));
  };

  it('round-trips; a file without them (older ones) loads as before', () => {
    const f = file();
    const { state } = load(f);
    expect(state).toEqual(f);
    expect(state.setup.spawnAt).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(state.sitesAt).toEqual({ spawnAt: ['B2', 'B2', 'B2', 'B2'], structuresAt: ['B2'] });
    const plain = JSON.parse(JSON.stringify(counted()));
    expect('sitesAt' in load(plain).state).toBe(false);
    expect('spawnAt' in load(plain).state.setup).toBe(false);
  });

  it.each<[string, (f: Record<string, any>) => void, string]>([
    [
      'a tile not in the layout',
      (f) => (f.setup.spawnAt[2] = 'C1'),
      'setup.spawnAt[2]: "C1" is not a tile of this game',
    ],
    [
      'a list longer than the count',
      (f) => f.sitesAt.structuresAt.push('A1'),
      'sitesAt.structuresAt: expected 1 tiles, one for each, found 2',
    ],
    [
      'things never counted',
      (f) => (f.setup.lairsAt = ['A1']),
      'setup.lairsAt: there are none to place: they were not counted at setup',
    ],
    ['not a list', (f) => (f.sitesAt.spawnAt = 'A1'), 'sitesAt.spawnAt: expected an array, found the text "A1"'],
    ['a bad action', (f) => (f.log[1].action.spawnAt = [1]), 'log[1].action.spawnAt[0]: expected text, found 1'],
  ])('refuses %s, naming the field', (_what, edit, message) => {
    const f = file();
    edit(f);
    expect(invalid(f).message).toBe(message);
  });
});

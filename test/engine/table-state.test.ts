// What the rules leave on the table, and the GM's corrections (issue 10, points 4, 5, 7, 8, 9): the dice
// preference, redo, renaming, fighters who left the table, Treasure's casket, Wyld Magic's Psykers, Pillar of
// Flame's scatters, and unconfirmed Collapsed Section picks with their correction.
import { describe, expect, it } from 'vitest';
import { compileBook } from '../../src/rules/book.js';
import { shippedTables } from '../../src/store/tables.js';
import { validateSession } from '../../src/engine/schema.js';
import { Invalid } from '../../src/rules/check.js';
import {
  createGame,
  defaultSetup,
  redo,
  setManualDice,
  step,
  undo,
  verify,
  type Action,
  type SessionState,
  type StepResult,
} from '../../src/engine/index.js';
import type { EventTable } from '../../src/rules/types.js';
import { as, book, bySides, play, refusal, start } from './arbitraries.js';

const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

function ok(r: StepResult): Extract<StepResult, { ok: true }> {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
  return r;
}

/** Two gangs; Krag is out of action and Brak in reserve, so only Gor (Goliaths), Ana and Bea (Eschers) are on the table. */
function rosterGame(): SessionState {
  let s = start({
    gangs: [
      { name: 'Goliaths', battlefield: ['Krag', 'Brak', 'Gor'], reserve: ['Ulf'] },
      { name: 'Eschers', battlefield: ['Ana', 'Bea'], reserve: ['Cyd'] },
    ],
  });
  s = play(s, { type: 'fighter', name: 'Krag', to: 'out' }).state;
  return play(s, { type: 'fighter', name: 'Brak', to: 'reserve' }).state;
}

function tableWith(edit: (t: EventTable) => void) {
  const t = structuredClone(shippedTables().events);
  edit(t);
  return compileBook({ ...shippedTables(), events: t });
}

describe('fighters who left the table are never picked', () => {
  it('Wyld Magic picks among the battlefield only: Goliaths has one fighter there, so no die; Eschers a D2', () => {
    let s = play(rosterGame(), { type: 'place', eventId: 'wyld-magic' }).state;
    const src = bySides({ 64: 25, 2: 2 });
    const r = ok(step(s, { type: 'round' }, book, { source: src }));
    expect(src.calls).toEqual([64, 2]);
    const o = as(r.report, 'round').eventPhase.resolved.find((x) => x.eventId === 'wyld-magic')!.outcomes[0]!;
    expect(o).toMatchObject({
      kind: 'pickFighter',
      picks: [
        { gang: 'Goliaths', fighter: 'Gor' },
        { gang: 'Eschers', fighter: 'Bea' },
      ],
    });
    s = r.state;
    expect(s.conditions.map((c) => `${c.fighter} (${c.gang})`)).toEqual(['Gor (Goliaths)', 'Bea (Eschers)']);
  });

  it('Disappearance rolls only for fighters on the battlefield', () => {
    const r = play(rosterGame(), { type: 'round' }, [61, 1, 2, 3]);
    expect(r.record.rolls.slice(1).map((x) => x.for)).toEqual([
      'Disappearance: Gor (Goliaths)',
      'Disappearance: Ana (Eschers)',
      'Disappearance: Bea (Eschers)',
    ]);
    expect(r.state.gangs[0]).toEqual({
      name: 'Goliaths',
      battlefield: [],
      reserve: ['Ulf', 'Brak', 'Gor'],
      out: ['Krag'],
    });
  });

  it('Reinforcements picks from the reserve, never a fighter out of action', () => {
    const s = play(rosterGame(), { type: 'round' }, [16]).state;
    const r = play(s, { type: 'end' }, [2]);
    expect(r.record.rolls.map((x) => x.for)).toEqual(['Reinforcements: fighter of Goliaths']); // Eschers: Cyd alone
    expect(r.state.gangs.map((g) => [g.name, g.battlefield])).toEqual([
      ['Goliaths', ['Gor', 'Brak']],
      ['Eschers', ['Ana', 'Bea', 'Cyd']],
    ]);
    expect(r.state.gangs[0]!.out).toEqual(['Krag']);
  });

  it('a fighter brought back from out of action can be picked again', () => {
    const s = play(rosterGame(), { type: 'fighter', name: 'Krag', to: 'battlefield' }).state;
    const r = play(s, { type: 'round' }, [61, 1, 2, 3, 4]);
    expect(r.record.rolls.slice(1).map((x) => x.for)).toContain('Disappearance: Krag (Goliaths)');
  });
});

describe('rename', () => {
  it('renames a fighter where they stand, and their condition follows them', () => {
    let s = play(rosterGame(), { type: 'place', eventId: 'wyld-magic' }).state;
    s = play(s, { type: 'round' }, [25, 1]).state; // Ana is the Eschers' Psyker
    const r = play(s, { type: 'rename', fighter: 'ana', to: 'Anya' });
    expect(as(r.report, 'rename')).toEqual({
      kind: 'rename',
      what: 'fighter',
      gang: 'Eschers',
      from: 'Ana',
      to: 'Anya',
    });
    expect(r.state.gangs[1]!.battlefield).toEqual(['Anya', 'Bea']);
    expect(r.state.conditions.find((c) => c.gang === 'Eschers')).toMatchObject({
      fighter: 'Anya',
      condition: 'Psyker',
    });
    expect(r.notes).toEqual(['GM renamed Ana (Eschers) to Anya']);
    expect(r.record.action).toEqual({ type: 'rename', fighter: 'ana', to: 'Anya' });
  });

  it('renames a gang, and the conditions of its fighters follow', () => {
    let s = play(rosterGame(), { type: 'place', eventId: 'wyld-magic' }).state;
    s = play(s, { type: 'round' }, [25, 2]).state;
    const r = play(s, { type: 'rename', gang: 'Eschers', to: 'Blades' });
    expect(as(r.report, 'rename')).toEqual({
      kind: 'rename',
      what: 'gang',
      gang: 'Blades',
      from: 'Eschers',
      to: 'Blades',
    });
    expect(r.state.gangs.map((g) => g.name)).toEqual(['Goliaths', 'Blades']);
    expect(r.state.conditions.map((c) => c.gang)).toEqual(['Goliaths', 'Blades']);
  });

  it.each<[string, Action, boolean, RegExp]>([
    [
      'a name another fighter of the gang has',
      { type: 'rename', fighter: 'Ana', to: 'bea' },
      true,
      /^Eschers already has a fighter called bea\.$/,
    ],
    [
      'an unknown fighter (with a near name)',
      { type: 'rename', fighter: 'Anna', to: 'X' },
      true,
      /^No gang has a fighter called Anna\. Did you mean Ana\?$/,
    ],
    [
      'an unknown fighter of a named gang',
      { type: 'rename', fighter: 'Gor', gang: 'Eschers', to: 'X' },
      true,
      /^Eschers has no fighter called Gor\./,
    ],
    [
      "a gang to another gang's name",
      { type: 'rename', gang: 'Eschers', to: 'goliaths' },
      true,
      /^Another gang is already called goliaths\.$/,
    ],
    [
      'an unknown gang',
      { type: 'rename', gang: 'Escher', to: 'X' },
      true,
      /^No gang is called Escher\. Did you mean Eschers\?/,
    ],
    ['the same name', { type: 'rename', fighter: 'Gor', to: 'Gor' }, false, /already called Gor; nothing changed/],
    ['an empty name', { type: 'rename', fighter: 'Gor', to: '  ' }, true, /^The new name is empty; give a name\.$/],
    [
      'a name past the limit',
      { type: 'rename', fighter: 'Gor', to: 'x'.repeat(201) },
      true,
      /is 201 characters long; a name may have at most 200 characters \(limit: name length\)/,
    ],
  ])('refuses %s, changing nothing', (_n, action, usage, message) => {
    const s = rosterGame();
    const ref = refusal(step(s, action, book));
    expect(ref.usage).toBe(usage);
    expect(ref.message).toMatch(message);
  });

  it('two gangs with a fighter of that name: say which', () => {
    const s = start({
      gangs: [
        { name: 'Goliaths', battlefield: ['Gor'], reserve: [] },
        { name: 'Eschers', battlefield: ['Ana', 'Bea', 'Gor'], reserve: [] },
      ],
    });
    const ref = refusal(step(s, { type: 'rename', fighter: 'Gor', to: 'X' }, book));
    expect(ref).toEqual({
      code: 'fighter-in-several-gangs',
      facts: { fighter: 'Gor', gangs: ['Goliaths', 'Eschers'] },
      usage: true,
      message: '2 gangs have a fighter called Gor: Goliaths, Eschers.',
    });
    // How to say which (--gang) is the command line's to add, not the engine's.
    expect(ref.message).not.toMatch(/--[a-z]/);
    expect(
      play(s, { type: 'rename', fighter: 'Gor', gang: 'Eschers', to: 'Gorina' }).state.gangs[1]!.battlefield,
    ).toEqual(['Ana', 'Bea', 'Gorina']);
  });
});

describe("Treasure's casket stays on the battlefield when Treasure is discarded", () => {
  const withTreasure = (): SessionState =>
    play(play(start(), { type: 'place', eventId: 'treasure' }, [2, 3, 4]).state, { type: 'round' }, [25]).state;

  it('on its discard roll: the casket stays, with its tile and worth, and the check says so', () => {
    const r = play(withTreasure(), { type: 'end' }, [2]);
    const casket = {
      eventId: 'treasure',
      what: 'golden Loot Casket',
      tile: 'A2',
      sinceRound: 0,
      worth: { value: 70, unit: 'credits' },
    };
    expect(r.state.objects).toEqual([casket]);
    expect(r.state.inPlay).toEqual([]);
    expect(as(r.report, 'end').checks[0]).toEqual({
      eventId: 'treasure',
      name: 'Treasure',
      roll: 2,
      discardOn: 2,
      discarded: true,
      stays: [casket],
    });
    expect(as(r.report, 'end')).not.toHaveProperty('battlefield');
    expect(r.notes).toEqual([
      'End Phase: Treasure discard check 2 (needs 2+): discarded; the golden Loot Casket stays on A2 (worth 70 credits)',
    ]);
  });

  it('discarded by hand: the casket stays; `discard treasure` again takes the casket off the table', () => {
    const d = play(withTreasure(), { type: 'discard', eventId: 'treasure' });
    expect(as(d.report, 'discard').stays).toEqual([
      {
        eventId: 'treasure',
        what: 'golden Loot Casket',
        tile: 'A2',
        sinceRound: 0,
        worth: { value: 70, unit: 'credits' },
      },
    ]);
    const gone = play(d.state, { type: 'discard', eventId: 'treasure' });
    expect(as(gone.report, 'discard').removed).toMatchObject({ what: 'golden Loot Casket', tile: 'A2' });
    expect(gone.state.objects).toEqual([]);
    expect(gone.notes).toEqual(["GM took Treasure's golden Loot Casket off the battlefield"]);
    expect(refusal(step(gone.state, { type: 'discard', eventId: 'treasure' }, book)).message).toMatch(
      /^Treasure is not in play\./,
    );
  });

  it('a group that rules otherwise (no staysAfterDiscard in its table): nothing stays', () => {
    const own = tableWith((t) => {
      const tr = t.results.find((e) => e.id === 'treasure')!;
      delete (tr.resolve.onDraw[0] as { staysAfterDiscard?: boolean }).staysAfterDiscard;
    });
    let s = createGame(defaultSetup(1), own);
    s = ok(step(s, { type: 'place', eventId: 'treasure' }, own, { source: bySides({}) })).state;
    s = ok(step(s, { type: 'discard', eventId: 'treasure' }, own)).state;
    expect(s.objects).toEqual([]);
  });

  it('the shipped data says the casket stays', () => {
    expect(book.byId.get('treasure')!.resolve.onDraw[0]).toMatchObject({ kind: 'pickTile', staysAfterDiscard: true });
  });
});

describe("Wyld Magic's Psykers", () => {
  const magic = (b = book): SessionState => {
    let s = rosterGame();
    s = ok(step(s, { type: 'place', eventId: 'wyld-magic' }, b, { source: bySides({}) })).state;
    s = ok(step(s, { type: 'round' }, b, { source: bySides({ 64: 25, 2: 1 }) })).state; // Gor, Ana
    return ok(step(s, { type: 'round' }, b, { source: bySides({ 64: 25, 6: 1, 2: 2 }) })).state; // Gor, Bea; Wyld Magic stays (1)
  };

  it('(shipped: for the rest of the game) each pick stays a Psyker, once each, also after Wyld Magic is discarded', () => {
    const s = magic();
    expect(s.conditions).toEqual([
      { condition: 'Psyker', gang: 'Goliaths', fighter: 'Gor', eventId: 'wyld-magic', sinceRound: 1, lasts: 'game' },
      { condition: 'Psyker', gang: 'Eschers', fighter: 'Ana', eventId: 'wyld-magic', sinceRound: 1, lasts: 'game' },
      { condition: 'Psyker', gang: 'Eschers', fighter: 'Bea', eventId: 'wyld-magic', sinceRound: 2, lasts: 'game' },
    ]);
    const ended = play(s, { type: 'end' }, [3]).state;
    expect(ended.inPlay).toEqual([]);
    expect(ended.conditions).toHaveLength(3);
    expect(book.byId.get('wyld-magic')!.resolve.eachEventPhase[0]).toMatchObject({
      condition: { name: 'Psyker', lasts: 'game' },
    });
  });

  it('a fighter taken out of the game is no longer a Psyker', () => {
    const s = play(magic(), { type: 'fighter', name: 'Ana', to: 'out' }).state;
    expect(s.conditions.map((c) => c.fighter)).toEqual(['Gor', 'Bea']);
  });

  it('(a group ruling "event") the Psykers end when Wyld Magic is discarded', () => {
    const own = tableWith((t) => {
      (
        t.results.find((e) => e.id === 'wyld-magic')!.resolve.eachEventPhase[0] as { condition: { lasts: string } }
      ).condition.lasts = 'event';
    });
    const s = magic(own);
    expect(s.conditions.map((c) => c.fighter)).toEqual(['Gor', 'Ana', 'Bea']);
    const ended = ok(step(s, { type: 'end' }, own, { source: bySides({ 6: 3 }) })).state;
    expect(ended.conditions).toEqual([]);
  });

  it('(a group ruling "round") only the latest pick is a Psyker', () => {
    const own = tableWith((t) => {
      (
        t.results.find((e) => e.id === 'wyld-magic')!.resolve.eachEventPhase[0] as { condition: { lasts: string } }
      ).condition.lasts = 'round';
    });
    expect(magic(own).conditions.map((c) => [c.fighter, c.sinceRound])).toEqual([
      ['Gor', 2],
      ['Bea', 2],
    ]);
  });
});

describe("Pillar of Flame's position", () => {
  it('keeps the tile it was placed on and each scatter since, each from where the last one left it', () => {
    let s = play(start(), { type: 'place', eventId: 'pillar-of-flame' }, [3]).state; // B1
    s = play(s, { type: 'round' }, [25]).state;
    const e1 = play(s, { type: 'end' }, [3, 7]);
    expect(as(e1.report, 'end').triggers[0]!.outcomes[0]).toEqual({
      kind: 'scatter',
      what: 'Large Blast',
      from: 'B1',
      distance: 9,
      direction: 7,
      scatterNo: 1,
      // From B1's center (6, 18), 9" toward 7 o'clock ends at (1.5, 25.8): past the near edge of a 2 x 2 board.
      leftTable: { edge: 'near' },
      text: 'The Large Blast scatters 9" toward 7 o\'clock (scatter 1 since it was placed on B1)',
    });
    s = play(e1.state, { type: 'round', endDice: [], dice: [25] }).state; // round 2 (the End Phase was resolved)
    const r = play(s, { type: 'round', endDice: [1, 12], dice: [25] });
    const o = as(r.report, 'round').endPhase!.triggers[0]!.outcomes[0]!;
    expect(o.text).toBe('The Large Blast scatters 7" toward 12 o\'clock (scatter 2 since it was placed on B1)');
    expect(r.state.inPlay[0]!.scatters).toEqual([
      [1, 9, 7],
      [2, 7, 12],
    ]);
    expect(r.state.inPlay[0]!.tile).toBe('B1');
  });
});

describe('Collapsed Section without the occupied tiles: an unconfirmed pick, corrected afterwards', () => {
  const collapsed = () => play(start(), { type: 'round' }, [57, 2]); // picks A2 among all four

  it('picks among all tiles, but marks the pick unconfirmed and says how to roll among the free ones', () => {
    const r = collapsed();
    const o = as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]!;
    expect(o).toMatchObject({
      kind: 'pickTile',
      tile: 'A2',
      removed: true,
      unconfirmed: true,
      candidates: ['A1', 'A2', 'B1', 'B2'],
    });
    expect(o.text).toBe(
      'Tile A2: collapsed section (impassable terrain); A2 is removed and leaves the tile pool (3 left).' +
        ' Unconfirmed: nobody said which tiles hold player models, so badzone picked among all 4 (A1 A2 B1 B2).' +
        ' If models stand on A2, roll among the tiles with none on them, counting them in this order (a D2 for two, a D3 for three, ...),' +
        ' and record the right tile (or the occupied tiles, for badzone to roll among the others).',
    );
    // The command that records it (`badzone collapse`, its flags) is the command line's to name, not the engine's.
    expect(o.text).not.toMatch(/badzone collapse|--[a-z]/);
    expect(r.state.tilePicks).toEqual([
      {
        eventId: 'collapsed-section',
        what: 'collapsed section (impassable terrain)',
        round: 1,
        tile: 'A2',
        among: ['A1', 'A2', 'B1', 'B2'],
        confirmed: false,
        removesTile: true,
      },
    ]);
  });

  it('with the occupied tiles known the pick is confirmed, and there is nothing to correct', () => {
    const r = play(start(), { type: 'round', occupied: ['A1'] }, [57, 2]);
    expect(r.state.tilePicks[0]).toMatchObject({ tile: 'B1', among: ['A2', 'B1', 'B2'], confirmed: true });
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]).not.toHaveProperty('unconfirmed');
    expect(refusal(step(r.state, { type: 'collapse', tile: 'B2' }, book)).message).toMatch(
      /^There is no unconfirmed tile pick to correct/,
    );
  });

  it('`collapse TILE` records the right tile: the first comes back, the right one leaves; the log keeps both', () => {
    const r = play(collapsed().state, { type: 'collapse', tile: 'b2' });
    expect(as(r.report, 'collapse')).toEqual({
      kind: 'collapse',
      eventId: 'collapsed-section',
      what: 'collapsed section (impassable terrain)',
      from: 'A2',
      to: 'B2',
      rolledAmong: null,
      tiles: ['A1', 'A2', 'B1'],
    });
    expect(r.state.tiles).toEqual(['A1', 'A2', 'B1']);
    expect(r.state.tilePicks[0]).toMatchObject({ tile: 'B2', correctedFrom: 'A2', confirmed: true });
    expect(r.notes).toEqual([
      'GM corrected Collapsed Section: B2 instead of A2 (B2 leaves the tile pool; A2 is back in play)',
    ]);
    expect(r.state.log.map((x) => x.action.type)).toEqual(['new', 'round', 'collapse']);
    expect(r.state.log[1]!.rolls[1]).toMatchObject({
      die: 4,
      value: 2,
      for: 'Collapsed Section: tile (of A1 A2 B1 B2)',
    });
    expect(refusal(step(r.state, { type: 'collapse', tile: 'A1' }, book)).message).toMatch(
      /^There is no unconfirmed tile pick/,
    );
  });

  it('naming the tile badzone picked confirms it, changing no tile', () => {
    const r = play(collapsed().state, { type: 'collapse', tile: 'A2' });
    expect(r.state.tiles).toEqual(['A1', 'B1', 'B2']);
    expect(r.state.tilePicks[0]).toMatchObject({ tile: 'A2', confirmed: true });
    expect(r.state.tilePicks[0]).not.toHaveProperty('correctedFrom');
  });

  it('`collapse --occupied` rolls among the tiles with no models (the first pick back in the pool)', () => {
    const r = play(collapsed().state, { type: 'collapse', occupied: ['B1', 'A1'] }, [1]);
    expect(r.record.rolls).toEqual([{ die: 2, value: 1, for: 'Collapsed Section: tile (of A2 B2)' }]);
    expect(as(r.report, 'collapse')).toMatchObject({ from: 'A2', to: 'A2', rolledAmong: ['A2', 'B2'] });
    const entered = play(collapsed().state, { type: 'collapse', occupied: ['B1', 'A1'], dice: [2] });
    expect(entered.state.tiles).toEqual(['A1', 'A2', 'B1']);
  });

  it('every tile holds models: no tile collapses, and the first one comes back', () => {
    const r = play(collapsed().state, { type: 'collapse', occupied: ['A1', 'A2', 'B1', 'B2'] });
    expect(r.state.tiles).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(r.state.tilePicks[0]).toMatchObject({ tile: null, correctedFrom: 'A2', confirmed: true });
  });

  it.each<[string, Action, RegExp]>([
    [
      'a tile the game does not have',
      { type: 'collapse', tile: 'C9' },
      /^C9 is not a tile still on the battlefield\. Tiles: A1, A2, B1, B2\.$/,
    ],
    ['both a tile and occupied tiles', { type: 'collapse', tile: 'A1', occupied: ['B1'] }, /not both/],
    [
      'occupied tiles the game does not have',
      { type: 'collapse', occupied: ['Z1'] },
      /^The occupied tiles name tiles this game does not have: Z1\. Tiles: A1, A2, B1, B2\.$/,
    ],
  ])('refuses %s (usage)', (_n, action, message) => {
    const ref = refusal(step(collapsed().state, action, book));
    expect(ref.usage).toBe(true);
    expect(ref.message).toMatch(message);
    expect(ref.message).not.toMatch(/--[a-z]/);
  });

  it('the corrected game verifies, and undo brings the unconfirmed pick back', () => {
    // A seeded game in which Collapsed Section comes up, then corrected: verify replays both.
    let g = createGame(defaultSetup(9), book);
    g = ok(step(g, { type: 'round', dice: [57] }, book)).state;
    g = ok(step(g, { type: 'collapse', occupied: ['A1'] }, book)).state;
    expect(verify(g, book)).toMatchObject({ ok: true });
    const u = undo(g, book)!;
    expect(lastPick(u.state)).toMatchObject({ confirmed: false });
  });
});

function lastPick(s: SessionState) {
  return s.tilePicks[s.tilePicks.length - 1];
}

describe('redo', () => {
  it('re-applies the undone step with the same entered dice and the same rolls, to the identical state', () => {
    const s = start();
    const r = ok(step(s, { type: 'round', dice: [7, null, 3] }, book));
    const u = undo(r.state, book)!;
    expect(u.state.redo).toEqual([{ seq: 1, round: 1, action: r.record.action, rolls: 3, uses: r.state.rng.uses }]);
    const again = redo(u.state, book);
    if (!again?.ok) throw new Error('redo failed');
    expect(again.record).toEqual(r.record);
    expect(json(again.state)).toEqual(json(r.state));
    expect(again.state.redo).toEqual([]);
    expect(redo(again.state, book)).toBeNull();
  });

  it('steps undone one after another are redone in order; a new step clears what could be redone', () => {
    let s = start();
    s = ok(step(s, { type: 'round' }, book)).state;
    s = ok(step(s, { type: 'visibility', level: 'dark' }, book)).state;
    const full = s;
    s = undo(undo(s, book)!.state, book)!.state;
    expect(s.redo.map((x) => x.action.type)).toEqual(['visibility', 'round']);
    const one = redo(s, book);
    const two = one?.ok ? redo(one.state, book) : null;
    expect(two?.ok && json(two.state)).toEqual(json(full));
    const fresh = ok(step(undo(full, book)!.state, { type: 'visibility', level: 'gloomy' }, book)).state;
    expect(fresh.redo).toEqual([]);
  });

  it('refuses when the dice would not be the same (a hand-edited redo list), changing nothing', () => {
    const r = ok(step(start(), { type: 'round' }, book));
    const u = undo(r.state, book)!;
    const tampered = structuredClone(u.state);
    tampered.redo[0]!.uses += 1;
    expect(redo(tampered, book)).toEqual({
      ok: false,
      refusal: {
        code: 'redo-dice-differ',
        facts: { seq: 1, action: 'round' },
        usage: false,
        message: 'Cannot redo log entry 1 (round): its dice would not be the same as before. Nothing was changed.',
      },
    });
  });

  it('the redo list is checked on load: each entry is the next one the log would take', () => {
    const r = ok(step(start(), { type: 'round' }, book));
    const u = undo(r.state, book)!;
    expect(validateSession(json(u.state), () => book).state.redo).toEqual(u.state.redo);
    const bad = json(u.state) as { redo: { seq: number }[] };
    bad.redo[0]!.seq = 5;
    expect(() => validateSession(bad, () => book)).toThrow(new Invalid('redo[0].seq', 'expected 1, found 5'));
  });
});

describe('the dice preference ("enter my own dice from now on")', () => {
  it('is kept in the state, through steps, undo and redo, and a JSON round trip; it is not a step of the game', () => {
    const s = setManualDice(start(), true);
    expect(s.manualDice).toBe(true);
    expect(s.log).toHaveLength(1);
    const r = ok(step(s, { type: 'round' }, book));
    expect(r.state.manualDice).toBe(true);
    const u = undo(r.state, book)!;
    expect(u.state.manualDice).toBe(true);
    const again = redo(u.state, book);
    expect(again?.ok && again.state.manualDice).toBe(true);
    expect(validateSession(json(r.state), () => book).state.manualDice).toBe(true);
    expect(setManualDice(r.state, false).manualDice).toBe(false);
    expect(verify(r.state, book)).toMatchObject({ ok: true });
  });

  it('must be true or false in the file', () => {
    const bad = json(start()) as Record<string, unknown>;
    bad.manualDice = 'yes';
    expect(() => validateSession(bad, () => book)).toThrow(Invalid);
  });
});

// Resolving an event's steps (src/engine/resolve.ts) and the Event / End Phase around it (src/engine/phases.ts:
// gmText, the resolved entries, eventOf): what a round's report says each step did. The outcome objects' kinds and
// fields, the conditions and rosters left behind, and the GM-facing texts (which must NAME the fighter, gang, tile,
// count, creature or level they are about; checked on their meaningful parts, not as whole sentences). The edges
// below each name the change to the code they catch, each checked by making that change and watching it fail.

import { describe, expect, it } from 'vitest';

import {
  createGame,
  defaultSetup,
  scriptedDice,
  step,
  type Report,
  type SessionState,
  type StepResult,
} from '../../src/engine/index.js';

import { moveFighter, objectText, type Outcome } from '../../src/engine/resolve.js';

import { compileBook, type RuleBook } from '../../src/rules/book.js';

import type { EventTable } from '../../src/rules/types.js';

import { validateEventTable } from '../../src/rules/validate.js';

import { shippedTables } from '../../src/store/tables.js';

import { as, book, ownResults, play, start, type OwnEvent } from './arbitraries.js';

type Ok = Extract<StepResult, { ok: true }>;

/** A group's own D64 table, validated like a table file (the cross-table level check is not part of it). */
function ownBook(events: OwnEvent[]): { table: EventTable; book: RuleBook } {
  const raw = { name: 'Own table', die: 'D64', results: ownResults(events) };
  const table = validateEventTable(JSON.parse(JSON.stringify(raw)), 'own table');
  return { table, book: compileBook({ ...shippedTables(), events: table }) };
}

/** One step on a given book with exactly these scripted dice (all of them used). */
function run(s: SessionState, b: RuleBook, action: Parameters<typeof step>[1], dice: number[] = []): Ok {
  const source = scriptedDice(dice, s.setup.seed);
  const r = step(s, action, b, { source });
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
  expect(source.left()).toBe(0);
  return r;
}

const resolved = (r: { report: Report }, i = 0) => as(r.report, 'round').eventPhase.resolved[i]!;

const outcome = <K extends Outcome['kind']>(o: Outcome | undefined, kind: K): Extract<Outcome, { kind: K }> => {
  expect(o?.kind).toBe(kind);
  return o as Extract<Outcome, { kind: K }>;
};

const gm = (id: string): string => book.byId.get(id)!.gm;

/** An outcome without its text, to compare its fields exactly (a key set to undefined is a difference). */
const fields = (o: Outcome): Omit<Outcome, 'text'> => {
  const { text: _t, ...rest } = o;
  return rest;
};

const CS = 'collapsed section (impassable terrain)';

describe('spawns: the text names how many of what, and where', () => {
  it('a rolled count of 1 (Headhunters, D3) still says "1" (catches the count dropped for any count of 1)', () => {
    let r = play(start(), { type: 'round' }, [39]);
    r = play(r.state, { type: 'end' }, [1, 2, 3]); // D3 = 1 scum, spawn point 2 of 4; discard check 3 (needs 4+)
    const t = as(r.report, 'end').triggers[0]!;
    const o = outcome(t.outcomes[0], 'spawn');
    expect(fields(o)).toStrictEqual({
      kind: 'spawn',
      creature: 'scum',
      what: 'Hive Scum with Autoguns',
      count: 1,
      spawnPoint: 2,
    });
    expect(o.text).toMatch(/^1 Hive Scum with Autoguns\b/);
    expect(o.text).toContain('spawn point 2');
  });

  it('a fixed count above one is counted (catches a fixed count named without its number)', () => {
    const own = ownBook([
      {
        id: 'pair',
        range: [1, 64],
        timing: 'once',
        onDraw: [{ kind: 'spawn', count: 2, creature: 'zombies', what: 'Plague Zombies' }],
      },
    ]);
    const s0 = createGame(defaultSetup(5, { table: own.table, spawnPoints: 1 }), own.book);
    const o = outcome(resolved(run(s0, own.book, { type: 'round' }, [30])).outcomes[0], 'spawn');
    expect(fields(o)).toStrictEqual({
      kind: 'spawn',
      creature: 'zombies',
      what: 'Plague Zombies',
      count: 2,
      spawnPoint: 1,
    });
    expect(o.text).toMatch(/^2 Plague Zombies at spawn point 1/);
  });

  it('a fixed single creature (The Beast Awakens) is named without a count; a rolled 3 is counted', () => {
    let r = play(start(), { type: 'round' }, [56, 3]);
    expect(outcome(resolved(r).outcomes[0], 'spawn').text).toMatch(/^Abomination of Badzone 12 at spawn point 3/);
    r = play(start(), { type: 'round' }, [7, 2, 4]); // Horde of Rats: D2+1 = 3 at spawn point 4
    const res = resolved(r);
    const o = outcome(res.outcomes[0], 'spawn');
    expect(o.count).toBe(3);
    expect(o.text).toMatch(/^3 Underhive Rats\b/);
    expect(o.text).toContain('spawn point 4');
    // The GM's instruction stays: a spawn is not a visibility change that makes it moot.
    expect(res).toMatchObject({
      eventId: 'horde-of-rats',
      source: 'new',
      timing: 'persistent',
      text: gm('horde-of-rats'),
    });
    // In play in round 2: still a persistent resolution, with the instruction.
    r = play(r.state, { type: 'round' }, [10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]); // Falling Crates, then the rats again
    const rats = as(r.report, 'round').eventPhase.resolved.find((x) => x.eventId === 'horde-of-rats')!;
    expect(rats).toMatchObject({ source: 'in-play', timing: 'persistent', text: gm('horde-of-rats') });
  });
});

describe('Falling Crates: the text gives each tile its scatter', () => {
  it('names every tile with its distance and clock bearing, one after another', () => {
    const r = play(start({ tiles: ['A1', 'B1'] }), { type: 'round' }, [10, 1, 2, 6, 4]);
    const o = outcome(resolved(r).outcomes[0], 'scatterEachTile');
    expect(o.text).toContain('Loot Casket');
    expect(o.text).toContain(`A1: 7" toward 2 o'clock; B1: 12" toward 4 o'clock`);
  });
});

describe("Mines Detected: the tile, how many mines and each one's scatter", () => {
  it('a D3+1 count and a D3+3 scatter for each mine, none tied to a tile of its own', () => {
    // Tile D4 = 3 (B1); D3 = 2, so 3 mines; each mine: D3 distance (+3) and a D12 bearing.
    const r = play(start(), { type: 'round' }, [43, 3, 2, 1, 5, 2, 7, 3, 12]);
    const o = outcome(resolved(r).outcomes[0], 'pickTile');
    expect(fields(o)).toStrictEqual({
      kind: 'pickTile',
      what: 'Frag Mines',
      tile: 'B1',
      removed: false,
      placed: {
        what: 'Frag Mine',
        count: 3,
        scatters: [
          { distance: 4, direction: 5 },
          { distance: 5, direction: 7 },
          { distance: 6, direction: 12 },
        ],
      },
    });
    expect(o.text).toContain('Tile B1');
    expect(o.text).toContain('3 Frag Mines at its center');
    expect(o.text).toContain(`#1 4" toward 5 o'clock`);
    expect(o.text).toContain(`#3 6" toward 12 o'clock`);
  });
});

describe('tile picks of an own table: placing without scatter, worth on a Once event, what stays', () => {
  const own = ownBook([
    // A Once event: nothing in play to keep the worth on.
    {
      id: 'cache',
      range: [1, 16],
      timing: 'once',
      onDraw: [
        {
          kind: 'pickTile',
          what: 'Supply Cache',
          place: { count: 1, what: 'Crate' },
          worth: { dice: 'D6', unit: 'credits' },
        },
      ],
    },
    {
      id: 'beacon',
      range: [17, 32],
      timing: 'persistent',
      onDraw: [{ kind: 'pickTile', what: 'Beacon', staysAfterDiscard: true }],
    },
    {
      id: 'vault',
      range: [33, 48],
      timing: 'persistent',
      onDraw: [
        {
          kind: 'pickTile',
          what: 'Vault Key',
          avoidOccupied: true,
          worth: { dice: 'D6', unit: 'credits' },
          staysAfterDiscard: true,
        },
      ],
    },
    { id: 'blast', range: [49, 64], timing: 'persistent', onDraw: [{ kind: 'pickTile', what: 'Blast Marker' }] },
  ]);
  const s0 = createGame(defaultSetup(5, { table: own.table, tiles: ['A1', 'A2'] }), own.book);

  it('one crate, unscattered, and a worth on a Once event (catches a scatter rolled anyway, "Crates", worth kept on no entry)', () => {
    const r = run(s0, own.book, { type: 'round' }, [1, 2, 5]); // tile A2, worth 5
    const o = outcome(resolved(r).outcomes[0], 'pickTile');
    expect(fields(o)).toStrictEqual({
      kind: 'pickTile',
      what: 'Supply Cache',
      tile: 'A2',
      removed: false,
      placed: { what: 'Crate', count: 1, scatters: [] },
      worth: { value: 5, unit: 'credits' },
    });
    expect(o.text).toContain('Tile A2');
    expect(o.text).toContain('1 Crate at its center');
    expect(o.text).not.toContain('Crates');
    expect(o.text).not.toContain('scattered');
    expect(o.text).toContain('worth 5 credits');
    expect(r.state.inPlay).toEqual([]);
  });

  it('a plain pick has no placed or worth fields; what stays without a worth is named with its tile only', () => {
    const r = run(s0, own.book, { type: 'round' }, [20, 1]);
    const o = outcome(resolved(r).outcomes[0], 'pickTile');
    expect(fields(o)).toStrictEqual({ kind: 'pickTile', what: 'Beacon', tile: 'A1', removed: false });
    const d = run(r.state, own.book, { type: 'discard', eventId: 'beacon' });
    expect(as(d.report, 'discard').stays).toEqual([{ eventId: 'beacon', what: 'Beacon', tile: 'A1', sinceRound: 1 }]);
    expect(d.notes).toHaveLength(1);
    expect(d.notes[0]).toMatch(/^GM discarded BEACON\b/);
    expect(d.notes[0]).toMatch(/the Beacon stays on A1$/);
  });

  // On one tile: the pick needs no die.
  const one = createGame(defaultSetup(5, { table: own.table, tiles: ['A1'] }), own.book);

  it('what stays with a worth carries it, named with its tile and worth', () => {
    const r = run(one, own.book, { type: 'round' }, [40, 6]); // Key on A1 (unconfirmed pick), worth 6
    expect(r.state.inPlay).toEqual([{ eventId: 'vault', sinceRound: 1, roll: 40, tile: 'A1', worth: 6 }]);
    const d = run(r.state, own.book, { type: 'discard', eventId: 'vault' });
    expect(as(d.report, 'discard').stays).toStrictEqual([
      { eventId: 'vault', what: 'Vault Key', tile: 'A1', sinceRound: 1, worth: { value: 6, unit: 'credits' } },
    ]);
    expect(d.state.objects).toHaveLength(1);
    expect(d.notes[0]).toMatch(/the Vault Key stays on A1 \(worth 6 credits\)$/);
  });

  it('a pick that found no tile rolled no worth and leaves nothing behind (catches "worth undefined credits")', () => {
    // The one tile holds models: the Key finds no tile and rolls no worth.
    const r = run(one, own.book, { type: 'round', occupied: ['A1'] }, [40]);
    expect(r.state.inPlay).toEqual([{ eventId: 'vault', sinceRound: 1, roll: 40, tile: null }]);
    const d = run(r.state, own.book, { type: 'discard', eventId: 'vault' });
    expect(as(d.report, 'discard')).not.toHaveProperty('stays');
    expect(d.state.objects).toEqual([]);
    expect(d.notes.join(' ')).not.toContain('worth');
  });

  it('a marker that does not stay leaves nothing behind when its event is discarded', () => {
    const r = run(s0, own.book, { type: 'round' }, [50, 2]);
    const d = run(r.state, own.book, { type: 'discard', eventId: 'blast' });
    expect(as(d.report, 'discard')).not.toHaveProperty('stays');
    expect(d.state.objects).toEqual([]);
    expect(d.notes).toEqual(['GM discarded BLAST']);
  });
});

describe('what stays after a discard needs a tile it was placed on', () => {
  it('Treasure drawn with no tile left leaves no casket when discarded', () => {
    let r = play(start({ tiles: ['A1'] }), { type: 'round' }, [57]); // Collapsed Section takes the only tile
    r = play(r.state, { type: 'round' }, [60]); // Treasure: no tile, no worth rolled
    expect(r.state.inPlay).toEqual([{ eventId: 'treasure', sinceRound: 2, roll: 60, tile: null }]);
    const d = play(r.state, { type: 'discard', eventId: 'treasure' });
    expect(as(d.report, 'discard')).not.toHaveProperty('stays');
    expect(d.state.objects).toEqual([]);
    expect(d.notes).toEqual(['GM discarded Treasure']);
  });

  it('Pillar of Flame (a marker that does not stay) leaves nothing behind', () => {
    const r = play(start(), { type: 'round' }, [49, 3]);
    expect(r.state.inPlay[0]!.tile).toBe('B1');
    const d = play(r.state, { type: 'discard', eventId: 'pillar-of-flame' });
    expect(as(d.report, 'discard')).not.toHaveProperty('stays');
    expect(d.state.objects).toEqual([]);
  });

  it('objectText of an object with no tile and no worth names only the object', () => {
    expect(objectText({ eventId: 'x', what: 'Loot Casket', tile: null, sinceRound: 1 })).toBe('the Loot Casket stays');
    expect(
      objectText({
        eventId: 'x',
        what: 'Loot Casket',
        tile: 'B2',
        sinceRound: 1,
        worth: { value: 30, unit: 'credits' },
      }),
    ).toBe('the Loot Casket stays on B2 (worth 30 credits)');
  });
});

describe('Treasure: the GM instruction of a newly drawn event is its draw instruction, not its in-play one', () => {
  it('new: gm; in play later: gmInPlay', () => {
    const ev = book.byId.get('treasure')!;
    expect(ev.gmInPlay).toBeDefined();
    let r = play(start(), { type: 'round' }, [60, 2, 3, 4]);
    expect(resolved(r)).toMatchObject({
      eventId: 'treasure',
      source: 'new',
      timing: 'persistent',
      discardOn: 2,
      text: ev.gm,
    });
    r = play(r.state, { type: 'round' }, [1, 61]); // End Phase check 1 (stays); Disappearance, no rosters
    const t = as(r.report, 'round').eventPhase.resolved.find((x) => x.eventId === 'treasure')!;
    expect(t).toMatchObject({ source: 'in-play', timing: 'persistent', text: ev.gmInPlay });
  });
});

describe('fighter moves and the conditions events gave them', () => {
  const gangs = [
    { name: 'Goliaths', battlefield: ['Krag'], reserve: [] },
    { name: 'Eschers', battlefield: ['Krag'], reserve: [] },
  ];

  it('two gangs each with a Krag: both become Psykers, and only the one put out of the game loses it', () => {
    let r = play(start({ gangs }), { type: 'round' }, [41]); // Wyld Magic: one fighter each, no die
    const psyker = (gang: string) => ({
      condition: 'Psyker',
      gang,
      fighter: 'Krag',
      eventId: 'wyld-magic',
      sinceRound: 1,
      lasts: 'game',
    });
    expect(r.state.conditions).toEqual([psyker('Goliaths'), psyker('Eschers')]);
    // To reserve: still a Psyker.
    r = play(r.state, { type: 'fighter', name: 'Krag', gang: 'Goliaths', to: 'reserve' });
    expect(r.state.conditions).toEqual([psyker('Goliaths'), psyker('Eschers')]);
    // Out of the game: this Krag loses it; the other gang's Krag keeps it.
    r = play(r.state, { type: 'fighter', name: 'Krag', gang: 'Goliaths', to: 'out' });
    expect(r.state.gangs[0]).toEqual({ name: 'Goliaths', battlefield: [], reserve: [], out: ['Krag'] });
    expect(r.state.conditions).toEqual([psyker('Eschers')]);
  });
});

describe('moveFighter on a gang that is not in the roster', () => {
  it('changes nothing', () => {
    const s = start({ gangs: [{ name: 'Goliaths', battlefield: ['Krag'], reserve: [] }] });
    const before = structuredClone(s);
    moveFighter(s, 'Eschers', 'Krag', 'out');
    expect(s).toEqual(before);
  });
});

describe('Wyld Magic picks: the text names each gang and its fighter', () => {
  it('two gangs, one with nobody on the battlefield', () => {
    const gangs = [
      { name: 'Goliaths', battlefield: ['Krag', 'Gor'], reserve: [] },
      { name: 'Eschers', battlefield: [], reserve: ['Ana'] },
    ];
    const r = play(start({ gangs }), { type: 'round' }, [41, 1]);
    const o = outcome(resolved(r).outcomes[0], 'pickFighter');
    expect(o.picks).toEqual([
      { gang: 'Goliaths', fighter: 'Krag', moved: false },
      { gang: 'Eschers', fighter: null, moved: false },
    ]);
    expect(o.text).toContain('Goliaths: Krag; Eschers: none available');
    expect(o.text).toMatch(/- each becomes a Psyker/);
  });

  it('one gang: the one fighter named, not "each"', () => {
    const r = play(
      start({ gangs: [{ name: 'Goliaths', battlefield: ['Krag'], reserve: [] }] }),
      { type: 'round' },
      [41],
    );
    const o = outcome(resolved(r).outcomes[0], 'pickFighter');
    expect(o.text).toMatch(/^Goliaths: Krag becomes a Psyker/);
  });

  it('nobody on any battlefield: says so, on the battlefield', () => {
    const r = play(
      start({ gangs: [{ name: 'Goliaths', battlefield: [], reserve: ['Krag'] }] }),
      { type: 'round' },
      [41],
    );
    const o = outcome(resolved(r).outcomes[0], 'pickFighter');
    expect(o.picks).toEqual([{ gang: 'Goliaths', fighter: null, moved: false }]);
    expect(o.text).toMatch(/no gang has a fighter on the battlefield/i);
    expect(o.text).not.toContain('in reserve');
    expect(r.state.conditions).toEqual([]);
  });

  it('no rosters given: a pickFighter outcome with no picks', () => {
    const r = play(start(), { type: 'round' }, [41]);
    const o = outcome(resolved(r).outcomes[0], 'pickFighter');
    const wyld = book.byId.get('wyld-magic')!.resolve.eachEventPhase[0] as { what: string };
    expect(fields(o)).toStrictEqual({ kind: 'pickFighter', what: wyld.what, picks: [] });
    expect(o.text).toContain('No rosters');
  });

  it('Reinforcements with nobody in reserve: says so, in reserve', () => {
    let r = play(start({ gangs: [{ name: 'Goliaths', battlefield: ['Krag'], reserve: [] }] }), { type: 'round' }, [16]);
    r = play(r.state, { type: 'end' });
    const o = outcome(as(r.report, 'end').triggers[0]!.outcomes[0], 'pickFighter');
    expect(o.picks).toEqual([{ gang: 'Goliaths', fighter: null, moved: false }]);
    expect(o.text).toMatch(/no gang has a fighter in reserve/i);
    expect(o.text).not.toContain('on the battlefield');
  });
});

describe('a gang named like a visibility outcome does not hide the GM instruction', () => {
  it('Wyld Magic for the gang "Not Pitch Black" keeps its instruction', () => {
    const r = play(
      start({ gangs: [{ name: 'Not Pitch Black', battlefield: ['Krag'], reserve: [] }] }),
      { type: 'round' },
      [41],
    );
    const res = resolved(r);
    expect(res.outcomes[0]!.text).toMatch(/^Not Pitch Black: Krag/);
    expect(res.text).toBe(gm('wyld-magic'));
    expect(res.text).not.toBe('');
  });
});

describe('Disappearance: who rolled what', () => {
  it('names each fighter removed with their gang', () => {
    const r = play(
      start({ gangs: [{ name: 'Goliaths', battlefield: ['Krag', 'Gor', 'Brak'], reserve: [] }] }),
      { type: 'round' },
      [61, 1, 4, 1],
    );
    const o = outcome(resolved(r).outcomes[0], 'rollEachFighter');
    expect(o.rolls).toEqual([
      { gang: 'Goliaths', fighter: 'Krag', roll: 1, moved: true },
      { gang: 'Goliaths', fighter: 'Gor', roll: 4, moved: false },
      { gang: 'Goliaths', fighter: 'Brak', roll: 1, moved: true },
    ]);
    expect(o.text).toMatch(/^Krag \(Goliaths\), Brak \(Goliaths\): removed from the battlefield/);
    expect(o.text).not.toContain('Gor');
  });

  it('rosters given but nobody on the battlefield: no dice, and it says so', () => {
    const r = play(
      start({ gangs: [{ name: 'Goliaths', battlefield: [], reserve: ['Hak'] }] }),
      { type: 'round' },
      [61],
    );
    const o = outcome(resolved(r).outcomes[0], 'rollEachFighter');
    expect(o.rolls).toEqual([]);
    expect(o.text).toMatch(/no fighters on the battlefield/i);
    expect(o.text).not.toMatch(/nobody rolled/i);
  });

  it('no rosters given: a rollEachFighter outcome with no rolls', () => {
    const r = play(start(), { type: 'round' }, [61]);
    const o = outcome(resolved(r).outcomes[0], 'rollEachFighter');
    expect(o.rolls).toEqual([]);
    expect(o.text).toContain('No rosters');
    expect(o.text).toContain('D6');
  });

  it('an own table removing on 1 or 2: both numbers are named', () => {
    const own = ownBook([
      {
        id: 'quake',
        range: [1, 64],
        timing: 'once',
        onDraw: [{ kind: 'rollEachFighter', dice: 'D6', on: [1, 2], moveTo: 'out', what: 'falls' }],
      },
    ]);
    let r = run(createGame(defaultSetup(5, { table: own.table }), own.book), own.book, { type: 'round' }, [9]);
    expect(outcome(resolved(r).outcomes[0], 'rollEachFighter').text).toContain('on 1 or 2');
    const gangs = [{ name: 'Goliaths', battlefield: ['Krag', 'Gor'], reserve: [] }];
    r = run(createGame(defaultSetup(5, { table: own.table, gangs }), own.book), own.book, { type: 'round' }, [9, 5, 3]);
    const o = outcome(resolved(r).outcomes[0], 'rollEachFighter');
    expect(o.text).toContain('Nobody rolled 1 or 2');
    expect(o.text).toContain('Krag 5, Gor 3');
  });
});

describe('conditions that last until the event picks again', () => {
  // curse: a lasting Curse and a round-long Mark each Event Phase; hex: a round-long Mark of its own.
  const own = ownBook([
    {
      id: 'hex',
      range: [1, 32],
      timing: 'persistent',
      eachEventPhase: [
        { kind: 'pickFighter', from: 'battlefield', what: 'is marked', condition: { name: 'Marked', lasts: 'round' } },
      ],
    },
    {
      id: 'curse',
      range: [33, 64],
      timing: 'persistent',
      eachEventPhase: [
        { kind: 'pickFighter', from: 'battlefield', what: 'is cursed', condition: { name: 'Cursed', lasts: 'game' } },
        { kind: 'pickFighter', from: 'battlefield', what: 'is marked', condition: { name: 'Marked', lasts: 'round' } },
      ],
    },
  ]);
  const gangs = [{ name: 'Goliaths', battlefield: ['Krag', 'Brak'], reserve: [] }];
  const c = (condition: string, fighter: string, eventId: string, sinceRound: number, lasts: string) => ({
    condition,
    gang: 'Goliaths',
    fighter,
    eventId,
    sinceRound,
    lasts,
  });

  it("a new pick ends only that event's own mark of that name; others stay", () => {
    const s0 = createGame(defaultSetup(5, { table: own.table, gangs }), own.book);
    let r = run(s0, own.book, { type: 'round' }, [40, 1, 2]); // curse: Krag Cursed, Brak Marked
    expect(r.state.conditions).toEqual([
      c('Cursed', 'Krag', 'curse', 1, 'game'),
      c('Marked', 'Brak', 'curse', 1, 'round'),
    ]);
    // Round 2: curse (in play) curses Brak and moves its Mark to Krag (already Cursed); then hex (new) marks Brak.
    r = run(r.state, own.book, { type: 'round' }, [1, 2, 1, 2]);
    expect(r.state.conditions).toEqual([
      c('Cursed', 'Krag', 'curse', 1, 'game'),
      c('Cursed', 'Brak', 'curse', 2, 'game'),
      c('Marked', 'Krag', 'curse', 2, 'round'),
      c('Marked', 'Brak', 'hex', 2, 'round'),
    ]);
  });
});

describe('conditions for as long as the event is in play', () => {
  it('end when their own event leaves play, not when another one does', () => {
    const own = ownBook([
      {
        id: 'hex',
        range: [1, 32],
        timing: 'persistent',
        eachEventPhase: [
          { kind: 'pickFighter', from: 'battlefield', what: 'is hexed', condition: { name: 'Hexed', lasts: 'event' } },
        ],
      },
      { id: 'gloom', range: [33, 64], timing: 'persistent' },
    ]);
    const s0 = createGame(
      defaultSetup(5, { table: own.table, gangs: [{ name: 'Goliaths', battlefield: ['Krag'], reserve: [] }] }),
      own.book,
    );
    let r = run(s0, own.book, { type: 'round' }, [1]);
    r = run(r.state, own.book, { type: 'round' }, [40]);
    const hexed = {
      condition: 'Hexed',
      gang: 'Goliaths',
      fighter: 'Krag',
      eventId: 'hex',
      sinceRound: 1,
      lasts: 'event',
    };
    expect(r.state.conditions).toEqual([hexed]);
    r = run(r.state, own.book, { type: 'discard', eventId: 'gloom' });
    expect(r.state.conditions).toEqual([hexed]);
    r = run(r.state, own.book, { type: 'discard', eventId: 'hex' });
    expect(r.state.conditions).toEqual([]);
  });
});

describe('Beast Lairs and large structures: the outcome kind whatever was counted', () => {
  it('lairs not counted, none left, and one replaced', () => {
    let r = play(start(), { type: 'round' }, [51]);
    let o = outcome(resolved(r).outcomes[0], 'pickLair');
    expect(o.lair).toBeNull();
    expect(o.text).toContain('Monster Nest (Underhive Rats)');
    r = play(start({ lairs: 0 }), { type: 'round' }, [51]);
    o = outcome(resolved(r).outcomes[0], 'pickLair');
    expect(o.lair).toBeNull();
    expect(o.text).toContain('Beast Lair');
    r = play(start({ lairs: 2 }), { type: 'round' }, [53, 2]);
    o = outcome(resolved(r).outcomes[0], 'pickLair');
    expect(fields(o)).toStrictEqual({
      kind: 'pickLair',
      lair: 'Beast Lair 2',
      becomes: 'Monster Nest (Underhive Zombies)',
    });
    expect(o.text).toContain('Beast Lair 2');
    expect(o.text).toContain('Monster Nest (Underhive Zombies)');
  });

  it('structures not counted, and none left standing', () => {
    let r = play(start(), { type: 'round' }, [37]);
    let o = outcome(resolved(r).outcomes[0], 'pickStructure');
    expect(o.structure).toBeNull();
    expect(o.text).toContain('large structure');
    r = play(start({ structures: 0 }), { type: 'round' }, [38]);
    o = outcome(resolved(r).outcomes[0], 'pickStructure');
    expect(o.structure).toBeNull();
    expect(o.text).toContain('large structure');
  });
});

describe('visibility outcomes', () => {
  it('Power Outage sets Pitch Black: a change, named with its range and the note', () => {
    const r = play(start(), { type: 'round' }, [1]);
    const o = outcome(resolved(r).outcomes[0], 'visibility');
    expect(fields(o)).toStrictEqual({ kind: 'visibility', from: 'normal', to: 'pitch-black', changed: true });
    expect(o.text).toContain('Pitch Black (3")');
    expect(o.text).toContain('Grid Overload ends it');
  });

  it('Grid Fluctuation rolls the level: a change, with its roll, and the GM instruction stays', () => {
    const r = play(start(), { type: 'round' }, [19, 2]);
    const res = resolved(r);
    const o = outcome(res.outcomes[0], 'visibility');
    expect(fields(o)).toStrictEqual({ kind: 'visibility', from: 'normal', to: 'dark', roll: 2, changed: true });
    expect(o.text).toContain('2');
    expect(o.text).toContain('Dark (12")');
    expect(res.text).toBe(gm('grid-fluctuation'));
  });

  it('Grid Overload after Power Outage removes Pitch Black and names the level it returns to', () => {
    let r = play(start(), { type: 'round' }, [1]);
    r = play(r.state, { type: 'round' }, [13]);
    const res = resolved(r);
    const o = outcome(res.outcomes[0], 'visibility');
    expect(fields(o)).toStrictEqual({ kind: 'visibility', from: 'pitch-black', to: 'normal', changed: true });
    expect(o.text).toContain('Pitch Black');
    expect(o.text).toContain('Normal (unlimited)');
    expect(res.text).toBe('');
  });

  it('an own table setting a level with no note ends with the level', () => {
    const own = ownBook([
      { id: 'dusk', range: [1, 64], timing: 'once', onDraw: [{ kind: 'visibilitySet', level: 'dark' }] },
    ]);
    const r = run(createGame(defaultSetup(5, { table: own.table }), own.book), own.book, { type: 'round' }, [3]);
    expect(outcome(resolved(r).outcomes[0], 'visibility').text).toMatch(/Dark \(12"\)$/);
  });

  it('a level the visibility table does not know is named by its id, and is not Pitch Black', () => {
    // Only an unchecked table (no cross-table check) can name such a level.
    const own = ownBook([
      { id: 'fog', range: [1, 32], timing: 'once', onDraw: [{ kind: 'visibilitySet', level: 'fog' }] },
      {
        id: 'flash',
        range: [33, 64],
        timing: 'once',
        onDraw: [{ kind: 'visibilityClearPitchBlack', otherwise: 'Everyone blinks.' }],
      },
    ]);
    let r = run(createGame(defaultSetup(5, { table: own.table }), own.book), own.book, { type: 'round' }, [3]);
    expect(outcome(resolved(r).outcomes[0], 'visibility').text).toContain('fog');
    expect(r.state.visibility.level).toBe('fog');
    r = run(r.state, own.book, { type: 'round' }, [40]);
    const o = outcome(resolved(r).outcomes[0], 'visibility');
    expect(fields(o)).toStrictEqual({ kind: 'visibility', from: 'fog', to: 'fog', changed: false });
    expect(o.text).toContain('Everyone blinks.');
    expect(r.state.visibility.level).toBe('fog');
  });
});

describe('when a visibility outcome makes the GM instruction moot', () => {
  it('an event that clears Pitch Black on its draw keeps its instruction for what it does later in play', () => {
    const own = ownBook([
      {
        id: 'eclipse',
        range: [1, 64],
        timing: 'persistent',
        gm: 'Place the rats.',
        onDraw: [{ kind: 'visibilityClearPitchBlack', otherwise: 'Nothing happens.' }],
        eachEventPhase: [{ kind: 'spawn', count: 1, creature: 'rats', what: 'Underhive Rat' }],
      },
    ]);
    const s0 = createGame(defaultSetup(5, { table: own.table, spawnPoints: 1 }), own.book);
    let r = run(s0, own.book, { type: 'round' }, [7]);
    expect(resolved(r).text).toBe(''); // Not Pitch Black: the otherwise instruction is the outcome's text
    r = run(r.state, own.book, { type: 'round' }, []);
    const res = resolved(r);
    expect(res.source).toBe('in-play');
    expect(res.outcomes.map((o) => o.kind)).toEqual(['spawn']);
    expect(res.text).toBe('Place the rats.');
  });

  it('a Once event that clears Pitch Black before other steps: the instruction is moot once it cleared', () => {
    const own = ownBook([
      {
        id: 'dawn',
        range: [1, 64],
        timing: 'once',
        gm: 'If it was not Pitch Black, place the rats.',
        onDraw: [
          { kind: 'visibilityClearPitchBlack', otherwise: 'Place the rats.' },
          { kind: 'spawn', count: 1, creature: 'rats', what: 'Underhive Rat' },
        ],
      },
    ]);
    const s0 = createGame(defaultSetup(5, { table: own.table, spawnPoints: 1 }), own.book);
    let r = run(s0, own.book, { type: 'visibility', level: 'pitch-black' });
    r = run(r.state, own.book, { type: 'round' }, [7]);
    const res = resolved(r);
    expect(res.outcomes.map((o) => o.kind)).toEqual(['visibility', 'spawn']);
    expect(res.outcomes[0]).toMatchObject({ from: 'pitch-black', to: 'normal', changed: true });
    expect(res.text).toBe('');
  });
});

describe('an event in play that the table does not have', () => {
  it('fails naming the event id', () => {
    const s = start();
    const bad: SessionState = { ...s, inPlay: [{ eventId: 'ghost-event', sinceRound: 0, roll: 1 }] };
    expect(() => step(bad, { type: 'round' }, book, { source: scriptedDice([7, 1, 1], s.setup.seed) })).toThrow(
      '"ghost-event"',
    );
  });
});

describe('Collapsed Section when no tile can be picked', () => {
  it('with every tile gone: no die, no tile, and a confirmed empty pick (catches confirmed: false when no tiles are left)', () => {
    // One tile: Collapsed Section removes it with no die to roll.
    let r = play(start({ tiles: ['A1'] }), { type: 'round' }, [57]);
    expect(r.state.tiles).toEqual([]);
    expect(r.state.tilePicks).toEqual([
      {
        eventId: 'collapsed-section',
        what: CS,
        round: 1,
        tile: 'A1',
        among: ['A1'],
        confirmed: false,
        removesTile: true,
      },
    ]);
    // Round 2: drawn again, nobody said which tiles hold models, but there is nothing to pick among: nothing to confirm.
    r = play(r.state, { type: 'round' }, [57]);
    const res = as(r.report, 'round').eventPhase.resolved[0]!;
    expect(res.rolls.map((x) => x.die)).toEqual([]);
    expect(res.outcomes).toHaveLength(1);
    expect(res.outcomes[0]).toMatchObject({ kind: 'pickTile', tile: null, removed: false });
    expect(res.outcomes[0]).not.toHaveProperty('unconfirmed');
    expect(res.outcomes[0]!.text).toContain('no tiles are left');
    expect(r.state.tilePicks[1]).toEqual({
      eventId: 'collapsed-section',
      what: CS,
      round: 2,
      tile: null,
      among: [],
      confirmed: true,
      removesTile: true,
    });
    // Interactive use does not ask for the occupied tiles when there are none left.
    const asked = step(r.state, { type: 'round' }, book, {
      askOccupied: true,
      source: { die: () => 57, state: () => ({ seed: 1, uses: 0 }) },
    });
    expect(asked.ok).toBe(true);
  });

  it('with every tile left holding models: no die, no tile, and the report says why (catches the two reasons swapped)', () => {
    const r = play(start({ tiles: ['A1', 'A2'] }), { type: 'round', occupied: ['A1', 'A2'] }, [57]);
    const o = as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]!;
    expect(o).toMatchObject({ kind: 'pickTile', tile: null, removed: false });
    expect(o.text).toContain('every tile left holds player models');
    expect(o.text).not.toContain('no tiles are left');
    expect(r.state.tiles).toEqual(['A1', 'A2']);
    expect(r.state.tilePicks).toEqual([
      { eventId: 'collapsed-section', what: CS, round: 1, tile: null, among: [], confirmed: true, removesTile: true },
    ]);
  });
});

describe('a scatter step with no tile picked before it (an own table)', () => {
  const own = ownBook([
    { id: 'flare', range: [1, 32], timing: 'once', onDraw: [{ kind: 'scatter', distance: 'D6', what: 'Flare' }] },
    {
      id: 'drift',
      range: [33, 64],
      timing: 'persistent',
      eachEventPhase: [{ kind: 'scatter', distance: 'D6', what: 'Gas Cloud' }],
    },
  ]);
  const s0 = createGame(defaultSetup(3, { table: own.table }), own.book);

  it('a Once event scatters from nowhere: no scatter number, nothing kept (catches scatterNo set when 0)', () => {
    const r = run(s0, own.book, { type: 'round' }, [5, 4, 9]);
    const res = as(r.report, 'round').eventPhase.resolved[0]!;
    expect(res.rolls.map((x) => [x.die, x.value, x.for])).toEqual([
      [6, 4, 'FLARE: Flare: scatter distance (D6")'],
      [12, 9, 'FLARE: Flare: scatter direction'],
    ]);
    expect(res.outcomes).toEqual([
      {
        kind: 'scatter',
        what: 'Flare',
        from: null,
        distance: 4,
        direction: 9,
        text: 'The Flare scatters 4" toward 9 o\'clock',
      },
    ]);
    expect(r.state.inPlay).toEqual([]);
  });

  it('a persistent event with no tile step still scatters each Event Phase, numbered (catches "no tile" read as "no tile was left")', () => {
    let r = run(s0, own.book, { type: 'round' }, [40, 2, 3]);
    let res = as(r.report, 'round').eventPhase.resolved[0]!;
    expect(res.rolls.map((x) => x.value)).toEqual([2, 3]);
    expect(r.record.rolls.map((x) => x.value)).toEqual([40, 2, 3]);
    expect(res.outcomes).toEqual([
      {
        kind: 'scatter',
        what: 'Gas Cloud',
        from: null,
        distance: 2,
        direction: 3,
        scatterNo: 1,
        text: 'The Gas Cloud scatters 2" toward 3 o\'clock',
      },
    ]);
    expect(r.state.inPlay).toEqual([{ eventId: 'drift', sinceRound: 1, roll: 40, scatters: [[1, 2, 3]] }]);
    r = run(r.state, own.book, { type: 'round' }, [1, 3, 5, 6, 12]); // Flare's once-scatter (3" toward 5), then the cloud again
    res = as(r.report, 'round').eventPhase.resolved[1]!;
    expect(res.outcomes[0]).toMatchObject({ from: null, distance: 6, direction: 12, scatterNo: 2 });
    expect(r.state.inPlay[0]!.scatters).toEqual([
      [1, 2, 3],
      [2, 6, 12],
    ]);
  });
});

describe('a fighter pick that moves a fighter to where they already are (an own table)', () => {
  it('is no move: the roster keeps its order and the pick says moved: false (catches moved whenever moveTo is set)', () => {
    const own = ownBook([
      {
        id: 'muster',
        range: [1, 64],
        timing: 'once',
        onDraw: [{ kind: 'pickFighter', from: 'battlefield', moveTo: 'battlefield', what: 'is mustered' }],
      },
    ]);
    const s0 = createGame(
      defaultSetup(3, {
        table: own.table,
        gangs: [{ name: 'Goliaths', battlefield: ['Krag', 'Brak', 'Gor'], reserve: ['Hak'] }],
      }),
      own.book,
    );
    const r = run(s0, own.book, { type: 'round' }, [9, 1]);
    const res = as(r.report, 'round').eventPhase.resolved[0]!;
    expect(res.rolls.map((x) => [x.die, x.value, x.for])).toEqual([[3, 1, 'MUSTER: fighter of Goliaths']]);
    expect(res.outcomes[0]).toMatchObject({
      kind: 'pickFighter',
      picks: [{ gang: 'Goliaths', fighter: 'Krag', moved: false }],
    });
    expect(r.state.gangs).toEqual([
      { name: 'Goliaths', battlefield: ['Krag', 'Brak', 'Gor'], reserve: ['Hak'], out: [] },
    ]);
  });
});

// Caught before only indirectly (a version 1 fixture's rolls); pinned here directly: emptying the tile or the
// "scatter direction" in a roll's purpose fails it.
describe('Falling Crates: each roll says which tile it is for', () => {
  it('a D6+6 distance (two dice read as one) and a D12 direction per tile, in tile order', () => {
    const r = play(start({ tiles: ['A1', 'B1'] }), { type: 'round' }, [10, 1, 2, 6, 4]);
    expect(r.record.rolls.map((x) => [x.die, x.value, x.for])).toEqual([
      [64, 10, 'Event Phase: event table'],
      [6, 1, 'Falling Crates: Loot Casket on A1: scatter distance (D6+6")'],
      [12, 2, 'Falling Crates: Loot Casket on A1: scatter direction'],
      [6, 6, 'Falling Crates: Loot Casket on B1: scatter distance (D6+6")'],
      [12, 4, 'Falling Crates: Loot Casket on B1: scatter direction'],
    ]);
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]).toMatchObject({
      scatters: [
        { tile: 'A1', distance: 7, direction: 2 },
        { tile: 'B1', distance: 12, direction: 4 },
      ],
    });
  });
});

// validateSession's migrations (src/engine/schema.ts), on the real files of each older badzone
// (test/engine/fixtures): version 1 -> 2 (notes dropped, purposes reworded), version 2 -> 3 (a round's entered dice
// split with the End Phase it closed, a custom table's D66 kept as the one 66-sided die it rolled, objects /
// conditions / tile picks / scatters replayed from the log), version 3 -> 4 (the generator marked "mt19937"). A
// migrated file opens, replays and verifies exactly, and is checked like any other, naming the field at fault.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { logNotes, SCHEMA_VERSION, step, verify, type SessionState } from '../../../src/engine/index.js';
import { compileBook } from '../../../src/rules/book.js';
import { Invalid } from '../../../src/rules/check.js';
import { shippedTables } from '../../../src/store/tables.js';
import { serialize } from '../../../src/store/session.js';
import { book, invalidOf, ownResults } from '../arbitraries.js';
import {
  invalid,
  load,
  loadWithTables,
  playedGame,
  v2File,
  v2Text,
  v3File,
  v4File,
  v5File,
  v7File,
  type Json,
} from './kit.js';

const V2 = v2Text('dice');

const D66 = v2Text('d66');

function edited(edit: (s: Json) => void, base = V2): Json {
  const s = JSON.parse(base);
  edit(s);
  return s;
}

const migrated = (edit: (s: Json) => void, base = V2): SessionState => load(edited(edit, base)).state;

const refused = (edit: (s: Json) => void, base = V2): Invalid => invalidOf(() => load(edited(edit, base)));

const END_ROLLS = [
  { die: 6, value: 2, for: 'Pillar of Flame: Large Blast: scatter distance (D6+6")' },
  { die: 12, value: 5, for: 'Pillar of Flame: Large Blast: scatter direction' },
  { die: 6, value: 1, for: 'End Phase: Treasure discard check (2+)' },
  { die: 6, value: 1, for: 'End Phase: Wyld Magic discard check (3+)' },
];

const EVENT = { die: 64, value: 57, for: 'Event Phase: event table' };

/** The fixture as a version-1 file whose place of Wyld Magic (log[3], no rolls of its own) rolled these. */
function v1With(rolls: { die: number; value: number; for: string }[]): Json {
  return edited((s) => {
    s.schemaVersion = 1;
    s.log.forEach((r: Json) => (r.notes = ['what happened']));
    s.log[3].rolls = rolls;
  });
}

/** A version-1 file of this game: the same state, each log entry carrying its notes, as version 1 stored them. */
function asVersion1(s: SessionState): Json {
  const v1 = JSON.parse(JSON.stringify(s));
  const notes = logNotes(s, book);
  v1.schemaVersion = 1;
  v1.log.forEach((r: Json, i: number) => (r.notes = notes[i]));
  return v1;
}

describe('version 2 -> 3: a round that closed an open End Phase', () => {
  it.each<[string, (s: Json) => void, number, Json]>([
    // log[5] is a round after a round: the End Phase was open.
    [
      'the dice before the first Event Phase roll go to the End Phase',
      (s) => (
        (s.log[5].rolls = [...END_ROLLS, { die: 6, value: 3, for: 'Horde of Rats: spawn point' }, EVENT, EVENT]),
        (s.log[5].action.dice = [1, 2, 3, 4, 5, 6, 7])
      ),
      5,
      { type: 'round', endDice: [1, 2, 3, 4, 5], dice: [6, 7] },
    ],
    [
      'no Event Phase roll: the dice up to the last End Phase roll',
      (s) => (
        (s.log[5].rolls = [...END_ROLLS, { die: 6, value: 3, for: 'Horde of Rats: spawn point' }]),
        (s.log[5].action.dice = [1, 2, 3, 4, 5, 6])
      ),
      5,
      { type: 'round', endDice: [1, 2, 3, 4], dice: [5, 6] },
    ],
    [
      'no Event Phase roll and no End Phase roll: the dice stay',
      (s) => ((s.log[5].rolls = END_ROLLS.slice(0, 2)), (s.log[5].action.dice = [1, 2, 3])),
      5,
      { type: 'round', dice: [1, 2, 3] },
    ],
    [
      'an Event Phase roll first: the dice stay',
      (s) => ((s.log[5].rolls = [EVENT, ...END_ROLLS]), (s.log[5].action.dice = [57, 1])),
      5,
      { type: 'round', dice: [57, 1] },
    ],
    [
      'fewer dice than the End Phase took: all of them, and no dice key',
      (s) => ((s.log[5].rolls = [...END_ROLLS, EVENT]), (s.log[5].action.dice = [1, 2])),
      5,
      { type: 'round', endDice: [1, 2] },
    ],
    [
      'exactly the End Phase dice: no dice key',
      (s) => ((s.log[5].rolls = [...END_ROLLS, EVENT]), (s.log[5].action.dice = [1, 2, 3, 4])),
      5,
      { type: 'round', endDice: [1, 2, 3, 4] },
    ],
    ['no entered dice: nothing to split', (s) => delete s.log[5].action.dice, 5, { type: 'round' }],
    ['an empty dice list stays', (s) => (s.log[5].action.dice = []), 5, { type: 'round', dice: [] }],
    [
      'a GM move between does not close the End Phase',
      (s) => (s.log[7].action = { type: 'round', dice: [3, 9, 2, 3, 6] }),
      7,
      { type: 'round', endDice: [3, 9, 2, 3, 6] },
    ],
    [
      'a round after an end: the dice stay',
      (s) => ((s.log[8].rolls = [...END_ROLLS, EVENT]), (s.log[8].action.dice = [1, 2, 3, 4, 5])),
      8,
      { type: 'round', dice: [1, 2, 3, 4, 5] },
    ],
    [
      'the first round of the game: the dice stay',
      (s) => ((s.log[4].rolls = [...END_ROLLS, EVENT]), (s.log[4].action.dice = [1, 2, 3, 4, 5])),
      4,
      { type: 'round', dice: [1, 2, 3, 4, 5] },
    ],
    [
      'an end after a round keeps its dice',
      (s) => ((s.log[7].rolls = [...END_ROLLS, EVENT]), (s.log[7].action.dice = [1, 2, 3, 4, 5])),
      7,
      { type: 'end', dice: [1, 2, 3, 4, 5] },
    ],
  ])('%s', (_n, edit, i, want) => {
    expect(migrated(edit).log[i]!.action).toEqual(want);
  });

  it('a version-3 file is not split again', () => {
    const v3 = JSON.parse(JSON.stringify(load(JSON.parse(V2)).state));
    v3.log[5].action = { type: 'round', dice: [1, 2, 3, 4, 5, 6] };
    expect(load(v3).state.log[5]!.action).toEqual({ type: 'round', dice: [1, 2, 3, 4, 5, 6] });
  });

  it.each<[string, (s: Json) => void, string]>([
    ['a log that is not a list', (s) => (s.log = { 0: s.log[0] }), 'log'],
    ['an entry that is null', (s) => (s.log[5] = null), 'log[5]'],
    ['an entry that is a list', (s) => (s.log[5] = [1]), 'log[5]'],
    ['an action that is null', (s) => (s.log[5].action = null), 'log[5].action'],
    ['dice that are text', (s) => (s.log[5].action.dice = '2 5 1'), 'log[5].action.dice'],
    ['rolls that are text', (s) => (s.log[5].rolls = 'many'), 'log[5].rolls'],
    ['a roll that is null', (s) => (s.log[5].rolls[0] = null), 'log[5].rolls[0]'],
    ['a purpose that is a number', (s) => (s.log[5].rolls[0].for = 5), 'log[5].rolls[0].for'],
    ['a setup that is null', (s) => (s.setup = null), 'setup'],
  ])('a version-2 file with %s is refused naming it', (_n, edit, path) => {
    expect(refused(edit).path).toBe(path);
  });
});

describe('version 2 -> 3: the new fields', () => {
  it('objects, conditions, tile picks, manualDice and redo are set whatever the file held', () => {
    const st = migrated((s) =>
      Object.assign(s, { objects: 'x', conditions: 3, tilePicks: null, manualDice: true, redo: [{ seq: 99 }] }),
    );
    expect(st.objects.map((o) => o.what)).toEqual(['golden Loot Casket']);
    expect(st.conditions.map((c) => c.fighter)).toEqual(['Gor', 'Nyx']);
    expect(st.tilePicks.map((t) => t.tile)).toEqual(['B2']);
    expect([st.manualDice, st.redo]).toEqual([false, []]);
  });

  it('scatters go to the event in play since the same round only', () => {
    const st = migrated((s) => (s.inPlay[0].sinceRound = 1));
    expect(st.inPlay).toEqual([
      { eventId: 'pillar-of-flame', sinceRound: 1, roll: 49, tile: 'B1' },
      { eventId: 'toxic-downpour', sinceRound: 3, roll: 30 },
    ]);
    expect(Object.keys(st.inPlay[1]!)).toEqual(['eventId', 'sinceRound', 'roll']);
  });

  it('the one with scatters gets them; the other gets none', () => {
    const st = migrated(() => undefined);
    expect(st.inPlay[0]!.scatters).toEqual([
      [1, 8, 5],
      [2, 9, 9],
      [3, 10, 5],
    ]);
    expect(Object.keys(st.inPlay[1]!)).toEqual(['eventId', 'sinceRound', 'roll']);
  });

  it('a log that no longer replays leaves them empty, and the file still opens', () => {
    const { state, migratedFrom } = load(edited((s) => (s.log[1].action.eventId = 'no-such-event')));
    expect(migratedFrom).toBe(2);
    expect([state.objects, state.conditions, state.tilePicks]).toEqual([[], [], []]);
    expect(state.inPlay[0]).toEqual({ eventId: 'pillar-of-flame', sinceRound: 0, roll: 49, tile: 'B1' });
  });

  it('a version-3 file is not replayed: what it holds is what it gets', () => {
    const v3 = JSON.parse(JSON.stringify(load(JSON.parse(V2)).state));
    Object.assign(v3, { objects: [], conditions: [], tilePicks: [] });
    delete v3.inPlay[0].scatters;
    const { state, migratedFrom } = load(v3);
    expect(migratedFrom).toBeNull();
    expect([state.objects, state.conditions, state.tilePicks]).toEqual([[], [], []]);
    expect('scatters' in state.inPlay[0]!).toBe(false);
  });
});

describe('version 2 -> 3: a custom table with D66', () => {
  const noD66 = (s: Json) => {
    s.setup.table = JSON.parse(JSON.stringify(s.setup.table).replace(/D66/g, 'D6'));
  };

  it.each<[string, (s: Json) => void, boolean]>([
    ['the D66 table', () => undefined, true],
    ['the same table without D66', noD66, false],
    ['a table naming D660 (not D66)', (s) => (noD66(s), (s.setup.table.name = 'House table D660')), false],
    [
      'a table naming d66 in small letters',
      (s) => (noD66(s), (s.setup.table.results[0].effect = 'roll a d66 for it')),
      true,
    ],
    [
      'a visibility table naming D66',
      (s) => (noD66(s), (s.setup.visibilityTable = { ...shippedTables().visibility, note: 'the D66 of old' })),
      true,
    ],
    ['a visibility table without it', (s) => (noD66(s), (s.setup.visibilityTable = shippedTables().visibility)), false],
  ])('%s: legacyD66 %s', (_n, edit, legacy) => {
    const st = migrated(edit, D66);
    expect('legacyD66' in st.setup).toBe(legacy);
    if (legacy) expect(st.setup.legacyD66).toBe(true);
  });

  it('the shipped tables (no table of its own) get no legacyD66', () => {
    expect('legacyD66' in migrated(() => undefined).setup).toBe(false);
  });
});

describe('version 1 -> 2: the purposes take version 2 words', () => {
  it.each<[number, string, string]>([
    [64, 'Event Phase: Badzone Event Table (D64)', 'Event Phase: event table'],
    [64, 'Event Phase: card drawn from the Badzone deck', 'Event Phase: card drawn'],
    [6, 'End Phase: Treasure discard check (D6, 2+ discards)', 'End Phase: Treasure discard check (2+)'],
    [6, 'End Phase: Treasure discard check (D6, 10+ discards)', 'End Phase: Treasure discard check (10+)'],
    [
      6,
      'x End Phase: Treasure discard check (D6, 2+ discards)',
      'x End Phase: Treasure discard check (D6, 2+ discards)',
    ],
    [
      6,
      'End Phase: Treasure discard check (D6, 2+ discards) x',
      'End Phase: Treasure discard check (D6, 2+ discards) x',
    ],
    [
      12,
      'Pillar of Flame: Large Blast: scatter direction (D12, clock)',
      'Pillar of Flame: Large Blast: scatter direction',
    ],
    [12, 'Pillar of Flame: scatter direction (D12, clock) x', 'Pillar of Flame: scatter direction (D12, clock) x'],
    [4, 'Treasure: tile (D4 among A1 A2 B1 B2)', 'Treasure: tile (of A1 A2 B1 B2)'],
    [12, 'Treasure: tile (D12 among A1 A2 A3)', 'Treasure: tile (of A1 A2 A3)'],
    [6, 'Treasure: tile (D4 among A1 A2 B1 B2)', 'Treasure: tile (D4 among A1 A2 B1 B2)'],
    [4, 'Treasure: tile (D4 among A1 A2) x', 'Treasure: tile (D4 among A1 A2) x'],
    [4, 'Genestealer Awakens: spawn point (D4)', 'Genestealer Awakens: spawn point'],
    [12, 'Genestealer Awakens: spawn point (D12)', 'Genestealer Awakens: spawn point'],
    [2, 'Beast Lair: Beast Lair (D2)', 'Beast Lair: Beast Lair'],
    [3, 'Wyld Magic: fighter of Goliaths (D3)', 'Wyld Magic: fighter of Goliaths'],
    [6, 'Genestealer Awakens: spawn point (D4)', 'Genestealer Awakens: spawn point (D4)'],
    [4, 'Genestealer Awakens: spawn point (D4) x', 'Genestealer Awakens: spawn point (D4) x'],
    [3, 'Collapsed Structure: large structure (D3)', 'Collapsed Structure: large structure'],
    [6, 'Collapsed Structure: large structure (D3)', 'Collapsed Structure: large structure (D3)'],
    [3, 'Collapsed Structure: large structure (D3) x', 'Collapsed Structure: large structure (D3) x'],
    [6, 'Grid Fluctuation: House Visibility Table (D6)', 'Grid Fluctuation: House Visibility Table (D6)'],
    [
      4,
      'Collapsed Section: collapsed section (impassable terrain) (D4)',
      'Collapsed Section: collapsed section (impassable terrain) (D4)',
    ],
    [6, 'Treasure: worth (2D6x10 credits) (die 1 of 2)', 'Treasure: worth (2D6x10 credits) (die 1 of 2)'],
  ])('a D%s "%s" becomes "%s"', (die, old, now) => {
    const { state, migratedFrom } = load(v1With([{ die, value: 1, for: old }]));
    expect(migratedFrom).toBe(1);
    expect(state.log[3]!.rolls).toEqual([{ die, value: 1, for: now }]);
    expect(state.log.every((r) => !('notes' in r))).toBe(true);
  });

  it('a table whose structure picks are in its Event Phases and End Phase: each is reworded', () => {
    const events = ownResults([
      {
        id: 'tower-falls',
        range: [1, 32],
        timing: 'persistent',
        eachEventPhase: [{ kind: 'pickStructure', what: 'tower' }],
      },
      {
        id: 'bridge-falls',
        range: [33, 64],
        timing: 'persistent',
        endPhase: [{ kind: 'pickStructure', what: 'bridge' }],
      },
    ]);
    const own = compileBook({ ...shippedTables(), events: { name: 'Own', die: 'D64', results: events } });
    const v1 = v1With([
      { die: 3, value: 1, for: 'TOWER-FALLS: tower (D3)' },
      { die: 2, value: 2, for: 'BRIDGE-FALLS: bridge (D2)' },
    ]);
    Object.assign(v1, { inPlay: [], pendingEnd: [] });
    expect(load(v1, own).state.log[3]!.rolls.map((r) => r.for)).toEqual(['TOWER-FALLS: tower', 'BRIDGE-FALLS: bridge']);
  });

  it.each<[string, (s: Json) => void, string]>([
    ['an entry that is null', (s) => (s.log[2] = null), 'log[2]'],
    ['an entry that is a list', (s) => (s.log[2] = [{ notes: [] }]), 'log[2]'],
    ['a log that is text', (s) => (s.log = 'log'), 'log'],
  ])('a version-1 file with %s is refused naming it', (_n, edit, path) => {
    const v1 = v1With([]);
    edit(v1);
    let err: unknown;
    try {
      load(v1);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(Invalid);
    expect((err as Invalid).path).toBe(path);
  });
});

describe('schema version 1 (log entries that stored their notes)', () => {
  it.each(['dice', 'deck'] as const)('a %s game migrates: it loads, the notes are dropped, and it verifies', (mode) => {
    const s = playedGame(mode);
    const v1 = asVersion1(s);
    expect(v1.log.some((r: Json) => r.notes.length > 0)).toBe(true); // the file really carries notes
    const { state, migratedFrom } = load(v1);
    expect(migratedFrom).toBe(1);
    expect(state.schemaVersion).toBe(SCHEMA_VERSION);
    expect(state.log.every((r) => !('notes' in r))).toBe(true);
    expect(state).toEqual(s);
    expect(verify(state, book)).toMatchObject({ ok: true, problem: null, entries: s.log.length });
  });

  it('the notes are dropped whatever they hold: they are no longer read', () => {
    const v1 = asVersion1(playedGame('dice'));
    v1.log[1].notes = [1, 'x'.repeat(5000)];
    v1.log[2].notes = 'not a list';
    const { state, migratedFrom } = load(v1);
    expect(migratedFrom).toBe(1);
    expect(state).toEqual(playedGame('dice'));
  });

  it.each<[string, (s: Json) => void, string, RegExp]>([
    [
      'a roll above its die',
      (s) => (s.log[1].rolls[0].value = s.log[1].rolls[0].die + 1),
      'log[1].rolls[0].value',
      /whole number from 1/,
    ],
    ['a log that is not a list', (s) => (s.log = { 0: s.log[0] }), 'log', /expected an array/],
    ['a record that is text', (s) => (s.log[1] = 'round'), 'log[1]', /expected an object/],
    ['a deck-mode setup without a deck', (s) => (s.setup.mode = 'deck'), 'deck', /a deck-mode game needs a deck/],
  ])('a migrated file is still checked: %s', (_name, f, path, problem) => {
    const v1 = asVersion1(playedGame('dice'));
    f(v1);
    const e = invalid(v1);
    expect(e.path).toBe(path);
    expect(e.problem).toMatch(problem);
  });

  it('a tampered version-1 file migrates, and verify still finds the tampering', () => {
    const v1 = asVersion1(playedGame('dice'));
    const r = v1.log[1].rolls[0];
    r.value = (r.value % r.die) + 1;
    const { state } = load(v1);
    expect(verify(state, book)).toMatchObject({ ok: false, seq: 1 });
  });
});

/**
 * Session files written by badzone before schema 2 (commit aa3663a): test/engine/fixtures/session-v1-*.json.
 * The dice game (seed 10, a rolled Hazard, two Lairs, two structures, 15 rounds, then an entered D64, a fighter
 * move, a place, a discard and a visibility change) rolls for every kind of purpose whose wording changed; the
 * deck game draws cards. Version 1 worded purposes at more length: a migrated log takes version 2's words, or
 * verify would see every roll as changed.
 */
describe('real version-1 session files', () => {
  const fixture = (mode: 'dice' | 'deck'): Json =>
    JSON.parse(readFileSync(new URL(`../fixtures/session-v1-${mode}.json`, import.meta.url), 'utf8'));
  const OLD_WORDING =
    /Badzone Event Table \(D64\)|card drawn from the Badzone deck|discards\)|\(D12, clock\)|among|spawn point \(|fighter of .+ \(D|Beast Lair \(|large structure \(/;

  it.each(['dice', 'deck'] as const)('the %s game loads, migrated from 1, with the same dice, and verifies', (mode) => {
    const raw = fixture(mode);
    expect(raw.schemaVersion).toBe(1);
    const { state, migratedFrom } = load(fixture(mode));
    expect(migratedFrom).toBe(1);
    expect(state.log.length).toBe(raw.log.length);
    state.log.forEach((r, i) => {
      expect('notes' in r).toBe(false);
      expect(r.action).toEqual(raw.log[i].action);
      expect(r.rolls.map((x) => [x.die, x.value, x.entered ?? false, x.card ?? false])).toEqual(
        raw.log[i].rolls.map((x: Json) => [x.die, x.value, x.entered ?? false, x.card ?? false]),
      );
      for (const x of r.rolls) expect(x.for).not.toMatch(OLD_WORDING);
    });
    expect(raw.log.some((r: Json) => r.rolls.some((x: Json) => OLD_WORDING.test(x.for)))).toBe(true);
    expect(verify(state, book)).toMatchObject({ ok: true, problem: null, entries: raw.log.length });
  });

  it('each changed wording becomes the new one; the others stay as they were', () => {
    const raw = fixture('dice');
    const { state } = load(fixture('dice'));
    const purpose = (seq: number, i: number) => [raw.log[seq].rolls[i].for, state.log[seq]!.rolls[i]!.for];
    expect(purpose(0, 0)).toEqual(['Setup: Hazard Table (D10)', 'Setup: Hazard Table (D10)']);
    expect(purpose(1, 0)).toEqual(['Event Phase: Badzone Event Table (D64)', 'Event Phase: event table']);
    expect(purpose(3, 1)).toEqual([
      'Collapsed Structure: large structure (D2)',
      'Collapsed Structure: large structure',
    ]);
    expect(purpose(7, 1)).toEqual([
      'Pillar of Flame: tile (D4 among A1 A2 B1 B2)',
      'Pillar of Flame: tile (of A1 A2 B1 B2)',
    ]);
    expect(purpose(8, 0)).toEqual([
      'Pillar of Flame: Large Blast: scatter distance (D6+6")',
      'Pillar of Flame: Large Blast: scatter distance (D6+6")',
    ]);
    expect(purpose(8, 1)).toEqual([
      'Pillar of Flame: Large Blast: scatter direction (D12, clock)',
      'Pillar of Flame: Large Blast: scatter direction',
    ]);
    expect(purpose(10, 2)).toEqual([
      'End Phase: Toxic Downpour discard check (D6, 2+ discards)',
      'End Phase: Toxic Downpour discard check (2+)',
    ]);
    expect(purpose(11, 1)).toEqual(['Genestealer Awakens: spawn point (D4)', 'Genestealer Awakens: spawn point']);
    expect(purpose(13, 1)).toEqual(['Wyld Magic: fighter of Goliaths (D2)', 'Wyld Magic: fighter of Goliaths']);
    expect(purpose(17, 2)).toEqual([
      'Mines Detected: how many Frag Mines (D3+1)',
      'Mines Detected: how many Frag Mines (D3+1)',
    ]);
    expect(purpose(19, 1)).toEqual(['Rats Awaken: Beast Lair (D2)', 'Rats Awaken: Beast Lair']);
    expect(purpose(27, 1)).toEqual([
      'Grid Fluctuation: House Visibility Table (D6)',
      'Grid Fluctuation: House Visibility Table (D6)',
    ]);
    expect(purpose(29, 0)).toEqual(['Event Phase: Badzone Event Table (D64)', 'Event Phase: event table']);
    expect(state.log[29]!.rolls[0]!.entered).toBe(true);
    expect(purpose(31, 1)).toEqual([
      'Treasure: worth (2D6x10 credits) (die 1 of 2)',
      'Treasure: worth (2D6x10 credits) (die 1 of 2)',
    ]);
    const deckRaw = fixture('deck');
    expect(deckRaw.log[1].rolls[0].for).toBe('Event Phase: card drawn from the Badzone deck');
    expect(load(deckRaw).state.log[1]!.rolls[0]!.for).toBe('Event Phase: card drawn');
  });

  it.each(['dice', 'deck'] as const)(
    'the %s game: the notes version 1 stored are the ones logNotes replays',
    (mode) => {
      const raw = fixture(mode);
      const notes = logNotes(load(fixture(mode)).state, book);
      expect(raw.log.reduce((n: number, r: Json) => n + r.notes.length, 0)).toBeGreaterThan(10);
      // The wordings changed since version 1: "centre" is now "center", as in the rules text; a scatter says which
      // it is since the marker was placed, and a discarded Treasure leaves its casket (version 3).
      const since = (n: string): string =>
        n
          .replace(/ \(scatter \d+ since it was placed on [A-Z]+\d+\)$/, '')
          .replace(/; the golden Loot Casket stays on .*$/, '');
      expect(notes.map((ns) => ns.map(since))).toEqual(
        raw.log.map((r: Json) => r.notes.map((n: string) => n.replace(/centre/g, 'center'))),
      );
    },
  );

  it('only version 1 is reworded: a version-2 file in the old wording does not verify', () => {
    const s = JSON.parse(JSON.stringify(playedGame('dice')));
    s.log[1].rolls[0].for = 'Event Phase: Badzone Event Table (D64)';
    const { state, migratedFrom } = load(s);
    expect(migratedFrom).toBeNull();
    expect(state.log[1]!.rolls[0]!.for).toBe('Event Phase: Badzone Event Table (D64)');
    expect(verify(state, book)).toMatchObject({ ok: false, seq: 1 });
  });

  it('a tampered real version-1 file: verify names the entry', () => {
    const raw = fixture('dice');
    raw.log[11].rolls[1].value = 2; // Genestealer Awakens: spawn point 1 of D4 made 2
    const v = verify(load(raw).state, book);
    expect(v).toMatchObject({ ok: false, seq: 11 });
    expect(v.problem).toBe(
      'log entry 11 (round, round 6), roll 2: Genestealer Awakens: spawn point: the seed gives 1, but the file has 2',
    );
  });
});

describe('a real version-2 dice game', () => {
  it('migrates to the current schema and verifies, every roll as it was', () => {
    const raw = v2File('dice');
    expect(raw.schemaVersion).toBe(2);
    const { state, book, migratedFrom } = loadWithTables(v2File('dice'));
    expect(migratedFrom).toBe(2);
    expect(state.schemaVersion).toBe(SCHEMA_VERSION);
    expect(state.log.map((r) => r.rolls)).toEqual(raw.log.map((r: Json) => r.rolls));
    expect(verify(state, book)).toEqual({
      ok: true,
      entries: 10,
      rolls: 36,
      fromSeed: 24,
      entered: 12,
      problem: null,
      seq: null,
    });
    expect(state).toMatchObject({ manualDice: false, redo: [] });
  });

  it("a round's entered dice are split: the open End Phase's first ones become endDice", () => {
    const raw = v2File('dice');
    const { state } = loadWithTables(v2File('dice'));
    expect(raw.log[5].action).toEqual({ type: 'round', dice: [2, 5, 1, 1, 1, 57] });
    expect(state.log[5]!.action).toEqual({ type: 'round', endDice: [2, 5, 1, 1, 1], dice: [57] });
    // Fewer dice than the End Phase needed: they were all the End Phase's.
    expect(raw.log[9].action).toEqual({ type: 'round', dice: [4] });
    expect(state.log[9]!.action).toEqual({ type: 'round', endDice: [4] });
    // `end` and a round after `end` keep their dice as they were.
    expect(state.log[7]!.action).toEqual(raw.log[7].action);
  });

  it('what version 3 tracks is replayed from the log', () => {
    const { state } = loadWithTables(v2File('dice'));
    expect(state.objects).toEqual([
      {
        eventId: 'treasure',
        what: 'golden Loot Casket',
        tile: 'B1',
        sinceRound: 0,
        worth: { value: 60, unit: 'credits' },
      },
    ]);
    expect(state.conditions).toEqual([
      { condition: 'Psyker', gang: 'Goliaths', fighter: 'Gor', eventId: 'wyld-magic', sinceRound: 1, lasts: 'game' },
      { condition: 'Psyker', gang: 'Eschers', fighter: 'Nyx', eventId: 'wyld-magic', sinceRound: 1, lasts: 'game' },
    ]);
    expect(state.inPlay[0]).toEqual({
      eventId: 'pillar-of-flame',
      sinceRound: 0,
      roll: 49,
      tile: 'B1',
      scatters: [
        [1, 8, 5],
        [2, 9, 9],
        [3, 10, 5],
      ],
    });
    expect(state.tilePicks).toEqual([
      {
        eventId: 'collapsed-section',
        what: 'collapsed section (impassable terrain)',
        round: 2,
        tile: 'B2',
        among: ['A1', 'A2', 'B1', 'B2'],
        confirmed: false,
        removesTile: true,
      },
    ]);
  });

  it('the migrated game plays on: a Collapsed Section correction, then verify', () => {
    const { state, book } = loadWithTables(v2File('dice'));
    const r = step(state, { type: 'collapse', tile: 'A1' }, book);
    if (!r.ok) throw new Error('refused');
    expect(r.state.tiles).toEqual(['A2', 'B1', 'B2']);
    expect(verify(r.state, book)).toMatchObject({ ok: true });
  });

  it('a tampered version-2 file: verify still names the entry', () => {
    const raw = v2File('dice');
    raw.log[5].rolls[6].value = 1; // Collapsed Section's tile
    expect(verify(loadWithTables(raw).state, loadWithTables(raw).book)).toMatchObject({ ok: false, seq: 5 });
  });

  it('logNotes replays every entry', () => {
    const { state, book } = loadWithTables(v2File('dice'));
    const notes = logNotes(state, book);
    expect(notes[7]).toContain(
      'End Phase: Treasure discard check 2 (needs 2+): discarded; the golden Loot Casket stays on B1 (worth 60 credits)',
    );
  });
});

describe('a real version-2 game with a custom table that used D66', () => {
  it('keeps D66 as the one 66-sided die it rolled, and verifies', () => {
    const raw = v2File('d66');
    const { state, book, migratedFrom } = loadWithTables(v2File('d66'));
    expect(migratedFrom).toBe(2);
    expect(state.setup.legacyD66).toBe(true);
    // 60 and 53 and 3 were 66-sided rolls, none of them a tens-and-units result.
    expect(state.log[1]!.rolls[1]).toEqual({ die: 66, value: 60, for: 'Treasure: worth (D66 credits)', entered: true });
    expect(state.log[2]!.rolls[1]).toEqual({ die: 66, value: 53, for: 'Horde of Rats: how many Underhive Rats (D66)' });
    expect(state.log[4]!.rolls[1]!.value).toBe(3);
    expect(verify(state, book)).toEqual({
      ok: true,
      entries: 5,
      rolls: 9,
      fromSeed: 6,
      entered: 3,
      problem: null,
      seq: null,
    });
    expect(raw.setup.legacyD66).toBeUndefined();
  });

  it('the same table in a new game (no legacyD66) reads D66 as tens and units', () => {
    const raw = v2File('d66');
    delete raw.setup.legacyD66;
    raw.schemaVersion = 3; // a version-3 file: no legacyD66 (version 4 adds the generator)
    Object.assign(raw, { objects: [], conditions: [], tilePicks: [], manualDice: false, redo: [] });
    const { state, book } = loadWithTables(raw);
    const v = verify(state, book);
    expect(v.ok).toBe(false);
    expect(v.seq).toBe(1); // the casket's entered 60 is no D66 result
    expect(v.problem).toMatch(/die 2 you entered \(60\) is not a D66 result/);
  });

  it('legacyD66 is checked: true or absent', () => {
    const raw = v2File('d66');
    raw.schemaVersion = 3;
    Object.assign(raw, { objects: [], conditions: [], tilePicks: [], manualDice: false, redo: [] });
    raw.setup.legacyD66 = 'yes';
    expect(() => loadWithTables(raw)).toThrow(new Invalid('setup.legacyD66', 'expected true or absent'));
  });
});

describe('a file from before schema 4', () => {
  it.each(['dice', 'deck', 'hidden'])(
    'the %s game migrates from 3: marked mt19937, its seed the number it was',
    (name) => {
      const raw = v3File(name);
      expect(raw.schemaVersion).toBe(3);
      expect(raw.setup.generator).toBeUndefined();
      const { state, migratedFrom } = loadWithTables(raw);
      expect(migratedFrom).toBe(3);
      expect(state.schemaVersion).toBe(SCHEMA_VERSION);
      expect(SCHEMA_VERSION).toBe(9);
      expect(state.setup).toMatchObject({ seed: raw.setup.seed, generator: 'mt19937' });
      expect(state.rng).toEqual(raw.rng);
      expect(Object.keys(state.setup).slice(0, 2)).toEqual(['seed', 'generator']);
    },
  );
});

describe('a file from before schema 5', () => {
  it("a version-4 game (written at b7a626a) migrates with the default orientation: 12 o'clock to the far edge", () => {
    const raw = v4File('dice');
    expect(raw.schemaVersion).toBe(4);
    expect(raw.orientation).toBeUndefined();
    expect(raw.setup.orientation).toBeUndefined();
    const { state, book, migratedFrom } = loadWithTables(raw);
    expect(migratedFrom).toBe(4);
    expect(state.schemaVersion).toBe(SCHEMA_VERSION);
    expect(state.setup.orientation).toEqual({ twelve: 'far' });
    expect(state.orientation).toEqual({ twelve: 'far' });
    // Nothing else changes: the log replays to the same state.
    expect(state.log).toEqual(raw.log);
    expect(state.rng).toEqual(raw.rng);
    expect(verify(state, book)).toMatchObject({ ok: true, problem: null });
  });

  it('a version-1 file goes through every migration to the default orientation too', () => {
    const raw = v2File('dice');
    expect(raw.schemaVersion).toBe(2);
    expect(loadWithTables(raw).state.orientation).toEqual({ twelve: 'far' });
  });

  it("a version-5 file says where 12 o'clock points: one of the four edges, in the setup and now", () => {
    const raw = v4File('dice');
    const { state } = loadWithTables(raw);
    const v5 = JSON.parse(JSON.stringify(state));
    v5.orientation = { twelve: 'up' };
    expect(() => loadWithTables(v5)).toThrow(
      new Invalid('orientation.twelve', 'expected one of "far", "right", "near", "left", found the text "up"'),
    );
    const noSetup = JSON.parse(JSON.stringify(state));
    delete noSetup.setup.orientation;
    expect(() => loadWithTables(noSetup)).toThrow(
      new Invalid('setup.orientation', 'expected an object, found nothing (the field is missing)'),
    );
  });
});

describe('a file from before schema 6', () => {
  it('a version-5 game (written at 413392d) opens with its story empty: no title, date, scenario or result', () => {
    const raw = v5File('dice');
    expect(raw.schemaVersion).toBe(5);
    expect(raw.story).toBeUndefined();
    const { state, book, migratedFrom } = loadWithTables(raw);
    expect(migratedFrom).toBe(5);
    expect(state.schemaVersion).toBe(SCHEMA_VERSION);
    expect(state.story).toEqual({ title: null, date: null, scenario: null, result: null });
    // Nothing else changes: the same log, dice position and orientation, and it still verifies.
    expect(state.log).toEqual(raw.log);
    expect(state.rng).toEqual(raw.rng);
    expect(state.orientation).toEqual(raw.orientation);
    expect(verify(state, book)).toMatchObject({ ok: true, problem: null });
  });

  it('a version-1 file goes through every migration to an empty story too', () => {
    expect(loadWithTables(v2File('dice')).state.story).toEqual({
      title: null,
      date: null,
      scenario: null,
      result: null,
    });
  });

  it('a version-6 file without its story is refused, naming the field', () => {
    const v6 = JSON.parse(JSON.stringify(loadWithTables(v5File('dice')).state));
    delete v6.story;
    expect(() => loadWithTables(v6)).toThrow(
      new Invalid('story', 'expected an object, found nothing (the field is missing)'),
    );
  });
});

describe('a file from before schema 8', () => {
  it('a version-7 game (written at e0655ed) opens as it was, and is written packed with a hash (packLog)', () => {
    const raw = v7File('dice');
    expect(raw.schemaVersion).toBe(7);
    expect(typeof raw.log[1]).toBe('object');
    const { state, book, migratedFrom } = loadWithTables(raw);
    expect(migratedFrom).toBe(7);
    expect(state.schemaVersion).toBe(SCHEMA_VERSION);
    // Nothing changes but the number: the same log, dice position, markers, story and redo list.
    expect(JSON.parse(JSON.stringify(state.log))).toEqual(raw.log);
    expect(state.rng).toEqual(raw.rng);
    expect(state.markers).toEqual(raw.markers);
    expect(state.story).toEqual(raw.story);
    expect(state.redo).toEqual(raw.redo);
    expect(verify(state, book)).toMatchObject({ ok: true, problem: null, entries: 38 });
    // Written as schema 9: each entry one string, each purpose once, the Pillar's path once, and a hash; it reads
    // back the same. As the store writes a file that was not as badzone wrote it: no checkpoints until an undo replays.
    const text = serialize(state, null);
    const written = JSON.parse(text);
    expect(written.schemaVersion).toBe(9);
    const pillar = state.inPlay.find((p) => p.eventId === 'pillar-of-flame')!;
    expect(pillar.scatters!.length).toBeGreaterThan(1);
    const live = state.markers.find((m) => m.live && m.eventId === 'pillar-of-flame')!;
    expect(written.inPlay.find((p: { eventId: string }) => p.eventId === 'pillar-of-flame').scatters).toEqual({
      marker: live.id,
    });
    expect(written.log.every((e: unknown) => typeof e === 'string')).toBe(true);
    expect(written.log[0]).toBe('0 - new');
    expect(new Set(written.purposes).size).toBe(written.purposes.length);
    expect(written.checkpoints).toBeNull();
    expect(text).toMatch(/,"hash":"[0-9a-f]{16}"}\n$/);
    expect(text.length).toBeLessThan(JSON.stringify(raw).length * 0.75);
    const again = loadWithTables(written);
    expect(again.migratedFrom).toBeNull();
    expect(JSON.parse(JSON.stringify(again.state))).toEqual(JSON.parse(JSON.stringify(state)));
  });

  it('a version-7 file with a packed entry is refused, naming it: only version 8 packs its log', () => {
    const raw = v7File('dice');
    raw.log[1] = '1 64.28.0 round';
    raw.purposes = ['Event Phase: event table'];
    expect(() => loadWithTables(raw)).toThrow(/log\[1\]: expected an object, found the text/);
  });
});

// validateSession's migrations (src/engine/schema.ts): version 1 -> 2 (notes dropped, purposes reworded) and
// version 2 -> 3 (a round's entered dice split with the End Phase it closed, a custom table's D66 kept as one die,
// objects / conditions / tile picks / scatters replayed from the log). The files are the real version-2 fixtures,
// edited where a case needs it; a migrated file is checked like any other, naming the field at fault.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateSession } from '../../src/engine/schema.js';
import { compileBook } from '../../src/rules/book.js';
import type { RuleBook } from '../../src/rules/book.js';
import { Invalid } from '../../src/rules/check.js';
import { shippedTables } from '../../src/store/tables.js';
import type { SessionState } from '../../src/engine/index.js';
import { book, invalidOf, ownResults } from './arbitraries.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const text = (name: 'dice' | 'd66'): string =>
  readFileSync(new URL(`./fixtures/session-v2-${name}.json`, import.meta.url), 'utf8');
const V2 = text('dice');
const D66 = text('d66');
const load = (v: unknown, rules: RuleBook = book) => validateSession(v, () => rules);

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

/** The fixture as a version-1 file whose place of Wyld Magic (log[3], no rolls of its own) rolled these. */
function v1With(rolls: { die: number; value: number; for: string }[]): Json {
  return edited((s) => {
    s.schemaVersion = 1;
    s.log.forEach((r: Json) => (r.notes = ['what happened']));
    s.log[3].rolls = rolls;
  });
}

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

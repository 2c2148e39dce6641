// Session files written before schema 3 (test/engine/fixtures/session-v2-*.json, written by badzone at d5b857e):
// they open, migrate, replay and verify exactly. A `round` that resolved an open End Phase gave it the first of
// its entered dice: those become endDice. What version 3 tracks (the casket, the Psykers, the Pillar's scatters,
// the unconfirmed tile pick) is replayed from the log. A custom table's D66 stays the 66-sided die it was.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateSession } from '../../src/engine/schema.js';
import { SCHEMA_VERSION, logNotes, step, verify } from '../../src/engine/index.js';
import { bookFor } from '../../src/store/tables.js';
import { Invalid } from '../../src/rules/check.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const fixture = (name: 'dice' | 'd66'): Json =>
  JSON.parse(readFileSync(new URL(`./fixtures/session-v2-${name}.json`, import.meta.url), 'utf8'));
const load = (raw: Json) => validateSession(raw, bookFor);

describe('a real version-2 dice game', () => {
  it('migrates to the current schema and verifies, every roll as it was', () => {
    const raw = fixture('dice');
    expect(raw.schemaVersion).toBe(2);
    const { state, book, migratedFrom } = load(fixture('dice'));
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
    const raw = fixture('dice');
    const { state } = load(fixture('dice'));
    expect(raw.log[5].action).toEqual({ type: 'round', dice: [2, 5, 1, 1, 1, 57] });
    expect(state.log[5]!.action).toEqual({ type: 'round', endDice: [2, 5, 1, 1, 1], dice: [57] });
    // Fewer dice than the End Phase needed: they were all the End Phase's.
    expect(raw.log[9].action).toEqual({ type: 'round', dice: [4] });
    expect(state.log[9]!.action).toEqual({ type: 'round', endDice: [4] });
    // `end` and a round after `end` keep their dice as they were.
    expect(state.log[7]!.action).toEqual(raw.log[7].action);
  });

  it('what version 3 tracks is replayed from the log', () => {
    const { state } = load(fixture('dice'));
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
    const { state, book } = load(fixture('dice'));
    const r = step(state, { type: 'collapse', tile: 'A1' }, book);
    if (!r.ok) throw new Error('refused');
    expect(r.state.tiles).toEqual(['A2', 'B1', 'B2']);
    expect(verify(r.state, book)).toMatchObject({ ok: true });
  });

  it('a tampered version-2 file: verify still names the entry', () => {
    const raw = fixture('dice');
    raw.log[5].rolls[6].value = 1; // Collapsed Section's tile
    expect(verify(load(raw).state, load(raw).book)).toMatchObject({ ok: false, seq: 5 });
  });

  it('logNotes replays every entry', () => {
    const { state, book } = load(fixture('dice'));
    const notes = logNotes(state, book);
    expect(notes[7]).toContain(
      'End Phase: Treasure discard check 2 (needs 2+): discarded; the golden Loot Casket stays on B1 (worth 60 credits)',
    );
  });
});

describe('a real version-2 game with a custom table that used D66', () => {
  it('keeps D66 as the one 66-sided die it rolled, and verifies', () => {
    const raw = fixture('d66');
    const { state, book, migratedFrom } = load(fixture('d66'));
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
    const raw = fixture('d66');
    delete raw.setup.legacyD66;
    raw.schemaVersion = 3; // a version-3 file: no legacyD66 (version 4 adds the generator)
    Object.assign(raw, { objects: [], conditions: [], tilePicks: [], manualDice: false, redo: [] });
    const { state, book } = load(raw);
    const v = verify(state, book);
    expect(v.ok).toBe(false);
    expect(v.seq).toBe(1); // the casket's entered 60 is no D66 result
    expect(v.problem).toMatch(/die 2 you entered \(60\) is not a D66 result/);
  });

  it('legacyD66 is checked: true or absent', () => {
    const raw = fixture('d66');
    raw.schemaVersion = 3;
    Object.assign(raw, { objects: [], conditions: [], tilePicks: [], manualDice: false, redo: [] });
    raw.setup.legacyD66 = 'yes';
    expect(() => load(raw)).toThrow(new Invalid('setup.legacyD66', 'expected true or absent'));
  });
});

describe('version-3 fields are validated', () => {
  const v3 = (): Json => {
    const { state } = load(fixture('dice'));
    return JSON.parse(JSON.stringify(state));
  };

  it.each<[string, (s: Json) => void, string]>([
    ['an object without its tile', (s) => delete s.objects[0].tile, 'objects[0].tile'],
    ['a casket worth text', (s) => (s.objects[0].worth.value = '60'), 'objects[0].worth.value'],
    ['a condition lasting forever', (s) => (s.conditions[0].lasts = 'forever'), 'conditions[0].lasts'],
    ['a scatter direction 13', (s) => (s.inPlay[0].scatters[0][2] = 13), 'inPlay[0].scatters[0][2]'],
    ['a scatter that is not a triple', (s) => (s.inPlay[0].scatters[0] = [1, 8]), 'inPlay[0].scatters[0]'],
    ['a tile pick on a tile the game lacks', (s) => (s.tilePicks[0].tile = 'Z9'), 'tilePicks[0]'],
    ['a tile pick not saying if confirmed', (s) => delete s.tilePicks[0].confirmed, 'tilePicks[0].confirmed'],
    ['redo that is not a list', (s) => (s.redo = {}), 'redo'],
    ['a placeholder that is not null', (s) => (s.log[5].action.dice = ['_']), 'log[5].action.dice[0]'],
    [
      'a D66 roll that is not tens and units',
      (s) => (s.log[4].rolls[0] = { die: 66, value: 60, for: 'x', d66: true }),
      'log[4].rolls[0].value',
    ],
    ['a rename of nobody', (s) => (s.log[6].action = { type: 'rename', to: 'X' }), 'log[6].action'],
    [
      'a collapse with neither a tile nor occupied tiles',
      (s) => (s.log[6].action = { type: 'collapse' }),
      'log[6].action',
    ],
  ])('refuses %s, naming the field', (_n, edit, path) => {
    const s = v3();
    edit(s);
    let err: unknown;
    try {
      load(s);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(Invalid);
    expect((err as Invalid).path).toBe(path);
  });

  it('a placeholder (null) among entered dice is valid', () => {
    const s = v3();
    s.log[5].action.dice = [null];
    expect(load(s).state.log[5]!.action).toEqual({ type: 'round', endDice: [2, 5, 1, 1, 1], dice: [null] });
  });
});

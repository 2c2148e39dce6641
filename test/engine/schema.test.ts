// Session-file validation: a saved game round-trips; a broken one is refused naming the field at fault;
// a newer schemaVersion is refused by name.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  createGame,
  defaultSetup,
  logNotes,
  SCHEMA_VERSION,
  step,
  verify,
  type SessionState,
} from '../../src/engine/index.js';
import { SchemaTooNew, validateSession } from '../../src/engine/schema.js';
import { Invalid } from '../../src/rules/check.js';
import { book } from './arbitraries.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

function game(mode: 'dice' | 'deck'): SessionState {
  let s = createGame(
    defaultSetup(1234, {
      mode,
      gangs: [{ name: 'G', battlefield: ['a', 'b'], reserve: ['c'] }],
      lairs: 2,
      structures: 1,
      hazard: 'roll',
    }),
    book,
  );
  for (const a of [
    { type: 'round' },
    { type: 'place', eventId: 'treasure' },
    { type: 'end' },
    { type: 'round' },
  ] as const) {
    const r = step(s, a, book);
    if (!r.ok) throw new Error('refused');
    s = r.state;
  }
  return s;
}

const load = (v: unknown) => validateSession(v, () => book);

function invalid(v: unknown): Invalid {
  try {
    load(v);
  } catch (e) {
    if (e instanceof Invalid) return e;
    throw e;
  }
  throw new Error('expected the session to be refused');
}

function edited(f: (s: Json) => void, mode: 'dice' | 'deck' = 'dice'): Json {
  const s = JSON.parse(JSON.stringify(game(mode)));
  f(s);
  return s;
}

describe('validateSession', () => {
  it.each(['dice', 'deck'] as const)('a %s game survives a JSON round trip unchanged', (mode) => {
    const s = game(mode);
    const { state, migratedFrom } = load(JSON.parse(JSON.stringify(s)));
    expect(state).toEqual(s);
    expect(migratedFrom).toBeNull();
    expect(state.schemaVersion).toBe(SCHEMA_VERSION);
  });

  it('a fresh game validates too', () => {
    const s = createGame(defaultSetup(-5), book);
    expect(load(JSON.parse(JSON.stringify(s))).state).toEqual(s);
  });

  it('a newer schemaVersion is refused by name', () => {
    let err: unknown;
    try {
      load(edited((s) => (s.schemaVersion = SCHEMA_VERSION + 1)));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SchemaTooNew);
    expect((err as SchemaTooNew).version).toBe(SCHEMA_VERSION + 1);
    expect((err as Error).message).toBe(
      `schemaVersion ${SCHEMA_VERSION + 1} is newer than this badzone understands (${SCHEMA_VERSION})`,
    );
  });

  it.each<[string, (s: Json) => void, string, RegExp]>([
    ['rng.uses missing', (s) => delete s.rng.uses, 'rng.uses', /^expected a (non-negative integer|whole number)/],
    [
      'rng.uses negative',
      (s) => (s.rng.uses = -1),
      'rng.uses',
      /^expected a (non-negative integer|whole number from 0)/,
    ],
    ['rng.uses fractional', (s) => (s.rng.uses = 2.5), 'rng.uses', /^expected a (non-negative integer|whole number)/],
    ['rng.uses text', (s) => (s.rng.uses = '12'), 'rng.uses', /^expected a (non-negative integer|whole number)/],
    ['rng.uses absurdly large', (s) => (s.rng.uses = 1e15), 'rng.uses', /^expected a/],
    ['rng missing', (s) => delete s.rng, 'rng', /expected an object, found nothing/],
    ['rng.seed not the game seed', (s) => (s.rng.seed += 1), 'rng.seed', /is not the game's seed/],
    ['rng.seed beyond int32', (s) => (s.rng.seed = 2 ** 31), 'rng.seed', /whole number from -2147483648 to 2147483647/],
    ['schemaVersion missing', (s) => delete s.schemaVersion, 'schemaVersion', /whole number/],
    ['schemaVersion 0', (s) => (s.schemaVersion = 0), 'schemaVersion', /from 1/],
    ['setup missing', (s) => delete s.setup, 'setup', /expected an object/],
    ['setup.mode unknown', (s) => (s.setup.mode = 'cards'), 'setup.mode', /"dice", "deck"/],
    ['setup.tiles not a list', (s) => (s.setup.tiles = 'A1,A2'), 'setup.tiles', /expected an array/],
    [
      'setup.gangs[0].battlefield a number',
      (s) => (s.setup.gangs[0].battlefield = 3),
      'setup.gangs[0].battlefield',
      /expected an array/,
    ],
    ['round negative', (s) => (s.round = -1), 'round', /whole number from 0/],
    ['phase unknown', (s) => (s.phase = 'middle'), 'phase', /"setup", "round", "end"/],
    ['phase setup in round 2', (s) => (s.phase = 'setup'), 'phase', /does not go with round 2/],
    ['phase round in round 0', (s) => (s.round = 0), 'phase', /does not go with round 0/],
    ['inPlay not a list', (s) => (s.inPlay = {}), 'inPlay', /expected an array/],
    [
      'inPlay unknown event',
      (s) => (s.inPlay[0].eventId = 'giant-squid'),
      'inPlay[0].eventId',
      /"giant-squid" is not an event of this game's table/,
    ],
    [
      'inPlay a Once event',
      (s) => (s.inPlay[0].eventId = 'dome-quake'),
      'inPlay[0].eventId',
      /is a Once event and cannot be in play/,
    ],
    [
      'inPlay the same event twice',
      (s) => (s.inPlay = [s.inPlay[0], { ...s.inPlay[0] }]),
      'inPlay[1].eventId',
      /is in play twice/,
    ],
    ['inPlay roll 65', (s) => (s.inPlay[0].roll = 65), 'inPlay[0].roll', /from 1 to 64/],
    ['inPlay sinceRound text', (s) => (s.inPlay[0].sinceRound = '1'), 'inPlay[0].sinceRound', /whole number/],
    ['visibility level unknown', (s) => (s.visibility.level = 'foggy'), 'visibility.level', /"foggy" is not a level/],
    [
      'hazard id unknown',
      (s) => (s.hazard = { roll: 3, id: 'lava', nomadic: false }),
      'hazard.id',
      /"lava" is not on the Hazard Table/,
    ],
    [
      'a dice game with a deck',
      (s) => (s.deck = { drawPile: [], discardPile: [] }),
      'deck',
      /a dice-mode game has no deck/,
    ],
    ['pendingEnd unknown', (s) => (s.pendingEnd = ['nope']), 'pendingEnd[0]', /not an event/],
    ['log missing', (s) => delete s.log, 'log', /expected an array, found nothing/],
    ['log empty', (s) => (s.log = []), 'log[0]', /starts with the game's setup/],
    ['log seq out of order', (s) => (s.log[2].seq = 7), 'log[2].seq', /expected 2, found 7/],
    ['log action unknown', (s) => (s.log[1].action.type = 'cheat'), 'log[1].action.type', /expected one of/],
    [
      'a roll above its die',
      (s) => (s.log[1].rolls[0].value = s.log[1].rolls[0].die + 1),
      'log[1].rolls[0].value',
      /whole number from 1/,
    ],
    [
      'a roll entered: false',
      (s) => (s.log[1].rolls[0].entered = false),
      'log[1].rolls[0].entered',
      /expected true or absent/,
    ],
    ['a roll purpose not text', (s) => (s.log[1].rolls[0].for = 1), 'log[1].rolls[0].for', /expected text/],
    [
      'a roll purpose missing',
      (s) => delete s.log[1].rolls[0].for,
      'log[1].rolls[0].for',
      /expected text, found nothing/,
    ],
    ['tiles truncated to a string', (s) => (s.tiles = 'A'), 'tiles', /expected an array/],
    ['lairs entry without name', (s) => (s.lairs[0] = { becomes: null }), 'lairs[0].name', /expected text/],
    ['gangs without out', (s) => delete s.gangs[0].out, 'gangs[0].out', /expected an array, found nothing/],
    [
      'a __proto__ key',
      (s) =>
        (s.visibility = JSON.parse('{"__proto__": {"x": 1}, "level": "normal", "sinceRound": 0, "source": "start"}')),
      'visibility.__proto__',
      /not allowed/,
    ],
  ])('%s', (_name, f, path, problem) => {
    const e = invalid(edited(f));
    expect(e.path).toBe(path);
    expect(e.problem).toMatch(problem);
    expect(e.message).toBe(`${path}: ${e.problem}`);
  });

  it.each<[string, (s: Json) => void, string, RegExp]>([
    ['no deck', (s) => (s.deck = null), 'deck', /a deck-mode game needs a deck/],
    ['a card twice', (s) => s.deck.discardPile.push(s.deck.drawPile[0]), 'deck', /is in the deck twice/],
    ['a card missing', (s) => s.deck.drawPile.pop(), 'deck', /is missing/],
    ['a card 0', (s) => (s.deck.drawPile[0] = 0), 'deck.drawPile[0]', /from 1 to 64/],
  ])('deck mode: %s', (_name, f, path, problem) => {
    const e = invalid(edited(f, 'deck'));
    expect(e.path).toBe(path);
    expect(e.problem).toMatch(problem);
  });

  it('deck mode: each of the 64 cards missing, or also in another pile, is refused naming that card', () => {
    const placed = step(game('deck'), { type: 'place', eventId: 'sludge-jelly' }, book);
    if (!placed.ok) throw new Error('refused');
    const base: Json = JSON.parse(JSON.stringify(placed.state));
    const edit = (f: (s: Json) => void): Json => {
      const copy = structuredClone(base);
      f(copy);
      return copy;
    };
    const where = (c: number): string =>
      base.deck.drawPile.includes(c) ? 'drawPile' : base.deck.discardPile.includes(c) ? 'discardPile' : 'inPlay';
    expect([...new Set(Array.from({ length: 64 }, (_, i) => where(i + 1)))].sort()).toEqual([
      'discardPile',
      'drawPile',
      'inPlay',
    ]);
    for (let c = 1; c <= 64; c++) {
      const pile = where(c);
      const missing = invalid(
        edit((s) => {
          if (pile === 'inPlay') s.inPlay = s.inPlay.filter((p: { roll: number }) => p.roll !== c);
          else s.deck[pile] = s.deck[pile].filter((x: number) => x !== c);
        }),
      );
      expect([missing.path, missing.problem]).toEqual([
        'deck',
        `card ${c} is missing (not in the draw pile, the discard pile or in play)`,
      ]);
      const other = pile === 'drawPile' ? 'discardPile' : 'drawPile';
      const twice = invalid(edit((s) => s.deck[other].push(c)));
      expect([twice.path, twice.problem]).toEqual(['deck', `card ${c} is in the deck twice`]);
    }
  });

  it('each Persistent event in play twice, wherever the second copy is, is refused naming the second', () => {
    const persistent = book.events.results.filter((e) => e.timing === 'persistent');
    for (const [k, ev] of persistent.entries()) {
      const other = persistent[(k + 1) % persistent.length]!;
      const e = invalid(
        edited((s) => {
          s.inPlay = [
            { eventId: ev.id, sinceRound: 1, roll: ev.range[0] },
            { eventId: other.id, sinceRound: 1, roll: other.range[0] },
            { eventId: ev.id, sinceRound: 2, roll: ev.range[1] },
          ];
        }),
      );
      expect([e.path, e.problem]).toEqual(['inPlay[2].eventId', `"${ev.id}" is in play twice`]);
    }
  });

  it('the whole file is not an object', () => {
    expect(invalid(null).path).toBe('(session)');
    expect(invalid([]).path).toBe('(session)');
    expect(invalid('{"schemaVersion": 1').path).toBe('(session)');
  });

  it('a truncated file: every prefix of the top-level fields is refused by name, never accepted', () => {
    const s = JSON.parse(JSON.stringify(game('dice')));
    const keys = Object.keys(s);
    for (let n = 0; n < keys.length; n++) {
      const partial = Object.fromEntries(keys.slice(0, n).map((k) => [k, s[k]]));
      const e = invalid(partial);
      expect(e.problem).toMatch(/expected|found nothing/);
    }
  });
});

/** A version-1 file of this game: the same state, each log entry carrying its notes, as version 1 stored them. */
function asVersion1(s: SessionState): Json {
  const v1 = JSON.parse(JSON.stringify(s));
  const notes = logNotes(s, book);
  v1.schemaVersion = 1;
  v1.log.forEach((r: Json, i: number) => (r.notes = notes[i]));
  return v1;
}

describe('schema version 1 (log entries that stored their notes)', () => {
  it.each(['dice', 'deck'] as const)('a %s game migrates: it loads, the notes are dropped, and it verifies', (mode) => {
    const s = game(mode);
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
    const v1 = asVersion1(game('dice'));
    v1.log[1].notes = [1, 'x'.repeat(5000)];
    v1.log[2].notes = 'not a list';
    const { state, migratedFrom } = load(v1);
    expect(migratedFrom).toBe(1);
    expect(state).toEqual(game('dice'));
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
    const v1 = asVersion1(game('dice'));
    f(v1);
    const e = invalid(v1);
    expect(e.path).toBe(path);
    expect(e.problem).toMatch(problem);
  });

  it('a tampered version-1 file migrates, and verify still finds the tampering', () => {
    const v1 = asVersion1(game('dice'));
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
    JSON.parse(readFileSync(new URL(`./fixtures/session-v1-${mode}.json`, import.meta.url), 'utf8'));
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
    const s = JSON.parse(JSON.stringify(game('dice')));
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

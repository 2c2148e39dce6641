// validateSession (src/engine/schema.ts), field by field: a saved game round-trips; for every field of a session
// file, the path named when it is wrong or missing, the bounds (the largest and smallest value accepted, one beyond
// refused), optional fields (absent stays absent, null stays null), and the accepted value coming back exactly;
// version 3's fields and version 4's generator mark (it and the seed must agree); a newer schemaVersion refused by
// name. The base game of the field checks is the real version-2 fixture, migrated: it has objects, conditions, a
// tile pick, scatters, lairs, structures and a rolled Hazard.

import { describe, expect, it } from 'vitest';
import {
  createGame,
  defaultSetup,
  SCHEMA_VERSION,
  step,
  undo,
  verify,
  type SessionState,
} from '../../../src/engine/index.js';
import { SchemaTooNew } from '../../../src/engine/schema.js';
import { Invalid } from '../../../src/rules/check.js';
import { LIMITS, READ } from '../../../src/rules/limits.js';
import { INT32_MAX, INT32_MIN } from '../../../src/dice/rng.js';
import { serialize } from '../../../src/store/session.js';
import { shippedTables } from '../../../src/store/tables.js';
import { book, start } from '../arbitraries.js';
import {
  BASE,
  NAME,
  accepted,
  edited,
  invalid,
  load,
  loadWithTables,
  playedGame,
  refused,
  v2File,
  x,
  type Json,
} from './kit.js';

const DECK = JSON.stringify(start({ mode: 'deck' }));

/** The shipped visibility table as a version-2 custom table rolling one 66-sided die. */
const LEGACY_VISIBILITY = {
  ...shippedTables().visibility,
  die: 'D66',
  results: [
    { range: [1, 11], level: 'pitch-black' },
    { range: [12, 22], level: 'dark' },
    { range: [23, 44], level: 'gloomy' },
    { range: [45, 66], level: 'normal' },
  ],
};

type Row = [string, (s: Json) => void, string, string];

/** Refused naming exactly `path`, the problem containing `problem`. */
function checkRefusals(rows: Row[], base = BASE): void {
  it.each(rows)('refuses %s', (_n, edit, path, problem) => {
    const e = refused(edit, base);
    expect(e.path).toBe(path);
    expect(e.problem).toContain(problem);
  });
}

function editedGame(f: (s: Json) => void, mode: 'dice' | 'deck' = 'dice'): Json {
  const s = JSON.parse(JSON.stringify(playedGame(mode)));
  f(s);
  return s;
}

function played(seed: number | string, rounds: number): SessionState {
  let s = createGame(
    defaultSetup(seed, { hazard: 'roll', gangs: [{ name: 'G', battlefield: ['a', 'b'], reserve: ['c'] }] }),
    book,
  );
  for (let i = 0; i < rounds; i++) {
    for (const type of ['round', 'end'] as const) {
      const r = step(s, { type }, book);
      if (!r.ok) throw new Error(`${type} refused`);
      s = r.state;
    }
  }
  return s;
}

describe('the base game', () => {
  it('loads unchanged', () => {
    expect(load(JSON.parse(BASE)).state).toEqual(JSON.parse(BASE));
    expect(load(JSON.parse(DECK)).state).toEqual(JSON.parse(DECK));
  });
});

describe('setup', () => {
  checkRefusals([
    ['setup.seed missing', (s) => delete s.setup.seed, 'setup.seed', 'found nothing'],
    [
      'setup.seed above int32',
      (s) => (s.setup.seed = s.rng.seed = INT32_MAX + 1),
      'setup.seed',
      `from ${INT32_MIN} to ${INT32_MAX}`,
    ],
    [
      'setup.seed below int32',
      (s) => (s.setup.seed = s.rng.seed = INT32_MIN - 1),
      'setup.seed',
      `from ${INT32_MIN} to ${INT32_MAX}`,
    ],
    ['setup.mode missing', (s) => delete s.setup.mode, 'setup.mode', 'found nothing'],
    ['a setup tile that is a number', (s) => (s.setup.tiles[1] = 3), 'setup.tiles[1]', 'expected text'],
    [
      'a setup tile name too long',
      (s) => (s.setup.tiles[2] = x(READ.tileName + 1)),
      'setup.tiles[2]',
      `at most ${READ.tileName}`,
    ],
    [
      'more setup tiles than READ.tiles',
      (s) => (s.setup.tiles = Array(READ.tiles + 1).fill('A1')),
      'setup.tiles',
      `at most ${READ.tiles} entries`,
    ],
    ['setup.spawnPoints 0', (s) => (s.setup.spawnPoints = 0), 'setup.spawnPoints', `from 1 to ${READ.spawnPoints}`],
    [
      'setup.spawnPoints past READ',
      (s) => (s.setup.spawnPoints = READ.spawnPoints + 1),
      'setup.spawnPoints',
      `from 1 to ${READ.spawnPoints}`,
    ],
    ['setup.gangs not a list', (s) => (s.setup.gangs = {}), 'setup.gangs', 'expected an array'],
    ['a setup gang that is text', (s) => (s.setup.gangs[1] = 'Eschers'), 'setup.gangs[1]', 'expected an object'],
    ['a setup gang without a name', (s) => delete s.setup.gangs[1].name, 'setup.gangs[1].name', 'found nothing'],
    ['a setup gang named with spaces', (s) => (s.setup.gangs[1].name = '  '), 'setup.gangs[1].name', 'non-empty'],
    [
      'a setup gang name past READ.name',
      (s) => (s.setup.gangs[1].name = x(NAME + 1)),
      'setup.gangs[1].name',
      `at most ${NAME}`,
    ],
    [
      'a setup reserve fighter that is a number',
      (s) => (s.setup.gangs[1].reserve[0] = 1),
      'setup.gangs[1].reserve[0]',
      'expected text',
    ],
    ['a setup reserve missing', (s) => delete s.setup.gangs[0].reserve, 'setup.gangs[0].reserve', 'found nothing'],
    [
      'a setup fighter name past READ.name',
      (s) => (s.setup.gangs[0].battlefield[1] = x(NAME + 1)),
      'setup.gangs[0].battlefield[1]',
      `at most ${NAME}`,
    ],
    ['setup.turfOwner empty', (s) => (s.setup.turfOwner = ''), 'setup.turfOwner', 'non-empty'],
    ['setup.turfOwner past READ.name', (s) => (s.setup.turfOwner = x(NAME + 1)), 'setup.turfOwner', `at most ${NAME}`],
    ['setup.lairs -1', (s) => (s.setup.lairs = -1), 'setup.lairs', `from 0 to ${READ.lairs}`],
    ['setup.lairs past READ', (s) => (s.setup.lairs = READ.lairs + 1), 'setup.lairs', `from 0 to ${READ.lairs}`],
    ['setup.lairs missing', (s) => delete s.setup.lairs, 'setup.lairs', 'found nothing'],
    ['setup.structures -1', (s) => (s.setup.structures = -1), 'setup.structures', `from 0 to ${READ.structures}`],
    [
      'setup.structures past READ',
      (s) => (s.setup.structures = READ.structures + 1),
      'setup.structures',
      `from 0 to ${READ.structures}`,
    ],
    ['setup.hazard 0', (s) => (s.setup.hazard = 0), 'setup.hazard', 'from 1 to 10'],
    ['setup.hazard 11', (s) => (s.setup.hazard = 11), 'setup.hazard', 'from 1 to 10'],
    ['setup.hazard other text', (s) => (s.setup.hazard = 'rolled'), 'setup.hazard', 'expected a whole number'],
    ['setup.legacyD66 false', (s) => (s.setup.legacyD66 = false), 'setup.legacyD66', 'expected true or absent'],
    [
      'a setup table that is not a table',
      (s) => (s.setup.table = { name: 'T', die: 'D64', results: 'none' }),
      'setup.table.results',
      'expected an array',
    ],
    [
      'a setup visibility table that is not one',
      (s) => (s.setup.visibilityTable = { levels: 3 }),
      'setup.visibilityTable.die',
      'expected text',
    ],
    ['setup.hiddenSeed text', (s) => (s.setup.hiddenSeed = 'abc'), 'setup.hiddenSeed', 'expected an object'],
    [
      'a salt of 31 digits',
      (s) => (s.setup.hiddenSeed = { salt: 'a'.repeat(31), commitment: 'b'.repeat(64), revealed: false }),
      'setup.hiddenSeed.salt',
      'expected 32 lowercase hex digits',
    ],
    [
      'a salt of 33 digits',
      (s) => (s.setup.hiddenSeed = { salt: 'a'.repeat(33), commitment: 'b'.repeat(64), revealed: false }),
      'setup.hiddenSeed.salt',
      'at most 32',
    ],
    [
      'a salt in capitals',
      (s) => (s.setup.hiddenSeed = { salt: 'A'.repeat(32), commitment: 'b'.repeat(64), revealed: false }),
      'setup.hiddenSeed.salt',
      'expected 32 lowercase hex digits',
    ],
    [
      'a salt with a g',
      (s) => (s.setup.hiddenSeed = { salt: `${'a'.repeat(31)}g`, commitment: 'b'.repeat(64), revealed: false }),
      'setup.hiddenSeed.salt',
      'expected 32 lowercase hex digits',
    ],
    [
      'a commitment of 63 digits',
      (s) => (s.setup.hiddenSeed = { salt: 'a'.repeat(32), commitment: 'b'.repeat(63), revealed: false }),
      'setup.hiddenSeed.commitment',
      'expected 64 lowercase hex digits',
    ],
    [
      'a commitment that is a number',
      (s) => (s.setup.hiddenSeed = { salt: 'a'.repeat(32), commitment: 7, revealed: false }),
      'setup.hiddenSeed.commitment',
      'expected text',
    ],
    [
      'hiddenSeed.revealed missing',
      (s) => (s.setup.hiddenSeed = { salt: 'a'.repeat(32), commitment: 'b'.repeat(64) }),
      'setup.hiddenSeed.revealed',
      'found nothing',
    ],
  ]);

  it('a table that is not an object is refused naming it (no dot after it)', () => {
    for (const field of ['table', 'visibilityTable']) {
      const e = refused((s) => (s.setup[field] = 5));
      expect(e.path).toBe(`setup.${field}`);
      expect(e.problem).toBe('expected an object, found 5');
    }
  });

  it('the same D66 visibility table without legacyD66 reads D66 as tens and units, and is refused', () => {
    const e = refused((s) => (s.setup.visibilityTable = LEGACY_VISIBILITY));
    expect(e.path).toBe('setup.visibilityTable.results[0].range[0]');
    expect(e.problem).toContain('from 11 to 66');
  });

  it.each<[string, (s: Json) => void, (st: SessionState) => unknown, unknown]>([
    [
      'the lowest seed',
      (s) => (s.setup.seed = s.rng.seed = INT32_MIN),
      (st) => [st.setup.seed, st.rng.seed],
      [INT32_MIN, INT32_MIN],
    ],
    [
      'the highest seed',
      (s) => (s.setup.seed = s.rng.seed = INT32_MAX),
      (st) => [st.setup.seed, st.rng.seed],
      [INT32_MAX, INT32_MAX],
    ],
    [
      'READ.tiles setup tiles, each READ.tileName long',
      (s) => (s.setup.tiles = [...s.setup.tiles, ...Array(READ.tiles - 4).fill(x(READ.tileName))]),
      (st) => [st.setup.tiles.length, st.setup.tiles[4]],
      [READ.tiles, x(READ.tileName)],
    ],
    ['1 spawn point', (s) => (s.setup.spawnPoints = 1), (st) => st.setup.spawnPoints, 1],
    [
      'READ.spawnPoints spawn points',
      (s) => (s.setup.spawnPoints = READ.spawnPoints),
      (st) => st.setup.spawnPoints,
      READ.spawnPoints,
    ],
    [
      'names READ.name long',
      (s) => (s.setup.gangs[1] = { name: x(NAME), battlefield: [x(NAME)], reserve: [x(NAME)], extra: 1 }),
      (st) => st.setup.gangs[1],
      { name: x(NAME), battlefield: [x(NAME)], reserve: [x(NAME)] },
    ],
    ['no turf owner', (s) => (s.setup.turfOwner = null), (st) => st.setup.turfOwner, null],
    ['a turf owner READ.name long', (s) => (s.setup.turfOwner = x(NAME)), (st) => st.setup.turfOwner, x(NAME)],
    ['no lairs', (s) => (s.setup.lairs = null), (st) => st.setup.lairs, null],
    ['0 lairs', (s) => (s.setup.lairs = 0), (st) => st.setup.lairs, 0],
    ['READ.lairs lairs', (s) => (s.setup.lairs = READ.lairs), (st) => st.setup.lairs, READ.lairs],
    ['no structures', (s) => (s.setup.structures = null), (st) => st.setup.structures, null],
    ['0 structures', (s) => (s.setup.structures = 0), (st) => st.setup.structures, 0],
    [
      'READ.structures structures',
      (s) => (s.setup.structures = READ.structures),
      (st) => st.setup.structures,
      READ.structures,
    ],
    ['no Hazard', (s) => (s.setup.hazard = null), (st) => st.setup.hazard, null],
    ['Hazard 1', (s) => (s.setup.hazard = 1), (st) => st.setup.hazard, 1],
    ['Hazard 10', (s) => (s.setup.hazard = 10), (st) => st.setup.hazard, 10],
    ['a rolled Hazard', (s) => (s.setup.hazard = 'roll'), (st) => st.setup.hazard, 'roll'],
    ['legacyD66 true', (s) => (s.setup.legacyD66 = true), (st) => st.setup.legacyD66, true],
    ['no legacyD66', (s) => delete s.setup.legacyD66, (st) => 'legacyD66' in st.setup, false],
    ['no table field', (s) => delete s.setup.table, (st) => st.setup.table, null],
    ['no visibilityTable field', (s) => delete s.setup.visibilityTable, (st) => st.setup.visibilityTable, null],
    [
      'a version-2 D66 visibility table (one 66-sided die) under legacyD66',
      (s) => ((s.setup.legacyD66 = true), (s.setup.visibilityTable = LEGACY_VISIBILITY)),
      (st) => [
        st.setup.legacyD66,
        st.setup.visibilityTable!.die,
        st.setup.visibilityTable!.results.map((r) => r.range),
      ],
      [true, 'D66', LEGACY_VISIBILITY.results.map((r) => r.range)],
    ],
    ['no hiddenSeed', (s) => delete s.setup.hiddenSeed, (st) => 'hiddenSeed' in st.setup, false],
    [
      'a hiddenSeed',
      (s) =>
        (s.setup.hiddenSeed = {
          salt: '0123456789abcdef'.repeat(2),
          commitment: 'f'.repeat(64),
          revealed: true,
          extra: 1,
        }),
      (st) => st.setup.hiddenSeed,
      { salt: '0123456789abcdef'.repeat(2), commitment: 'f'.repeat(64), revealed: true },
    ],
    [
      'an unknown setup key',
      (s) => (s.setup.colour = 'red'),
      (st) => Object.keys(st.setup).sort(),
      [
        'gangs',
        'generator',
        'hazard',
        'lairs',
        'mode',
        'orientation',
        'seed',
        'spawnPoints',
        'structures',
        'table',
        'tiles',
        'turfOwner',
        'visibilityTable',
      ],
    ],
  ])('accepts %s', (_n, edit, got, want) => {
    expect(got(accepted(edit))).toEqual(want);
  });
});

describe('rng, round, tiles, lairs, structures, gangs, visibility, hazard, pendingEnd, manualDice', () => {
  checkRefusals([
    [
      'schemaVersion past the safe integers',
      (s) => (s.schemaVersion = Number.MAX_SAFE_INTEGER + 2),
      'schemaVersion',
      `from 1 to ${Number.MAX_SAFE_INTEGER}`,
    ],
    ['rng not an object', (s) => (s.rng = 3), 'rng', 'expected an object'],
    ['rng.seed missing', (s) => delete s.rng.seed, 'rng.seed', 'found nothing'],
    ['rng.uses -1', (s) => (s.rng.uses = -1), 'rng.uses', 'expected a non-negative integer, found -1'],
    ['rng.uses fractional', (s) => (s.rng.uses = 0.5), 'rng.uses', 'expected a non-negative integer, found 0.5'],
    ['rng.uses text', (s) => (s.rng.uses = '3'), 'rng.uses', 'expected a non-negative integer, found the text "3"'],
    ['rng.uses missing', (s) => delete s.rng.uses, 'rng.uses', 'expected a non-negative integer, found nothing'],
    ['rng.uses past READ.rngUses', (s) => (s.rng.uses = READ.rngUses + 1), 'rng.uses', `from 0 to ${READ.rngUses}`],
    ['round past READ.round', (s) => (s.round = READ.round + 1), 'round', `from 0 to ${READ.round}`],
    ['phase missing', (s) => delete s.phase, 'phase', 'found nothing'],
    ['a tile that is a number', (s) => (s.tiles[2] = 2), 'tiles[2]', 'expected text'],
    [
      'a tile name past READ.tileName',
      (s) => (s.tiles[0] = x(READ.tileName + 1)),
      'tiles[0]',
      `at most ${READ.tileName}`,
    ],
    [
      'more tiles than READ.tiles',
      (s) => (s.tiles = Array(READ.tiles + 1).fill('A1')),
      'tiles',
      `at most ${READ.tiles} entries`,
    ],
    ['lairs text', (s) => (s.lairs = 'two'), 'lairs', 'expected an array'],
    [
      'more lairs than READ.lairs',
      (s) => (s.lairs = Array(READ.lairs + 1).fill({ name: 'L', becomes: null })),
      'lairs',
      `at most ${READ.lairs} entries`,
    ],
    ['a lair that is text', (s) => (s.lairs[1] = 'L'), 'lairs[1]', 'expected an object'],
    ['a lair name past READ.name', (s) => (s.lairs[1].name = x(NAME + 1)), 'lairs[1].name', `at most ${NAME}`],
    ['a lair that becomes nothing', (s) => delete s.lairs[1].becomes, 'lairs[1].becomes', 'found nothing'],
    ['a lair that becomes an empty name', (s) => (s.lairs[1].becomes = ' '), 'lairs[1].becomes', 'non-empty'],
    [
      'a lair that becomes a name past READ.name',
      (s) => (s.lairs[0].becomes = x(NAME + 1)),
      'lairs[0].becomes',
      `at most ${NAME}`,
    ],
    ['structures text', (s) => (s.structures = 'one'), 'structures', 'expected an array'],
    ['a structure that is a number', (s) => (s.structures[1] = 2), 'structures[1]', 'expected text'],
    ['a structure name past READ.name', (s) => (s.structures[0] = x(NAME + 1)), 'structures[0]', `at most ${NAME}`],
    [
      'more structures than READ.structures',
      (s) => (s.structures = Array(READ.structures + 1).fill('S')),
      'structures',
      `at most ${READ.structures} entries`,
    ],
    ['a gang without a name', (s) => delete s.gangs[1].name, 'gangs[1].name', 'found nothing'],
    ['a gang that is null', (s) => (s.gangs[1] = null), 'gangs[1]', 'expected an object'],
    ['an out fighter that is a number', (s) => (s.gangs[0].out[0] = 1), 'gangs[0].out[0]', 'expected text'],
    ['an out fighter past READ.name', (s) => (s.gangs[0].out[0] = x(NAME + 1)), 'gangs[0].out[0]', `at most ${NAME}`],
    ['a reserve fighter that is null', (s) => (s.gangs[1].reserve[0] = null), 'gangs[1].reserve[0]', 'expected text'],
    [
      'a battlefield fighter that is null',
      (s) => (s.gangs[1].battlefield[1] = null),
      'gangs[1].battlefield[1]',
      'expected text',
    ],
    ['visibility missing', (s) => delete s.visibility, 'visibility', 'expected an object'],
    ['visibility.level past 60', (s) => (s.visibility.level = x(61)), 'visibility.level', 'at most 60'],
    [
      'visibility.sinceRound past READ.round',
      (s) => (s.visibility.sinceRound = READ.round + 1),
      'visibility.sinceRound',
      `from 0 to ${READ.round}`,
    ],
    [
      'visibility.sinceRound -1',
      (s) => (s.visibility.sinceRound = -1),
      'visibility.sinceRound',
      `from 0 to ${READ.round}`,
    ],
    ['visibility.source missing', (s) => delete s.visibility.source, 'visibility.source', 'found nothing'],
    ['visibility.source empty', (s) => (s.visibility.source = ''), 'visibility.source', 'non-empty'],
    ['visibility.source past 60', (s) => (s.visibility.source = x(61)), 'visibility.source', 'at most 60'],
    ['hazard text', (s) => (s.hazard = 'city-ruins'), 'hazard', 'expected an object'],
    ['hazard.roll 0', (s) => (s.hazard.roll = 0), 'hazard.roll', 'from 1 to 10'],
    ['hazard.roll 11', (s) => (s.hazard.roll = 11), 'hazard.roll', 'from 1 to 10'],
    ['hazard.id empty', (s) => (s.hazard.id = ''), 'hazard.id', 'non-empty'],
    ['hazard.id past 60', (s) => (s.hazard.id = x(61)), 'hazard.id', 'at most 60'],
    ['hazard.nomadic missing', (s) => delete s.hazard.nomadic, 'hazard.nomadic', 'found nothing'],
    ['pendingEnd text', (s) => (s.pendingEnd = 'treasure'), 'pendingEnd', 'expected an array'],
    [
      'more than 64 pendingEnd entries',
      (s) => (s.pendingEnd = Array(65).fill('treasure')),
      'pendingEnd',
      'at most 64 entries',
    ],
    ['a pendingEnd id past 60', (s) => (s.pendingEnd = ['treasure', x(61)]), 'pendingEnd[1]', 'at most 60'],
    [
      'pendingEnd not an event, second',
      (s) => (s.pendingEnd = ['treasure', 'nope']),
      'pendingEnd[1]',
      '"nope" is not an event',
    ],
    ['manualDice missing', (s) => delete s.manualDice, 'manualDice', 'found nothing'],
    ['manualDice text', (s) => (s.manualDice = 'yes'), 'manualDice', 'expected true or false'],
    ['story missing', (s) => delete s.story, 'story', 'found nothing'],
    ['story text', (s) => (s.story = 'The Sump Run'), 'story', 'expected an object'],
    ['story.title missing', (s) => delete s.story.title, 'story.title', 'found nothing'],
    ['story.date a number', (s) => (s.story.date = 2026), 'story.date', 'expected text, found 2026'],
    ['story.scenario blank', (s) => (s.story.scenario = '  '), 'story.scenario', 'the scenario is empty'],
    [
      'story.result with an escape',
      (s) => (s.story.result = 'Eschers \u001b[2J won'),
      'story.result',
      'contains an escape (\\x1b); a name may not contain control characters',
    ],
    ['story.title a line break', (s) => (s.story.title = 'The Sump\nRun'), 'story.title', 'contains a line break'],
    [
      'story.title past the name limit',
      (s) => (s.story.title = x(LIMITS.name + 1)),
      'story.title',
      `a name may have at most ${LIMITS.name} characters`,
    ],
  ]);

  it.each<[string, (s: Json) => void, (st: SessionState) => unknown, unknown]>([
    ['rng.uses 0', (s) => (s.rng.uses = 0), (st) => st.rng.uses, 0],
    ['rng.uses READ.rngUses', (s) => (s.rng.uses = READ.rngUses), (st) => st.rng.uses, READ.rngUses],
    ['round READ.round', (s) => (s.round = READ.round), (st) => st.round, READ.round],
    [
      'READ.tiles tiles, each READ.tileName long',
      (s) => (s.tiles = Array(READ.tiles).fill(x(READ.tileName))),
      (st) => [st.tiles.length, st.tiles[0]],
      [READ.tiles, x(READ.tileName)],
    ],
    ['no lairs', (s) => (s.lairs = null), (st) => st.lairs, null],
    [
      'READ.lairs lairs, named and become READ.name long',
      (s) => (s.lairs = Array(READ.lairs).fill({ name: x(NAME), becomes: x(NAME) })),
      (st) => [st.lairs!.length, st.lairs![0]],
      [READ.lairs, { name: x(NAME), becomes: x(NAME) }],
    ],
    [
      'a lair that became a Hive Tyrant',
      (s) => (s.lairs[1] = { name: 'L2', becomes: 'Hive Tyrant', extra: 1 }),
      (st) => st.lairs![1],
      { name: 'L2', becomes: 'Hive Tyrant' },
    ],
    ['no structures', (s) => (s.structures = null), (st) => st.structures, null],
    [
      'READ.structures structures READ.name long',
      (s) => (s.structures = Array(READ.structures).fill(x(NAME))),
      (st) => [st.structures!.length, st.structures![0]],
      [READ.structures, x(NAME)],
    ],
    [
      'a gang with out fighters, READ.name long',
      (s) => (s.gangs[1] = { name: x(NAME), battlefield: [], reserve: [], out: [x(NAME)], extra: 1 }),
      (st) => st.gangs[1],
      { name: x(NAME), battlefield: [], reserve: [], out: [x(NAME)] },
    ],
    [
      'visibility fields 60 long, since READ.round',
      (s) => (s.visibility = { level: 'normal', sinceRound: READ.round, source: x(60), extra: 1 }),
      (st) => st.visibility,
      { level: 'normal', sinceRound: READ.round, source: x(60) },
    ],
    ['no hazard', (s) => (s.hazard = null), (st) => st.hazard, null],
    [
      'a hazard with no id, roll 1',
      (s) => (s.hazard = { roll: 1, id: null, nomadic: true }),
      (st) => st.hazard,
      { roll: 1, id: null, nomadic: true },
    ],
    [
      'a hazard roll 10',
      (s) => (s.hazard = { roll: 10, id: 'city-ruins', nomadic: false, extra: 1 }),
      (st) => st.hazard,
      { roll: 10, id: 'city-ruins', nomadic: false },
    ],
    ['64 pendingEnd entries', (s) => (s.pendingEnd = Array(64).fill('treasure')), (st) => st.pendingEnd.length, 64],
    ['manualDice true', (s) => (s.manualDice = true), (st) => st.manualDice, true],
    [
      'a story, hostile text kept as written',
      (s) =>
        (s.story = {
          title: '<script>x</script>',
          date: null,
          scenario: '[a](javascript:x)',
          result: x(LIMITS.name),
          extra: 1,
        }),
      (st) => st.story,
      { title: '<script>x</script>', date: null, scenario: '[a](javascript:x)', result: x(LIMITS.name) },
    ],
  ])('accepts %s', (_n, edit, got, want) => {
    expect(got(accepted(edit))).toEqual(want);
  });

  it('schemaVersion Number.MAX_SAFE_INTEGER is a whole number, so the file is too new rather than invalid', () => {
    expect(() => load(edited((s) => (s.schemaVersion = Number.MAX_SAFE_INTEGER)))).toThrow(
      /is newer than this badzone understands/,
    );
  });
});

describe('inPlay, objects, conditions, tilePicks', () => {
  checkRefusals([
    ['more than 64 in play', (s) => (s.inPlay = Array(65).fill(s.inPlay[1])), 'inPlay', 'at most 64 entries'],
    ['an inPlay entry that is text', (s) => (s.inPlay[1] = 'x'), 'inPlay[1]', 'expected an object'],
    ['an inPlay eventId past 60', (s) => (s.inPlay[1].eventId = x(61)), 'inPlay[1].eventId', 'at most 60'],
    ['an inPlay eventId empty', (s) => (s.inPlay[1].eventId = ' '), 'inPlay[1].eventId', 'non-empty'],
    [
      'an inPlay sinceRound past READ.round',
      (s) => (s.inPlay[1].sinceRound = READ.round + 1),
      'inPlay[1].sinceRound',
      `from 0 to ${READ.round}`,
    ],
    [
      'an inPlay sinceRound -1',
      (s) => (s.inPlay[1].sinceRound = -1),
      'inPlay[1].sinceRound',
      `from 0 to ${READ.round}`,
    ],
    ['an inPlay roll 0', (s) => (s.inPlay[1].roll = 0), 'inPlay[1].roll', 'from 1 to 64'],
    ['an inPlay tile past 10', (s) => (s.inPlay[0].tile = x(11)), 'inPlay[0].tile', 'at most 10'],
    ['an inPlay tile that is a number', (s) => (s.inPlay[1].tile = 1), 'inPlay[1].tile', 'expected text'],
    ['an inPlay worth -1', (s) => (s.inPlay[1].worth = -1), 'inPlay[1].worth', 'from 0 to 1000000'],
    ['an inPlay worth past 1,000,000', (s) => (s.inPlay[1].worth = 1_000_001), 'inPlay[1].worth', 'from 0 to 1000000'],
    ['scatters that are text', (s) => (s.inPlay[0].scatters = 'x'), 'inPlay[0].scatters', 'expected an array'],
    [
      'a scatter of four numbers',
      (s) => (s.inPlay[0].scatters[1] = [1, 2, 3, 4]),
      'inPlay[0].scatters[1]',
      'at most 3 entries',
    ],
    [
      'a scatter of two numbers',
      (s) => (s.inPlay[0].scatters[1] = [1, 2]),
      'inPlay[0].scatters[1]',
      'expected [round, distance, direction]',
    ],
    [
      'a scatter that is an object',
      (s) => (s.inPlay[0].scatters[1] = {}),
      'inPlay[0].scatters[1]',
      'expected an array',
    ],
    [
      'a scatter round past READ.round',
      (s) => (s.inPlay[0].scatters[1][0] = READ.round + 1),
      'inPlay[0].scatters[1][0]',
      `from 0 to ${READ.round}`,
    ],
    [
      'a scatter round -1',
      (s) => (s.inPlay[0].scatters[1][0] = -1),
      'inPlay[0].scatters[1][0]',
      `from 0 to ${READ.round}`,
    ],
    [
      'a scatter distance past 1,000,000',
      (s) => (s.inPlay[0].scatters[2][1] = 1_000_001),
      'inPlay[0].scatters[2][1]',
      'from 0 to 1000000',
    ],
    [
      'a scatter distance -1',
      (s) => (s.inPlay[0].scatters[2][1] = -1),
      'inPlay[0].scatters[2][1]',
      'from 0 to 1000000',
    ],
    ['a scatter direction 0', (s) => (s.inPlay[0].scatters[0][2] = 0), 'inPlay[0].scatters[0][2]', 'from 1 to 12'],
    ['objects text', (s) => (s.objects = 'casket'), 'objects', 'expected an array'],
    [
      'more than 10,000 objects',
      (s) => (s.objects = Array(10_001).fill(s.objects[0])),
      'objects',
      'at most 10000 entries',
    ],
    ['an object that is null', (s) => s.objects.push(null), 'objects[1]', 'expected an object'],
    ['an object eventId past 60', (s) => (s.objects[0].eventId = x(61)), 'objects[0].eventId', 'at most 60'],
    ['an object what past READ.name', (s) => (s.objects[0].what = x(NAME + 1)), 'objects[0].what', `at most ${NAME}`],
    ['an object what missing', (s) => delete s.objects[0].what, 'objects[0].what', 'found nothing'],
    ['an object tile past 10', (s) => (s.objects[0].tile = x(11)), 'objects[0].tile', 'at most 10'],
    ['an object tile empty', (s) => (s.objects[0].tile = ''), 'objects[0].tile', 'non-empty'],
    [
      'an object sinceRound past READ.round',
      (s) => (s.objects[0].sinceRound = READ.round + 1),
      'objects[0].sinceRound',
      `from 0 to ${READ.round}`,
    ],
    ['an object worth that is a number', (s) => (s.objects[0].worth = 60), 'objects[0].worth', 'expected an object'],
    [
      'an object worth past 1,000,000',
      (s) => (s.objects[0].worth.value = 1_000_001),
      'objects[0].worth.value',
      'from 0 to 1000000',
    ],
    ['an object worth -1', (s) => (s.objects[0].worth.value = -1), 'objects[0].worth.value', 'from 0 to 1000000'],
    ['an object worth unit past 40', (s) => (s.objects[0].worth.unit = x(41)), 'objects[0].worth.unit', 'at most 40'],
    ['an object worth unit missing', (s) => delete s.objects[0].worth.unit, 'objects[0].worth.unit', 'found nothing'],
    ['conditions text', (s) => (s.conditions = 'Psyker'), 'conditions', 'expected an array'],
    [
      'more than 100,000 conditions',
      (s) => (s.conditions = Array(100_001).fill(s.conditions[0])),
      'conditions',
      'at most 100000 entries',
    ],
    ['a condition that is text', (s) => (s.conditions[1] = 'Psyker'), 'conditions[1]', 'expected an object'],
    ['a condition name past 60', (s) => (s.conditions[1].condition = x(61)), 'conditions[1].condition', 'at most 60'],
    [
      'a condition gang past READ.name',
      (s) => (s.conditions[1].gang = x(NAME + 1)),
      'conditions[1].gang',
      `at most ${NAME}`,
    ],
    ['a condition fighter empty', (s) => (s.conditions[1].fighter = ''), 'conditions[1].fighter', 'non-empty'],
    [
      'a condition fighter past READ.name',
      (s) => (s.conditions[1].fighter = x(NAME + 1)),
      'conditions[1].fighter',
      `at most ${NAME}`,
    ],
    ['a condition eventId past 60', (s) => (s.conditions[1].eventId = x(61)), 'conditions[1].eventId', 'at most 60'],
    [
      'a condition sinceRound -1',
      (s) => (s.conditions[1].sinceRound = -1),
      'conditions[1].sinceRound',
      `from 0 to ${READ.round}`,
    ],
    [
      'a condition sinceRound past READ.round',
      (s) => (s.conditions[1].sinceRound = READ.round + 1),
      'conditions[1].sinceRound',
      `from 0 to ${READ.round}`,
    ],
    ['tilePicks text', (s) => (s.tilePicks = 'B2'), 'tilePicks', 'expected an array'],
    [
      'more than 10,000 tile picks',
      (s) => (s.tilePicks = Array(10_001).fill(s.tilePicks[0])),
      'tilePicks',
      'at most 10000 entries',
    ],
    ['a tile pick that is a number', (s) => s.tilePicks.push(3), 'tilePicks[1]', 'expected an object'],
    ['a tile pick eventId past 60', (s) => (s.tilePicks[0].eventId = x(61)), 'tilePicks[0].eventId', 'at most 60'],
    [
      'a tile pick what past READ.name',
      (s) => (s.tilePicks[0].what = x(NAME + 1)),
      'tilePicks[0].what',
      `at most ${NAME}`,
    ],
    [
      'a tile pick round past READ.round',
      (s) => (s.tilePicks[0].round = READ.round + 1),
      'tilePicks[0].round',
      `from 0 to ${READ.round}`,
    ],
    ['a tile pick round -1', (s) => (s.tilePicks[0].round = -1), 'tilePicks[0].round', `from 0 to ${READ.round}`],
    ['a tile pick tile past 10', (s) => (s.tilePicks[0].tile = x(11)), 'tilePicks[0].tile', 'at most 10'],
    ['a tile pick tile empty', (s) => (s.tilePicks[0].tile = ''), 'tilePicks[0].tile', 'non-empty'],
    ['a tile pick among a number', (s) => (s.tilePicks[0].among[2] = 2), 'tilePicks[0].among[2]', 'expected text'],
    [
      'a tile pick among past READ.tiles',
      (s) => (s.tilePicks[0].among = Array(READ.tiles + 1).fill('A1')),
      'tilePicks[0].among',
      `at most ${READ.tiles} entries`,
    ],
    [
      'a tile pick among a name past READ.tileName',
      (s) => (s.tilePicks[0].among[0] = x(READ.tileName + 1)),
      'tilePicks[0].among[0]',
      `at most ${READ.tileName}`,
    ],
    [
      'a tile pick removesTile missing',
      (s) => delete s.tilePicks[0].removesTile,
      'tilePicks[0].removesTile',
      'found nothing',
    ],
    [
      'a tile pick correctedFrom empty',
      (s) => (s.tilePicks[0].correctedFrom = ' '),
      'tilePicks[0].correctedFrom',
      'non-empty',
    ],
    [
      'a tile pick correctedFrom past 10',
      (s) => (s.tilePicks[0].correctedFrom = x(11)),
      'tilePicks[0].correctedFrom',
      'at most 10',
    ],
    [
      'a tile pick among a tile the game never had',
      (s) => (s.tilePicks[0].among[1] = 'Z9'),
      'tilePicks[0]',
      '"Z9" is not a tile of this game',
    ],
    [
      'a second tile pick on a tile the game never had',
      (s) => s.tilePicks.push({ ...s.tilePicks[0], tile: 'C3' }),
      'tilePicks[1]',
      '"C3" is not a tile of this game',
    ],
  ]);

  it.each<[string, (s: Json) => void, (st: SessionState) => unknown, unknown]>([
    [
      'an inPlay entry with every optional field at its bounds',
      (s) =>
        (s.inPlay[1] = {
          eventId: 'toxic-downpour',
          sinceRound: READ.round,
          roll: 64,
          tile: x(10),
          worth: 1_000_000,
          scatters: [
            [READ.round, 1_000_000, 12],
            [0, 0, 1],
          ],
          extra: 1,
        }),
      (st) => st.inPlay[1],
      {
        eventId: 'toxic-downpour',
        sinceRound: READ.round,
        roll: 64,
        tile: x(10),
        worth: 1_000_000,
        scatters: [
          [READ.round, 1_000_000, 12],
          [0, 0, 1],
        ],
      },
    ],
    [
      'an inPlay entry with no optional field',
      (s) => (s.inPlay[0] = { eventId: 'pillar-of-flame', sinceRound: 0, roll: 1 }),
      (st) => st.inPlay[0],
      { eventId: 'pillar-of-flame', sinceRound: 0, roll: 1 },
    ],
    [
      'an inPlay tile null, worth 0, no scatters yet',
      (s) => (s.inPlay[1] = { ...s.inPlay[1], tile: null, worth: 0, scatters: [] }),
      (st) => st.inPlay[1],
      { eventId: 'toxic-downpour', sinceRound: 3, roll: 30, tile: null, worth: 0, scatters: [] },
    ],
    [
      '100,001 scatters (past the default bound of a list)',
      (s) => (s.inPlay[0].scatters = Array(100_001).fill([1, 1, 1])),
      (st) => st.inPlay[0]!.scatters!.length,
      100_001,
    ],
    ['10,000 objects', (s) => (s.objects = Array(10_000).fill(s.objects[0])), (st) => st.objects.length, 10_000],
    [
      'an object on no tile, no worth',
      (s) => (s.objects[0] = { eventId: x(60), what: x(NAME), tile: null, sinceRound: READ.round, extra: 1 }),
      (st) => st.objects[0],
      { eventId: x(60), what: x(NAME), tile: null, sinceRound: READ.round },
    ],
    [
      'an object worth 0 and 1,000,000',
      (s) =>
        s.objects.push(
          { ...s.objects[0], tile: x(10), worth: { value: 1_000_000, unit: x(40) } },
          { ...s.objects[0], worth: { value: 0, unit: 'c', extra: 1 } },
        ),
      (st) => st.objects.slice(1).map((o) => [o.tile, o.worth]),
      [
        [x(10), { value: 1_000_000, unit: x(40) }],
        ['B1', { value: 0, unit: 'c' }],
      ],
    ],
    [
      '100,000 conditions',
      (s) => (s.conditions = Array(100_000).fill(s.conditions[0])),
      (st) => st.conditions.length,
      100_000,
    ],
    [
      'a condition with long fields, each lasting',
      (s) =>
        (s.conditions = ['round', 'event', 'game'].map((lasts) => ({
          condition: x(60),
          gang: x(NAME),
          fighter: x(NAME),
          eventId: x(60),
          sinceRound: READ.round,
          lasts,
          extra: 1,
        }))),
      (st) => st.conditions,
      ['round', 'event', 'game'].map((lasts) => ({
        condition: x(60),
        gang: x(NAME),
        fighter: x(NAME),
        eventId: x(60),
        sinceRound: READ.round,
        lasts,
      })),
    ],
    [
      '10,000 tile picks',
      (s) => (s.tilePicks = Array(10_000).fill(s.tilePicks[0])),
      (st) => st.tilePicks.length,
      10_000,
    ],
    [
      'a tile pick with no tile, on a tile since removed, corrected',
      (s) =>
        (s.tilePicks = [
          { ...s.tilePicks[0], tile: null, correctedFrom: 'B2', extra: 1 },
          { ...s.tilePicks[0], correctedFrom: null, confirmed: true, removesTile: false },
        ]),
      (st) => st.tilePicks,
      [
        {
          eventId: 'collapsed-section',
          what: 'collapsed section (impassable terrain)',
          round: 2,
          tile: null,
          among: ['A1', 'A2', 'B1', 'B2'],
          confirmed: false,
          removesTile: true,
          correctedFrom: 'B2',
        },
        {
          eventId: 'collapsed-section',
          what: 'collapsed section (impassable terrain)',
          round: 2,
          tile: 'B2',
          among: ['A1', 'A2', 'B1', 'B2'],
          confirmed: true,
          removesTile: false,
          correctedFrom: null,
        },
      ],
    ],
    [
      'a tile pick with long fields',
      (s) => (s.tilePicks[0] = { ...s.tilePicks[0], eventId: x(60), what: x(NAME), round: READ.round, among: [] }),
      (st) => [
        st.tilePicks[0]!.eventId,
        st.tilePicks[0]!.what,
        st.tilePicks[0]!.round,
        st.tilePicks[0]!.among,
        'correctedFrom' in st.tilePicks[0]!,
      ],
      [x(60), x(NAME), READ.round, [], false],
    ],
  ])('accepts %s', (_n, edit, got, want) => {
    expect(got(accepted(edit))).toEqual(want);
  });

  it('64 in play passes the shape check: the check after it names the first repeat', () => {
    const e = refused((s) => (s.inPlay = Array(64).fill(s.inPlay[1])));
    expect([e.path, e.problem]).toEqual(['inPlay[1].eventId', '"toxic-downpour" is in play twice']);
  });
});

describe('deck', () => {
  checkRefusals(
    [
      ['deck text', (s) => (s.deck = 'cards'), 'deck', 'expected an object'],
      ['a draw pile missing', (s) => delete s.deck.drawPile, 'deck.drawPile', 'found nothing'],
      ['a discard pile missing', (s) => delete s.deck.discardPile, 'deck.discardPile', 'found nothing'],
      ['a card 65', (s) => (s.deck.drawPile[3] = 65), 'deck.drawPile[3]', 'from 1 to 64'],
      ['a discarded card 0', (s) => (s.deck.discardPile = [0]), 'deck.discardPile[0]', 'from 1 to 64'],
      ['a pile of 65 cards', (s) => s.deck.drawPile.push(1), 'deck.drawPile', 'at most 64 entries'],
    ],
    DECK,
  );

  it('accepts the 64 cards in any pile, 64 and 1 included', () => {
    const st = accepted((s) => {
      s.deck = { drawPile: [], discardPile: s.deck.drawPile, extra: 1 };
    }, DECK);
    expect(st.deck).toEqual({ drawPile: [], discardPile: JSON.parse(DECK).deck.drawPile });
    expect([...st.deck!.discardPile].sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
  });
});

describe('validateSession', () => {
  it.each(['dice', 'deck'] as const)('a %s game survives a JSON round trip unchanged', (mode) => {
    const s = playedGame(mode);
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
      load(editedGame((s) => (s.schemaVersion = SCHEMA_VERSION + 1)));
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
    const e = invalid(editedGame(f));
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
    const e = invalid(editedGame(f, 'deck'));
    expect(e.path).toBe(path);
    expect(e.problem).toMatch(problem);
  });

  it('deck mode: each of the 64 cards missing, or also in another pile, is refused naming that card', () => {
    const placed = step(playedGame('deck'), { type: 'place', eventId: 'sludge-jelly' }, book);
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
        editedGame((s) => {
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
    const s = JSON.parse(JSON.stringify(playedGame('dice')));
    const keys = Object.keys(s);
    for (let n = 0; n < keys.length; n++) {
      const partial = Object.fromEntries(keys.slice(0, n).map((k) => [k, s[k]]));
      const e = invalid(partial);
      expect(e.problem).toMatch(/expected|found nothing/);
    }
  });
});

describe('version-3 fields are validated', () => {
  const v3 = (): Json => {
    const { state } = loadWithTables(v2File('dice'));
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
      loadWithTables(s);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(Invalid);
    expect((err as Invalid).path).toBe(path);
  });

  it('a placeholder (null) among entered dice is valid', () => {
    const s = v3();
    s.log[5].action.dice = [null];
    expect(loadWithTables(s).state.log[5]!.action).toEqual({ type: 'round', endDice: [2, 5, 1, 1, 1], dice: [null] });
  });
});

describe('a ChaCha20 game in the file', () => {
  it('round-trips through the file exactly, and verifies', () => {
    const s = played('Schema4Dust', 3);
    const text = serialize(s);
    expect(JSON.parse(text).setup).toMatchObject({ seed: 'Schema4Dust', generator: 'chacha20' });
    const { state, migratedFrom } = loadWithTables(JSON.parse(text));
    expect(migratedFrom).toBeNull();
    // The same content (the hash is of the text, whose keys come in the order the checks build them).
    const { hash: _h, ...again } = JSON.parse(serialize(state));
    const { hash: _h0, ...first } = JSON.parse(text);
    expect(again).toEqual(first);
    expect(verify(state, book)).toMatchObject({ ok: true });
  });

  it('undo replays it from the seed: the dice position goes back, and the step rolls the same again', () => {
    const r = step(played('UndoDust', 2), { type: 'round' }, book);
    if (!r.ok) throw new Error('refused');
    const s = r.state;
    const back = undo(s, book)!;
    expect(back.state.rng.uses).toBeLessThan(s.rng.uses);
    const again = step(back.state, { type: 'round' }, book);
    if (!again.ok) throw new Error('refused');
    expect(again.state.rng).toEqual(s.rng);
    expect(again.record.rolls).toEqual(s.log[s.log.length - 1]!.rolls);
  });

  it('another seed, or the same text as a Twister number, rolls other dice', () => {
    const a = played('12ab', 2).log.flatMap((r) => r.rolls.map((x) => x.value));
    const b = played('12AB', 2).log.flatMap((r) => r.rolls.map((x) => x.value));
    expect(a).not.toEqual(b);
  });
});

describe('the mark and the seed must agree', () => {
  const file = (): Json => JSON.parse(serialize(played('AgreeDust', 1)));
  const twister = (): Json => JSON.parse(serialize(played(77, 1)));
  it.each<[string, () => Json, (s: Json) => void, string, string]>([
    ['the mark missing', file, (s) => delete s.setup.generator, 'setup.generator', 'expected one of'],
    ['another generator', file, (s) => (s.setup.generator = 'aes'), 'setup.generator', 'expected one of'],
    [
      'chacha20 with a number',
      file,
      (s) => ((s.setup.seed = 77), (s.rng.seed = 77)),
      'setup.seed',
      'expected text, found 77',
    ],
    [
      'mt19937 with text',
      twister,
      (s) => ((s.setup.seed = 'Dust'), (s.rng.seed = 'Dust')),
      'setup.seed',
      'expected a whole number',
    ],
    [
      'chacha20 with digits alone',
      file,
      (s) => ((s.setup.seed = '77'), (s.rng.seed = '77')),
      'setup.seed',
      'expected a ChaCha20 seed: letters and digits, not a whole number',
    ],
    [
      'chacha20 with a sign',
      file,
      (s) => ((s.setup.seed = 'a-b'), (s.rng.seed = 'a-b')),
      'setup.seed',
      'expected a ChaCha20 seed',
    ],
    [
      'a seed past 64 characters',
      file,
      (s) => ((s.setup.seed = 'x'.repeat(65)), (s.rng.seed = 'x'.repeat(65))),
      'setup.seed',
      'at most 64',
    ],
    ["rng.seed not the game's", file, (s) => (s.rng.seed = 'OtherDust'), 'rng.seed', "is not the game's seed"],
    ['rng.seed of the other type', file, (s) => (s.rng.seed = 5), 'rng.seed', 'expected text, found 5'],
  ])('%s is refused', (_what, make, edit, path, says) => {
    const raw = make();
    edit(raw);
    let e: unknown;
    try {
      loadWithTables(raw);
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(Invalid);
    expect((e as Invalid).path).toBe(path);
    expect((e as Invalid).problem).toContain(says);
  });
});

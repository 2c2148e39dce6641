// validateSession (src/engine/schema.ts): the log and the redo list. Every action type's fields, in a log entry and
// in a redo entry (the same check, a different path); each roll field; each record field; the redo order. The log's
// fast check (isPlainRecord / isPlainRoll, there for the start-up of long games) must give what the full check gives:
// an entry differing only in what sends it to the full check (another key, a d66 roll, entered dice) is accepted the
// same, and a bad value is refused naming the same field, whichever path it takes.

import { describe, expect, it } from 'vitest';
import { createGame, defaultSetup, step, type Action, type SessionState } from '../../../src/engine/index.js';
import { Invalid } from '../../../src/rules/check.js';
import { READ } from '../../../src/rules/limits.js';
import { book } from '../arbitraries.js';
import { BASE, NAME, accepted, load, refused, x, type Json } from './kit.js';

/** A game whose log holds plain rounds and ends (the fast path) and entries the full check handles. */
function game(): SessionState {
  let s = createGame(
    defaultSetup(77, { mode: 'deck', gangs: [{ name: 'G', battlefield: ['a', 'b'], reserve: ['c'] }] }),
    book,
  );
  const actions: Action[] = [
    { type: 'round' },
    { type: 'end' },
    { type: 'round', dice: [5] },
    { type: 'place', eventId: 'treasure' },
    { type: 'end', dice: [1, 1] },
    { type: 'round' },
    { type: 'round' },
    { type: 'end' },
  ];
  for (const a of actions) {
    const r = step(s, a, book, {});
    if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
    s = r.state;
  }
  return s;
}

function refusal(f: (s: Json) => void): Invalid {
  const s = JSON.parse(JSON.stringify(game()));
  f(s);
  try {
    load(s);
  } catch (e) {
    if (e instanceof Invalid) return e;
    throw e;
  }
  throw new Error('expected the session to be refused');
}

/** Where an action can be stored: a log entry, or the redo list (the step undone last: seq 10). */
const PLACES = {
  log: {
    path: 'log[6].action',
    put: (s: Json, a: unknown) => (s.log[6].action = a),
    get: (st: SessionState) => st.log[6]!.action,
  },
  redo: {
    path: 'redo[0].action',
    put: (s: Json, a: unknown) => (s.redo = [{ seq: 10, round: 4, action: a, rolls: 0, uses: 24 }]),
    get: (st: SessionState) => st.redo[0]!.action,
  },
} as const;

describe('the session log check', () => {
  it('loads a saved log unchanged, entered dice and cards included', () => {
    const s = game();
    expect(s.log.some((r) => r.rolls.some((x) => x.entered))).toBe(true);
    expect(s.log.some((r) => r.rolls.some((x) => x.card))).toBe(true);
    expect(load(JSON.parse(JSON.stringify(s))).state.log).toEqual(s.log);
  });

  it('drops unknown keys of a record, an action and a roll, as the full check does', () => {
    const s = JSON.parse(JSON.stringify(game()));
    s.log[1].comment = 'mine';
    s.log[2].action.note = 'x';
    s.log[1].rolls[0].colour = 'red';
    s.log[2].notes = ['a line of words']; // schema 1 stored these; in a version-2 file they are an unknown key
    const log = load(s).state.log;
    expect(Object.keys(log[1]!).sort()).toEqual(['action', 'rolls', 'round', 'seq']);
    expect(Object.keys(log[2]!).sort()).toEqual(['action', 'rolls', 'round', 'seq']);
    expect(log[2]!.action).toEqual({ type: 'end' });
    expect(Object.keys(log[1]!.rolls[0]!).sort()).toEqual(['card', 'die', 'for', 'value']); // the first draw of a deck game
    expect(log[1]!.rolls[0]!.value).toBe(game().log[1]!.rolls[0]!.value);
  });

  const cases: [string, (s: Json) => void, string][] = [
    ['a roll above its die', (s) => (s.log[1].rolls[0].value = 65), 'log[1].rolls[0].value'],
    ['a roll of 0', (s) => (s.log[6].rolls[1].value = 0), 'log[6].rolls[1].value'],
    ['a die of one side', (s) => (s.log[1].rolls[0].die = 1), 'log[1].rolls[0].die'],
    ['a fractional roll', (s) => (s.log[1].rolls[0].value = 2.5), 'log[1].rolls[0].value'],
    ['entered: false', (s) => (s.log[1].rolls[0].entered = false), 'log[1].rolls[0].entered'],
    ['a roll that is not an object', (s) => (s.log[1].rolls[0] = 7), 'log[1].rolls[0]'],
    ['a purpose too long', (s) => (s.log[1].rolls[0].for = 'x'.repeat(READ.rollPurpose + 1)), 'log[1].rolls[0].for'],
    ['a purpose that is a number', (s) => (s.log[1].rolls[0].for = 3), 'log[1].rolls[0].for'],
    ['a roll without a purpose', (s) => delete s.log[2].rolls[0].for, 'log[2].rolls[0].for'],
    ['a fractional seq', (s) => (s.log[2].seq = 1.5), 'log[2].seq'],
    ['a record without rolls', (s) => delete s.log[2].rolls, 'log[2].rolls'],
    ['a negative round', (s) => (s.log[1].round = -1), 'log[1].round'],
    ['an unknown action', (s) => (s.log[1].action.type = 'dance'), 'log[1].action.type'],
    ['a record that is an array', (s) => (s.log[1] = []), 'log[1]'],
    ['rolls that are not a list', (s) => (s.log[1].rolls = {}), 'log[1].rolls'],
  ];
  for (const [what, edit, path] of cases) {
    it(`refuses ${what}, naming ${path}`, () => {
      expect(refusal(edit).path).toBe(path);
    });
  }

  it('refuses a forbidden key in a roll', () => {
    const e = refusal((s) => {
      const raw = JSON.parse(`{"__proto__": 1, "die": 6, "value": 2, "for": "x"}`);
      s.log[1].rolls[0] = raw;
    });
    expect(e.path).toBe('log[1].rolls[0].__proto__');
  });
});

describe.each(['log', 'redo'] as const)('an action in the %s', (where) => {
  const place = PLACES[where];

  it.each<[string, Json, Action]>([
    ['a plain round', { type: 'round' }, { type: 'round' }],
    [
      'a round with every field',
      { type: 'round', occupied: ['A1', x(READ.tileName)], dice: [1, null, 1000], endDice: [null, 6], extra: 1 },
      { type: 'round', occupied: ['A1', x(READ.tileName)], dice: [1, null, 1000], endDice: [null, 6] },
    ],
    [
      'a round with empty lists',
      { type: 'round', occupied: [], dice: [], endDice: [] },
      { type: 'round', occupied: [], dice: [], endDice: [] },
    ],
    [
      'a round with READ.occupied tiles and READ.enteredDice dice',
      { type: 'round', occupied: Array(READ.occupied).fill('A1'), dice: Array(READ.enteredDice).fill(6) },
      { type: 'round', occupied: Array(READ.occupied).fill('A1'), dice: Array(READ.enteredDice).fill(6) },
    ],
    ['an end', { type: 'end', occupied: ['A1'], endDice: [1] }, { type: 'end' }],
    ['an end with dice', { type: 'end', dice: [1000, null] }, { type: 'end', dice: [1000, null] }],
    ['a discard', { type: 'discard', eventId: x(60), dice: [1] }, { type: 'discard', eventId: x(60) }],
    ['a place', { type: 'place', eventId: 'treasure', level: 'dark' }, { type: 'place', eventId: 'treasure' }],
    [
      'a place with dice',
      { type: 'place', eventId: x(60), dice: [null, 1] },
      { type: 'place', eventId: x(60), dice: [null, 1] },
    ],
    ['a visibility change', { type: 'visibility', level: x(60), eventId: 'x' }, { type: 'visibility', level: x(60) }],
    [
      'a fighter move with a gang',
      { type: 'fighter', name: x(NAME), to: 'reserve', gang: x(NAME) },
      { type: 'fighter', name: x(NAME), to: 'reserve', gang: x(NAME) },
    ],
    [
      'a fighter move to the battlefield',
      { type: 'fighter', name: 'Krag', to: 'battlefield', dice: [1] },
      { type: 'fighter', name: 'Krag', to: 'battlefield' },
    ],
    ['a fighter move out', { type: 'fighter', name: 'Krag', to: 'out' }, { type: 'fighter', name: 'Krag', to: 'out' }],
    [
      'a rename of a fighter of a gang',
      { type: 'rename', fighter: x(NAME), gang: 'Goliaths', to: x(NAME) },
      { type: 'rename', fighter: x(NAME), gang: 'Goliaths', to: x(NAME) },
    ],
    [
      'a rename of a gang',
      { type: 'rename', gang: 'Goliaths', to: 'Reds' },
      { type: 'rename', gang: 'Goliaths', to: 'Reds' },
    ],
    [
      'a rename of a fighter',
      { type: 'rename', fighter: 'Krag', to: 'Karg', name: 'x' },
      { type: 'rename', fighter: 'Krag', to: 'Karg' },
    ],
    [
      'a collapse onto a tile, with dice',
      { type: 'collapse', tile: x(10), dice: [4, null] },
      { type: 'collapse', tile: x(10), dice: [4, null] },
    ],
    [
      'a collapse of occupied tiles',
      { type: 'collapse', occupied: ['A1', x(READ.tileName)], endDice: [1] },
      { type: 'collapse', occupied: ['A1', x(READ.tileName)] },
    ],
    ['a collapse of no occupied tile', { type: 'collapse', occupied: [] }, { type: 'collapse', occupied: [] }],
  ])('keeps %s', (_n, action, want) => {
    const st = accepted((s) => place.put(s, action));
    expect(place.get(st)).toEqual(want);
    expect(Object.keys(place.get(st)).sort()).toEqual(Object.keys(want).sort());
  });

  it.each<[string, Json, string, string]>([
    ['an action that is text', 'round', '', 'expected an object'],
    ['an action without a type', { dice: [1] }, '.type', 'found nothing'],
    ['occupied that is text', { type: 'round', occupied: 'A1' }, '.occupied', 'expected an array'],
    ['an occupied tile that is a number', { type: 'round', occupied: ['A1', 3] }, '.occupied[1]', 'expected text'],
    [
      'an occupied tile past READ.tileName',
      { type: 'round', occupied: [x(READ.tileName + 1)] },
      '.occupied[0]',
      `at most ${READ.tileName}`,
    ],
    [
      'more occupied tiles than READ.occupied',
      { type: 'round', occupied: Array(READ.occupied + 1).fill('A1') },
      '.occupied',
      `at most ${READ.occupied} entries`,
    ],
    ['a round die 0', { type: 'round', dice: [0] }, '.dice[0]', 'from 1 to 1000'],
    ['a round die 1001', { type: 'round', dice: [1, 1001] }, '.dice[1]', 'from 1 to 1000'],
    ['a round die 1.5', { type: 'round', dice: [1.5] }, '.dice[0]', 'expected a whole number'],
    ['round dice that are text', { type: 'round', dice: '1 2' }, '.dice', 'expected an array'],
    [
      'more round dice than READ.enteredDice',
      { type: 'round', dice: Array(READ.enteredDice + 1).fill(1) },
      '.dice',
      `at most ${READ.enteredDice} entries`,
    ],
    ['an End Phase die 0', { type: 'round', endDice: [null, 0] }, '.endDice[1]', 'from 1 to 1000'],
    ['End Phase dice that are a number', { type: 'round', dice: [1], endDice: 1 }, '.endDice', 'expected an array'],
    ['an end die 1001', { type: 'end', dice: [7, 1001] }, '.dice[1]', 'from 1 to 1000'],
    ['a discard without an event', { type: 'discard' }, '.eventId', 'found nothing'],
    ['a discard eventId past 60', { type: 'discard', eventId: x(61) }, '.eventId', 'at most 60'],
    ['a discard eventId of spaces', { type: 'discard', eventId: '  ' }, '.eventId', 'non-empty'],
    ['a place eventId past 60', { type: 'place', eventId: x(61) }, '.eventId', 'at most 60'],
    ['a place die 0', { type: 'place', eventId: 'treasure', dice: [0] }, '.dice[0]', 'from 1 to 1000'],
    ['a visibility change without a level', { type: 'visibility' }, '.level', 'found nothing'],
    ['a visibility level past 60', { type: 'visibility', level: x(61) }, '.level', 'at most 60'],
    ['a fighter move without a name', { type: 'fighter', to: 'out' }, '.name', 'found nothing'],
    ['a fighter name past READ.name', { type: 'fighter', name: x(NAME + 1), to: 'out' }, '.name', `at most ${NAME}`],
    [
      'a fighter move to the bench',
      { type: 'fighter', name: 'Krag', to: 'bench' },
      '.to',
      '"battlefield", "reserve", "out"',
    ],
    ['a fighter move with an empty gang', { type: 'fighter', name: 'Krag', to: 'out', gang: '' }, '.gang', 'non-empty'],
    [
      'a fighter move with a gang past READ.name',
      { type: 'fighter', name: 'Krag', to: 'out', gang: x(NAME + 1) },
      '.gang',
      `at most ${NAME}`,
    ],
    ['a rename to nothing', { type: 'rename', gang: 'Goliaths' }, '.to', 'found nothing'],
    [
      'a rename to a name past READ.name',
      { type: 'rename', gang: 'Goliaths', to: x(NAME + 1) },
      '.to',
      `at most ${NAME}`,
    ],
    ['a rename of an empty fighter', { type: 'rename', fighter: ' ', to: 'X' }, '.fighter', 'non-empty'],
    [
      'a rename of a fighter past READ.name',
      { type: 'rename', fighter: x(NAME + 1), to: 'X' },
      '.fighter',
      `at most ${NAME}`,
    ],
    ['a rename of a gang that is a number', { type: 'rename', gang: 5, to: 'X' }, '.gang', 'expected text'],
    [
      'a rename of a gang past READ.name',
      { type: 'rename', fighter: 'Krag', gang: x(NAME + 1), to: 'X' },
      '.gang',
      `at most ${NAME}`,
    ],
    ['a rename of nobody', { type: 'rename', to: 'X' }, '', 'a rename names a fighter or a gang'],
    ['a collapse tile past 10', { type: 'collapse', tile: x(11) }, '.tile', 'at most 10'],
    ['a collapse tile empty', { type: 'collapse', tile: '' }, '.tile', 'non-empty'],
    [
      'a collapse with a tile and occupied tiles',
      { type: 'collapse', tile: 'A1', occupied: ['A2'] },
      '',
      'a collapse correction names a tile or the occupied tiles',
    ],
    [
      'a collapse with neither',
      { type: 'collapse', dice: [1] },
      '',
      'a collapse correction names a tile or the occupied tiles',
    ],
    ['a collapse occupied tile that is a number', { type: 'collapse', occupied: [3] }, '.occupied[0]', 'expected text'],
    [
      'a collapse occupied tile past READ.tileName',
      { type: 'collapse', occupied: [x(READ.tileName + 1)] },
      '.occupied[0]',
      `at most ${READ.tileName}`,
    ],
    ['a collapse die 0', { type: 'collapse', tile: 'A1', dice: [0] }, '.dice[0]', 'from 1 to 1000'],
  ])('refuses %s', (_n, action, suffix, problem) => {
    const e = refused((s) => place.put(s, action));
    expect(e.path).toBe(`${place.path}${suffix}`);
    expect(e.problem).toContain(problem);
  });
});

describe('the log', () => {
  it('keeps a "new" action after the first entry as just its type', () => {
    expect(accepted((s) => (s.log[6].action = { type: 'new', to: 'x' })).log[6]!.action).toEqual({ type: 'new' });
  });

  it('refuses a log whose first entry is not the setup', () => {
    const e = refused((s) => (s.log[0].action = { type: 'round' }));
    expect([e.path, e.problem]).toEqual(['log[0]', 'a session log starts with the game\'s setup (action "new")']);
  });

  it('refuses more entries than READ.logEntries, and accepts READ.logEntries', () => {
    const fill = (s: Json, n: number) => {
      for (let i = s.log.length; i < n; i++) s.log.push({ seq: i, round: 4, action: { type: 'round' }, rolls: [] });
    };
    expect(accepted((s) => fill(s, READ.logEntries)).log.length).toBe(READ.logEntries);
    const e = refused((s) => fill(s, READ.logEntries + 1));
    expect([e.path, e.problem]).toEqual([
      'log',
      `expected at most ${READ.logEntries} entries, found ${READ.logEntries + 1}`,
    ]);
  });

  // The same edit to a record the fast check takes (log[8], a plain round) and to one it leaves to the full check
  // (log[5], entered dice): the same path.
  const RECORDS = [
    ['a plain record', 8],
    ['a record with entered dice', 5],
  ] as const;

  describe.each(RECORDS)('%s', (_what, i) => {
    it.each<[string, (r: Json) => void, string, string]>([
      ['seq -1', (r) => (r.seq = -1), 'seq', `from 0 to ${READ.round}`],
      ['seq past READ.round', (r) => (r.seq = READ.round + 1), 'seq', `from 0 to ${READ.round}`],
      ['seq as text', (r) => (r.seq = String(i)), 'seq', 'expected a whole number'],
      ['round -1', (r) => (r.round = -1), 'round', `from 0 to ${READ.round}`],
      ['round past READ.round', (r) => (r.round = READ.round + 1), 'round', `from 0 to ${READ.round}`],
      ['seq fractional', (r) => (r.seq = i + 0.5), 'seq', 'expected a whole number'],
      ['round fractional', (r) => (r.round = 2.5), 'round', 'expected a whole number'],
      ['round missing', (r) => delete r.round, 'round', 'found nothing'],
      ['an action that is null', (r) => (r.action = null), 'action', 'expected an object, found null'],
      ['an action that is a list', (r) => (r.action = ['round']), 'action', 'expected an object, found an array'],
      [
        'rolls past READ.rollsPerStep',
        (r) => (r.rolls = Array(READ.rollsPerStep + 1).fill(r.rolls[0])),
        'rolls',
        `at most ${READ.rollsPerStep} entries`,
      ],
      ['a roll that is null', (r) => (r.rolls[0] = null), 'rolls[0]', 'expected an object, found null'],
      ['a roll that is a list', (r) => (r.rolls[0] = [6, 1]), 'rolls[0]', 'expected an object, found an array'],
      ['a roll without a die', (r) => delete r.rolls[0].die, 'rolls[0].die', 'found nothing'],
      [
        'a die of 1001 sides',
        (r) => (r.rolls[0] = { die: 1001, value: 1, for: 'x' }),
        'rolls[0].die',
        'from 2 to 1000',
      ],
      ['a die of 1 side', (r) => (r.rolls[0] = { die: 1, value: 1, for: 'x' }), 'rolls[0].die', 'from 2 to 1000'],
      [
        'a die of 6.5 sides',
        (r) => (r.rolls[0] = { die: 6.5, value: 1, for: 'x' }),
        'rolls[0].die',
        'expected a whole number',
      ],
      [
        'a value of 2.5',
        (r) => (r.rolls[0] = { die: 6, value: 2.5, for: 'x' }),
        'rolls[0].value',
        'expected a whole number',
      ],
      [
        'a die as text',
        (r) => (r.rolls[0] = { die: '6', value: 1, for: 'x' }),
        'rolls[0].die',
        'expected a whole number',
      ],
      ['a value 0', (r) => (r.rolls[0] = { die: 6, value: 0, for: 'x' }), 'rolls[0].value', 'from 1 to 6'],
      ['a value past the die', (r) => (r.rolls[0] = { die: 6, value: 7, for: 'x' }), 'rolls[0].value', 'from 1 to 6'],
      [
        'a value as text',
        (r) => (r.rolls[0] = { die: 6, value: '3', for: 'x' }),
        'rolls[0].value',
        'expected a whole number',
      ],
      ['a value missing', (r) => (r.rolls[0] = { die: 6, for: 'x' }), 'rolls[0].value', 'found nothing'],
      [
        'a purpose past READ.rollPurpose',
        (r) => (r.rolls[0] = { die: 6, value: 1, for: x(READ.rollPurpose + 1) }),
        'rolls[0].for',
        `at most ${READ.rollPurpose}`,
      ],
      [
        'a purpose that is a number',
        (r) => (r.rolls[0] = { die: 6, value: 1, for: 6 }),
        'rolls[0].for',
        'expected text',
      ],
      [
        'entered "yes"',
        (r) => (r.rolls[0] = { die: 6, value: 1, for: 'x', entered: 'yes' }),
        'rolls[0].entered',
        'expected true or absent',
      ],
      [
        'card false',
        (r) => (r.rolls[0] = { die: 6, value: 1, for: 'x', card: false }),
        'rolls[0].card',
        'expected true or absent',
      ],
      [
        'card 1',
        (r) => (r.rolls[0] = { die: 64, value: 1, for: 'x', card: 1 }),
        'rolls[0].card',
        'expected true or absent',
      ],
      [
        'd66 false',
        (r) => (r.rolls[0] = { die: 66, value: 11, for: 'x', d66: false }),
        'rolls[0].d66',
        'expected true or absent',
      ],
      [
        'a d66 roll of 17',
        (r) => (r.rolls[0] = { die: 66, value: 17, for: 'x', d66: true }),
        'rolls[0].value',
        '17 is not a D66 result (two digits, each 1-6)',
      ],
      [
        'a d66 roll of 10',
        (r) => (r.rolls[0] = { die: 66, value: 10, for: 'x', d66: true }),
        'rolls[0].value',
        '10 is not a D66 result',
      ],
      [
        'a d66 roll of 61 on a D64',
        (r) => (r.rolls[0] = { die: 64, value: 61, for: 'x', d66: true }),
        'rolls[0].value',
        '61 is not a D66 result',
      ],
    ])('refuses %s', (_n, edit, field, problem) => {
      const e = refused((s) => edit(s.log[i]));
      expect(e.path).toBe(`log[${i}].${field}`);
      expect(e.problem).toContain(problem);
    });

    it.each<[string, Json]>([
      ['a D2', { die: 2, value: 2, for: '' }],
      ['a D1000 at 1000', { die: 1000, value: 1000, for: 'x' }],
      ['an entered card', { die: 64, value: 64, for: x(READ.rollPurpose), entered: true, card: true }],
      ['a D66 of 11', { die: 66, value: 11, for: 'x', d66: true }],
      ['a D66 of 66', { die: 66, value: 66, for: 'x', d66: true, entered: true }],
      ['a 66-sided die (a version-2 D66) of 60', { die: 66, value: 60, for: 'x' }],
    ])('keeps %s as it is, and with another key dropped', (_n, roll) => {
      const plain = accepted((s) => (s.log[i].rolls[1] = roll)).log[i]!.rolls[1];
      expect(plain).toEqual(roll);
      expect(Object.keys(plain!).sort()).toEqual(Object.keys(roll).sort());
      const other = accepted((s) => (s.log[i].rolls[1] = { ...roll, note: 'mine' })).log[i]!.rolls[1];
      expect(other).toEqual(roll);
      expect(Object.keys(other!).sort()).toEqual(Object.keys(roll).sort());
    });

    it('keeps READ.rollsPerStep rolls', () => {
      expect(
        accepted((s) => (s.log[i].rolls = Array(READ.rollsPerStep).fill(s.log[i].rolls[0]))).log[i]!.rolls.length,
      ).toBe(READ.rollsPerStep);
    });

    it('keeps seq, round READ.round, the action and the rolls, dropping another key of the record or the action', () => {
      const want = JSON.parse(BASE).log[i];
      const st = accepted((s) => {
        s.log[i].round = READ.round;
        s.log[i].comment = 'mine';
        s.log[i].action.note = 'x';
      });
      expect(st.log[i]).toEqual({ ...want, round: READ.round });
      expect(Object.keys(st.log[i]!).sort()).toEqual(['action', 'rolls', 'round', 'seq']);
      expect(Object.keys(st.log[i]!.action).sort()).toEqual(Object.keys(want.action).sort());
    });
  });

  it.each<[string, (s: Json) => void, string]>([
    ['a record that is null', (s) => (s.log[8] = null), 'expected an object, found null'],
    ['a record that is a list', (s) => (s.log[8] = [8, 3]), 'expected an object, found an array'],
  ])('refuses %s, naming it', (_n, edit, problem) => {
    const e = refused(edit);
    expect([e.path, e.problem]).toEqual(['log[8]', problem]);
  });

  it('a plain record whose seq is out of order is refused for its order, the same as a full one', () => {
    for (const i of [8, 5]) {
      const e = refused((s) => (s.log[i].seq = i + 1));
      expect([e.path, e.problem]).toEqual([`log[${i}].seq`, `expected ${i}, found ${i + 1}`]);
    }
  });
});

describe('the redo list', () => {
  const entry = (seq: number, over: Json = {}): Json => ({
    seq,
    round: 4,
    action: { type: 'round' },
    rolls: 3,
    uses: 30,
    ...over,
  });

  it('keeps each field, the step undone last first', () => {
    const st = accepted(
      (s) =>
        (s.redo = [
          entry(11, { rolls: READ.rollsPerStep, uses: READ.rngUses, round: READ.round, extra: 1 }),
          entry(10, { rolls: 0, uses: 0, round: 0 }),
        ]),
    );
    expect(st.redo).toEqual([
      { seq: 11, round: READ.round, action: { type: 'round' }, rolls: READ.rollsPerStep, uses: READ.rngUses },
      { seq: 10, round: 0, action: { type: 'round' }, rolls: 0, uses: 0 },
    ]);
  });

  it('accepts READ.logEntries entries and refuses one more', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => entry(10 + n - 1 - i));
    expect(accepted((s) => (s.redo = list(READ.logEntries))).redo.length).toBe(READ.logEntries);
    const e = refused((s) => (s.redo = list(READ.logEntries + 1)));
    expect([e.path, e.problem]).toEqual([
      'redo',
      `expected at most ${READ.logEntries} entries, found ${READ.logEntries + 1}`,
    ]);
  });

  it.each<[string, Json[], string, string]>([
    ['an entry that is text', ['round'], 'redo[0]', 'expected an object, found the text "round"'],
    ['an entry without a seq', [entry(11), { ...entry(10), seq: undefined }], 'redo[1].seq', 'found nothing'],
    ['a seq past READ.round', [entry(READ.round + 1)], 'redo[0].seq', `from 0 to ${READ.round}`],
    ['a round -1', [entry(10, { round: -1 })], 'redo[0].round', `from 0 to ${READ.round}`],
    ['a round past READ.round', [entry(10, { round: READ.round + 1 })], 'redo[0].round', `from 0 to ${READ.round}`],
    ['rolls -1', [entry(10, { rolls: -1 })], 'redo[0].rolls', `from 0 to ${READ.rollsPerStep}`],
    [
      'rolls past READ.rollsPerStep',
      [entry(10, { rolls: READ.rollsPerStep + 1 })],
      'redo[0].rolls',
      `from 0 to ${READ.rollsPerStep}`,
    ],
    ['rolls as a list', [entry(10, { rolls: [] })], 'redo[0].rolls', 'expected a whole number'],
    ['uses -1', [entry(10, { uses: -1 })], 'redo[0].uses', `from 0 to ${READ.rngUses}`],
    ['uses past READ.rngUses', [entry(10, { uses: READ.rngUses + 1 })], 'redo[0].uses', `from 0 to ${READ.rngUses}`],
    ['uses missing', [entry(10, { uses: undefined })], 'redo[0].uses', 'found nothing'],
    ['a seq not the next entry of the log', [entry(11)], 'redo[0].seq', 'expected 10, found 11'],
    ['the second entry out of order', [entry(11), entry(11)], 'redo[1].seq', 'expected 10, found 11'],
    ['the first entry out of order', [entry(10), entry(11)], 'redo[0].seq', 'expected 11, found 10'],
    [
      'the setup redone',
      [entry(11), entry(10, { action: { type: 'new' } })],
      'redo[1].action.type',
      "a game's setup cannot be redone",
    ],
  ])('refuses %s', (_n, redo, path, problem) => {
    const e = refused((s) => (s.redo = redo));
    expect(e.path).toBe(path);
    expect(e.problem).toContain(problem);
  });
});

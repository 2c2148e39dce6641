// The session log's fast check (src/engine/schema.ts, isPlainRecord / isPlainRoll, there for the start-up of
// long games): it must accept exactly what the full check accepts, give the same log, and leave every refusal
// to the full check, which names the field at fault.
import { describe, expect, it } from 'vitest';
import { createGame, defaultSetup, step, type Action, type SessionState } from '../../src/engine/index.js';
import { validateSession } from '../../src/engine/schema.js';
import { Invalid } from '../../src/rules/check.js';
import { shippedBook } from '../../src/store/tables.js';
import { READ } from '../../src/rules/limits.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const book = shippedBook();

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

const load = (v: unknown) => validateSession(v, () => book);

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

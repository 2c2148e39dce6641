// verify (src/engine/verify.ts): the log replayed from the seed and setup; for each way a session file can be
// tampered with, the log entry named (its seq, action and round, the roll, both sides' values) or the state field
// with the path to the first value that differs; an untouched game passes and counts its dice.

import { describe, expect, it } from 'vitest';
import {
  createGame,
  defaultSetup,
  replay,
  step,
  verify,
  type Action,
  type SessionState,
} from '../../src/engine/index.js';
import { compileBook } from '../../src/rules/book.js';
import { shippedTables } from '../../src/store/tables.js';
import { book } from './arbitraries.js';

import { LONG_ACTIONS, LONG_SETUP, SHORT_ACTIONS, SHORT_SETUP, pastLimit, playAll, statesOf } from './played.js';

const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

const good = playAll(SHORT_SETUP, SHORT_ACTIONS);

const edit = (f: (s: SessionState) => void): SessionState => {
  const s = structuredClone(good);
  f(s);
  return s;
};

const ROLLS = good.log.reduce((n, r) => n + r.rolls.length, 0);

describe('the fixture game', () => {
  it('has what the tampering below relies on', () => {
    expect(good.log.map((r) => [r.seq, r.round, r.action.type, r.rolls.length])).toEqual([
      [0, 0, 'new', 1],
      [1, 1, 'round', 2],
      [2, 1, 'end', 0],
      [3, 2, 'round', 2],
      [4, 2, 'visibility', 0],
      [5, 3, 'round', 2],
    ]);
    expect(good.log[3]!.rolls[0]).toMatchObject({ die: 64, entered: true });
    expect(good.log[1]!.rolls.some((r) => r.entered || r.card || r.d66)).toBe(false);
    expect(good.visibility).toEqual({ level: 'dark', sinceRound: 2, source: 'gm' });
    expect(good.hazard).not.toBeNull();
    expect(JSON.stringify(good.gangs).length).toBeGreaterThan(120);
    expect(verify(good, book)).toEqual({
      ok: true,
      entries: 6,
      rolls: ROLLS,
      fromSeed: ROLLS - 1,
      entered: 1,
      problem: null,
      seq: null,
    });
  });
});

describe('verify: the log', () => {
  const rollAt = (seq: number, i: number) => good.log[seq]!.rolls[i]!;

  it('an empty log: entry 0 is missing', () => {
    const v = verify(
      edit((s) => (s.log = [])),
      book,
    );
    expect(v).toMatchObject({ ok: false, entries: 0, rolls: 0, seq: 0 });
    expect(v.problem).toMatch(/^log entry 0 is missing/);
  });

  it('a roll whose die, purpose, entered flag, card flag or D66 flag was changed is named with both sides', () => {
    const r = rollAt(1, 1);
    const head = `log entry 1 (round, round 1), roll 2: ${r.for}: the seed gives ${r.value}, but the file has ${r.value}`;
    const cases: [string, (x: typeof r) => void, string][] = [
      ['die', (x) => (x.die = 6), head],
      ['for', (x) => (x.for = 'Something else'), `${head} for "Something else"`],
      [
        'entered',
        (x) => (x.entered = true),
        `log entry 1 (round, round 1), roll 2: the file marks ${r.for} (${r.value}) as entered by hand, but the command entered no die for it: the seed gives it`,
      ],
      ['card', (x) => (x.card = true), head],
      ['d66', (x) => (x.d66 = true), head],
    ];
    for (const [what, change, problem] of cases) {
      const v = verify(
        edit((s) => change(s.log[1]!.rolls[1]!)),
        book,
      );
      const entered = what === 'entered' ? 2 : 1;
      expect(v, what).toEqual({
        ok: false,
        entries: 6,
        rolls: ROLLS,
        fromSeed: ROLLS - entered,
        entered,
        problem,
        seq: 1,
      });
    }
    // An entered die marked as rolled by badzone is found too.
    const e = verify(
      edit((s) => delete s.log[3]!.rolls[0]!.entered),
      book,
    );
    expect(e).toMatchObject({ ok: false, seq: 3, fromSeed: ROLLS, entered: 0 });
    expect(e.problem).toBe(
      `log entry 3 (round, round 2), roll 1: the file marks ${rollAt(3, 0).for} (57) as rolled, but the command entered it by hand`,
    );
  });

  it('an entered mark changed with the value, the die or the purpose: both sides, and which side says entered', () => {
    const r = rollAt(1, 1);
    const at = 'log entry 1 (round, round 1), roll 2';
    const cases: [string, (x: typeof r) => void, string][] = [
      ['value', (x) => (x.value = r.value === 1 ? 2 : 1), `the file has ${r.value === 1 ? 2 : 1}, entered by hand`],
      ['die', (x) => (x.die = 6), `the file has ${r.value}, entered by hand`],
      ['for', (x) => (x.for = 'Something else'), `the file has ${r.value} for "Something else", entered by hand`],
    ];
    for (const [what, change, was] of cases) {
      const v = verify(
        edit((s) => {
          s.log[1]!.rolls[1]!.entered = true;
          change(s.log[1]!.rolls[1]!);
        }),
        book,
      );
      expect(v.problem, what).toBe(`${at}: ${r.for}: the seed gives ${r.value}, but ${was}`);
    }
    // The die the command entered (57), marked rolled and changed in the file.
    const e = verify(
      edit((s) => {
        delete s.log[3]!.rolls[0]!.entered;
        s.log[3]!.rolls[0]!.value = 58;
      }),
      book,
    );
    expect(e.problem).toBe(
      `log entry 3 (round, round 2), roll 1: ${rollAt(3, 0).for}: the command entered 57, but the file has 58, rolled`,
    );
  });

  it('a roll added at the end of an entry: no such roll follows from the seed', () => {
    const v = verify(
      edit((s) => s.log[5]!.rolls.push({ die: 6, value: 4, for: 'Extra: D6' })),
      book,
    );
    expect(v).toEqual({
      ok: false,
      entries: 6,
      rolls: ROLLS + 1,
      fromSeed: ROLLS,
      entered: 1,
      problem:
        'log entry 5 (round, round 3), roll 3: no such roll follows from the seed, but the file has 4 for "Extra: D6"',
      seq: 5,
    });
  });

  it('a roll missing at the end of an entry: the file is missing it', () => {
    const r = rollAt(5, 1);
    const v = verify(
      edit((s) => s.log[5]!.rolls.pop()),
      book,
    );
    expect(v).toEqual({
      ok: false,
      entries: 6,
      rolls: ROLLS - 1,
      fromSeed: ROLLS - 2,
      entered: 1,
      problem: `log entry 5 (round, round 3), roll 2: ${r.for}: the seed gives ${r.value}, but the file is missing it`,
      seq: 5,
    });
  });

  it("an entry that no longer applies is named with the step's reason", () => {
    const bad: Action = { type: 'discard', eventId: 'sludge-jelly' };
    const before = replay(SHORT_SETUP, SHORT_ACTIONS.slice(0, 3), book);
    const direct = step(before, bad, book, { limits: false });
    if (direct.ok || !('refusal' in direct)) throw new Error('the discard should be refused');
    const v = verify(
      edit((s) => (s.log[4]!.action = bad)),
      book,
    );
    expect(v).toEqual({
      ok: false,
      entries: 6,
      rolls: ROLLS,
      fromSeed: ROLLS - 1,
      entered: 1,
      problem: `log entry 4 (discard) does not apply: ${direct.refusal.message}`,
      seq: 4,
    });
    expect(v.problem).toContain(book.byId.get('sludge-jelly')!.name);
  });

  it('a game an older badzone wrote past a limit still verifies: the replay keeps no limits', () => {
    const { state } = pastLimit();
    const rolls = state.log[0]!.rolls.length + state.log[1]!.rolls.length;
    expect(verify(state, book)).toEqual({
      ok: true,
      entries: 2,
      rolls,
      fromSeed: rolls,
      entered: 0,
      problem: null,
      seq: null,
    });
    expect(verify(JSON.parse(JSON.stringify(state)) as SessionState, book).ok).toBe(true);
  });
});

describe('verify: the state, with the path to the first value that differs', () => {
  const problem = (f: (s: SessionState) => void): string | null => {
    const v = verify(edit(f), book);
    expect(v).toMatchObject({ ok: false, entries: 6, rolls: ROLLS, seq: null });
    return v.problem;
  };

  it('a number at the top of a field: no path', () => {
    expect(problem((s) => (s.round = 4))).toBe('round in the file (4) does not follow from the log (replay gives 3)');
  });

  it('a key of an object (not its first): the path to that key', () => {
    expect(problem((s) => (s.visibility.sinceRound = 1))).toBe(
      'visibility in the file (.sinceRound = 1) does not follow from the log (replay gives .sinceRound = 2)',
    );
    expect(problem((s) => (s.visibility.level = 'gloomy'))).toBe(
      'visibility in the file (.level = "gloomy") does not follow from the log (replay gives .level = "dark")',
    );
  });

  it('a key missing from the file, or added to it: "nothing" on the side without it', () => {
    expect(problem((s) => delete (s.visibility as Partial<typeof s.visibility>).source)).toBe(
      'visibility in the file (.source = nothing) does not follow from the log (replay gives .source = "gm")',
    );
    expect(problem((s) => ((s.visibility as unknown as Record<string, unknown>).extra = 1))).toBe(
      'visibility in the file (.extra = 1) does not follow from the log (replay gives .extra = nothing)',
    );
  });

  it('an element of an array after an equal one, and an element added at the end, inside objects inside arrays', () => {
    expect(problem((s) => (s.gangs[1]!.reserve = ['Bea', 'Ghost']))).toBe(
      'gangs in the file ([1].reserve[1] = "Ghost") does not follow from the log (replay gives [1].reserve[1] = nothing)',
    );
    expect(problem((s) => s.tiles.push('Z9'))).toBe(
      'tiles in the file ([2] = "Z9") does not follow from the log (replay gives [2] = nothing)',
    );
    expect(problem((s) => s.tiles.pop())).toBe(
      'tiles in the file ([1] = nothing) does not follow from the log (replay gives [1] = "B2")',
    );
    expect(problem((s) => (s.tilePicks[1]!.tile = 'B2'))).toBe(
      'tilePicks in the file ([1].tile = "B2") does not follow from the log (replay gives [1].tile = "A1")',
    );
  });

  it("a value of another kind than the replay's (null, a string, an object for a string) is shown whole, not entered", () => {
    const hazard = JSON.stringify(good.hazard);
    expect(problem((s) => (s.hazard = null))).toBe(
      `hazard in the file (null) does not follow from the log (replay gives ${hazard})`,
    );
    expect(problem((s) => ((s as unknown as Record<string, unknown>).hazard = 'none'))).toBe(
      `hazard in the file ("none") does not follow from the log (replay gives ${hazard})`,
    );
    expect(problem((s) => ((s.visibility as unknown as Record<string, unknown>).level = { dark: true }))).toBe(
      'visibility in the file (.level = {"dark":true}) does not follow from the log (replay gives .level = "dark")',
    );
    expect(problem((s) => ((s.inPlay as unknown) = { 0: good.inPlay[0] }))).toBe(
      `inPlay in the file ({"0":${JSON.stringify(good.inPlay[0])}}) does not follow from the log (replay gives ${JSON.stringify(good.inPlay)})`,
    );
  });

  it('a value longer than 120 characters is cut to 117 and "..."; one of 120 is shown whole', () => {
    const gangs = JSON.stringify(good.gangs);
    expect(problem((s) => ((s as unknown as Record<string, unknown>).gangs = null))).toBe(
      `gangs in the file (null) does not follow from the log (replay gives ${gangs.slice(0, 117)}...)`,
    );
    const name120 = 'x'.repeat(118); // 120 characters as JSON, quotes included
    expect(problem((s) => (s.gangs[0]!.name = name120))).toBe(
      `gangs in the file ([0].name = "${name120}") does not follow from the log (replay gives [0].name = "Goliaths")`,
    );
    const name121 = 'y'.repeat(119);
    expect(problem((s) => (s.gangs[0]!.name = name121))).toBe(
      `gangs in the file ([0].name = "${name121.slice(0, 116)}...) does not follow from the log (replay gives [0].name = "Goliaths")`,
    );
  });
});

describe('verify: a D66 roll is two D6, and a file that says one 66-sided die does not follow', () => {
  function d66Book() {
    const t = structuredClone(shippedTables().events);
    for (const e of t.results) {
      if (e.id === 'treasure')
        e.resolve.onDraw[0] = { kind: 'pickTile', what: 'golden Loot Casket', worth: { dice: 'D66', unit: 'credits' } };
    }
    return { table: t, book: compileBook({ ...shippedTables(), events: t }) };
  }

  it('the d66 mark taken off a stored roll: verify names the entry and the roll', () => {
    const { table, book: b } = d66Book();
    const s0 = createGame(defaultSetup(5, { table }), b);
    const r = step(s0, { type: 'place', eventId: 'treasure' }, b);
    if (!r.ok) throw new Error('refused');
    expect(r.record.rolls[1]).toMatchObject({ die: 66, d66: true });
    expect(verify(r.state, b)).toMatchObject({ ok: true, problem: null, seq: null });
    const roll = { ...r.record.rolls[1]! };
    delete roll.d66;
    const tampered: SessionState = {
      ...r.state,
      log: [r.state.log[0]!, { ...r.record, rolls: [r.record.rolls[0]!, roll] }],
    };
    const v = verify(tampered, b);
    expect(v.ok).toBe(false);
    expect(v.seq).toBe(1);
    expect(v.problem).toMatch(/log entry 1\b/);
    expect(v.problem).toMatch(/roll 2\b/);
  });
});

describe('verify', () => {
  const states = statesOf(LONG_SETUP, LONG_ACTIONS);
  const good = states[states.length - 1]!;
  const edit = (f: (s: SessionState) => void): SessionState => {
    const s = structuredClone(good);
    f(s);
    return s;
  };

  it('passes an untouched game and counts its entries and rolls', () => {
    const v = verify(good, book);
    // 27 dice, one of them the D64 entered by hand (57, Collapsed Section), the rest rolled from the seed.
    expect(v).toEqual({ ok: true, entries: 16, rolls: 27, fromSeed: 26, entered: 1, problem: null, seq: null });
    expect(verify(json(good) as SessionState, book).ok).toBe(true);
  });

  it('finds a hand-edited roll value and names the log entry', () => {
    const seq = good.log.findIndex(
      (r, i) => i > 0 && r.action.type === 'round' && r.rolls.length > 1 && !r.rolls[1]!.entered,
    );
    expect(seq).toBeGreaterThan(0);
    const roll = good.log[seq]!.rolls[1]!;
    const changed = (roll.value % roll.die) + 1;
    const v = verify(
      edit((s) => {
        s.log[seq]!.rolls[1]!.value = changed;
      }),
      book,
    );
    expect(v.ok).toBe(false);
    expect(v.seq).toBe(seq);
    expect(v.problem).toBe(
      `log entry ${seq} (round, round ${good.log[seq]!.round}), roll 2: ${roll.for}: the seed gives ${roll.value}, but the file has ${changed}`,
    );
  });

  it('finds a die marked as a card drawn (or a card marked as a die)', () => {
    const seq = good.log.findIndex((r) => r.action.type === 'round');
    const v = verify(
      edit((s) => {
        s.log[seq]!.rolls[0]!.card = true;
      }),
      book,
    );
    expect(v).toMatchObject({ ok: false, seq });
  });

  it('finds an edited first-entry roll (the hazard D10)', () => {
    const v = verify(
      edit((s) => {
        s.log[0]!.rolls[0]!.value = (s.log[0]!.rolls[0]!.value % 10) + 1;
      }),
      book,
    );
    expect(v).toMatchObject({ ok: false, seq: 0 });
    expect(v.problem).toMatch(/^log entry 0 \(new, round 0\), roll 1: Setup: Hazard Table \(D10\)/);
  });

  it('finds an event added to inPlay', () => {
    const notInPlay = ['sludge-jelly', 'gas-spill', 'cold-snap'].find(
      (id) => !good.inPlay.some((p) => p.eventId === id),
    )!;
    const v = verify(
      edit((s) => {
        s.inPlay.push({ eventId: notInPlay, sinceRound: s.round, roll: book.byId.get(notInPlay)!.range[0] });
      }),
      book,
    );
    expect(v).toMatchObject({ ok: false, seq: null });
    expect(v.problem).toMatch(/^inPlay in the file \(.*\) does not follow from the log \(replay gives /);
  });

  it('finds an event removed from inPlay', () => {
    expect(good.inPlay.length).toBeGreaterThan(0);
    const v = verify(
      edit((s) => {
        s.inPlay.shift();
      }),
      book,
    );
    expect(v).toMatchObject({ ok: false, seq: null });
    expect(v.problem).toMatch(/^inPlay in the file/);
  });

  it('finds a changed seed', () => {
    const v = verify(
      edit((s) => {
        s.setup.seed = (s.setup.seed as number) + 1;
        s.rng.seed = (s.rng.seed as number) + 1;
      }),
      book,
    );
    expect(v.ok).toBe(false);
    expect(v.seq).toBe(0); // the hazard D10 at setup is the first roll
    expect(
      verify(
        edit((s) => (s.rng.seed = (s.rng.seed as number) + 1)),
        book,
      ).problem,
    ).toMatch(/^rng in the file/);
  });

  it('finds a changed dice position, a changed entered die, a dropped log entry, and an edited round of a log entry', () => {
    expect(
      verify(
        edit((s) => (s.rng.uses += 1)),
        book,
      ).problem,
    ).toMatch(/^rng in the file/);
    const entered = good.log.findIndex((r) => 'dice' in r.action && r.action.dice);
    const v = verify(
      edit((s) => {
        (s.log[entered]!.action as { dice: number[] }).dice = [58];
      }),
      book,
    );
    expect(v).toMatchObject({ ok: false, seq: entered });
    expect(
      verify(
        edit((s) => s.log.pop()),
        book,
      ).ok,
    ).toBe(false);
    const n = verify(
      edit((s) => {
        s.log[1]!.round = 5;
      }),
      book,
    );
    expect(n).toMatchObject({ ok: false, seq: 1 });
    expect(n.problem).toBe('log entry 1 (round): round 5 in the file, but the log gives round 1');
  });

  it('finds tiles, gangs and visibility edited by hand', () => {
    expect(
      verify(
        edit((s) => s.tiles.push('Z9')),
        book,
      ).problem,
    ).toMatch(/^tiles in the file/);
    expect(
      verify(
        edit((s) => s.gangs[0]!.battlefield.push('Ghost')),
        book,
      ).problem,
    ).toMatch(/^gangs in the file/);
    expect(
      verify(
        edit((s) => (s.visibility.level = 'pitch-black')),
        book,
      ).problem,
    ).toMatch(/^visibility in the file/);
  });
});

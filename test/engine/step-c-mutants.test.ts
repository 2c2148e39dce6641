// redo's refusals and verify's diagnoses (src/engine/step.ts, redo .. short): what a GM is told when a step cannot
// be redone, and, for each way a session file can be tampered with, that verify names the log entry (its seq, action
// and round, the roll) or the state field with the path to the first value that differs, and both sides' values.
import { describe, expect, it } from 'vitest';
import {
  createGame,
  defaultSetup,
  redo,
  replay,
  step,
  undo,
  verify,
  type Action,
  type SessionState,
  type Setup,
} from '../../src/engine/index.js';
import { LIMITS } from '../../src/rules/limits.js';
import { book } from './arbitraries.js';

function ok(r: ReturnType<typeof step>): Extract<ReturnType<typeof step>, { ok: true }> {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
  return r;
}

const SETUP: Setup = defaultSetup(20240601, {
  gangs: [
    { name: 'Goliaths', battlefield: ['Krag', 'Brak'], reserve: ['Gor'] },
    { name: 'Eschers', battlefield: ['Ana'], reserve: ['Bea'] },
  ],
  hazard: 'roll',
});

// Seq 1: a round with two rolls (the event, a tile); 3: a round whose event die was entered; 4: a GM visibility change.
const ACTIONS: Action[] = [
  { type: 'round' },
  { type: 'end' },
  { type: 'round', dice: [57] },
  { type: 'visibility', level: 'dark' },
  { type: 'round' },
];

function playAll(setup: Setup, actions: Action[]): SessionState {
  let s = createGame(setup, book);
  for (const a of actions) s = ok(step(s, a, book)).state;
  return s;
}

const good = playAll(SETUP, ACTIONS);
const edit = (f: (s: SessionState) => void): SessionState => {
  const s = structuredClone(good);
  f(s);
  return s;
};
const ROLLS = good.log.reduce((n, r) => n + r.rolls.length, 0);

/** A game an older badzone wrote past a limit: a round naming more occupied tiles than a command may now give. */
function pastLimit(): { state: SessionState; action: Action; limit: string } {
  const action: Action = { type: 'round', occupied: Array<string>(LIMITS.occupied + 1).fill('A1') };
  const s = createGame(SETUP, book);
  const now = step(s, action, book);
  if (now.ok || !('refusal' in now)) throw new Error('the fixture should be past the occupied-tiles limit');
  return { state: ok(step(s, action, book, { limits: false })).state, action, limit: now.refusal.message };
}

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

describe('redo', () => {
  it('a step an older badzone wrote past a limit can be undone, but redoing it is refused, naming the entry and the limit', () => {
    const { state, action, limit } = pastLimit();
    expect(limit).toContain('limit: occupied tiles');
    const u = undo(state, book)!;
    expect(u.state.redo.map((e) => e.action)).toEqual([action]);
    const before = JSON.stringify(u.state);
    const r = redo(u.state, book);
    expect(r).toEqual({ ok: false, refusal: { usage: false, message: `Cannot redo log entry 1 (round): ${limit}` } });
    expect(JSON.stringify(u.state)).toBe(before);
  });

  it("a redo list whose step no longer applies (edited by hand) is refused with the step's own reason", () => {
    const u = undo(good, book)!;
    const tampered = structuredClone(u.state);
    tampered.redo[0]!.action = { type: 'discard', eventId: 'sludge-jelly' };
    const direct = step(tampered, tampered.redo[0]!.action, book);
    if (direct.ok || !('refusal' in direct)) throw new Error('the discard should be refused');
    expect(direct.refusal.message).toContain(book.byId.get('sludge-jelly')!.name);
    expect(redo(tampered, book)).toEqual({
      ok: false,
      refusal: { usage: false, message: `Cannot redo log entry 5 (discard): ${direct.refusal.message}` },
    });
  });

  it('is refused when the step would roll a different number of dice, or leave the dice elsewhere, than it did', () => {
    const u = undo(good, book)!;
    expect(u.state.redo).toEqual([{ seq: 5, round: 3, action: { type: 'round' }, rolls: 2, uses: good.rng.uses }]);
    const fewer = structuredClone(u.state);
    fewer.redo[0]!.rolls = 1;
    const elsewhere = structuredClone(u.state);
    elsewhere.redo[0]!.uses -= 1;
    for (const t of [fewer, elsewhere]) {
      const before = JSON.stringify(t);
      const r = redo(t, book);
      expect(r).toMatchObject({ ok: false, refusal: { usage: false } });
      expect(r && !r.ok && r.refusal.message).toMatch(
        /^Cannot redo log entry 5 \(round\): its dice would not be the same/,
      );
      expect(JSON.stringify(t)).toBe(before);
    }
    // Untouched, it redoes to the very state that was undone.
    const r = redo(u.state, book);
    expect(r?.ok && JSON.stringify(r.state)).toBe(JSON.stringify(good));
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
    const before = replay(SETUP, ACTIONS.slice(0, 3), book);
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

// The `fighter` move (src/engine/moves/fighter.ts, with the lookup in moves/roster.ts): which fighter a name means
// (exactly, then ignoring case), a gang typo refused with the names it was close to, a name held in two gangs, a
// fighter already where they were sent, a fighter of another gang, a new fighter in a new gang, names past a limit.

import { describe, expect, it } from 'vitest';
import { defaultSetup, replay, step, type GangSetup, type SessionState } from '../../../src/engine/index.js';
import { nameProblem } from '../../../src/rules/limits.js';
import { book, play, refusal, start } from '../arbitraries.js';

/** `name` appears in `text` as a word of its own (not run together with a neighbouring name). */
const word = (name: string): RegExp => new RegExp(`(^|[^A-Za-z])${name}([^A-Za-z]|$)`);

/** The sentences of a message ("A. B? C."), each with its full stop. */
const sentences = (m: string): string[] => m.split(/(?<=[.?!])\s+/);

const json = (v: unknown): string => JSON.stringify(v);

const GOLIATHS: GangSetup = { name: 'Goliaths', battlefield: ['Krag', 'Brak'], reserve: ['Gor'] };

const ESCHERS: GangSetup = { name: 'Eschers', battlefield: ['Ana'], reserve: ['Bea'] };

function roster(gangs: GangSetup[] = [GOLIATHS, ESCHERS]): SessionState {
  return start({ gangs });
}

describe('fighter: moving a fighter of the roster', () => {
  it('from the battlefield and from reserve: the report and the note name where they came from', () => {
    const s = roster();
    const a = play(s, { type: 'fighter', name: 'Krag', to: 'reserve' });
    expect(a.report).toEqual({ kind: 'fighter', name: 'Krag', gang: 'Goliaths', from: 'battlefield', to: 'reserve' });
    expect(a.state.gangs[0]).toEqual({ name: 'Goliaths', battlefield: ['Brak'], reserve: ['Gor', 'Krag'], out: [] });
    expect(a.notes).toHaveLength(1);
    expect(a.notes[0]).toMatch(/Krag.*Goliaths.*battlefield.*reserve/);
    const b = play(s, { type: 'fighter', name: 'Bea', to: 'out' });
    expect(b.report).toEqual({ kind: 'fighter', name: 'Bea', gang: 'Eschers', from: 'reserve', to: 'out' });
    expect(b.state.gangs[1]).toEqual({ name: 'Eschers', battlefield: ['Ana'], reserve: [], out: ['Bea'] });
    const c = play(b.state, { type: 'fighter', name: 'Bea', to: 'battlefield' });
    expect(c.report).toEqual({ kind: 'fighter', name: 'Bea', gang: 'Eschers', from: 'out', to: 'battlefield' });
  });

  it('a name typed in another case means the fighter; the report and state carry the roster spelling', () => {
    const r = play(roster(), { type: 'fighter', name: 'kRAG', to: 'out', gang: 'goliaths' });
    expect(r.report).toEqual({ kind: 'fighter', name: 'Krag', gang: 'Goliaths', from: 'battlefield', to: 'out' });
    expect(r.state.gangs.map((g) => g.name)).toEqual(['Goliaths', 'Eschers']);
    expect(r.state.gangs[0]!.out).toEqual(['Krag']);
  });

  it('already where they are sent: refused (not a usage error), naming the fighter, the gang and the place; nothing changes', () => {
    let s = roster();
    s = play(s, { type: 'fighter', name: 'Brak', to: 'out' }).state;
    const before = json(s);
    for (const [name, to, place] of [
      ['Krag', 'battlefield', /battlefield/],
      ['Gor', 'reserve', /reserve/],
      ['Brak', 'out', /\bout\b/],
    ] as const) {
      const r = refusal(step(s, { type: 'fighter', name, to }, book));
      expect(r.usage).toBe(false);
      expect(r.message).toMatch(word(name));
      expect(r.message).toMatch(word('Goliaths'));
      // The place is said in words: not left blank, not "undefined".
      expect(r.message).toMatch(place);
      expect(r.message).not.toMatch(/undefined|already\s*;/);
    }
    expect(json(s)).toBe(before);
  });
});

describe('fighter: a name that is not one fighter', () => {
  it('a name two gangs hold (exactly or ignoring case) without --gang: refused (usage), naming how many and each gang', () => {
    const s = roster([
      GOLIATHS,
      { name: 'Eschers', battlefield: ['KRAG'], reserve: [] },
      { name: 'Cawdor', battlefield: ['Zed'], reserve: [] },
    ]);
    const before = json(s);
    const r = refusal(step(s, { type: 'fighter', name: 'krag', to: 'out' }, book));
    expect(r.usage).toBe(true);
    expect(r.message).toMatch(/\b2\b/);
    expect(r.message).toMatch(word('krag'));
    expect(r.message).toMatch(word('Goliaths'));
    expect(r.message).toMatch(word('Eschers'));
    expect(r.message).not.toMatch(word('Cawdor'));
    // That the gang must be named is the refusal's code and facts; the flag to name it (--gang) is the edge's word.
    expect(r).toEqual({
      code: 'fighter-in-several-gangs',
      facts: { fighter: 'krag', gangs: ['Goliaths', 'Eschers'] },
      usage: true,
      message: '2 gangs have a fighter called krag: Goliaths, Eschers.',
    });
    expect(r.message).not.toMatch(/--[a-z]/);
    expect(json(s)).toBe(before);
    // With --gang it is the one of that gang; the exact name picks it too.
    expect(play(s, { type: 'fighter', name: 'krag', to: 'out', gang: 'Eschers' }).report).toEqual({
      kind: 'fighter',
      name: 'KRAG',
      gang: 'Eschers',
      from: 'battlefield',
      to: 'out',
    });
  });

  it('an unknown name without --gang: refused (usage), naming it and the close names as separate names', () => {
    const s = roster([{ name: 'Goliaths', battlefield: ['Krag'], reserve: ['Kraf'] }, ESCHERS]);
    const before = json(s);
    const r = refusal(step(s, { type: 'fighter', name: 'Krax', to: 'out' }, book));
    expect(r.usage).toBe(true);
    expect(r.message).toMatch(word('Krax'));
    expect(r.message).toMatch(word('Krag'));
    expect(r.message).toMatch(word('Kraf'));
    // No gang was named, and naming one would add a new fighter: the facts say so; the flag (--gang) is the edge's word.
    expect(r).toEqual({
      code: 'no-such-fighter',
      facts: { fighter: 'Krax', gang: null, near: ['Krag', 'Kraf'], adding: true },
      usage: true,
      message: 'No gang has a fighter called Krax. Did you mean Krag or Kraf?',
    });
    expect(r.message).not.toMatch(/--[a-z]/);
    expect(json(s)).toBe(before);
  });

  it('an unknown name close to nothing: the same refusal, minus the sentence with the suggestions', () => {
    const s = roster();
    const near = refusal(step(s, { type: 'fighter', name: 'Brk', to: 'out' }, book));
    const far = refusal(step(s, { type: 'fighter', name: 'Zorro', to: 'out' }, book));
    expect(far.usage).toBe(true);
    expect(near.message).toMatch(word('Brak'));
    const suggestion = sentences(near.message).filter((x) => word('Brak').test(x));
    expect(suggestion).toHaveLength(1);
    const without = sentences(near.message)
      .filter((x) => !word('Brak').test(x))
      .join(' ');
    expect(far.message.replace('Zorro', 'Q')).toBe(without.replace('Brk', 'Q'));
    for (const name of ['Krag', 'Brak', 'Gor', 'Ana', 'Bea']) expect(far.message).not.toMatch(word(name));
  });

  it('a typo of an existing gang: refused (usage), naming what was typed and each close gang; no new gang', () => {
    const s = roster([GOLIATHS, { name: 'Goliathz', battlefield: [], reserve: [] }, ESCHERS]);
    const before = json(s);
    const r = refusal(step(s, { type: 'fighter', name: 'Zed', to: 'reserve', gang: 'Goliath' }, book));
    expect(r.usage).toBe(true);
    expect(r.message).toMatch(word('Goliath'));
    expect(r.message).toMatch(word('Goliaths'));
    expect(r.message).toMatch(word('Goliathz'));
    expect(r.message).not.toMatch(word('Eschers'));
    expect(json(s)).toBe(before);
  });

  it('a fighter of one gang named with another existing gang: refused (usage), naming the fighter and both gangs', () => {
    const s = roster();
    const before = json(s);
    const r = refusal(step(s, { type: 'fighter', name: 'krag', to: 'out', gang: 'Eschers' }, book));
    expect(r.usage).toBe(true);
    expect(r.message).toMatch(word('krag'));
    expect(r.message).toMatch(word('Goliaths'));
    expect(r.message).toMatch(word('Eschers'));
    expect(json(s)).toBe(before);
  });

  it('a fighter of one gang named with a gang nobody has yet: refused the same way, not moved (and no gang made)', () => {
    const s = roster();
    const before = json(s);
    const r = refusal(step(s, { type: 'fighter', name: 'Krag', to: 'out', gang: 'Van Saar' }, book));
    expect(r.usage).toBe(true);
    expect(r.message).toMatch(word('Krag'));
    expect(r.message).toMatch(word('Goliaths'));
    expect(r.message).toContain('Van Saar');
    expect(json(s)).toBe(before);
  });
});

describe('fighter: a new fighter', () => {
  it('in a new gang: the gang holds exactly them, where they were sent; report and note name both', () => {
    const r = play(roster(), { type: 'fighter', name: 'Zed', to: 'reserve', gang: 'Van Saar' });
    expect(r.state.gangs).toHaveLength(3);
    expect(r.state.gangs[2]).toEqual({ name: 'Van Saar', battlefield: [], reserve: ['Zed'], out: [] });
    expect(r.report).toEqual({
      kind: 'fighter',
      name: 'Zed',
      gang: 'Van Saar',
      from: 'nowhere (new to the roster)',
      to: 'reserve',
    });
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toMatch(/Zed.*Van Saar.*reserve/);
    const out = play(roster(), { type: 'fighter', name: 'Zed', to: 'out', gang: 'Van Saar' }).state.gangs[2];
    expect(out).toEqual({ name: 'Van Saar', battlefield: [], reserve: [], out: ['Zed'] });
    const bf = play(roster(), { type: 'fighter', name: 'Zed', to: 'battlefield', gang: 'Van Saar' }).state.gangs[2];
    expect(bf).toEqual({ name: 'Van Saar', battlefield: ['Zed'], reserve: [], out: [] });
  });

  it("a fighter's name past a limit: refused (usage) with the limits module's words, capitalised; nothing added", () => {
    const s = roster();
    const before = json(s);
    const long = 'x'.repeat(300);
    const problem = nameProblem(long, "the fighter's name")!;
    const r = refusal(step(s, { type: 'fighter', name: long, to: 'out', gang: 'Goliaths' }, book));
    expect(r).toEqual({
      code: 'bad-name',
      facts: { field: "the fighter's name", name: long },
      usage: true,
      message: `${problem[0]!.toUpperCase()}${problem.slice(1)}.`,
    });
    expect(r.message).toMatch(/^[A-Z]/);
    expect(r.message).toMatch(/fighter/);
    expect(r.message).toMatch(/limit: name length/);
    expect(json(s)).toBe(before);
  });

  it("a new gang's name that may not be stored: refused (usage), the message about the gang name; no gang added", () => {
    const s = roster();
    const before = json(s);
    const bad = 'Reds\tX';
    const problem = nameProblem(bad, 'the gang name')!;
    const r = refusal(step(s, { type: 'fighter', name: 'Zed', to: 'out', gang: bad }, book));
    expect(r).toEqual({
      code: 'bad-name',
      facts: { field: 'the gang name', name: bad },
      usage: true,
      message: `${problem[0]!.toUpperCase()}${problem.slice(1)}.`,
    });
    expect(r.message).toMatch(/^The gang name/i);
    expect(json(s)).toBe(before);
    // An existing gang's name is not checked again (it is stored already): a long name that replays is kept.
    const old = replay(defaultSetup(1, { gangs: [{ name: 'y'.repeat(300), battlefield: [], reserve: [] }] }), [], book);
    expect(play(old, { type: 'fighter', name: 'Zed', to: 'out', gang: 'y'.repeat(300) }).state.gangs[0]!.out).toEqual([
      'Zed',
    ]);
  });
});

// The GM's `fighter` and `visibility` steps, replay / ReplayError, logNotes and verify's roll comparison, tested
// where a mutation run of src/engine/step.ts (lines 400-529) found them unguarded: which fighter a name means
// (exactly, then ignoring case), a gang typo refused with the names it was close to, a name held in two gangs, a
// fighter already where they were sent, a fighter of another gang, a new fighter in a new gang, names past a
// limit; a log entry that no longer replays (its seq), the words of each log entry, a D66 roll tampered into one die.
import { describe, expect, it } from 'vitest';
import { compileBook } from '../../src/rules/book.js';
import { nameProblem } from '../../src/rules/limits.js';
import { shippedTables } from '../../src/store/tables.js';
import {
  createGame,
  defaultSetup,
  logNotes,
  replay,
  ReplayError,
  step,
  verify,
  type Action,
  type GangSetup,
  type SessionState,
} from '../../src/engine/index.js';
import { book, play, refusal, start } from './arbitraries.js';

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

describe('visibility: the report says from which level to which', () => {
  it('normal to dark, then dark to normal', () => {
    const s = roster();
    const dark = play(s, { type: 'visibility', level: 'dark' });
    expect(dark.report).toEqual({ kind: 'visibility', from: book.visibility.normal, to: 'dark' });
    expect(play(dark.state, { type: 'visibility', level: book.visibility.normal }).report).toEqual({
      kind: 'visibility',
      from: 'dark',
      to: book.visibility.normal,
    });
  });
});

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
    expect(r.message).toContain('--gang');
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
    expect(r.message).toContain('--gang');
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
    expect(r).toEqual({ usage: true, message: `${problem[0]!.toUpperCase()}${problem.slice(1)}.` });
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
    expect(r).toEqual({ usage: true, message: `${problem[0]!.toUpperCase()}${problem.slice(1)}.` });
    expect(r.message).toMatch(/^The gang name/i);
    expect(json(s)).toBe(before);
    // An existing gang's name is not checked again (it is stored already): a long name that replays is kept.
    const old = replay(defaultSetup(1, { gangs: [{ name: 'y'.repeat(300), battlefield: [], reserve: [] }] }), [], book);
    expect(play(old, { type: 'fighter', name: 'Zed', to: 'out', gang: 'y'.repeat(300) }).state.gangs[0]!.out).toEqual([
      'Zed',
    ]);
  });
});

describe('replay', () => {
  const setup = defaultSetup(31, { gangs: [GOLIATHS, ESCHERS] });

  it('an action that no longer applies throws ReplayError with its seq, the action and the reason', () => {
    const actions: Action[] = [
      { type: 'visibility', level: 'dark' },
      { type: 'fighter', name: 'Krag', to: 'out' },
      { type: 'fighter', name: 'Krag', to: 'out' },
    ];
    let err: unknown;
    try {
      replay(setup, actions, book);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ReplayError);
    const re = err as ReplayError;
    expect(re.seq).toBe(3);
    expect(re.message).toMatch(/\b3\b/);
    expect(re.message).toContain('fighter');
    // The reason is the step's own refusal: it names the fighter and the gang.
    expect(re.message).toMatch(word('Krag'));
    expect(re.message).toMatch(word('Goliaths'));
    // One fewer: it replays.
    expect(replay(setup, actions.slice(0, 2), book).gangs[0]!.out).toEqual(['Krag']);
  });

  it('the first action failing has seq 1; an unknown event is named', () => {
    let err: unknown;
    try {
      replay(setup, [{ type: 'discard', eventId: 'no-such-event' }], book);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ReplayError);
    expect((err as ReplayError).seq).toBe(1);
    expect((err as ReplayError).message).toContain('discard');
  });
});

describe('logNotes', () => {
  const gangs = [{ name: 'G', battlefield: Array.from({ length: 200 }, (_, k) => `F${k}`), reserve: [] }];

  it('replays past the limits: a game an older badzone grew past one still has the words of each entry', () => {
    const s = replay(
      defaultSetup(1, { gangs }),
      [
        { type: 'fighter', name: 'F200', to: 'reserve', gang: 'G' },
        { type: 'visibility', level: 'dark' },
      ],
      book,
    );
    const notes = logNotes(s, book);
    expect(notes).toHaveLength(3);
    expect(notes[1]).toHaveLength(1);
    expect(notes[1]![0]).toMatch(/F200.*G.*reserve/);
    expect(notes[2]).toHaveLength(1);
    expect(notes[2]![0]).toMatch(/visibility/);
  });

  it('an entry that no longer replays, and every one after it, gets no words; the list stays index-aligned', () => {
    const s = play(
      play(play(start({ gangs: [GOLIATHS] }), { type: 'fighter', name: 'Krag', to: 'out' }).state, {
        type: 'visibility',
        level: 'dark',
      }).state,
      { type: 'fighter', name: 'Gor', to: 'out' },
    ).state;
    const good = logNotes(s, book);
    expect(good.map((n) => n.length)).toEqual([0, 1, 1, 1]);
    // Tampered: entry 2 now moves a fighter nobody has.
    const midway: SessionState = {
      ...s,
      log: s.log.map((r, i) => (i === 2 ? { ...r, action: { type: 'fighter', name: 'Nobody', to: 'out' } } : r)),
    };
    expect(logNotes(midway, book)).toEqual([[], good[1], [], []]);
    // Tampered last entry.
    const last: SessionState = {
      ...s,
      log: s.log.map((r, i) => (i === 3 ? { ...r, action: { type: 'fighter', name: 'Krag', to: 'out' } } : r)),
    };
    expect(logNotes(last, book)).toEqual([[], good[1], good[2], []]);
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

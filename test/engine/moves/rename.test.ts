// The `rename` move (src/engine/moves/rename.ts, with the lookup in moves/roster.ts), a GM correction that is a step
// of the game: a gang's or a fighter's new name, in the roster and in the conditions events gave; each refusal a
// usage error or not as it should be, naming the gang, fighter or limit it is about.

import { describe, expect, it } from 'vitest';
import { step, type GangSetup, type SessionState } from '../../../src/engine/index.js';
import { LIMITS, echo } from '../../../src/rules/limits.js';
import { as, book, ok, play, refusal, start } from '../arbitraries.js';

const GOLIATHS: GangSetup = { name: 'Goliaths', battlefield: ['Krag', 'Gor'], reserve: ['Ulf'] };

const ESCHERS: GangSetup = { name: 'Eschers', battlefield: ['Ana', 'Bea'], reserve: ['Cyd'] };

/** Goliaths (Krag out of action, Gor on the battlefield, Ulf in reserve) and Eschers (Ana, Bea; Cyd in reserve). */
function roster(): SessionState {
  return play(start({ gangs: [GOLIATHS, ESCHERS] }), { type: 'fighter', name: 'Krag', to: 'out' }).state;
}

/** Wyld Magic makes Ana (round 1) and then Bea (round 2) the Eschers' Psykers; Gor is the Goliaths' (no die: alone). */
function twoPsykers(): SessionState {
  let s = play(roster(), { type: 'place', eventId: 'wyld-magic' }).state;
  s = play(s, { type: 'round' }, [25, 1]).state;
  s = ok(step(s, { type: 'end' }, book)).state;
  return play(s, { type: 'round' }, [25, 2]).state;
}

const who = (s: SessionState): string[] => s.conditions.map((c) => `${c.condition}: ${c.fighter} (${c.gang})`);

describe('renaming a fighter', () => {
  it('the two Psykers of one gang: only the renamed one changes name, in the roster and in the conditions', () => {
    const s = twoPsykers();
    expect(who(s)).toEqual(['Psyker: Gor (Goliaths)', 'Psyker: Ana (Eschers)', 'Psyker: Bea (Eschers)']);
    const r = play(s, { type: 'rename', fighter: 'Bea', to: 'Beatrix' });
    expect(who(r.state)).toEqual(['Psyker: Gor (Goliaths)', 'Psyker: Ana (Eschers)', 'Psyker: Beatrix (Eschers)']);
    expect(r.state.gangs).toEqual([
      { name: 'Goliaths', battlefield: ['Gor'], reserve: ['Ulf'], out: ['Krag'] },
      { name: 'Eschers', battlefield: ['Ana', 'Beatrix'], reserve: ['Cyd'], out: [] },
    ]);
    // The state before the rename is untouched.
    expect(who(s)).toEqual(['Psyker: Gor (Goliaths)', 'Psyker: Ana (Eschers)', 'Psyker: Bea (Eschers)']);
    expect(s.gangs[1]!.battlefield).toEqual(['Ana', 'Bea']);
  });

  it('the new name is trimmed; a fighter out of action keeps their place in the out list', () => {
    const r = play(roster(), { type: 'rename', fighter: 'krag', to: '  Krag the Bold  ' });
    expect(as(r.report, 'rename')).toEqual({
      kind: 'rename',
      what: 'fighter',
      gang: 'Goliaths',
      from: 'Krag',
      to: 'Krag the Bold',
    });
    expect(r.state.gangs[0]).toEqual({
      name: 'Goliaths',
      battlefield: ['Gor'],
      reserve: ['Ulf'],
      out: ['Krag the Bold'],
    });
    expect(r.state.gangs[1]).toEqual({ name: 'Eschers', battlefield: ['Ana', 'Bea'], reserve: ['Cyd'], out: [] });
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toContain('Krag the Bold');
    expect(r.notes[0]).not.toContain('  ');
  });

  it("changing only the case of a fighter's name is a rename, not a clash with the fighter themself", () => {
    const r = play(roster(), { type: 'rename', fighter: 'Ana', to: 'ANA' });
    expect(as(r.report, 'rename')).toMatchObject({ from: 'Ana', to: 'ANA' });
    expect(r.state.gangs[1]!.battlefield).toEqual(['ANA', 'Bea']);
  });

  it('a name of exactly 200 characters is taken', () => {
    const long = 'x'.repeat(200);
    const r = play(roster(), { type: 'rename', fighter: 'Cyd', to: long });
    expect(r.state.gangs[1]!.reserve).toEqual([long]);
  });

  it('two gangs with a fighter of that name: a usage refusal naming both gangs', () => {
    const s = start({
      gangs: [
        { name: 'Goliaths', battlefield: ['Gor'], reserve: [] },
        { name: 'Eschers', battlefield: ['Gor'], reserve: [] },
      ],
    });
    const ref = refusal(step(s, { type: 'rename', fighter: 'gor', to: 'X' }, book));
    expect(ref.usage).toBe(true);
    expect(ref.message).toContain('Goliaths, Eschers');
    // That the gang must be named is the refusal's code and facts; the flag to name it (--gang) is the edge's word.
    expect(ref).toEqual({
      code: 'fighter-in-several-gangs',
      facts: { fighter: 'gor', gangs: ['Goliaths', 'Eschers'] },
      usage: true,
      message: '2 gangs have a fighter called gor: Goliaths, Eschers.',
    });
    expect(ref.message).not.toMatch(/--[a-z]/);
  });

  it('an unknown fighter of a named gang: the near name is looked for in that gang only', () => {
    const inGang = refusal(step(roster(), { type: 'rename', fighter: 'Bee', gang: 'Eschers', to: 'X' }, book));
    expect(inGang.usage).toBe(true);
    expect(inGang.message).toMatch(/^Eschers has no fighter called Bee\. Did you mean Bea\?$/);
    // Gor is a Goliath: no suggestion when the Eschers are named.
    const other = refusal(step(roster(), { type: 'rename', fighter: 'Gar', gang: 'Eschers', to: 'X' }, book));
    expect(other.message).toMatch(/^Eschers has no fighter called Gar\.$/);
  });

  it('several near names are all offered, joined by "or"; with none the message stops after the fighter', () => {
    const s = start({ gangs: [{ name: 'Eschers', battlefield: ['Ana', 'Ann'], reserve: [] }] });
    const two = refusal(step(s, { type: 'rename', fighter: 'Anb', to: 'X' }, book));
    expect(two.usage).toBe(true);
    expect(two.message).toMatch(/Did you mean Ana or Ann\?$/);
    const none = refusal(step(s, { type: 'rename', fighter: 'Zorro', to: 'X' }, book));
    expect(none.usage).toBe(true);
    expect(none.message).toMatch(/^No gang has a fighter called Zorro\.$/);
  });
});

describe('renaming a gang', () => {
  it("moves the gang's conditions to the new name, keeps its fighters, leaves the other gang alone, and says so", () => {
    const s = twoPsykers();
    const r = play(s, { type: 'rename', gang: 'eschers', to: ' Blades ' });
    expect(as(r.report, 'rename')).toEqual({
      kind: 'rename',
      what: 'gang',
      gang: 'Blades',
      from: 'Eschers',
      to: 'Blades',
    });
    expect(r.state.gangs).toEqual([
      { name: 'Goliaths', battlefield: ['Gor'], reserve: ['Ulf'], out: ['Krag'] },
      { name: 'Blades', battlefield: ['Ana', 'Bea'], reserve: ['Cyd'], out: [] },
    ]);
    expect(who(r.state)).toEqual(['Psyker: Gor (Goliaths)', 'Psyker: Ana (Blades)', 'Psyker: Bea (Blades)']);
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toMatch(/gang Eschers to Blades$/);
    expect(s.gangs[1]!.name).toBe('Eschers');
  });

  it("changing only the case of a gang's name is a rename, not a clash with the gang itself", () => {
    const r = play(roster(), { type: 'rename', gang: 'Eschers', to: 'ESCHERS' });
    expect(r.state.gangs.map((g) => g.name)).toEqual(['Goliaths', 'ESCHERS']);
  });

  it('the same name: refused (not a usage error), naming the gang; nothing changes', () => {
    const s = roster();
    const ref = refusal(step(s, { type: 'rename', gang: 'eschers', to: 'Eschers' }, book));
    expect(ref.usage).toBe(false);
    expect(ref.message).toContain('Eschers');
    expect(ref.message).toContain('nothing changed');
  });

  it('an unknown gang with no near name: no suggestion, and the message lists the gangs', () => {
    const ref = refusal(step(roster(), { type: 'rename', gang: 'Orlocks', to: 'X' }, book));
    expect(ref.usage).toBe(true);
    expect(ref.message).toMatch(/^No gang is called Orlocks\. Gangs: Goliaths, Eschers\.$/);
  });

  it('an unknown gang with two near names offers both', () => {
    const s = start({
      gangs: [
        { name: 'Reds', battlefield: [], reserve: [] },
        { name: 'Rods', battlefield: [], reserve: [] },
      ],
    });
    const ref = refusal(step(s, { type: 'rename', gang: 'Rads', to: 'X' }, book));
    expect(ref.usage).toBe(true);
    expect(ref.message).toContain('Did you mean Reds or Rods?');
    expect(ref.message).toContain('Gangs: Reds, Rods.');
  });

  it('a game with no rosters: the message says there are no gangs', () => {
    const ref = refusal(step(start(), { type: 'rename', gang: 'Goliaths', to: 'X' }, book));
    expect(ref.usage).toBe(true);
    expect(ref.message).toMatch(/Goliaths\. Gangs: none\.$/);
  });

  it('neither a fighter nor a gang: a usage refusal asking which', () => {
    const ref = refusal(step(roster(), { type: 'rename', to: 'X' }, book));
    expect(ref.usage).toBe(true);
    expect(ref.message).toMatch(/fighter or gang/);
  });
});

describe("the new name's length, checked by the correction itself (a log replayed without the limits)", () => {
  // step's own limits refuse these first on a new step; with `limits: false` (replay, verify, undo) the
  // correction still refuses a name it cannot store.
  it.each<[string, string]>([
    ['empty after trimming', '   '],
    ['the empty string', ''],
    ['201 characters', 'y'.repeat(201)],
  ])('refuses a name %s (usage), naming the limit of 200', (_n, to) => {
    const ref = refusal(step(roster(), { type: 'rename', fighter: 'Ana', to }, book, { limits: false }));
    expect(ref.usage).toBe(true);
    expect(ref.message).toContain('200');
  });

  it('takes 200 characters, and a name padded past 200 that trims to fewer', () => {
    const r = ok(
      step(roster(), { type: 'rename', fighter: 'Ana', to: ` ${'z'.repeat(200)} ` }, book, { limits: false }),
    );
    expect(r.state.gangs[1]!.battlefield).toEqual(['z'.repeat(200), 'Bea']);
  });
});

describe('a typed name is looked up and quoted back as `fighter` does it (one lookup: moves/roster.ts)', () => {
  // 100 characters: no gang or fighter has it, and a refusal quotes it cut, with its length (echo).
  const long = `K${'r'.repeat(99)}`;

  it('a fighter no gang has: the same words as `fighter`, the name cut', () => {
    const no = refusal(step(roster(), { type: 'rename', fighter: long, to: 'Kog' }, book));
    expect(no.usage).toBe(true);
    expect(no.message).toContain(`No gang has a fighter called ${echo(long)}.`);
    expect(no.message).toContain('(100 characters)');
    expect(no.message).not.toContain(long);
    const moved = refusal(step(roster(), { type: 'fighter', name: long, to: 'out' }, book));
    expect(moved.message).toContain(`No gang has a fighter called ${echo(long)}.`);
  });

  it('a gang nobody has, and a fighter a named gang does not have: both names cut', () => {
    const gang = refusal(step(roster(), { type: 'rename', gang: long, to: 'Kog' }, book));
    expect(gang.message).toContain(`No gang is called ${echo(long)}.`);
    expect(gang.message).not.toContain(long);
    const fighter = refusal(step(roster(), { type: 'rename', fighter: long, gang: 'Eschers', to: 'Kog' }, book));
    expect(fighter.message).toContain(`Eschers has no fighter called ${echo(long)}.`);
    expect(fighter.message).not.toContain(long);
  });

  it('a name two gangs hold: `rename` and `fighter` refuse it in the same words, naming both gangs', () => {
    const both = `B${'a'.repeat(79)}`;
    const s = start({
      gangs: [
        { name: 'Goliaths', battlefield: [both], reserve: [] },
        { name: 'Eschers', battlefield: [], reserve: [both.toUpperCase()] },
      ],
    });
    const said = {
      code: 'fighter-in-several-gangs',
      facts: { fighter: both, gangs: ['Goliaths', 'Eschers'] },
      usage: true,
      message: `2 gangs have a fighter called ${echo(both)}: Goliaths, Eschers.`,
    };
    expect(refusal(step(s, { type: 'rename', fighter: both, to: 'Kog' }, book))).toEqual(said);
    expect(refusal(step(s, { type: 'fighter', name: both, to: 'out' }, book))).toEqual(said);
    expect(said.message).not.toMatch(/--[a-z]/);
  });
});

describe("the new name's length limit is the rules' LIMITS.name (src/rules/limits.ts), not one of the move's own", () => {
  it('replayed without the limits, a name past LIMITS.name is refused by the move, naming that limit', () => {
    const limits = LIMITS as { name: number };
    const was = limits.name;
    limits.name = 10;
    try {
      const no = refusal(
        step(roster(), { type: 'rename', fighter: 'Gor', to: 'x'.repeat(11) }, book, { limits: false }),
      );
      expect(no).toEqual({
        code: 'bad-new-name',
        facts: { name: 'x'.repeat(11), max: 10 },
        usage: true,
        message: 'A new name takes 1 to 10 characters.',
      });
      const r = ok(step(roster(), { type: 'rename', fighter: 'Gor', to: 'x'.repeat(10) }, book, { limits: false }));
      expect(r.state.gangs[0]!.battlefield).toEqual(['x'.repeat(10)]);
    } finally {
      limits.name = was;
    }
  });
});

// Replaying a log from the seed (src/engine/replay.ts): replay and ReplayError (the seq of the entry that no longer
// applies), logNotes (the words of each entry, index-aligned with the log), and replaySteps, the one replay they and
// verify and undo use.

import { describe, expect, it } from 'vitest';
import {
  ReplayError,
  createGame,
  defaultSetup,
  logNotes,
  replay,
  replaySteps,
  scriptedDice,
  setupNotes,
  step,
  type Action,
  type GangSetup,
  type SessionState,
} from '../../src/engine/index.js';
import { Rng } from '../../src/dice/rng.js';
import { book, ok, play, start } from './arbitraries.js';

/** `name` appears in `text` as a word of its own (not run together with a neighbouring name). */
const word = (name: string): RegExp => new RegExp(`(^|[^A-Za-z])${name}([^A-Za-z]|$)`);

const GOLIATHS: GangSetup = { name: 'Goliaths', battlefield: ['Krag', 'Brak'], reserve: ['Gor'] };

const ESCHERS: GangSetup = { name: 'Eschers', battlefield: ['Ana'], reserve: ['Bea'] };

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

describe('replaySteps: the one replay that replay, logNotes, verify and undo use', () => {
  const setup = defaultSetup(31, { gangs: [GOLIATHS, ESCHERS], hazard: 'roll', mode: 'deck' });
  const actions: Action[] = [
    { type: 'round' },
    { type: 'fighter', name: 'Krag', to: 'out' },
    { type: 'place', eventId: 'treasure' },
    { type: 'end' },
    { type: 'round' },
  ];
  /** The same game stepped by hand: each step's result. */
  function stepped() {
    let s = createGame(setup, book);
    return actions.map((a) => {
      const r = ok(step(s, a, book));
      s = r.state;
      return r;
    });
  }

  it("yields the setup, then each entry: the state, report, record and notes that entry's step gives", () => {
    const made = stepped();
    const fresh = createGame(setup, book);
    const seen: number[] = [];
    for (const r of replaySteps(setup, actions, book)) {
      if (!r.ok) throw new Error(`stopped at ${r.seq}`);
      seen.push(r.seq);
      if (r.seq === 0) {
        expect(r.report).toBeNull();
        expect(r.record).toEqual(fresh.log[0]);
        expect(r.notes).toEqual(setupNotes(fresh, book));
        expect(r.notes).toHaveLength(2); // the Hazard roll, the shuffle
        expect(JSON.stringify(r.state)).toBe(JSON.stringify(fresh));
        continue;
      }
      const m = made[r.seq - 1]!;
      expect(r.report).toEqual(m.report);
      expect(r.record).toEqual(m.record);
      expect(r.notes).toEqual(m.notes);
      // The replay owns its states (the next step grows them): each is the game as it is right after its entry.
      expect(JSON.stringify(r.state)).toBe(JSON.stringify(m.state));
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('stops with the entry that no longer applies: its seq, its action and the refusal; nothing after it', () => {
    const bad: Action = { type: 'discard', eventId: 'sludge-jelly' };
    const got = [...replaySteps(setup, [actions[0]!, bad, ...actions.slice(1)], book)];
    expect(got.map((r) => r.ok)).toEqual([true, true, false]);
    const stop = got[2]!;
    if (stop.ok) throw new Error('expected a stop');
    expect(stop.seq).toBe(2);
    expect(stop.action).toEqual(bad);
    expect(stop.result).toEqual({
      ok: false,
      refusal: {
        code: 'not-in-play',
        facts: { event: 'sludge-jelly', name: book.byId.get('sludge-jelly')!.name },
        usage: false,
        message: expect.stringContaining(book.byId.get('sludge-jelly')!.name),
      },
    });
  });

  it("resuming with a dice source rolls from that source, not from the state's position", () => {
    let mid: SessionState | null = null;
    for (const r of replaySteps(setup, actions.slice(0, 2), book)) if (r.ok) mid = structuredClone(r.state);
    // The next entry places Treasure: its tile (D4) and its worth (2D6); given 3, then 1 and 2.
    const got = [...replaySteps(setup, [actions[2]!], book, { state: mid!, source: scriptedDice([3, 1, 2]) })];
    const placed = got[0]!;
    if (!placed.ok) throw new Error('stopped');
    expect(placed.record.rolls.map((x) => x.value)).toEqual([3, 1, 2]);
    expect(placed.state.inPlay.find((p) => p.eventId === 'treasure')).toMatchObject({ tile: 'B1', worth: 30 });
  });

  it('resumes from a state with `from`: no setup entry, the seqs go on, and the game ends the same', () => {
    const whole = [...replaySteps(setup, actions, book)].at(-1)!;
    if (!whole.ok) throw new Error('stopped');
    let mid: SessionState | null = null;
    for (const r of replaySteps(setup, actions.slice(0, 2), book)) if (r.ok) mid = structuredClone(r.state);
    for (const source of [undefined, new Rng(mid!.rng)]) {
      const rest = [...replaySteps(setup, actions.slice(2), book, { state: structuredClone(mid!), source })];
      expect(rest.map((r) => r.seq)).toEqual([3, 4, 5]);
      const last = rest.at(-1)!;
      if (!last.ok) throw new Error('stopped');
      expect(JSON.stringify(last.state)).toBe(JSON.stringify(whole.state));
    }
  });
});

// Undo returns to the exact previous state (dice position included), so re-running gives the same rolls;
// verify replays the log from the seed and names what does not follow.
import { describe, expect, it } from 'vitest';
import {
  createGame,
  defaultSetup,
  redoEntry,
  replay,
  step,
  undo,
  verify,
  type Action,
  type SessionState,
  type Setup,
} from '../../src/engine/index.js';
import { book } from './arbitraries.js';

const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

const SETUP: Setup = defaultSetup(20240601, {
  gangs: [
    { name: 'Goliaths', battlefield: ['Krag', 'Brak'], reserve: ['Gor'] },
    { name: 'Eschers', battlefield: ['Ana'], reserve: ['Bea'] },
  ],
  lairs: 2,
  structures: 3,
  hazard: 'roll',
});

const ACTIONS: Action[] = [
  { type: 'round' },
  { type: 'end' },
  { type: 'round', occupied: ['A1'] },
  { type: 'place', eventId: 'wyld-magic' },
  { type: 'place', eventId: 'sludge-jelly' },
  { type: 'end' },
  { type: 'round', dice: [57] },
  { type: 'fighter', name: 'Krag', to: 'out' },
  { type: 'visibility', level: 'dark' },
  { type: 'round' },
  { type: 'end' },
  { type: 'discard', eventId: 'sludge-jelly' },
  { type: 'round' },
  { type: 'round' },
  { type: 'place', eventId: 'horde-of-rats' },
];

function playAll(setup: Setup, actions: Action[]): SessionState[] {
  const states = [createGame(setup, book)];
  for (const a of actions) {
    const r = step(states[states.length - 1]!, a, book);
    if (!r.ok) throw new Error(`${a.type} refused: ${JSON.stringify(r)}`);
    states.push(r.state);
  }
  return states;
}

describe('undo', () => {
  const states = playAll(SETUP, ACTIONS);

  it('the game exercised what it meant to (a sanity check on the fixture)', () => {
    const last = states[states.length - 1]!;
    expect(last.log).toHaveLength(ACTIONS.length + 1);
    expect(last.rng.uses).toBeGreaterThan(10);
    expect(last.gangs[0]!.out).toEqual(['Krag']);
    expect(states[1]!.tiles).toEqual(['A1', 'B1', 'B2']); // this seed's first event is Collapsed Section
    expect(states[7]!.tiles).toEqual(['A1', 'B2']); // and then it is entered by hand
    expect(states[7]!.log[7]!.rolls[0]).toMatchObject({ die: 64, value: 57, entered: true });
    expect(last.inPlay.map((p) => p.eventId)).toEqual(['horde-of-rats']);
  });

  it('each undo restores the previous state exactly (JSON-equal), dice position included', () => {
    for (let i = states.length - 1; i >= 1; i--) {
      const u = undo(states[i]!, book);
      expect(u).not.toBeNull();
      // The same state, with what was undone on the redo list.
      expect(json(u!.state)).toEqual(
        json({ ...states[i - 1]!, redo: [redoEntry(states[i]!.log[i]!, states[i]!.rng.uses)] }),
      );
      expect(u!.undone).toEqual(states[i]!.log[i]);
      expect(u!.undone.action).toEqual(ACTIONS[i - 1]);
    }
  });

  it('repeated undos step back to the state right after `new`, and no further', () => {
    let s = states[states.length - 1]!;
    let n = 0;
    for (;;) {
      const u = undo(s, book);
      if (!u) break;
      s = u.state;
      n++;
    }
    expect(n).toBe(ACTIONS.length);
    // Everything undone can be redone, the first step last.
    const undone = states.slice(1).map((st, i) => redoEntry(st.log[i + 1]!, st.rng.uses));
    expect(json(s)).toEqual(json({ ...states[0]!, redo: undone.reverse() }));
    expect(s.log).toHaveLength(1);
    expect(s.log[0]!.action).toEqual({ type: 'new' });
  });

  it('re-running the undone command gives the same rolls and the same state: undo never rerolls', () => {
    for (let i = 1; i < states.length; i++) {
      const u = undo(states[i]!, book)!;
      const again = step(u.state, u.undone.action, book);
      if (!again.ok) throw new Error('refused');
      expect(again.record).toEqual(states[i]!.log[i]);
      expect(json(again.state)).toEqual(json(states[i]));
    }
  });

  it('replaying the log from the setup gives the identical state', () => {
    const last = states[states.length - 1]!;
    expect(
      json(
        replay(
          last.setup,
          last.log.slice(1).map((r) => r.action),
          book,
        ),
      ),
    ).toEqual(json(last));
  });
});

describe('verify', () => {
  const states = playAll(SETUP, ACTIONS);
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

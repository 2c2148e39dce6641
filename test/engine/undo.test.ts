// Undo and redo (src/engine/undo.ts): undo returns to the exact previous state (dice position included), so
// re-running gives the same rolls; redo re-applies the step undone last, and refuses, naming the entry, one that no
// longer applies or would not roll the same dice.

import { describe, expect, it } from 'vitest';
import { emptyStory, redo, redoEntry, replay, setStory, step, undo, verify } from '../../src/engine/index.js';
import { LIMITS } from '../../src/rules/limits.js';
import { book } from './arbitraries.js';

import { LONG_ACTIONS, LONG_SETUP, SHORT_ACTIONS, SHORT_SETUP, pastLimit, playAll, statesOf } from './played.js';

const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

const good = playAll(SHORT_SETUP, SHORT_ACTIONS);

describe('undo', () => {
  const states = statesOf(LONG_SETUP, LONG_ACTIONS);

  it('the game exercised what it meant to (a sanity check on the fixture)', () => {
    const last = states[states.length - 1]!;
    expect(last.log).toHaveLength(LONG_ACTIONS.length + 1);
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
      expect(u!.undone.action).toEqual(LONG_ACTIONS[i - 1]);
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
    expect(n).toBe(LONG_ACTIONS.length);
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

describe('redo', () => {
  it('a step an older badzone wrote past a limit can be undone, but redoing it is refused, naming the entry and the limit', () => {
    const { state, action, limit } = pastLimit();
    expect(limit).toContain('limit: occupied tiles');
    const u = undo(state, book)!;
    expect(u.state.redo.map((e) => e.action)).toEqual([action]);
    const before = JSON.stringify(u.state);
    const r = redo(u.state, book);
    expect(r).toEqual({
      ok: false,
      refusal: {
        code: 'redo-refused',
        facts: {
          seq: 1,
          action: 'round',
          refusal: { code: 'input-past-limit', facts: { limit: 'occupied', max: LIMITS.occupied }, message: limit },
          needs: null,
        },
        usage: false,
        message: `Cannot redo log entry 1 (round): ${limit}`,
      },
    });
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
      refusal: {
        code: 'redo-refused',
        facts: {
          seq: 5,
          action: 'discard',
          refusal: {
            code: 'not-in-play',
            facts: { event: 'sludge-jelly', name: book.byId.get('sludge-jelly')!.name },
            message: direct.refusal.message,
          },
          needs: null,
        },
        usage: false,
        message: `Cannot redo log entry 5 (discard): ${direct.refusal.message}`,
      },
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

describe('the story (title, date, scenario, result): words about the game, not a step', () => {
  const story = { title: 'The Sump Run', date: '14 March', scenario: 'Looters', result: 'Eschers by two fighters' };

  it('setting it logs nothing, rolls nothing and keeps the redo list', () => {
    const u = undo(good, book)!.state;
    const s = setStory(u, story);
    expect(s.story).toEqual(story);
    expect(s.log).toBe(u.log);
    expect(s.rng).toEqual(u.rng);
    expect(s.redo).toEqual(u.redo);
    expect(u.story).toEqual(emptyStory()); // the state it was given is left as it was
  });

  it('undo and redo keep it as it is: they undo steps of the game, not the words about it', () => {
    const s = setStory(good, story);
    const u = undo(s, book)!.state;
    expect(u.story).toEqual(story);
    const r = redo(u, book);
    if (!r?.ok) throw new Error('the round undone should redo');
    expect(r.state.story).toEqual(story);
  });

  it('verify replays the same game with or without it', () => {
    expect(verify(setStory(good, story), book)).toEqual(verify(good, book));
    expect(verify(setStory(good, story), book).ok).toBe(true);
  });
});

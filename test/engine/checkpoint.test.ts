// Undo checkpoints (src/engine/checkpoint.ts): a reverse patch takes a value back to the one before, exactly (keys in
// the same order, so a restored game serialises as the replayed one does), and is small when little changed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatch, BadPatch, checkpointOf, restoreFields, reversePatch } from '../../src/engine/checkpoint.js';
import { step, type SessionState } from '../../src/engine/index.js';
import { book } from './arbitraries.js';
import { LONG_ACTIONS, LONG_SETUP, statesOf } from './played.js';

const text = (v: unknown): string => JSON.stringify(v);

describe('a reverse patch', () => {
  it('takes any JSON value back to any other, keys in their order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (now, before) => {
        const p = reversePatch(now, before);
        expect(text(p === null ? now : applyPatch(now, p))).toBe(text(before));
        expect(text(now)).toBe(text(JSON.parse(text(now)))); // `now` is left as it was
      }),
      { numRuns: 500 },
    );
  });

  it('is null for equal values, and names only what changed', () => {
    expect(reversePatch({ a: [1, 2], b: 'x' }, { a: [1, 2], b: 'x' })).toBeNull();
    expect(reversePatch({ a: [1, 2, 3], b: 'x' }, { a: [1, 2], b: 'x' })).toEqual({ o: { a: { a: 2, at: {} } } });
    // Another key (or the same keys in another order): the object whole.
    expect(reversePatch({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual({ '=': { b: 2, a: 1 } });
  });

  it('that does not fit the value is refused (BadPatch), never applied in part', () => {
    expect(() => applyPatch([1, 2], { a: 4, at: { 3: { '=': 1 } } })).toThrow(BadPatch);
    expect(() => applyPatch({ a: 1 }, { o: { b: { '=': 1 } } })).toThrow(BadPatch);
    expect(() => applyPatch(3, { a: 1, at: {} })).toThrow(BadPatch);
    expect(() => applyPatch([1], { a: 2, at: { 1: { a: 0, at: {} } } })).toThrow(BadPatch);
  });
});

describe("a step's checkpoint", () => {
  const states = statesOf(LONG_SETUP, LONG_ACTIONS);

  it('restores the game before each step of a long game exactly, dice position included', () => {
    for (let i = 1; i < states.length; i++) {
      const now = states[i]!;
      const before = states[i - 1]!;
      const c = checkpointOf(now, before);
      expect(c.uses).toBe(before.rng.uses);
      const back = restoreFields(now, JSON.parse(text(c)));
      for (const [k, v] of Object.entries(back)) expect(text(v)).toBe(text(before[k as keyof SessionState]));
    }
  });

  it('holds no seed, no setup, no log: the dice position and the fields a step changed', () => {
    const s = states[3]!;
    const r = step(s, { type: 'round' }, book);
    if (!r.ok) throw new Error('refused');
    const c = checkpointOf(r.state, s);
    expect(Object.keys(c)).toEqual(['uses', 'fields']);
    for (const k of ['setup', 'rng', 'log', 'redo', 'story', 'manualDice', 'schemaVersion'])
      expect(c.fields).not.toHaveProperty(k);
    expect(text(c)).not.toContain(String(s.setup.seed));
  });
});

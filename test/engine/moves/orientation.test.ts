// The `orientation` move (src/engine/moves/orientation.ts): where 12 o'clock points from now on. A step of the game,
// logged, undone, redone, replayed and verified like any other; it rolls nothing, and the scatters already made
// stay as they were rolled.
import { describe, expect, it } from 'vitest';
import { createGame, defaultSetup, redo, replay, step, undo, verify } from '../../../src/engine/index.js';
import type { SessionState } from '../../../src/engine/state.js';
import { as, book, ok, refusal, start } from '../arbitraries.js';

/** Dice rolled from the seed: the Pillar of Flame placed by hand, round 1, its End Phase (the Pillar scatters). */
function scattered(): SessionState {
  let s = start();
  for (const a of [{ type: 'place', eventId: 'pillar-of-flame' }, { type: 'round' }, { type: 'end' }] as const)
    s = ok(step(s, a, book)).state;
  expect(s.inPlay.find((p) => p.eventId === 'pillar-of-flame')!.scatters).toHaveLength(1);
  return s;
}

describe("orientation: where 12 o'clock points", () => {
  it("a game starts with the setup's orientation, far by default", () => {
    expect(start().orientation).toEqual({ twelve: 'far' });
    expect(start().setup.orientation).toEqual({ twelve: 'far' });
    const s = createGame(defaultSetup(5, { orientation: { twelve: 'left' } }), book);
    expect(s.orientation).toEqual({ twelve: 'left' });
  });

  it('the step changes it, rolls nothing, says from which edge to which, and leaves the scatters as they were', () => {
    const s = scattered();
    const scatters = structuredClone(s.inPlay.map((p) => p.scatters));
    const r = ok(step(s, { type: 'orientation', twelve: 'right' }, book));
    expect(as(r.report, 'orientation')).toEqual({ kind: 'orientation', from: 'far', to: 'right' });
    expect(r.state.orientation).toEqual({ twelve: 'right' });
    // The setup keeps where it pointed at setup; the state where it points now.
    expect(r.state.setup.orientation).toEqual({ twelve: 'far' });
    expect(r.record).toEqual({
      seq: s.log.length,
      round: 1,
      action: { type: 'orientation', twelve: 'right' },
      rolls: [],
    });
    expect(r.state.rng).toEqual(s.rng);
    expect(r.state.inPlay.map((p) => p.scatters)).toEqual(scatters);
    expect(r.notes).toEqual(["GM set 12 o'clock to point to the right edge (it pointed to the far edge)"]);
    // The state before is untouched.
    expect(s.orientation).toEqual({ twelve: 'far' });
  });

  it('the edge it already points to is refused (not a usage error); an unknown edge is a usage error', () => {
    const s = start({ orientation: { twelve: 'near' } });
    const same = refusal(step(s, { type: 'orientation', twelve: 'near' }, book));
    expect(same).toEqual({
      code: 'same-orientation',
      facts: { edge: 'near' },
      usage: false,
      message: "12 o'clock already points to the near edge; nothing changed.",
    });
    // A hand-edited log or a library caller may hand anything: refused, naming the four edges.
    const bad = refusal(step(s, { type: 'orientation', twelve: 'up' as 'far' }, book));
    expect(bad).toEqual({
      code: 'no-such-edge',
      facts: { edge: 'up', edges: ['far', 'right', 'near', 'left'] },
      usage: true,
      message: '12 o\'clock points to one of the edges far, right, near, left, not "up".',
    });
  });

  it('undo takes it back, redo re-applies it, a replay and verify follow it', () => {
    const s = ok(step(scattered(), { type: 'orientation', twelve: 'left' }, book)).state;
    const u = undo(s, book)!;
    expect(u.undone.action).toEqual({ type: 'orientation', twelve: 'left' });
    expect(u.state.orientation).toEqual({ twelve: 'far' });
    const again = redo(u.state, book);
    if (!again?.ok) throw new Error(`redo failed: ${JSON.stringify(again)}`);
    expect(again.state.orientation).toEqual({ twelve: 'left' });
    const replayed = replay(
      s.setup,
      s.log.slice(1).map((x) => x.action),
      book,
    );
    expect(replayed.orientation).toEqual({ twelve: 'left' });
    expect(verify(s, book).ok).toBe(true);
    // A file whose orientation does not follow from its log is found.
    const v = verify({ ...s, orientation: { twelve: 'near' } }, book);
    expect(v.ok).toBe(false);
    expect(v.problem).toBe(
      'orientation in the file (.twelve = "near") does not follow from the log (replay gives .twelve = "left")',
    );
  });
});

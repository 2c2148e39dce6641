// src/engine/phases.ts: the notes the Event Phase and the End Phase leave must name each event drawn or checked, its
// roll, and what became of it. A hand-made mutation pass (emptying "stays in play", "Persistent, placed in play",
// "Drew X (n): Once", the casket left behind) found these caught only indirectly, by the stored notes of a version 1
// fixture game; this test pins them directly, each checked by making that change and watching it fail.
import { describe, expect, it } from 'vitest';
import { as, play, start } from './arbitraries.js';

describe('the notes name each event drawn and what became of it', () => {
  it('Once, Persistent placed, a duplicate re-rolled; discard checks that keep and that discard (with what stays)', () => {
    let r = play(start(), { type: 'round' }, [60, 2, 3, 4]); // Treasure on A2, worth (3+4)x10
    expect(r.notes).toContain('Drew Treasure (60): Persistent, placed in play');
    r = play(r.state, { type: 'round' }, [1, 61]); // the End Phase first: Treasure 1 (needs 2+) stays; Disappearance
    expect(r.notes).toContain('End Phase: Treasure discard check 1 (needs 2+): stays in play');
    expect(r.notes).toContain('Drew Disappearance (61): Once');
    expect(r.notes.filter((n) => n.startsWith('Drew '))).toHaveLength(1);
    r = play(r.state, { type: 'round' }, [1, 60, 41]); // Treasure again: a duplicate; Wyld Magic placed
    const drew = r.notes.filter((n) => n.startsWith('Drew '));
    expect(drew).toEqual([
      'Drew Treasure (60): already in play, discarded; drawing again',
      'Drew Wyld Magic (41): Persistent, placed in play',
    ]);
    expect(as(r.report, 'round').eventPhase.draws).toEqual([
      { roll: 60, eventId: 'treasure', outcome: 'duplicate' },
      { roll: 41, eventId: 'wyld-magic', outcome: 'placed' },
    ]);
    const e = play(r.state, { type: 'end' }, [2, 6]);
    expect(e.notes).toEqual([
      'End Phase: Treasure discard check 2 (needs 2+): discarded; the golden Loot Casket stays on A2 (worth 70 credits)',
      'End Phase: Wyld Magic discard check 6 (needs 3+): discarded',
    ]);
    expect(as(e.report, 'end').checks).toEqual([
      {
        eventId: 'treasure',
        name: 'Treasure',
        roll: 2,
        discardOn: 2,
        discarded: true,
        stays: [
          {
            eventId: 'treasure',
            what: 'golden Loot Casket',
            tile: 'A2',
            sinceRound: 1,
            worth: { value: 70, unit: 'credits' },
          },
        ],
      },
      { eventId: 'wyld-magic', name: 'Wyld Magic', roll: 6, discardOn: 3, discarded: true },
    ]);
    expect(e.state.inPlay).toEqual([]);
    expect(e.state.objects).toEqual([
      {
        eventId: 'treasure',
        what: 'golden Loot Casket',
        tile: 'A2',
        sinceRound: 1,
        worth: { value: 70, unit: 'credits' },
      },
    ]);
  });
});

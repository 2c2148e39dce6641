// A tiny event table whose simulation statistics are known in closed form (shared by the engine and CLI tests).
import { validateEventTable } from '../../src/rules/validate.js';
import type { EventTable } from '../../src/rules/types.js';

/**
 * One Once event on 1-32 that makes it Dark, one Persistent event on 33-64 (discarded on 4+) that spawns 1 rat
 * when drawn and D3 zombies in every Event Phase it is in play (the round it is drawn included).
 */
export function tinyTable(): EventTable {
  return validateEventTable(
    {
      name: 'Tiny test table',
      results: [
        {
          id: 'blackout',
          name: 'Blackout',
          range: [1, 32],
          count: 32,
          timing: 'once',
          effect: 'Dark.',
          resolve: { onDraw: [{ kind: 'visibilitySet', level: 'dark' }] },
        },
        {
          id: 'rat-nest',
          name: 'Rat Nest',
          range: [33, 64],
          count: 32,
          timing: 'persistent',
          discardOn: 4,
          effect: 'Rats.',
          resolve: {
            onDraw: [{ kind: 'spawn', count: 1, creature: 'rats', what: 'rat' }],
            eachEventPhase: [{ kind: 'spawn', count: 'D3', creature: 'zombies', what: 'zombies' }],
          },
        },
      ],
    },
    'tiny.json',
  );
}

/**
 * The answers for the tiny table, in closed form. Let q_r be the chance Rat Nest is in play at the start of
 * round r's Event Phase (q_1 = 0). If it is, the draw is re-rolled until Blackout comes up (one duplicate
 * expected: a geometric count with success 1/2); if not, either event with chance 1/2. So after the Event Phase
 * it is in play with b_r = q_r + (1 - q_r)/2, and survives its 4+ discard roll with 1/2: q_{r+1} = b_r / 2.
 * Blackout is missed all game only if Rat Nest is drawn each round and discarded each End Phase but the last:
 * 2^-(2R-1); Rat Nest is missed only if Blackout is drawn every round: 2^-R.
 */
export function tinyAnswers(R: number) {
  const q: number[] = [];
  const b: number[] = [];
  let qr = 0;
  for (let r = 1; r <= R; r++) {
    q.push(qr);
    const br = qr + (1 - qr) / 2;
    b.push(br);
    qr = br / 2;
  }
  const cumulative = (xs: number[]) => xs.map((_, i) => xs.slice(0, i + 1).reduce((a, c) => a + c, 0));
  const sumB = b.reduce((a, c) => a + c, 0);
  const nestAppears = 1 - 2 ** -R;
  return {
    q,
    b,
    blackoutAppears: 1 - 2 ** -(2 * R - 1),
    nestAppears,
    nestRounds: sumB / nestAppears,
    totalRoundsInPlay: sumB,
    /** Dark after round r: Blackout has come up by then. */
    darkBy: b.map((_, i) => 1 - 2 ** -(2 * (i + 1) - 1)),
    /** Rats: one each time Rat Nest is placed, chance (1 - q_r)/2 in round r. */
    ratsBy: cumulative(q.map((x) => (1 - x) / 2)),
    /** Zombies: D3 (mean 2) in each Event Phase Rat Nest is in play. */
    zombiesBy: cumulative(b.map((x) => 2 * x)),
    duplicates: q.reduce((a, c) => a + c, 0),
  };
}

// simulate() and Simulation (src/engine/simulate.ts): statistics against answers worked out by hand for tiny
// tables, determinism, and agreement with the loud engine (`step`, as `badzone round` uses it) game by game; every
// figure of a multi-game run checked exactly against an independent count made by playing the same games loudly
// with `step` on the same dice stream; and the run's mechanics: refused counts, the default seeded source, progress
// calls, stopping between rounds (a stopped run reports exactly the games it finished), and the per-event fields.

import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/dice/rng.js';
import { defaultSetup, type Setup } from '../../src/engine/index.js';
import { CREATURES, Simulation, simulate } from '../../src/engine/simulate.js';
import { compileBook, type RuleBook } from '../../src/rules/book.js';
import type { EventTable } from '../../src/rules/types.js';
import { validateEventTable } from '../../src/rules/validate.js';
import { bookFor, shippedBook, shippedTables } from '../../src/store/tables.js';
import { ownResults, type OwnEvent } from './arbitraries.js';
import { tinyAnswers, tinyTable } from './simulate-tables.js';
import { loudReport, noSpawns, r6 } from './loud-games.js';

/** Tolerance for a mean of n draws of a quantity with standard deviation at most sd: five standard errors. */
function tol(sd: number, n: number): number {
  return (5 * sd) / Math.sqrt(n) + 1e-9;
}

const bern = (p: number) => Math.sqrt(p * (1 - p));

// On either generator: a whole-number seed rolls with the Mersenne Twister, a text seed with ChaCha20.
describe.each([20261130, 'ClosedForms2026'])('simulate on a table with answers in closed form (seed %s)', (seed) => {
  const R = 4;
  const N = 40_000;
  const book = bookFor({ table: tinyTable(), visibilityTable: null });
  const rep = simulate(defaultSetup(seed, { table: tinyTable() }), book, { games: N, rounds: R });
  const a = tinyAnswers(R);

  it('works the closed forms out as expected (R = 4 by hand)', () => {
    // Hand values: q = 0, 1/4, 5/16, 21/64; b = 1/2, 5/8, 21/32, 85/128.
    expect(a.q).toEqual([0, 0.25, 0.3125, 0.328125]);
    expect(a.b).toEqual([0.5, 0.625, 0.65625, 0.6640625]);
    expect(a.blackoutAppears).toBe(127 / 128);
    expect(a.nestAppears).toBe(15 / 16);
    expect(a.duplicates).toBe(0.890625);
  });

  it('reports how often each event appears, within five standard errors', () => {
    const [blackout, nest] = rep.events;
    expect(blackout!.eventId).toBe('blackout');
    expect(Math.abs(blackout!.appearedIn - a.blackoutAppears)).toBeLessThanOrEqual(tol(bern(a.blackoutAppears), N));
    expect(Math.abs(nest!.appearedIn - a.nestAppears)).toBeLessThanOrEqual(tol(bern(a.nestAppears), N));
    expect(blackout!.meanRoundsInPlay).toBe(0);
  });

  it('reports the mean rounds in play of the persistent event, within five standard errors', () => {
    const nest = rep.events[1]!;
    // Rounds in play per game lie in 0..R, so their standard deviation is at most R/2.
    const total = nest.meanRoundsInPlay! * nest.appearedIn;
    expect(Math.abs(total - a.totalRoundsInPlay)).toBeLessThanOrEqual(tol(R / 2, N) + 1e-5);
    // 2.4453125 / (15/16) = 2.608...: the per-appearance figure the report shows.
    expect(a.nestRounds).toBeCloseTo(2.608333, 5);
  });

  it('reports the per-round figures, within five standard errors', () => {
    expect(rep.perRound.map((r) => r.round)).toEqual([1, 2, 3, 4]);
    rep.perRound.forEach((r, i) => {
      expect(Math.abs(r.inPlay.mean - a.b[i]!)).toBeLessThanOrEqual(tol(bern(a.b[i]!), N));
      expect(r.inPlay.max).toBe(1);
      expect(Math.abs(r.visibilityReduced - a.darkBy[i]!)).toBeLessThanOrEqual(tol(bern(a.darkBy[i]!), N));
      // Rats by round r are at most r, zombies at most 3r.
      expect(Math.abs(r.spawned.rats - a.ratsBy[i]!)).toBeLessThanOrEqual(tol((i + 1) / 2, N));
      expect(Math.abs(r.spawned.zombies - a.zombiesBy[i]!)).toBeLessThanOrEqual(tol((3 * (i + 1)) / 2, N));
      expect(r.spawned.scum).toBe(0);
      expect(r.spawned.genestealers).toBe(0);
    });
    // In rounds 2-4 Rat Nest is in play in more than 60% of games: median and 90th percentile are 1.
    for (const r of rep.perRound.slice(1)) expect([r.inPlay.p50, r.inPlay.p90]).toEqual([1, 1]);
  });

  it('reports duplicates re-rolled per game, within five standard errors', () => {
    // Duplicates in a round are geometric (mean 1, mean square 3) when Rat Nest is in play: total variance <= 3R.
    expect(Math.abs(rep.duplicatesPerGame - a.duplicates)).toBeLessThanOrEqual(tol(Math.sqrt(3 * R), N));
    expect(rep.reshufflesPerGame).toBe(0);
    expect(rep).toMatchObject({ games: N, rounds: R, seed, mode: 'dice' });
  });
});

describe('simulate in deck mode', () => {
  it('reshuffles exactly once per game in 65 rounds when every event is Once', () => {
    const table = validateEventTable(
      {
        name: 'Two Once events',
        results: [
          { id: 'low', name: 'Low', range: [1, 32], count: 32, timing: 'once', effect: '-' },
          { id: 'high', name: 'High', range: [33, 64], count: 32, timing: 'once', effect: '-' },
        ],
      },
      'two.json',
    );
    const book = bookFor({ table, visibilityTable: null });
    const rep = simulate(defaultSetup(5, { mode: 'deck', table }), book, { games: 50, rounds: 65 });
    // 64 cards, one drawn and discarded each round: the 65th draw finds the deck empty.
    expect(rep.reshufflesPerGame).toBe(1);
    expect(rep.duplicatesPerGame).toBe(0);
    expect(rep.events.map((e) => e.appearedIn)).toEqual([1, 1]);
    expect(rep.perRound.every((r) => r.inPlay.max === 0)).toBe(true);
  });
});

describe('simulate is deterministic', () => {
  const book = shippedBook();
  it('gives the same report for the same seed and arguments', () => {
    const a = simulate(defaultSetup(99), book, { games: 300, rounds: 6 });
    const b = simulate(defaultSetup(99), book, { games: 300, rounds: 6 });
    expect(b).toEqual(a);
  });
  it('gives a different report for another seed', () => {
    const a = simulate(defaultSetup(99), book, { games: 300, rounds: 6 });
    const b = simulate(defaultSetup(100), book, { games: 300, rounds: 6 });
    expect(b.events.map((e) => e.appearedIn)).not.toEqual(a.events.map((e) => e.appearedIn));
  });
  it('plays games in sequence on one stream: the first game of a run is a one-game run', () => {
    const progress: number[] = [];
    const one = simulate(defaultSetup(3), book, { games: 1, rounds: 6 });
    const many = simulate(defaultSetup(3), book, { games: 1000, rounds: 6, onProgress: (d) => progress.push(d) });
    expect(many.randomNumbers).toBeGreaterThan(one.randomNumbers);
    expect(progress[progress.length - 1]).toBe(1000);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
  });
  it('refuses nonsense counts', () => {
    expect(() => simulate(defaultSetup(1), book, { games: 0, rounds: 6 })).toThrow(RangeError);
    expect(() => simulate(defaultSetup(1), book, { games: 10, rounds: -1 })).toThrow(RangeError);
  });
});

describe('simulate plays the same games as `badzone round`', () => {
  const setups: [string, (seed: number) => Setup][] = [
    ['dice, defaults', (seed) => defaultSetup(seed)],
    [
      'deck, rosters, lairs and structures',
      (seed) =>
        defaultSetup(seed, {
          mode: 'deck',
          tiles: ['A1', 'A2', 'A3', 'B1', 'B2', 'B3'],
          spawnPoints: 6,
          gangs: [
            { name: 'Goliaths', battlefield: ['Krag', 'Brute', 'Mauler'], reserve: ['Grub'] },
            { name: 'Eschers', battlefield: ['Vex', 'Nyx'], reserve: ['Lyra', 'Mira'] },
          ],
          lairs: 3,
          structures: 4,
          hazard: 'roll',
        }),
    ],
  ];
  for (const [label, make] of setups) {
    it(`${label}: a one-game run reports exactly what the game played round by round gives`, () => {
      const rounds = 12;
      for (let seed = 1; seed <= 40; seed++) {
        const setup = make(seed);
        const book = bookFor(setup);
        const loud = loudReport(setup, book, 1, rounds, null);
        expect(simulate(setup, book, { games: 1, rounds }), `seed ${seed}`).toEqual(loud.report);
      }
    });
  }
});

function ownTable(events: OwnEvent[]): EventTable {
  return { name: 'Simulation test table', die: 'D64', results: ownResults(events) };
}

function ownBook(table: EventTable): RuleBook {
  return compileBook({ ...shippedTables(), events: table });
}

/**
 * A dice-mode table of mixed events: persistent events that stay (no discard), leave on 4+ or on 6 only, and
 * spawn every creature, a Once event that makes it Dark, one that rolls on the visibility table, and a Once
 * event on 64 alone that rarely comes up.
 */
const MIXED = ownTable([
  {
    id: 'stays',
    range: [1, 2],
    timing: 'persistent',
    onDraw: [{ kind: 'spawn', count: 1, creature: 'scum', what: 'scum' }],
    eachEventPhase: [{ kind: 'spawn', count: 1, creature: 'rats', what: 'rat' }],
  },
  {
    id: 'fickle',
    range: [3, 6],
    timing: 'persistent',
    discardOn: 4,
    eachEventPhase: [{ kind: 'spawn', count: 'D3', creature: 'zombies', what: 'zombies' }],
  },
  {
    id: 'sticky',
    range: [7, 8],
    timing: 'persistent',
    discardOn: 6,
    onDraw: [{ kind: 'spawn', count: 'D3', creature: 'genestealers', what: 'genestealers' }],
  },
  { id: 'blackout', range: [9, 30], timing: 'once', onDraw: [{ kind: 'visibilitySet', level: 'dark' }] },
  { id: 'flicker', range: [31, 46], timing: 'once', onDraw: [{ kind: 'visibilityRoll' }] },
  {
    id: 'beast',
    range: [47, 63],
    timing: 'once',
    onDraw: [{ kind: 'spawn', count: 1, creature: 'abomination', what: 'an abomination' }],
  },
  { id: 'rare', range: [64, 64], timing: 'once' },
]);

/** Only two persistent events that never leave and roll nothing: from the third round on there is nothing to draw. */
const STAYERS = ownTable([
  { id: 'left', range: [1, 32], timing: 'persistent' },
  { id: 'right', range: [33, 64], timing: 'persistent' },
]);

/** A deck that runs out: 62 cards of one persistent event (duplicates, discarded and drawn again) and two Once cards. */
const RUNS_OUT = ownTable([
  { id: 'crowd', range: [1, 62], timing: 'persistent' },
  { id: 'dark', range: [63, 63], timing: 'once', onDraw: [{ kind: 'visibilitySet', level: 'dark' }] },
  { id: 'quiet', range: [64, 64], timing: 'once' },
]);

const MIXED_SEED = 274;

describe('simulate: every figure of a multi-game run equals a count of the same games played with step', () => {
  it('mixed table, dice mode, default source: in play (mean, percentiles, max), visibility, spawns, appearances', () => {
    const book = ownBook(MIXED);
    const setup = defaultSetup(MIXED_SEED, { table: MIXED });
    const games = 10;
    const rounds = 6;
    // The default source is one Rng seeded with setup.seed, shared by the games in turn.
    const loud = loudReport(setup, book, games, rounds, new Rng({ seed: setup.seed, uses: 0 }));
    const rep = simulate(setup, book, { games, rounds });
    expect(rep).toEqual(loud.report);

    // What this seed exercises (so the comparison above can tell the percentiles and means apart):
    const rows = loud.report.perRound.map((r, i) => ({ ...r.inPlay, min: Math.min(...loud.inPlay[i]!) }));
    // a round with 9 of 10 games at 0 in play and one at 1: p50 = p90 = 0 < max;
    expect(rows[0]).toEqual({ mean: 0.1, p50: 0, p90: 0, max: 1, min: 0 });
    // a round whose median is above its least and whose 90th percentile is below its most.
    expect(rows[4]).toEqual({ mean: 0.8, p50: 1, p90: 1, max: 3, min: 0 });
    expect(rows[3]).toMatchObject({ p50: 0, p90: 1, max: 2 });
    // Event figures: a Once event appears but is never in play; an event that never came up has no mean.
    const byId = new Map(rep.events.map((e) => [e.eventId, e]));
    expect(byId.get('blackout')).toMatchObject({ appearedIn: 0.9, meanRoundsInPlay: 0 });
    expect(byId.get('rare')).toMatchObject({ appearedIn: 0, meanRoundsInPlay: null });
    const stays = byId.get('stays')!;
    expect(loud.appeared.get('stays')).toBe(5);
    expect(stays.appearedIn).toBe(0.5);
    expect(stays.meanRoundsInPlay).toBe(r6(loud.roundsIn.get('stays')! / 5));
    expect(loud.roundsIn.get('stays')).toBeGreaterThan(5);
    // Spawns and visibility vary between games, so the means are fractions.
    expect(rep.perRound.some((r) => r.visibilityReduced > 0 && r.visibilityReduced < 1)).toBe(true);
    for (const c of CREATURES) expect(rep.perRound[rounds - 1]!.spawned[c], c).toBeGreaterThan(0);
  });

  it('gives every event its id, name, range, timing and discard roll, in table order', () => {
    const rep = simulate(defaultSetup(MIXED_SEED, { table: MIXED }), ownBook(MIXED), { games: 2, rounds: 1 });
    expect(rep.events.map((e) => [e.eventId, e.name, e.range, e.timing, e.discardOn])).toEqual([
      ['stays', 'STAYS', [1, 2], 'persistent', null],
      ['fickle', 'FICKLE', [3, 6], 'persistent', 4],
      ['sticky', 'STICKY', [7, 8], 'persistent', 6],
      ['blackout', 'BLACKOUT', [9, 30], 'once', null],
      ['flicker', 'FLICKER', [31, 46], 'once', null],
      ['beast', 'BEAST', [47, 63], 'once', null],
      ['rare', 'RARE', [64, 64], 'once', null],
    ]);
    expect(rep.perRound.map((r) => r.round)).toEqual([1]);
    expect(rep).toMatchObject({ games: 2, rounds: 1, seed: MIXED_SEED, mode: 'dice' });
  });

  it('two persistent events that never leave, on a given source: duplicates and Event Phases with no new event', () => {
    const book = ownBook(STAYERS);
    // The given source is used, not one seeded from setup.seed (which the report still names).
    const setup = defaultSetup(999, { table: STAYERS });
    const loud = loudReport(setup, book, 3, 5, new Rng({ seed: 5, uses: 0 }));
    const rep = simulate(setup, book, { games: 3, rounds: 5, source: new Rng({ seed: 5, uses: 0 }) });
    expect(rep).toEqual(loud.report);
    // Rounds 3-5 of each game have nothing left to draw; the second round re-rolls the first event's numbers.
    expect(loud.noNew).toBe(9);
    expect(rep.noNewEventPerGame).toBe(3);
    expect(loud.duplicates).toBeGreaterThan(3);
    expect(rep.duplicatesPerGame).toBe(r6(loud.duplicates / 3));
    expect(rep.perRound.map((r) => r.inPlay)).toEqual([
      { mean: 1, p50: 1, p90: 1, max: 1 },
      { mean: 2, p50: 2, p90: 2, max: 2 },
      { mean: 2, p50: 2, p90: 2, max: 2 },
      { mean: 2, p50: 2, p90: 2, max: 2 },
      { mean: 2, p50: 2, p90: 2, max: 2 },
    ]);
    // Each event is in play from the round it is drawn to the end: 4 or 5 rounds of 5.
    expect(rep.events.map((e) => e.meanRoundsInPlay! * e.appearedIn * 3).reduce((a, b) => a + b, 0)).toBeCloseTo(27, 5);
    expect(rep.seed).toBe(999);
    expect(rep).not.toEqual(simulate(setup, book, { games: 3, rounds: 5 }));
  });

  it('a deck that runs out: duplicates discarded and the discard pile reshuffled', () => {
    const book = ownBook(RUNS_OUT);
    const setup = defaultSetup(41, { table: RUNS_OUT, mode: 'deck' });
    const loud = loudReport(setup, book, 4, 6, new Rng({ seed: 41, uses: 0 }));
    const rep = simulate(setup, book, { games: 4, rounds: 6 });
    expect(rep).toEqual(loud.report);
    expect(loud.reshuffles).toBeGreaterThan(0);
    expect(rep.reshufflesPerGame).toBeGreaterThan(0);
    expect(rep.duplicatesPerGame).toBeGreaterThan(10);
    expect(rep.mode).toBe('deck');
  });

  it('the shipped book in deck mode with gangs, lairs, structures and a rolled hazard', () => {
    const setup = defaultSetup(2024, {
      mode: 'deck',
      tiles: ['A1', 'A2', 'A3', 'B1', 'B2', 'B3'],
      spawnPoints: 6,
      gangs: [
        { name: 'Goliaths', battlefield: ['Krag', 'Brute', 'Mauler'], reserve: ['Grub'] },
        { name: 'Eschers', battlefield: ['Vex', 'Nyx'], reserve: ['Lyra', 'Mira'] },
      ],
      lairs: 3,
      structures: 4,
      hazard: 'roll',
    });
    const book = shippedBook();
    const loud = loudReport(setup, book, 4, 6, new Rng({ seed: 2024, uses: 0 }));
    const rep = simulate(setup, book, { games: 4, rounds: 6 });
    expect(rep).toEqual(loud.report);
    expect(rep.perRound.some((r) => r.inPlay.mean > 0 && r.inPlay.mean < r.inPlay.max)).toBe(true);
  });
});

describe('Simulation refuses counts that are not positive whole numbers, naming the count', () => {
  const book = ownBook(STAYERS);
  const setup = defaultSetup(1, { table: STAYERS });
  for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
    it(`games ${bad}`, () => {
      expect(() => new Simulation(setup, book, { games: bad, rounds: 3 })).toThrow(RangeError);
      expect(() => new Simulation(setup, book, { games: bad, rounds: 3 })).toThrow(
        new RegExp(`games.*${String(bad).replace('.', '\\.')}`),
      );
    });
    it(`rounds ${bad}`, () => {
      expect(() => new Simulation(setup, book, { games: 3, rounds: bad })).toThrow(RangeError);
      expect(() => new Simulation(setup, book, { games: 3, rounds: bad })).toThrow(
        new RegExp(`rounds.*${String(bad).replace('.', '\\.')}`),
      );
    });
  }
  it('takes one game of one round', () => {
    const rep = simulate(setup, book, { games: 1, rounds: 1 });
    expect(rep).toMatchObject({ games: 1, rounds: 1, noNewEventPerGame: 0 });
    expect(rep.perRound).toEqual([
      { round: 1, inPlay: { mean: 1, p50: 1, p90: 1, max: 1 }, visibilityReduced: 0, spawned: noSpawns() },
    ]);
    expect(rep.events.map((e) => e.appearedIn).sort()).toEqual([0, 1]);
  });
  it('has no report before a game has finished', () => {
    const run = new Simulation(setup, book, { games: 2, rounds: 3 });
    expect(() => run.report()).toThrow(/game/);
    expect(() => run.report()).toThrow(RangeError);
    run.advance(0);
    expect(run.roundsPlayed).toBe(1);
    expect(() => run.report()).toThrow(/game/);
  });
});

describe('the default source is seeded from setup.seed', () => {
  it('the same seed gives the same report, another seed another', () => {
    const book = ownBook(MIXED);
    const a = simulate(defaultSetup(8, { table: MIXED }), book, { games: 5, rounds: 4 });
    expect(simulate(defaultSetup(8, { table: MIXED }), book, { games: 5, rounds: 4 })).toEqual(a);
    expect(
      simulate(defaultSetup(8, { table: MIXED }), book, { games: 5, rounds: 4, source: new Rng({ seed: 8, uses: 0 }) }),
    ).toEqual(a);
    const b = simulate(defaultSetup(9, { table: MIXED }), book, { games: 5, rounds: 4 });
    expect({ ...b, seed: 8 }).not.toEqual(a);
  });
});

describe('progress', () => {
  const book = ownBook(STAYERS);
  const setup = defaultSetup(3, { table: STAYERS });
  it('is called once per finished game when there are at most 200 games, the last call with done === total', () => {
    const calls: [number, number][] = [];
    simulate(setup, book, { games: 5, rounds: 3, onProgress: (d, t) => calls.push([d, t]) });
    expect(calls).toEqual([1, 2, 3, 4, 5].map((d) => [d, 5]));
  });
  it('is called every ceil(games / 200) games, and once more at the end', () => {
    const calls: [number, number][] = [];
    simulate(setup, book, { games: 401, rounds: 2, onProgress: (d, t) => calls.push([d, t]) });
    // Every 3 games (401 / 200 rounded up), and 401 itself, which is no multiple of 3.
    const expected = Array.from({ length: 133 }, (_, i) => [3 * (i + 1), 401]);
    expect(calls).toEqual([...expected, [401, 401]]);
  });
});

describe('playing in steps and stopping between rounds', () => {
  it('advance(n) plays rounds until n more random numbers are drawn; rounds that draw none do not stop it', () => {
    const book = ownBook(STAYERS);
    const setup = defaultSetup(3, { table: STAYERS });
    // A source already 50 numbers in: `numbers` counts only what this run drew.
    const src = new Rng({ seed: 3, uses: 50 });
    const run = new Simulation(setup, book, { games: 2, rounds: 4, source: src });
    expect([run.finished, run.roundsPlayed, run.numbers, run.complete]).toEqual([0, 0, 0, false]);
    const seen: [number, number, number, boolean][] = [];
    let complete = false;
    for (let i = 0; i < 20 && !complete; i++) {
      complete = run.advance(0);
      seen.push([run.finished, run.roundsPlayed, run.numbers, run.complete]);
      expect(run.numbers).toBe(src.state().uses - 50);
      expect(complete).toBe(run.complete);
    }
    // advance(0) plays exactly one round each time, even a round that draws no number (rounds 3 and 4: both
    // events are in play and never leave).
    expect(seen.map(([f, p]) => [f, p])).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 4],
      [1, 5],
      [1, 6],
      [1, 7],
      [2, 8],
    ]);
    const numbers = seen.map((x) => x[2]);
    expect(numbers[2]).toBe(numbers[1]);
    expect(numbers[3]).toBe(numbers[1]);
    expect(numbers[1]).toBeGreaterThan(numbers[0]!);
    expect(seen[seen.length - 1]![3]).toBe(true);
    expect(run.report()).toEqual(
      simulate(setup, book, { games: 2, rounds: 4, source: new Rng({ seed: 3, uses: 50 }) }),
    );
    // Only the numbers this run drew, not the 50 the source had drawn before it.
    expect(run.report().randomNumbers).toBe(src.state().uses - 50);
  });

  it('advance(n) stops at the first round that brings the numbers drawn to n more or past it', () => {
    const book = ownBook(MIXED);
    const setup = defaultSetup(MIXED_SEED, { table: MIXED });
    const run = new Simulation(setup, book, { games: 3, rounds: 4 });
    const before = run.numbers;
    expect(run.advance(3)).toBe(false);
    expect(run.numbers).toBeGreaterThanOrEqual(before + 3);
    // One round fewer would have drawn fewer than 3: replay the rounds one at a time to see.
    const again = new Simulation(setup, book, { games: 3, rounds: 4 });
    const played = run.roundsPlayed;
    expect(played).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < played; i++) again.advance(0);
    expect(again.roundsPlayed).toBe(played - 1);
    expect(again.numbers).toBeLessThan(3);
    again.advance(0);
    expect(again.numbers).toBe(run.numbers);
  });

  it('a run stopped mid-game reports exactly the games it finished, as a run of that many games would', () => {
    const book = ownBook(MIXED);
    const setup = defaultSetup(MIXED_SEED, { table: MIXED });
    const run = new Simulation(setup, book, { games: 8, rounds: 4 });
    // Five games of four rounds, and two rounds of the sixth: advance(0) plays one round at a time.
    for (let i = 0; i < 4 * 5 + 2; i++) run.advance(0);
    expect([run.finished, run.roundsPlayed, run.complete]).toEqual([5, 22, false]);
    const five = simulate(setup, book, { games: 5, rounds: 4 });
    const stopped = run.report();
    expect(stopped.games).toBe(5);
    // Only the random numbers differ: the stopped run has drawn some for the sixth game's first two rounds.
    expect(stopped.randomNumbers).toBeGreaterThan(five.randomNumbers);
    expect({ ...stopped, randomNumbers: 0 }).toEqual({ ...five, randomNumbers: 0 });
    // And played on to the end it is the whole run.
    expect(run.advance(Number.POSITIVE_INFINITY)).toBe(true);
    expect(run.report()).toEqual(simulate(setup, book, { games: 8, rounds: 4 }));
  });
});

describe('the random numbers simulate draws per round (a count, not a timing: a slowdown usually draws more)', () => {
  // One word for the D64 draw of each round, a few for what the events in play roll; in deck mode a shuffle of the
  // 64 cards (63 words) opens each game. Pinned: a change that draws more (or fewer) numbers fails here.
  it.each([
    ['dice', 5, 21_155],
    ['dice', 'Counted5', 20_734],
    ['deck', 5, 77_782],
    ['deck', 'Counted5', 78_303],
  ] as const)('%s mode, seed %s: %i numbers for 1000 games of 6 rounds', (mode, seed, numbers) => {
    const r = simulate(defaultSetup(seed, { mode }), shippedBook(), { games: 1000, rounds: 6 });
    expect(r.randomNumbers).toBe(numbers);
    expect(r.randomNumbers / 6000).toBeLessThan(mode === 'dice' ? 4 : 14);
  });
});

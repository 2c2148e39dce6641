// simulate(): statistics against answers worked out by hand for tiny tables, determinism, and agreement with
// the loud engine (`step`, as `badzone round` uses it) game by game.
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine/simulate.js';
import { createGame, defaultSetup, step } from '../../src/engine/index.js';
import type { SessionState, Setup } from '../../src/engine/state.js';
import type { Outcome } from '../../src/engine/resolve.js';
import { validateEventTable } from '../../src/rules/validate.js';
import { bookFor, shippedBook } from '../../src/store/tables.js';
import { tinyAnswers, tinyTable } from './simulate-tables.js';

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

/** Play one game loudly, as `badzone round` does (then `badzone end`), and collect what simulate counts. */
function loudGame(setup: Setup, rounds: number) {
  const book = bookFor(setup);
  let s: SessionState = createGame(setup, book);
  const normal = book.visibility.normal;
  const appeared = new Set<string>();
  const spawned = { rats: 0, zombies: 0, scum: 0, genestealers: 0, abomination: 0 };
  const perRound: { inPlay: number; reduced: number; spawned: typeof spawned }[] = [];
  let duplicates = 0;
  let reshuffles = 0;
  const count = (outcomes: Outcome[]) => {
    for (const o of outcomes) if (o.kind === 'spawn') spawned[o.creature] += o.count;
  };
  for (let r = 1; r <= rounds; r++) {
    const res = step(s, { type: 'round' }, book);
    if (!res.ok || res.report.kind !== 'round') throw new Error('round refused');
    s = res.state;
    const rep = res.report;
    for (const t of rep.endPhase?.triggers ?? []) count(t.outcomes);
    for (const x of rep.eventPhase.resolved) count(x.outcomes);
    for (const d of rep.eventPhase.draws) {
      if (d.outcome === 'duplicate') duplicates++;
      else appeared.add(d.eventId);
    }
    if (rep.eventPhase.reshuffled) reshuffles++;
    perRound.push({ inPlay: s.inPlay.length, reduced: s.visibility.level === normal ? 0 : 1, spawned: { ...spawned } });
  }
  const end = step(s, { type: 'end' }, book);
  if (!end.ok) throw new Error('end refused');
  return { appeared, perRound, duplicates, reshuffles, uses: end.state.rng.uses };
}

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
    it(`${label}: every per-round figure of a one-game run matches the loud game`, () => {
      const rounds = 12;
      for (let seed = 1; seed <= 40; seed++) {
        const setup = make(seed);
        const loud = loudGame(setup, rounds);
        const rep = simulate(setup, bookFor(setup), { games: 1, rounds });
        expect(rep.randomNumbers, `seed ${seed}`).toBe(loud.uses);
        expect(rep.duplicatesPerGame).toBe(loud.duplicates);
        expect(rep.reshufflesPerGame).toBe(loud.reshuffles);
        expect(new Set(rep.events.filter((e) => e.appearedIn === 1).map((e) => e.eventId))).toEqual(loud.appeared);
        rep.perRound.forEach((r, i) => {
          const l = loud.perRound[i]!;
          expect(r.inPlay).toEqual({ mean: l.inPlay, p50: l.inPlay, p90: l.inPlay, max: l.inPlay });
          expect(r.visibilityReduced).toBe(l.reduced);
          expect(r.spawned).toEqual(l.spawned);
        });
      }
    });
  }
});

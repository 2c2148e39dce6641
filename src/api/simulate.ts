// Playing thousands of games on the setup `newGame` would make, to see what a table does. The work is bounded:
// the first rounds estimate the whole run's random numbers, and a run estimated past LIMITS.simulateNumbers is
// refused before it goes on; a run can be stopped between any two rounds and still reports the games finished.
import { UsageError } from '../errors.js';
import { Simulation } from '../engine/simulate.js';
import { LIMITS, count, roughly } from '../rules/limits.js';
import type { RuleBook } from '../rules/book.js';
import type { Setup } from '../engine/state.js';
import { bookFor } from '../store/tables.js';
import { wholeNumber } from './args.js';
import { why } from './codes.js';
import { osRandomSeed } from './seed.js';
import type { Seed } from '../dice/rng.js';
import { resolveSetup, type NewGameOptions } from './setup.js';
import type { SimulateData } from './types.js';
import { CONTRACT } from './views.js';

export const SIMULATE_LIMITS = {
  games: LIMITS.simulateGames,
  rounds: LIMITS.simulateRounds,
  totalRounds: LIMITS.simulateTotalRounds,
  numbers: LIMITS.simulateNumbers,
} as const;

/** Random numbers drawn before the whole run is estimated: about a quarter of a second. */
export const PILOT_NUMBERS = 2_000_000;

export interface SimulateOptions extends Omit<NewGameOptions, 'force' | 'hiddenSeed'> {
  /** Games to play (default 10000). */
  games?: number;
  /** Rounds per game (default 6). */
  rounds?: number;
  /** Relative table paths start here (default: process.cwd()). */
  cwd?: string;
  /** A fresh seed when none is given (default: a ChaCha20 seed from the operating system). */
  randomSeed?: () => Seed;
  /** Called now and then with the games done so far. */
  onProgress?: (done: number, total: number) => void;
}

/** A simulation under way: played in steps by `simulate`, or by a caller that wants to stop it (Ctrl-C). */
export interface SimulationRun {
  readonly games: number;
  readonly rounds: number;
  /** Games finished so far. */
  readonly finished: number;
  /** Random numbers drawn so far. */
  readonly numbers: number;
  readonly complete: boolean;
  /** Play on, a round at a time, until about `numbers` more random numbers are drawn; true when complete. */
  advance(numbers: number): boolean;
  /** The whole run's random numbers, estimated from the rounds played so far (exact once complete). */
  estimate(): number;
  /** A usage error (naming the limit and the games that fit) when the estimate is past LIMITS.simulateNumbers. */
  checkWork(): void;
  /** The figures over the games finished; `stopped` says why a run ended early. Needs one finished game. */
  result(stopped?: 'interrupted' | 'work limit'): SimulateData;
}

/** Check the options, make the setup, and start a run (nothing is played yet). */
export function startSimulation(opts: SimulateOptions = {}): SimulationRun {
  const games = opts.games === undefined ? 10_000 : wholeNumber(opts.games, 'games', 1, SIMULATE_LIMITS.games);
  const rounds = opts.rounds === undefined ? 6 : wholeNumber(opts.rounds, 'rounds', 1, SIMULATE_LIMITS.rounds);
  if (games * rounds > SIMULATE_LIMITS.totalRounds) {
    throw new UsageError(
      `${games} games x ${rounds} rounds is ${games * rounds} rounds; at most ${SIMULATE_LIMITS.totalRounds} are simulated in one run (limit: simulated rounds). Use fewer games: 100000 already gives each figure to about 0.3 percentage points.`,
      why('too-many-rounds', { games, rounds, max: SIMULATE_LIMITS.totalRounds }),
    );
  }
  const setup = resolveSetup(opts, opts.cwd ?? process.cwd(), opts.randomSeed ?? osRandomSeed);
  const book = bookFor(setup);
  return new Run(setup, book, games, rounds, opts.onProgress);
}

class Run implements SimulationRun {
  private readonly sim: Simulation;

  constructor(
    private readonly setup: Setup,
    private readonly book: RuleBook,
    readonly games: number,
    readonly rounds: number,
    private readonly onProgress?: (done: number, total: number) => void,
  ) {
    this.sim = new Simulation(setup, book, { games, rounds });
  }

  get finished(): number {
    return this.sim.finished;
  }

  get numbers(): number {
    return this.sim.numbers;
  }

  get complete(): boolean {
    return this.sim.complete;
  }

  advance(numbers: number): boolean {
    return this.sim.advance(numbers, this.onProgress);
  }

  estimate(): number {
    if (this.sim.complete || this.sim.roundsPlayed === 0) return this.sim.numbers;
    return Math.round((this.sim.numbers / this.sim.roundsPlayed) * this.games * this.rounds);
  }

  checkWork(): void {
    const est = this.estimate();
    if (est <= SIMULATE_LIMITS.numbers) return;
    const perGame = est / this.games;
    const fit = Math.max(1, Math.floor(SIMULATE_LIMITS.numbers / perGame));
    throw new UsageError(
      `${workText(est, this.games, this.rounds)} Use ${count(fit)} games or fewer${fit < 1000 ? ', fewer rounds, a smaller battlefield or a lighter table' : ''}.`,
      why('too-much-simulation', {
        estimate: est,
        games: this.games,
        rounds: this.rounds,
        max: SIMULATE_LIMITS.numbers,
        fits: fit,
      }),
    );
  }

  result(stopped?: 'interrupted' | 'work limit'): SimulateData {
    const report = this.sim.report();
    const { setup, book } = this;
    return {
      kind: 'simulate',
      schema: CONTRACT,
      ...report,
      seed: String(report.seed),
      generator: setup.generator,
      stopped: stopped && !this.sim.complete ? { after: this.sim.finished, of: this.games, why: stopped } : null,
      table: book.events.name,
      visibilityTable: book.visibility.name,
      normalVisibility: book.level.get(book.visibility.normal)?.name ?? book.visibility.normal,
      setup: {
        tiles: setup.tiles.length,
        spawnPoints: setup.spawnPoints,
        gangs: setup.gangs.length,
        lairs: setup.lairs,
        structures: setup.structures,
      },
    };
  }
}

/**
 * Play `games` games of `rounds` rounds on the setup and report how often each event comes up, and more. The first
 * rounds estimate the work: past LIMITS.simulateNumbers random numbers the run is refused (a usage error) before it
 * goes on; a run whose estimate was low stops at the limit with the games finished (`stopped`).
 */
export function simulate(opts: SimulateOptions = {}): SimulateData {
  const run = startSimulation(opts);
  if (!run.advance(PILOT_NUMBERS)) run.checkWork();
  while (!run.complete && run.numbers <= SIMULATE_LIMITS.numbers) run.advance(PILOT_NUMBERS);
  return run.result(run.complete ? undefined : 'work limit');
}

/**
 * What a run past the simulate work limit would draw, in words (the command line says it too, then what to do
 * with its flags).
 */
export function workText(estimate: number, games: number, rounds: number): string {
  return (
    `This run would draw about ${roughly(estimate)} random numbers (${count(games)} games of ${rounds} rounds, about ${count(Math.round(estimate / games))} a game), ` +
    `more than the ${count(SIMULATE_LIMITS.numbers)} one simulate may draw (limit: simulate work).`
  );
}

// Playing thousands of games on the setup `newGame` would make, to see what a table does.
import { UsageError } from '../errors.js';
import { simulate as engineSimulate, type SimulationReport } from '../engine/simulate.js';
import { bookFor } from '../store/tables.js';
import { wholeNumber } from './args.js';
import { osRandomSeed } from './seed.js';
import { resolveSetup, type NewGameOptions } from './setup.js';
import type { SimulateData } from './types.js';
import { CONTRACT } from './views.js';

export const SIMULATE_LIMITS = { games: 1_000_000, rounds: 100, totalRounds: 20_000_000 } as const;

export interface SimulateOptions extends Omit<NewGameOptions, 'force' | 'hiddenSeed'> {
  /** Games to play (default 10000). */
  games?: number;
  /** Rounds per game (default 6). */
  rounds?: number;
  /** Relative table paths start here (default: process.cwd()). */
  cwd?: string;
  randomSeed?: () => number;
  /** Called now and then with the games done so far. */
  onProgress?: (done: number, total: number) => void;
}

/** Play `games` games of `rounds` rounds on the setup and report how often each event comes up, and more. */
export function simulate(opts: SimulateOptions = {}): SimulateData {
  const games = opts.games === undefined ? 10_000 : wholeNumber(opts.games, 'games', 1, SIMULATE_LIMITS.games);
  const rounds = opts.rounds === undefined ? 6 : wholeNumber(opts.rounds, 'rounds', 1, SIMULATE_LIMITS.rounds);
  if (games * rounds > SIMULATE_LIMITS.totalRounds) {
    throw new UsageError(
      `${games} games x ${rounds} rounds is ${games * rounds} rounds; at most ${SIMULATE_LIMITS.totalRounds} are simulated in one run. Use fewer games: 100000 already gives each figure to about 0.3 percentage points.`,
    );
  }
  const setup = resolveSetup(opts, opts.cwd ?? process.cwd(), opts.randomSeed ?? osRandomSeed);
  const book = bookFor(setup);
  const report: SimulationReport = engineSimulate(setup, book, { games, rounds, ...(opts.onProgress ? { onProgress: opts.onProgress } : {}) });
  return {
    kind: 'simulate',
    schema: CONTRACT,
    ...report,
    table: book.events.name,
    visibilityTable: book.visibility.name,
    normalVisibility: book.level.get(book.visibility.normal)?.name ?? book.visibility.normal,
    setup: { tiles: setup.tiles.length, spawnPoints: setup.spawnPoints, gangs: setup.gangs.length, lairs: setup.lairs, structures: setup.structures },
  };
}

// badzone simulate: play many games on the setup `new` would make, with the engine `round` uses, and report the odds.
import { UsageError } from '../../errors.js';
import { simulate, type SimulationReport } from '../../engine/simulate.js';
import { progressLine } from '../../render/progress.js';
import { bookFor } from '../../store/tables.js';
import type { IO } from '../io.js';
import { intArg } from '../shared.js';
import type { View } from '../view.js';
import { buildSetup, type NewOptions } from './new.js';

export const LIMITS = { games: 1_000_000, rounds: 100, totalRounds: 20_000_000 } as const;

export interface SimulateOptions extends Omit<NewOptions, 'session' | 'force'> {
  games?: string;
  rounds?: string;
  json?: boolean;
}

export interface SimulateData extends SimulationReport {
  /** The event table played (its name). */
  table: string;
  /** The visibility table played (its name). */
  visibilityTable: string;
  /** The visibility level that counts as not reduced. */
  normalVisibility: string;
  setup: { tiles: number; spawnPoints: number; gangs: number; lairs: number | null; structures: number | null };
}

/** A progress bar on stderr, shown only when the run looks like taking more than about a second. */
function progress(io: IO): { update: (done: number, total: number) => void; finish: () => void } {
  const start = io.now().getTime();
  let shown = false;
  let last = '';
  const width = Math.max(30, Math.min(io.columns ?? 80, 100) - 1);
  return {
    update(done, total) {
      const elapsed = io.now().getTime() - start;
      if (!shown) {
        if (done >= total || elapsed < 250 || (elapsed / done) * total < 1000) return;
        shown = true;
      }
      const line = progressLine(done, total, width);
      if (line !== last) io.stderr(`\r${line}`);
      last = line;
    },
    finish() {
      if (shown) io.stderr(`\r${' '.repeat(width)}\r`);
    },
  };
}

export async function run(opts: SimulateOptions, io: IO): Promise<View<'simulate', SimulateData>> {
  const games = intArg(opts.games, '--games', 1, LIMITS.games) ?? 10_000;
  const rounds = intArg(opts.rounds, '--rounds', 1, LIMITS.rounds) ?? 6;
  if (games * rounds > LIMITS.totalRounds) {
    throw new UsageError(
      `--games ${games} x --rounds ${rounds} is ${games * rounds} rounds; at most ${LIMITS.totalRounds} are simulated in one run. Use fewer games: 100000 already gives each figure to about 0.3 percentage points.`,
    );
  }
  const setup = buildSetup(opts, io);
  const book = bookFor(setup);
  const bar = opts.json !== true && io.stderrIsTTY ? progress(io) : null;
  let report: SimulationReport;
  try {
    report = simulate(setup, book, { games, rounds, ...(bar ? { onProgress: bar.update } : {}) });
  } finally {
    bar?.finish();
  }
  return {
    kind: 'simulate',
    data: {
      ...report,
      table: book.events.name,
      visibilityTable: book.visibility.name,
      normalVisibility: book.level.get(book.visibility.normal)?.name ?? book.visibility.normal,
      setup: { tiles: setup.tiles.length, spawnPoints: setup.spawnPoints, gangs: setup.gangs.length, lairs: setup.lairs, structures: setup.structures },
    },
  };
}

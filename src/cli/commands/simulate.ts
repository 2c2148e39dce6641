// badzone simulate: play many games on the setup `new` would make, with the engine `round` uses, and report the odds.
import { simulate, SIMULATE_LIMITS } from '../../api/simulate.js';
import type { SimulateData } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import { progressLine } from '../../render/progress.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { intArg } from '../shared.js';
import { newGameOptions, type NewOptions } from './new.js';

export const LIMITS = SIMULATE_LIMITS;

export interface SimulateOptions extends Omit<NewOptions, 'session' | 'force'> {
  games?: string;
  rounds?: string;
  json?: boolean;
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
  const setup = newGameOptions(opts);
  const bar = opts.json !== true && io.stderrIsTTY ? progress(io) : null;
  try {
    const data = simulate({ ...setup, games, rounds, cwd: io.cwd, randomSeed: io.randomSeed, ...(bar ? { onProgress: bar.update } : {}) });
    return { kind: 'simulate', data };
  } finally {
    bar?.finish();
  }
}

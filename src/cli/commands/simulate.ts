// badzone simulate: play many games on the setup `new` would make, by the rules `round` plays, and report the odds.
import { PILOT_NUMBERS, SIMULATE_LIMITS, startSimulation } from '../../api/simulate.js';
import { EXIT, RefusedError, UsageError } from '../../errors.js';
import { roughly } from '../../api/limits.js';
import { progressLine } from '../../render/progress.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { intArg } from '../shared.js';
import { newGameOptions, type NewOptions } from '../setup-flags.js';

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

/** A run estimated to take longer than this (on this machine) is announced on stderr, with how to stop it. */
const WARN_SECONDS = 10;

export async function run(opts: SimulateOptions, io: IO): Promise<View<'simulate'>> {
  const games = intArg(opts.games, '--games', 1, LIMITS.games) ?? 10_000;
  const rounds = intArg(opts.rounds, '--rounds', 1, LIMITS.rounds) ?? 6;
  if (games * rounds > LIMITS.totalRounds) {
    throw new UsageError(
      `--games ${games} x --rounds ${rounds} is ${games * rounds} rounds; at most ${LIMITS.totalRounds} are simulated in one run (limit: simulated rounds). Use fewer games: 100000 already gives each figure to about 0.3 percentage points.`,
    );
  }
  const setup = newGameOptions(opts);
  const bar = opts.json !== true && io.stderrIsTTY ? progress(io) : null;
  let interrupted = false;
  const stopListening = io.onInterrupt?.(() => {
    interrupted = true;
  });
  try {
    const sim = startSimulation({
      ...setup,
      games,
      rounds,
      cwd: io.cwd,
      randomSeed: io.randomSeed,
      ...(bar ? { onProgress: bar.update } : {}),
    });
    const start = io.now().getTime();
    // The first rounds estimate the whole run: refused past the work limit, announced when it will take a while.
    let complete = sim.advance(PILOT_NUMBERS);
    if (!complete && !interrupted) {
      sim.checkWork();
      const seconds = ((io.now().getTime() - start) / 1000) * (sim.estimate() / Math.max(1, sim.numbers));
      if (seconds > WARN_SECONDS) {
        bar?.finish();
        io.stderr(
          `badzone: this run will draw about ${roughly(sim.estimate())} random numbers, about ${duration(seconds)} here. Ctrl-C stops it and prints the games finished so far.\n`,
        );
      }
    }
    // In steps of about a tenth of a second, letting Ctrl-C in between.
    while (!complete && !interrupted && sim.numbers <= LIMITS.numbers) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (interrupted) break;
      complete = sim.advance(CHUNK_NUMBERS);
    }
    bar?.finish();
    if (sim.finished === 0) {
      throw new RefusedError(
        `Stopped (${interrupted ? 'Ctrl-C' : 'work limit'}) before the first game finished: there is no result.`,
      );
    }
    const stopped = complete ? undefined : interrupted ? 'interrupted' : 'work limit';
    const data = sim.result(stopped);
    return { kind: 'simulate', data, ...(data.stopped ? { exitCode: EXIT.refused } : {}) };
  } finally {
    bar?.finish();
    stopListening?.();
  }
}

/** Random numbers played between two looks at Ctrl-C: about a tenth of a second. */
const CHUNK_NUMBERS = 1_000_000;

function duration(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

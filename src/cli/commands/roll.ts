// badzone roll <expr>: the table-side dice roller.
import { parseExpr, rollDice, rollListProblem } from '../../api/tables.js';
import { UsageError } from '../../errors.js';
import { LIMITS } from '../../api/limits.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { intArg, seedArg } from '../shared.js';

export { parseExpr };

/** Rolls the text view lists; the rest are counted in the totals (and with --summary, in the distribution). */
export const SHOWN = 200;

export async function run(
  expr: string,
  opts: { times?: string; seed?: string; scatter?: boolean; summary?: boolean; json?: boolean },
  io: IO,
): Promise<View<'roll'>> {
  const e = parseExpr(expr);
  const times = intArg(opts.times, '--times', 1, LIMITS.rollTimes);
  const seed = seedArg(opts.seed);
  const summary = opts.summary === true;
  // --json lists every roll, up to the cap; checked here to name the flags, before a single die is rolled.
  if (opts.json === true && !summary) {
    const tooMany = rollListProblem(e, times ?? 1, opts.scatter === true, { times: '--times', summary: '--summary' });
    if (tooMany) throw new UsageError(tooMany.text);
  }
  return {
    kind: 'roll',
    data: rollDice(expr, {
      ...(times !== undefined ? { times } : {}),
      ...(seed !== undefined ? { seed } : {}),
      scatter: opts.scatter === true,
      summary,
      ...(opts.json === true ? {} : { list: SHOWN }),
      randomSeed: io.randomSeed,
    }),
  };
}

// badzone roll <expr>: the table-side dice roller.
import { parseExpr, rollDice } from '../../api/tables.js';
import type { RollData } from '../../api/types.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { intArg } from '../shared.js';

export { parseExpr };

export async function run(expr: string, opts: { times?: string; seed?: string; scatter?: boolean }, io: IO): Promise<View<'roll', RollData>> {
  parseExpr(expr);
  const times = intArg(opts.times, '--times', 1, 1_000_000);
  const seed = intArg(opts.seed, '--seed', -2147483648, 2147483647);
  return {
    kind: 'roll',
    data: rollDice(expr, { ...(times !== undefined ? { times } : {}), ...(seed !== undefined ? { seed } : {}), scatter: opts.scatter === true, randomSeed: io.randomSeed }),
  };
}

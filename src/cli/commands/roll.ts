// badzone roll <expr>: the table-side dice roller.
import { parseDice, DiceSyntaxError, Rng, rollDice, type DiceExpr } from '../../dice/index.js';
import { UsageError } from '../../errors.js';
import type { IO } from '../io.js';
import { intArg } from '../shared.js';
import type { View } from '../view.js';

export interface RollData {
  expression: string;
  seed: number;
  times: number;
  /** Each roll's total and its dice (a D66's die is its two D6 read as tens and units, 11..66). */
  results: { total: number; dice: number[]; direction?: number }[];
  scatter: boolean;
}

export function parseExpr(text: string): DiceExpr {
  try {
    return parseDice(text);
  } catch (e) {
    if (e instanceof DiceSyntaxError) throw new UsageError(`${e.message}.`);
    throw e;
  }
}

export async function run(expr: string, opts: { times?: string; seed?: string; scatter?: boolean }, io: IO): Promise<View<'roll', RollData>> {
  const e = parseExpr(expr);
  const times = intArg(opts.times, '--times', 1, 1_000_000) ?? 1;
  const seed = intArg(opts.seed, '--seed', -2147483648, 2147483647) ?? io.randomSeed();
  const rng = new Rng({ seed, uses: 0 });
  const results: RollData['results'] = [];
  for (let i = 0; i < times; i++) {
    const { total, faces } = rollDice(e, (sides) => rng.die(sides));
    const r: RollData['results'][number] = { total, dice: faces };
    if (opts.scatter) r.direction = rng.die(12);
    results.push(r);
  }
  return { kind: 'roll', data: { expression: e.text, seed, times, results, scatter: opts.scatter === true } };
}

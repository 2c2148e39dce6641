// badzone hazard roll: D10 on the Hazard Table (or the die the group rolled, with --roll).
import { rollHazard } from '../../api/tables.js';
import type { HazardRollData } from '../../api/types.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { intArg } from '../shared.js';

export async function run(opts: { roll?: string; seed?: string; homeTurf?: boolean }, io: IO): Promise<View<'hazard-roll', HazardRollData>> {
  const roll = intArg(opts.roll, '--roll', 1, 10);
  const seed = roll === undefined ? intArg(opts.seed, '--seed', -2147483648, 2147483647) : undefined;
  return {
    kind: 'hazard-roll',
    data: rollHazard({ ...(roll !== undefined ? { roll } : {}), ...(seed !== undefined ? { seed } : {}), homeTurf: opts.homeTurf === true, randomSeed: io.randomSeed }),
  };
}

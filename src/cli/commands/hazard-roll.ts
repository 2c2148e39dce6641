// badzone hazard roll: D10 on the Hazard Table (or the die the group rolled, with --roll).
import { rollCrewHazards, rollHazard } from '../../api/tables.js';
import { UsageError } from '../../errors.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { fileOf, intArg, seedArg } from '../shared.js';
import { exists } from '../../api/files.js';

export async function run(
  opts: { roll?: string; seed?: string; homeTurf?: boolean; crew?: string[] },
  io: IO,
): Promise<View<'hazard-roll' | 'hazard-rolls'>> {
  // --crew: a Home Turf for each crew named, in that order, from one seed.
  if (opts.crew !== undefined) {
    if (opts.roll !== undefined)
      throw new UsageError(
        '--roll looks up one roll of your own; with --crew badzone rolls for each crew. Give one or the other.',
      );
    const seed = seedArg(opts.seed);
    return {
      kind: 'hazard-rolls',
      data: rollCrewHazards({ crews: opts.crew, ...(seed !== undefined ? { seed } : {}), randomSeed: io.randomSeed }),
    };
  }
  const roll = intArg(opts.roll, '--roll', 1, 10);
  const seed = roll === undefined ? seedArg(opts.seed) : undefined;
  const data = rollHazard({
    ...(roll !== undefined ? { roll } : {}),
    ...(seed !== undefined ? { seed } : {}),
    homeTurf: opts.homeTurf === true,
    randomSeed: io.randomSeed,
  });
  // The library says what the roll means; the command line says how to play it: `new --hazard`, or, in a folder
  // that already holds a game (where plain `new --hazard` would be refused), with --force.
  if (!data.nomadic && !data.homeTurf && !exists(fileOf({}, io))) {
    data.meaning = `The Hazard for this game is ${data.hazard.name}. This roll is not saved: to play it in a badzone game, set the game up with \`badzone new --hazard ${data.roll}\`.`;
  } else if (!data.nomadic && !data.homeTurf) {
    data.meaning = `The Hazard for this game is ${data.hazard.name}. This roll is not saved. A game is already set up here: \`badzone new --hazard ${data.roll} --force\` starts it again with this Hazard (the old file is kept as a backup); or roll in a new game's folder.`;
  }
  return { kind: 'hazard-roll', data };
}

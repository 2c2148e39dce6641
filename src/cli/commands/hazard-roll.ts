// badzone hazard roll: D10 on the Hazard Table (or the die the group rolled, with --roll).
import { Rng } from '../../dice/rng.js';
import type { Hazard } from '../../rules/types.js';
import { shippedTables } from '../../store/tables.js';
import type { IO } from '../io.js';
import { intArg } from '../shared.js';
import type { View } from '../view.js';

export interface HazardRollData {
  roll: number;
  seed: number | null;
  nomadic: boolean;
  homeTurf: boolean;
  hazard: Hazard | null;
  /** What a roll of 10 means here. */
  meaning: string;
  ratingLimit: number | null;
}

export async function run(opts: { roll?: string; seed?: string; homeTurf?: boolean }, io: IO): Promise<View<'hazard-roll', HazardRollData>> {
  const table = shippedTables().hazards;
  const given = intArg(opts.roll, '--roll', 1, 10);
  let seed: number | null = null;
  let roll: number;
  if (given !== undefined) roll = given;
  else {
    seed = intArg(opts.seed, '--seed', -2147483648, 2147483647) ?? io.randomSeed();
    roll = new Rng({ seed, uses: 0 }).die(10);
  }
  const hazard = table.hazards.find((h) => h.roll === roll) ?? null;
  const nomadic = hazard === null;
  const homeTurf = opts.homeTurf === true;
  const meaning = !nomadic
    ? homeTurf
      ? `${hazard.name} is the crew's Home Turf Hazard; its Home Turf Ploy is ${hazard.ploy.name}.`
      : `The Hazard for this game is ${hazard.name}. This roll is not saved: to play it in a badzone game, set the game up with \`badzone new --hazard ${roll}\`.`
    : homeTurf
      ? `The crew is Nomadic: no Home Turf Hazard or Facility, but its Rating Limit is ${table.nomadic.ratingLimit} instead of ${table.nomadic.standardRatingLimit}.`
      : 'Nomadic: no Hazard this game.';
  return {
    kind: 'hazard-roll',
    data: { roll, seed, nomadic, homeTurf, hazard, meaning, ratingLimit: nomadic && homeTurf ? table.nomadic.ratingLimit : null },
  };
}

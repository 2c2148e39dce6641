// badzone sites [--spawn-at TILES] [--lairs-at TILES] [--structures-at TILES]: where the spawn points, Beast Lairs
// and large structures stand, each by number with its tile. With no flag it shows them; each flag given sets where
// they stand from now on (none takes it back), a step of the game (logged, undone, redone).
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { SITE_FLAG, siteArg } from '../setup-flags.js';
import { openSession } from '../shared.js';

export interface SitesOptions {
  session?: string;
  spawnAt?: string;
  lairsAt?: string;
  structuresAt?: string;
}

export async function run(opts: SitesOptions, io: IO): Promise<View<'sites'>> {
  const given: { spawnAt?: string[] | null; lairsAt?: string[] | null; structuresAt?: string[] | null } = {};
  for (const k of ['spawnAt', 'lairsAt', 'structuresAt'] as const) {
    const v = opts[k];
    if (v !== undefined) given[k] = siteArg(v, SITE_FLAG[k]);
  }
  const game = await openSession(opts, io);
  return { kind: 'sites', data: await game.sites(given) };
}

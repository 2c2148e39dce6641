// `sites`: the GM says on which tile each spawn point, Beast Lair and large structure stands (or no longer says).
// A step of the game (logged, undone and redone like `orientation`): it rolls nothing, but the map a replay draws
// follows from it. The same check serves the positions given at setup (src/api/setup.ts).
import { refusal, type Refusal } from '../refusals.js';
import { SITE_KINDS, type Action, type Setup, type SiteKind, type SitesAt } from '../state.js';
import type { Move } from './types.js';

export interface SitesReport {
  kind: 'sites';
  /** The kinds whose positions this step changed. */
  changed: SiteKind[];
  /** Where they stood before (absent: no positions) and stand now. */
  from: SitesAt;
  to: SitesAt;
}

/** How many things of a kind the game has, which a list of their tiles must match; null when not counted. */
export function siteCount(setup: Pick<Setup, 'spawnPoints' | 'lairs' | 'structures'>, kind: SiteKind): number | null {
  if (kind === 'spawnAt') return setup.spawnPoints;
  return kind === 'lairsAt' ? setup.lairs : setup.structures;
}

/**
 * Why `tiles` cannot be where the things of `kind` stand, or null: one tile per thing (`count`; null: not counted,
 * so there is nothing to place), each a tile of the layout (`layout`). Several things may share a tile.
 */
export function siteTilesRefusal(
  kind: SiteKind,
  tiles: readonly string[],
  layout: readonly string[],
  count: number | null,
): Refusal | null {
  if (count === null || tiles.length !== count)
    return refusal('site-count-differs', { sites: kind, given: tiles.length, count });
  const bad = [...new Set(tiles.filter((t) => !layout.includes(t)))];
  if (bad.length) return refusal('site-tiles-unknown', { sites: kind, tiles: bad, known: [...layout] });
  return null;
}

const WHAT: Record<SiteKind, string> = {
  spawnAt: 'the spawn points',
  lairsAt: 'the Beast Lairs',
  structuresAt: 'the large structures',
};

export const sites: Move<Extract<Action, { type: 'sites' }>, SitesReport> = (ctx, action) => {
  const { s } = ctx;
  const from: SitesAt = s.sitesAt ?? {};
  const to: SitesAt = { ...from };
  for (const k of SITE_KINDS) {
    const v = action[k];
    if (v === undefined) continue;
    if (v === null) {
      delete to[k];
      continue;
    }
    const bad = siteTilesRefusal(k, v, s.setup.tiles, siteCount(s.setup, k));
    if (bad) return { refusal: bad };
    to[k] = [...v];
  }
  const changed = SITE_KINDS.filter((k) => JSON.stringify(from[k]) !== JSON.stringify(to[k]));
  if (changed.length === 0) return { refusal: refusal('sites-unchanged', {}) };
  // In number order, whatever order the action named them in.
  const kept: SitesAt = {};
  for (const k of SITE_KINDS) if (to[k] !== undefined) kept[k] = to[k];
  if (Object.keys(kept).length) s.sitesAt = kept;
  else delete s.sitesAt;
  for (const k of changed) {
    const tiles = kept[k];
    ctx.notes.push(
      tiles
        ? `GM said where ${WHAT[k]} stand: ${tiles.map((t, i) => `${i + 1} ${t}`).join(', ')}`
        : `GM took back where ${WHAT[k]} stand`,
    );
  }
  return { report: { kind: 'sites', changed, from, to: kept } };
};

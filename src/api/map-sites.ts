// The numbered things the GM set up, as the map draws them: the spawn points (those used this round highlighted),
// the Beast Lairs (a lair turned Monster Nest says what it became) and the large structures (a collapsed one struck
// out), each with its tile when the GM said where it stands (`sitesAt`), else null: listed beside the map, numbered.
// Read from the state alone: the spawn points used this round come from the round's own log entries (or the
// outcomes the caller has at hand), never from a replay of the log.
import {
  siteCount,
  siteTilesRefusal,
  structureName,
  type LogRecord,
  type Outcome,
  type SessionState,
  type SiteKind,
} from '../engine/index.js';
import type { MapSite } from './types.js';

export interface MapSites {
  spawnPoints: MapSite[];
  lairs: MapSite[];
  structures: MapSite[];
}

/** The purpose of a spawn-point roll ends so (src/engine/resolve.ts, `spawn`: "Horde of Rats: spawn point"). */
const SPAWN_POINT = ': spawn point';

/**
 * The spawn points the current round's steps rolled (its Event Phase and End Phase, whichever commands made them),
 * from the log entries of this round, newest first until an older round. A `round` that first resolved the last
 * round's open End Phase logs that End Phase's rolls before its own: they come before its first "Event Phase: "
 * roll (or, with no event drawn, up to its last "End Phase: " roll), as the schema's migration reads them, and
 * belong to the round before. A game with a single spawn point rolls no die for it, so its log cannot say so: a
 * caller with the round's outcomes passes them to mapSites instead.
 */
export function spawnPointsUsed(s: SessionState): Set<number> {
  const used = new Set<number>();
  if (s.round === 0) return used;
  for (let i = s.log.length - 1; i > 0; i--) {
    const r: LogRecord = s.log[i]!;
    if (r.round !== s.round) break;
    let from = 0;
    if (r.action.type === 'round') {
      from = r.rolls.findIndex((x) => x.for.startsWith('Event Phase: '));
      if (from < 0) {
        from = 0;
        r.rolls.forEach((x, k) => {
          if (x.for.startsWith('End Phase: ')) from = k + 1;
        });
      }
    }
    for (let k = from; k < r.rolls.length; k++) {
      const x = r.rolls[k]!;
      if (x.die === s.setup.spawnPoints && x.for.endsWith(SPAWN_POINT)) used.add(x.value);
    }
    // The step that started this round: anything older is another round's.
    if (r.action.type === 'round') break;
  }
  return used;
}

/**
 * The spawn points, lairs and structures by number, each with its tile or null. `outcomes`: the spawns of the
 * current round, when the caller has its reports (a round's view); else they are read from the round's log entries.
 */
export function mapSites(s: SessionState, outcomes?: readonly Outcome[]): MapSites {
  const at = s.sitesAt ?? {};
  const used = outcomes
    ? new Set(outcomes.flatMap((o) => (o.kind === 'spawn' ? [o.spawnPoint] : [])))
    : spawnPointsUsed(s);
  const spawnPoints = Array.from({ length: s.setup.spawnPoints }, (_, i): MapSite => {
    const site: MapSite = { number: i + 1, tile: at.spawnAt?.[i] ?? null };
    if (used.has(i + 1)) site.used = true;
    return site;
  });
  const lairs = (s.lairs ?? []).map(
    (l, i): MapSite => ({ number: i + 1, tile: at.lairsAt?.[i] ?? null, becomes: l.becomes }),
  );
  const standing = new Set(s.structures ?? []);
  const structures =
    s.structures === null || s.setup.structures === null
      ? []
      : Array.from({ length: s.setup.structures }, (_, i): MapSite => {
          const site: MapSite = { number: i + 1, tile: at.structuresAt?.[i] ?? null };
          if (!standing.has(structureName(i + 1))) site.collapsed = true;
          return site;
        });
  return { spawnPoints, lairs, structures };
}

/**
 * What is wrong with `tiles` as where the things of `kind` stand in this game, in the library's words (no flag, no
 * command), or null: the check the `sites` step makes, for a question that checks its answer as it is typed.
 */
export function sitesProblem(s: SessionState, kind: SiteKind, tiles: readonly string[]): string | null {
  return siteTilesRefusal(kind, tiles, s.setup.tiles, siteCount(s.setup, kind))?.message ?? null;
}

// The working copy a step changes in place, so that the state it was given is left as it was.
import type { SessionState } from './state.js';

/**
 * Copy everything a step may change in place. The log only ever grows, so it is shared and extended. Records that
 * are never changed in place, only replaced (objects, conditions, tile picks, markers, redo entries, a marker's scatters),
 * are shared too, in new arrays: a long game's growing lists cost a step a copy of references, not a deep clone
 * (replaying 40 000 entries stays linear).
 */
export function working(s: SessionState, owned = false): SessionState {
  const { log, inPlay, objects, conditions, tilePicks, markers, redo, ...rest } = s;
  const copy = structuredClone(rest) as Omit<
    SessionState,
    'log' | 'inPlay' | 'objects' | 'conditions' | 'tilePicks' | 'markers' | 'redo'
  >;
  // A caller that owns the state (replay, verify) never looks at the one before: its lists grow in place.
  if (owned)
    return { ...copy, inPlay: inPlay.map((p) => ({ ...p })), objects, conditions, tilePicks, markers, redo, log };
  return {
    ...copy,
    inPlay: inPlay.map((p) => ({ ...p })),
    objects: [...objects],
    conditions: [...conditions],
    tilePicks: [...tilePicks],
    markers: [...markers],
    redo,
    log,
  };
}

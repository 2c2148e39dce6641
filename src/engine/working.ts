// The working copy a step changes in place, so that the state it was given is left as it was.
import type { SessionState } from './state.js';

/**
 * Copy everything a step may change in place. The log only ever grows, so it is shared and extended. Records that
 * are never changed in place, only replaced (objects, conditions, tile picks, markers, redo entries, a marker's scatters),
 * are shared too, in new arrays: a long game's growing lists cost a step a copy of references, not a deep clone
 * (replaying 40 000 entries stays linear).
 *
 * The lists are set on the copy one by one rather than spread into a new object literal with it: V8 builds such
 * a literal (a spread, then six more keys) about fifteen times slower, and it was most of every replayed step's
 * time (a 1,000-round undo replays 999 steps; docs/development.md, Performance). The keys keep their order.
 */
export function working(s: SessionState, owned = false): SessionState {
  const { log, inPlay, objects, conditions, tilePicks, markers, redo, ...rest } = s;
  const copy = plainCopy(rest) as SessionState;
  copy.inPlay = inPlay.map((p) => ({ ...p }));
  // A caller that owns the state (replay, verify) never looks at the one before: its lists grow in place.
  copy.objects = owned ? objects : [...objects];
  copy.conditions = owned ? conditions : [...conditions];
  copy.tilePicks = owned ? tilePicks : [...tilePicks];
  copy.markers = owned ? markers : [...markers];
  copy.redo = redo;
  copy.log = log;
  return copy;
}

/**
 * A deep copy of plain data (objects, arrays, strings, numbers, booleans, null), which is all a game state holds
 * (a JSON round trip of it is lossless): the copy structuredClone makes, about seven times faster here, since it
 * need not go through V8's serializer.
 */
export function plainCopy<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = plainCopy(v[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in v) out[k] = plainCopy((v as Record<string, unknown>)[k]);
  return out as T;
}

// `marker`: the GM clears a marker an event put on the battlefield (or all of them), moves one to a tile's center,
// or says a fighter carries it (a casket). A step of the game, logged, undone and redone like any other.
import { closeNames } from '../../rules/names.js';
import { refusal } from '../refusals.js';
import { canonical } from '../markers.js';
import type { Action } from '../state.js';
import type { Move } from './types.js';
import { badName, findGang, roster } from './roster.js';
import { matchName } from '../../rules/names.js';

export interface MarkerReport {
  kind: 'marker';
  op: 'clear' | 'move' | 'carry';
  /** The markers the step cleared, moved or had carried (their numbers). */
  markers: number[];
  /** move: the tile it now stands at the center of. */
  tile?: string;
  /** carry: who carries it. */
  carriedBy?: { gang: string; fighter: string | null };
}

export const marker: Move<Extract<Action, { type: 'marker' }>, MarkerReport> = (ctx, action, run) => {
  const { s } = ctx;
  if (action.op === 'clear' && action.marker === 'all') {
    if (s.markers.length === 0) return { refusal: refusal('no-markers', {}) };
    const ids = s.markers.map((m) => m.id);
    s.markers = [];
    ctx.notes.push(`GM cleared every marker from the battlefield (${ids.length})`);
    return { report: { kind: 'marker', op: 'clear', markers: ids } };
  }
  const id = action.marker as number;
  const at = s.markers.findIndex((m) => m.id === id);
  const m = s.markers[at];
  if (!m) return { refusal: refusal('no-such-marker', { marker: id, markers: s.markers.map((x) => x.id) }) };
  if (action.op === 'clear') {
    s.markers.splice(at, 1);
    ctx.notes.push(`GM cleared marker ${id} (${m.what}) from the battlefield`);
    return { report: { kind: 'marker', op: 'clear', markers: [id] } };
  }
  if (action.op === 'move') {
    const tile = action.tile.trim().toUpperCase();
    if (!s.tiles.includes(tile)) return { refusal: refusal('not-a-tile-left', { tile, tiles: [...s.tiles] }) };
    const { carriedBy: _carried, ...rest } = m;
    s.markers[at] = canonical({ ...rest, moved: { tile, after: m.scatters?.length ?? 0 } });
    ctx.notes.push(`GM moved marker ${id} (${m.what}) to the center of ${tile}`);
    return { report: { kind: 'marker', op: 'move', markers: [id], tile } };
  }
  // carry: a gang of the game (any name when the game has no rosters), and one of its fighters when named.
  let gang = action.gang;
  let fighter: string | null = action.fighter ?? null;
  if (s.gangs.length > 0) {
    const g = findGang(s.gangs, action.gang);
    if (!g) {
      const near = closeNames(
        action.gang,
        s.gangs.map((x) => x.name),
      );
      return { refusal: refusal('no-such-gang', { gang: action.gang, near, gangs: s.gangs.map((x) => x.name) }) };
    }
    gang = g.name;
    if (fighter !== null) {
      const name = matchName(fighter, roster(g));
      if (name === undefined) {
        const near = closeNames(fighter, roster(g));
        return { refusal: refusal('no-such-fighter', { fighter, gang: g.name, near, adding: false }) };
      }
      fighter = name;
    }
  } else if (run.limits) {
    const bad = badName(gang, 'the gang name') ?? (fighter === null ? null : badName(fighter, "the fighter's name"));
    if (bad) return { refusal: bad };
  }
  const carriedBy = { gang, fighter };
  s.markers[at] = canonical({ ...m, carriedBy });
  ctx.notes.push(`GM: ${fighter === null ? gang : `${fighter} (${gang})`} carries marker ${id} (${m.what})`);
  return { report: { kind: 'marker', op: 'carry', markers: [id], carriedBy } };
};

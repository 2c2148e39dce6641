// `collapse`: a GM correction that is a step of the game (logged, undone and redone like any other): the right tile
// for a tile pick badzone made without knowing where the player models stand.
import { refusal } from '../refusals.js';
import type { Action, TilePick } from '../state.js';
import type { Move } from './types.js';

export type CollapseReport = {
  kind: 'collapse';
  eventId: string;
  what: string;
  /** The tile badzone picked, and the tile now recorded (null: no tile, every tile holds player models). */
  from: string | null;
  to: string | null;
  /** The tiles it was rolled among (when the GM gave the occupied tiles), else null. */
  rolledAmong: string[] | null;
  tiles: string[];
};

/** Where the last tile pick that is still unconfirmed is in the list, or -1. */
export function lastUnconfirmed(picks: readonly TilePick[]): number {
  for (let i = picks.length - 1; i >= 0; i--) if (!picks[i]!.confirmed) return i;
  return -1;
}

/**
 * Record the right tile for the last unconfirmed tile pick (Collapsed Section made with no occupied tiles known):
 * the tile the GM names, or a roll among the tiles that hold no player models. A removed tile comes back and the
 * right one leaves the pool; the log keeps both the first pick and this correction.
 */
export const collapse: Move<Extract<Action, { type: 'collapse' }>, CollapseReport> = (ctx, action) => {
  const { s } = ctx;
  const at = lastUnconfirmed(s.tilePicks);
  const pick = s.tilePicks[at];
  if (!pick) return { refusal: refusal('no-unconfirmed-pick', {}) };
  if ((action.tile === undefined) === (action.occupied === undefined))
    return { refusal: refusal('tile-or-occupied', {}) };
  const ev = ctx.book.byId.get(pick.eventId);
  const name = ev?.name ?? pick.eventId;
  // The pool as it would be had the first pick not been made.
  const pool = s.setup.tiles.filter((t) => s.tiles.includes(t) || (pick.removesTile && t === pick.tile));
  let to: string | null;
  let rolledAmong: string[] | null = null;
  if (action.tile !== undefined) {
    const t = action.tile.trim().toUpperCase();
    if (!pool.includes(t)) return { refusal: refusal('not-a-tile-left', { tile: t, tiles: pool }) };
    to = t;
  } else {
    const occ = new Set(action.occupied!.map((t) => t.trim().toUpperCase()));
    const bad = [...occ].filter((t) => !s.setup.tiles.includes(t));
    if (bad.length) return { refusal: refusal('unknown-tiles', { tiles: bad, known: [...s.setup.tiles] }) };
    rolledAmong = pool.filter((t) => !occ.has(t));
    to =
      rolledAmong.length === 0
        ? null
        : rolledAmong[ctx.dice.pick(rolledAmong.length, () => `${name}: tile (of ${rolledAmong!.join(' ')})`) - 1]!;
  }
  const from = pick.tile;
  if (pick.removesTile) s.tiles = pool.filter((t) => t !== to);
  // A new record, not a change to the old one: states share the records they did not change (see ../working.ts).
  s.tilePicks = s.tilePicks.slice();
  s.tilePicks[at] = { ...pick, tile: to, confirmed: true, ...(to !== from ? { correctedFrom: from } : {}) };
  ctx.notes.push(
    to === from
      ? `GM confirmed ${name}'s tile ${to}`
      : to === null
        ? `GM corrected ${name}: every tile left holds player models, so no tile is picked${from && pick.removesTile ? `; ${from} is back in play` : ''}`
        : `GM corrected ${name}: ${to} instead of ${from ?? 'no tile'}${pick.removesTile ? ` (${to} leaves the tile pool${from ? `; ${from} is back in play` : ''})` : ''}`,
  );
  return {
    report: { kind: 'collapse', eventId: pick.eventId, what: pick.what, from, to, rolledAmong, tiles: [...s.tiles] },
  };
};

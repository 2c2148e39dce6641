// GM corrections that are steps of the game (logged, undone and redone like any other): renaming a fighter or a
// gang, and recording the right tile for a tile pick badzone made without knowing where the player models stand.
import { closeNames, matchName } from '../rules/names.js';
import type { Ctx } from './resolve.js';
import type { Action, Gang, TilePick } from './state.js';

export type RenameReport = { kind: 'rename'; what: 'fighter' | 'gang'; gang: string; from: string; to: string };

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

export type Corrected<R> = { report: R } | { refusal: string; usage?: boolean };

const MAX_NAME = 200;

/** A fighter's or a gang's new name. */
export function rename(ctx: Ctx, action: Extract<Action, { type: 'rename' }>): Corrected<RenameReport> {
  const { s } = ctx;
  const to = action.to.trim();
  if (to === '' || to.length > MAX_NAME)
    return { refusal: `A new name takes 1 to ${MAX_NAME} characters.`, usage: true };
  const gangNames = s.gangs.map((g) => g.name);
  let gang: Gang | undefined;
  if (action.gang !== undefined) {
    gang = s.gangs.find((g) => g.name === matchName(action.gang!, gangNames));
    if (!gang) {
      const near = closeNames(action.gang, gangNames);
      return {
        refusal: `No gang is called ${action.gang}.${near.length ? ` Did you mean ${near.join(' or ')}?` : ''} Gangs: ${gangNames.join(', ') || 'none'}.`,
        usage: true,
      };
    }
  }
  if (action.fighter === undefined) {
    if (!gang) return { refusal: 'Say which fighter or gang to rename.', usage: true };
    const from = gang.name;
    if (from === to) return { refusal: `${from} is already called ${to}; nothing changed.` };
    if (s.gangs.some((g) => g !== gang && g.name.toLowerCase() === to.toLowerCase()))
      return { refusal: `Another gang is already called ${to}.`, usage: true };
    s.conditions = s.conditions.map((c) => (c.gang === from ? { ...c, gang: to } : c));
    gang.name = to;
    ctx.notes.push(`GM renamed the gang ${from} to ${to}`);
    return { report: { kind: 'rename', what: 'gang', gang: to, from, to } };
  }
  const holders = (gang ? [gang] : s.gangs)
    .map((g) => ({ g, name: matchName(action.fighter!, [...g.battlefield, ...g.reserve, ...g.out]) }))
    .filter((x): x is { g: Gang; name: string } => x.name !== undefined);
  if (holders.length > 1) {
    return {
      refusal: `${holders.length} gangs have a fighter called ${action.fighter}: say which with --gang (${holders.map((h) => h.g.name).join(', ')}).`,
      usage: true,
    };
  }
  const found = holders[0];
  if (!found) {
    const near = closeNames(
      action.fighter,
      (gang ? [gang] : s.gangs).flatMap((g) => [...g.battlefield, ...g.reserve, ...g.out]),
    );
    const none = gang
      ? `${gang.name} has no fighter called ${action.fighter}.`
      : `No gang has a fighter called ${action.fighter}.`;
    return { refusal: `${none}${near.length ? ` Did you mean ${near.join(' or ')}?` : ''}`, usage: true };
  }
  const { g, name: from } = found;
  if (from === to) return { refusal: `${from} (${g.name}) is already called ${to}; nothing changed.` };
  const others = [...g.battlefield, ...g.reserve, ...g.out].filter((f) => f !== from);
  if (others.some((f) => f.toLowerCase() === to.toLowerCase()))
    return { refusal: `${g.name} already has a fighter called ${to}.`, usage: true };
  for (const list of [g.battlefield, g.reserve, g.out]) {
    const at = list.indexOf(from);
    if (at >= 0) list[at] = to;
  }
  s.conditions = s.conditions.map((c) => (c.gang === g.name && c.fighter === from ? { ...c, fighter: to } : c));
  ctx.notes.push(`GM renamed ${from} (${g.name}) to ${to}`);
  return { report: { kind: 'rename', what: 'fighter', gang: g.name, from, to } };
}

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
export function collapse(ctx: Ctx, action: Extract<Action, { type: 'collapse' }>): Corrected<CollapseReport> {
  const { s } = ctx;
  const at = lastUnconfirmed(s.tilePicks);
  const pick = s.tilePicks[at];
  if (!pick)
    return {
      refusal:
        'There is no unconfirmed tile pick to correct: badzone picks among the free tiles whenever it is told (or asks) which tiles hold player models.',
    };
  if ((action.tile === undefined) === (action.occupied === undefined))
    return {
      refusal: 'Name the right tile, or give the occupied tiles for badzone to roll among the others (not both).',
      usage: true,
    };
  const ev = ctx.book.byId.get(pick.eventId);
  const name = ev?.name ?? pick.eventId;
  // The pool as it would be had the first pick not been made.
  const pool = s.setup.tiles.filter((t) => s.tiles.includes(t) || (pick.removesTile && t === pick.tile));
  let to: string | null;
  let rolledAmong: string[] | null = null;
  if (action.tile !== undefined) {
    const t = action.tile.trim().toUpperCase();
    if (!pool.includes(t))
      return { refusal: `${t} is not a tile still on the battlefield. Tiles: ${pool.join(', ')}.`, usage: true };
    to = t;
  } else {
    const occ = new Set(action.occupied!.map((t) => t.trim().toUpperCase()));
    const bad = [...occ].filter((t) => !s.setup.tiles.includes(t));
    if (bad.length)
      return {
        refusal: `--occupied names tiles this game does not have: ${bad.join(', ')}. Tiles: ${s.setup.tiles.join(', ')}.`,
        usage: true,
      };
    rolledAmong = pool.filter((t) => !occ.has(t));
    to =
      rolledAmong.length === 0
        ? null
        : rolledAmong[ctx.dice.pick(rolledAmong.length, () => `${name}: tile (of ${rolledAmong!.join(' ')})`) - 1]!;
  }
  const from = pick.tile;
  if (pick.removesTile) s.tiles = pool.filter((t) => t !== to);
  // A new record, not a change to the old one: states share the records they did not change (see `working`).
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
}

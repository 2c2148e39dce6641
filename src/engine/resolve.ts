// Resolving one event's steps: the rolls and picks the tool makes itself, and what they changed.
import type { BadzoneEvent, Creature, Step } from '../rules/types.js';
import type { RuleBook } from '../rules/book.js';
import { parseDice, type DiceExpr } from '../dice/expression.js';
import type { Dice } from './dice.js';
import type { BattlefieldObject, InPlay, MarkerScatter, ScatterMark, SessionState } from './state.js';
import { markerKind, pickPlacesMarker } from '../rules/markers.js';
import type { Edge } from '../rules/orientation.js';
import { addMarker, addScatter, leftTable, liveMarker, markersLeavePlay } from './markers.js';

export interface Scatter {
  /** The tile whose center it scatters from, where that matters. */
  tile?: string;
  distance: number;
  /** Clock bearing 1-12: 12 toward the edge the game's orientation names (../rules/orientation.ts). */
  direction: number;
}

export type Outcome =
  | { kind: 'spawn'; creature: Creature; what: string; count: number; spawnPoint: number; text: string }
  | { kind: 'scatterEachTile'; what: string; scatters: Scatter[]; text: string }
  | {
      kind: 'pickTile';
      what: string;
      tile: string | null;
      removed: boolean;
      placed?: { what: string; count: number; scatters: Scatter[] };
      worth?: { value: number; unit: string };
      /** Nobody said which tiles hold player models: badzone picked among all of them (the GM may record the right one). */
      unconfirmed?: true;
      /** The tiles it was picked among, in order (the die to roll among the free ones counts them in this order). */
      candidates?: string[];
      text: string;
    }
  /**
   * distance and direction are null when the thing was never placed (no tile was left to place it on).
   * scatterNo: which scatter this is since it was placed on `from` (1 for the first).
   */
  | {
      kind: 'scatter';
      what: string;
      from: string | null;
      distance: number | null;
      direction: number | null;
      scatterNo?: number;
      /** Its center has left the table (past `edge`; null: over a place where no tile was laid): the GM may discard it. */
      leftTable?: { edge: Edge | null };
      text: string;
    }
  | {
      kind: 'pickFighter';
      what: string;
      picks: { gang: string; fighter: string | null; moved: boolean }[];
      text: string;
    }
  | {
      kind: 'rollEachFighter';
      what: string;
      rolls: { gang: string; fighter: string; roll: number; moved: boolean }[];
      text: string;
    }
  | { kind: 'pickLair'; lair: string | null; becomes: string; text: string }
  | { kind: 'pickStructure'; structure: string | null; text: string }
  | { kind: 'visibility'; from: string; to: string; roll?: number; changed: boolean; text: string };

/** Everything one command's resolution works on. `s` is a private working copy that is changed in place. */
export interface Ctx {
  s: SessionState;
  book: RuleBook;
  dice: Dice;
  /** False: quiet, no texts, no outcomes, no notes. */
  loud: boolean;
  notes: string[];
  /** Tiles holding player models, when known (Collapsed Section). */
  occupied: string[] | undefined;
  /** Ask for the occupied tiles instead of picking among all (interactive use). */
  askOccupied: boolean;
  /**
   * The caller owns the state and never looks at the one before again (replay, verify): lists that only grow
   * (a marker's scatters) are appended in place instead of copied, so a long replay stays linear.
   */
  owned?: boolean;
}

/** Thrown (and caught by `step`) when a pick needs to know which tiles hold models. */
export class NeedOccupied {
  constructor(readonly tiles: string[]) {}
}

export function clock(direction: number): string {
  return `${direction} o'clock`;
}

function scatterText(sc: Scatter): string {
  return `${sc.tile ? `${sc.tile}: ` : ''}${sc.distance}" toward ${clock(sc.direction)}`;
}

function expr(ctx: Ctx, d: string | number): DiceExpr {
  return ctx.book.dice.get(String(d)) ?? parseDice(d);
}

/** How the purpose of a scatter's direction die ends (`Pillar of Flame: Large Blast: scatter direction`). */
const SCATTER_DIRECTION = ': scatter direction';

/** Whether a die (its sides and purpose) is a scatter's direction, read off a scatter dice or a D12. */
export function isScatterDirection(sides: number, purpose: string): boolean {
  return sides === 12 && purpose.endsWith(SCATTER_DIRECTION);
}

function rollScatter(ctx: Ctx, distance: DiceExpr, purpose: () => string, tile?: string): Scatter {
  const dist = ctx.dice.expr(distance, () => `${purpose()}: scatter distance (${distance.text}")`);
  const direction = ctx.dice.roll(12, () => `${purpose()}${SCATTER_DIRECTION}`);
  const sc: Scatter = { distance: dist, direction };
  if (tile !== undefined) sc.tile = tile;
  return sc;
}

function fightersText(picks: { gang: string; fighter: string | null }[]): string {
  return picks.map((p) => `${p.gang}: ${p.fighter ?? 'none available'}`).join('; ');
}

/** Move a fighter within their gang's roster. Out of the game, they lose the conditions events gave them. */
export function moveFighter(
  s: Pick<SessionState, 'gangs' | 'conditions'>,
  gangName: string,
  fighter: string,
  to: 'battlefield' | 'reserve' | 'out',
): void {
  const g = s.gangs.find((x) => x.name === gangName);
  if (!g) return;
  g.battlefield = g.battlefield.filter((f) => f !== fighter);
  g.reserve = g.reserve.filter((f) => f !== fighter);
  g.out = g.out.filter((f) => f !== fighter);
  g[to].push(fighter);
  if (to === 'out') s.conditions = s.conditions.filter((c) => !(c.gang === gangName && c.fighter === fighter));
}

/**
 * An event in play is discarded: its card goes to the discard pile (deck mode), what it placed to stay stays on
 * the battlefield (Treasure's casket, data: `staysAfterDiscard`), and the conditions it gave for as long as it is
 * in play end. Returns what stays.
 */
export function leavePlay(s: SessionState, book: RuleBook, entry: InPlay): BattlefieldObject[] {
  if (s.deck) s.deck.discardPile.push(entry.roll);
  const ev = book.byId.get(entry.eventId);
  const stays: BattlefieldObject[] = [];
  if (ev && entry.tile) {
    for (const st of [...ev.resolve.onDraw, ...ev.resolve.eachEventPhase]) {
      if (st.kind !== 'pickTile' || st.staysAfterDiscard !== true) continue;
      const o: BattlefieldObject = { eventId: ev.id, what: st.what, tile: entry.tile, sinceRound: entry.sinceRound };
      if (st.worth && entry.worth !== undefined) o.worth = { value: entry.worth, unit: st.worth.unit };
      stays.push(o);
    }
  }
  if (stays.length > 0) s.objects.push(...stays);
  markersLeavePlay(s, entry.eventId, stays.length > 0);
  if (s.conditions.length > 0)
    s.conditions = s.conditions.filter((c) => c.eventId !== entry.eventId || c.lasts === 'game');
  return stays;
}

/** "the golden Loot Casket stays on B1 (worth 60 credits)". */
export function objectText(o: BattlefieldObject): string {
  return `the ${o.what} stays${o.tile ? ` on ${o.tile}` : ''}${o.worth ? ` (worth ${o.worth.value} ${o.worth.unit})` : ''}`;
}

type StepOf<K extends Step['kind']> = Extract<Step, { kind: K }>;

/** What one kind of step does: its rolls and picks, and what they changed. Returns null in quiet mode. */
export type StepHandler<K extends Step['kind']> = (
  ctx: Ctx,
  ev: BadzoneEvent,
  step: StepOf<K>,
  entry: InPlay | null,
) => Outcome | null;

function spawn(ctx: Ctx, ev: BadzoneEvent, step: StepOf<'spawn'>): Outcome | null {
  const e = expr(ctx, step.count);
  const count = ctx.dice.expr(e, () => `${ev.name}: how many ${step.what} (${e.text})`);
  const spawnPoint = ctx.dice.pick(ctx.s.setup.spawnPoints, () => `${ev.name}: spawn point`);
  if (!ctx.loud) return null;
  return {
    kind: 'spawn',
    creature: step.creature,
    what: step.what,
    count,
    spawnPoint,
    text: `${count === 1 && typeof step.count === 'number' ? step.what : `${count} ${step.what}`} at spawn point ${spawnPoint}`,
  };
}

function scatterEachTile(ctx: Ctx, ev: BadzoneEvent, step: StepOf<'scatterEachTile'>): Outcome | null {
  const e = expr(ctx, step.distance);
  const scatters = ctx.s.tiles.map((tile) => rollScatter(ctx, e, () => `${ev.name}: ${step.what} on ${tile}`, tile));
  if (!ctx.loud) return null;
  const { s } = ctx;
  const kind = markerKind(step.what);
  for (const sc of scatters)
    addMarker(s, {
      kind,
      eventId: ev.id,
      what: step.what,
      round: s.round,
      tile: sc.tile!,
      twelve: s.orientation.twelve,
      scatters: [[s.round, sc.distance, sc.direction]],
    });
  const text =
    scatters.length === 0
      ? `No tiles left: no ${step.what} to place.`
      : `A ${step.what} at the center of each tile, scattered: ${scatters.map(scatterText).join('; ')}`;
  return { kind: 'scatterEachTile', what: step.what, scatters, text };
}

/**
 * The tiles a pick may land on. A pick that avoids occupied tiles is unconfirmed when nobody said which tiles hold
 * player models (no terminal to ask, no --occupied): it is made among all of them, and says so.
 */
function tilePool(ctx: Ctx, step: StepOf<'pickTile'>): { pool: string[]; confirmed: boolean } {
  const { s } = ctx;
  if (!step.avoidOccupied) return { pool: s.tiles, confirmed: true };
  if (ctx.occupied === undefined && ctx.askOccupied && s.tiles.length > 0) throw new NeedOccupied([...s.tiles]);
  if (ctx.occupied === undefined) return { pool: s.tiles, confirmed: s.tiles.length === 0 };
  const occ = new Set(ctx.occupied);
  return { pool: s.tiles.filter((t) => !occ.has(t)), confirmed: true };
}

/** What the GM does about an unconfirmed pick. */
export function unconfirmedText(tile: string, candidates: string[]): string {
  return (
    ` Unconfirmed: nobody said which tiles hold player models, so badzone picked among all ${candidates.length} (${candidates.join(' ')}).` +
    ` If models stand on ${tile}, roll among the tiles with none on them, counting them in this order (a D2 for two, a D3 for three, ...),` +
    ' and record the right tile (or the occupied tiles, for badzone to roll among the others).'
  );
}

/** What is placed at a picked tile's center (Mines Detected): how many, and each one's scatter. */
function placeAtTile(
  ctx: Ctx,
  ev: BadzoneEvent,
  place: NonNullable<StepOf<'pickTile'>['place']>,
): { what: string; count: number; scatters: Scatter[] } {
  const ce = expr(ctx, place.count);
  const count = ctx.dice.expr(ce, () => `${ev.name}: how many ${place.what}s (${ce.text})`);
  const scatters: Scatter[] = [];
  if (place.scatterEach) {
    const se = expr(ctx, place.scatterEach);
    for (let i = 1; i <= count; i++) scatters.push(rollScatter(ctx, se, () => `${ev.name}: ${place.what} ${i}`));
  }
  return { what: place.what, count, scatters };
}

function pickTile(ctx: Ctx, ev: BadzoneEvent, step: StepOf<'pickTile'>, entry: InPlay | null): Outcome | null {
  const { s } = ctx;
  const { pool, confirmed } = tilePool(ctx, step);
  const record = (tile: string | null): void => {
    if (step.avoidOccupied)
      s.tilePicks.push({
        eventId: ev.id,
        what: step.what,
        round: s.round,
        tile,
        among: [...pool],
        confirmed,
        removesTile: step.removeTile === true,
      });
  };
  if (pool.length === 0) {
    if (entry) entry.tile = null;
    record(null);
    // An event in play keeps one tile: a pick that finds none takes its marker off.
    if (entry && ctx.loud) markersLeavePlay(s, ev.id, false);
    if (!ctx.loud) return null;
    const why = s.tiles.length === 0 ? 'no tiles are left' : 'every tile left holds player models';
    return { kind: 'pickTile', what: step.what, tile: null, removed: false, text: `No tile picked: ${why}.` };
  }
  const tile = pool[ctx.dice.pick(pool.length, () => `${ev.name}: tile (of ${pool.join(' ')})`) - 1]!;
  if (entry) entry.tile = tile;
  record(tile);
  const removed = step.removeTile === true;
  if (removed) s.tiles = s.tiles.filter((t) => t !== tile);
  const placed = step.place ? placeAtTile(ctx, ev, step.place) : undefined;
  let worth: { value: number; unit: string } | undefined;
  if (step.worth) {
    const we = expr(ctx, step.worth.dice);
    const unit = step.worth.unit;
    worth = { value: ctx.dice.expr(we, () => `${ev.name}: worth (${we.text} ${unit})`), unit };
    if (entry) entry.worth = worth.value;
  }
  if (!ctx.loud) return null;
  placeMarkers(ctx, ev, step, entry, tile, placed, worth);
  let text = `Tile ${tile}: ${step.what}`;
  if (removed) text += `; ${tile} is removed and leaves the tile pool (${s.tiles.length} left)`;
  if (placed) {
    text += `; ${placed.count} ${placed.what}${placed.count === 1 ? '' : 's'} at its center`;
    if (placed.scatters.length)
      text += `, scattered ${placed.scatters.map((sc, i) => `#${i + 1} ${scatterText(sc)}`).join(', ')}`;
  }
  if (worth) text += `; worth ${worth.value} ${worth.unit}`;
  const out: Extract<Outcome, { kind: 'pickTile' }> = {
    kind: 'pickTile',
    what: step.what,
    tile,
    removed,
    text: confirmed ? text : `${text}.${unconfirmedText(tile, pool)}`,
  };
  if (placed) out.placed = placed;
  if (worth) out.worth = worth;
  if (!confirmed) {
    out.unconfirmed = true;
    out.candidates = [...pool];
  }
  return out;
}

/** The markers a tile pick puts down: the pick itself (a Large Blast, a golden casket), or what it places at the center. */
function placeMarkers(
  ctx: Ctx,
  ev: BadzoneEvent,
  step: StepOf<'pickTile'>,
  entry: InPlay | null,
  tile: string,
  placed: { what: string; count: number; scatters: Scatter[] } | undefined,
  worth: { value: number; unit: string } | undefined,
): void {
  const { s } = ctx;
  const at = { eventId: ev.id, round: s.round, tile, twelve: s.orientation.twelve };
  if (placed) {
    const kind = markerKind(placed.what);
    for (let i = 0; i < placed.count; i++) {
      const sc = placed.scatters[i];
      addMarker(s, {
        kind,
        what: placed.what,
        ...at,
        ...(sc ? { scatters: [[s.round, sc.distance, sc.direction] as MarkerScatter] } : {}),
      });
    }
    return;
  }
  if (!pickPlacesMarker(step)) return;
  // An event in play keeps one tile: a new pick moves its marker there.
  if (entry) markersLeavePlay(s, ev.id, false);
  addMarker(s, {
    kind: markerKind(step.what),
    what: step.what,
    ...at,
    ...(worth ? { worth } : {}),
    ...(entry ? { live: true as const } : {}),
  });
}

function scatter(ctx: Ctx, ev: BadzoneEvent, step: StepOf<'scatter'>, entry: InPlay | null): Outcome | null {
  if (entry && entry.tile === null) {
    // Its tile pick found no tile (every tile collapsed): nothing was placed, so nothing scatters.
    if (!ctx.loud) return null;
    return {
      kind: 'scatter',
      what: step.what,
      from: null,
      distance: null,
      direction: null,
      text: `No ${step.what} was placed (no tile was left), so nothing scatters.`,
    };
  }
  const e = expr(ctx, step.distance);
  const sc = rollScatter(ctx, e, () => `${ev.name}: ${step.what}`);
  // Where it is now: each scatter starts where the one before left it.
  if (entry) {
    const mark: ScatterMark = [ctx.s.round, sc.distance, sc.direction];
    if (ctx.owned && entry.scatters) entry.scatters.push(mark);
    else entry.scatters = [...(entry.scatters ?? []), mark];
  }
  if (!ctx.loud) return null;
  const gone = entry ? scatterMarker(ctx, ev.id, sc) : null;
  const n = entry?.scatters?.length ?? 0;
  const since = entry?.tile ? ` (scatter ${n} since it was placed on ${entry.tile})` : '';
  const out: Extract<Outcome, { kind: 'scatter' }> = {
    kind: 'scatter',
    what: step.what,
    from: entry?.tile ?? null,
    distance: sc.distance,
    direction: sc.direction,
    text: `The ${step.what} scatters ${sc.distance}" toward ${clock(sc.direction)}${since}`,
  };
  if (n > 0) out.scatterNo = n;
  if (gone) out.leftTable = gone;
  return out;
}

/** An event's live marker scatters (the Pillar of Flame's Large Blast): whether its center has now left the table. */
function scatterMarker(ctx: Ctx, eventId: string, sc: Scatter): { edge: Edge | null } | null {
  const { s } = ctx;
  const m = liveMarker(s, eventId);
  if (!m) return null;
  const twelve = s.orientation.twelve;
  const mark: MarkerScatter =
    twelve === m.twelve ? [s.round, sc.distance, sc.direction] : [s.round, sc.distance, sc.direction, twelve];
  if (ctx.owned && m.scatters) {
    m.scatters.push(mark);
    return leftTable(s, m);
  }
  return leftTable(s, addScatter(s, m, mark));
}

function pickFighter(ctx: Ctx, ev: BadzoneEvent, step: StepOf<'pickFighter'>): Outcome | null {
  const { s } = ctx;
  const where = step.from === 'reserve' ? 'in reserve' : 'on the battlefield';
  if (s.gangs.length === 0) {
    if (!ctx.loud) return null;
    const text = `No rosters given: pick a random fighter ${step.from === 'reserve' ? 'from the reserve of' : 'in'} each gang; that fighter ${step.what}.`;
    return { kind: 'pickFighter', what: step.what, picks: [], text };
  }
  const picks: { gang: string; fighter: string | null; moved: boolean }[] = [];
  const cond = step.condition;
  // A condition that lasts until the event picks again ends for the last pick now.
  if (cond?.lasts === 'round')
    s.conditions = s.conditions.filter((c) => !(c.eventId === ev.id && c.condition === cond.name));
  for (const g of s.gangs) {
    const pool = g[step.from];
    if (pool.length === 0) {
      picks.push({ gang: g.name, fighter: null, moved: false });
      continue;
    }
    const fighter = pool[ctx.dice.pick(pool.length, () => `${ev.name}: fighter of ${g.name}`, pool) - 1]!;
    const moved = step.moveTo !== undefined && step.moveTo !== step.from;
    if (moved) moveFighter(s, g.name, fighter, step.moveTo!);
    if (cond && !s.conditions.some((c) => c.gang === g.name && c.fighter === fighter && c.condition === cond.name)) {
      s.conditions.push({
        condition: cond.name,
        gang: g.name,
        fighter,
        eventId: ev.id,
        sinceRound: s.round,
        lasts: cond.lasts,
      });
    }
    picks.push({ gang: g.name, fighter, moved });
  }
  if (!ctx.loud) return null;
  const text = picks.every((p) => p.fighter === null)
    ? `No gang has a fighter ${where}: nobody is picked.`
    : `${fightersText(picks)} ${picks.length === 1 ? '' : '- each '}${step.what}`;
  return { kind: 'pickFighter', what: step.what, picks, text };
}

function rollEachFighter(ctx: Ctx, ev: BadzoneEvent, step: StepOf<'rollEachFighter'>): Outcome | null {
  const { s } = ctx;
  const e = expr(ctx, step.dice);
  if (s.gangs.length === 0) {
    if (!ctx.loud) return null;
    return {
      kind: 'rollEachFighter',
      what: step.what,
      rolls: [],
      text: `No rosters given: roll ${e.text} for each fighter; on ${step.on.join(' or ')}, ${step.what}.`,
    };
  }
  const rolls: { gang: string; fighter: string; roll: number; moved: boolean }[] = [];
  const on = new Set(step.on);
  for (const g of s.gangs) {
    for (const fighter of [...g.battlefield]) {
      const roll = ctx.dice.expr(e, () => `${ev.name}: ${fighter} (${g.name})`);
      const moved = on.has(roll);
      if (moved) moveFighter(s, g.name, fighter, step.moveTo);
      rolls.push({ gang: g.name, fighter, roll, moved });
    }
  }
  if (!ctx.loud) return null;
  const hit = rolls.filter((r) => r.moved);
  const text =
    rolls.length === 0
      ? 'No fighters on the battlefield.'
      : hit.length === 0
        ? `Nobody rolled ${step.on.join(' or ')}: no one is removed (${rolls.map((r) => `${r.fighter} ${r.roll}`).join(', ')}).`
        : `${hit.map((r) => `${r.fighter} (${r.gang})`).join(', ')}: ${step.what}.`;
  return { kind: 'rollEachFighter', what: step.what, rolls, text };
}

function pickLair(ctx: Ctx, ev: BadzoneEvent, step: StepOf<'pickLair'>): Outcome | null {
  const { s } = ctx;
  if (s.lairs === null) {
    if (!ctx.loud) return null;
    return {
      kind: 'pickLair',
      lair: null,
      becomes: step.becomes,
      text: `Beast Lairs were not counted at setup: replace a random Beast Lair with a ${step.becomes}.`,
    };
  }
  const pool = s.lairs.filter((l) => l.becomes === null);
  if (pool.length === 0) {
    if (!ctx.loud) return null;
    return { kind: 'pickLair', lair: null, becomes: step.becomes, text: 'No Beast Lair left to replace.' };
  }
  const lair = pool[ctx.dice.pick(pool.length, () => `${ev.name}: Beast Lair`) - 1]!;
  lair.becomes = step.becomes;
  if (!ctx.loud) return null;
  return { kind: 'pickLair', lair: lair.name, becomes: step.becomes, text: `${lair.name} becomes a ${step.becomes}.` };
}

function pickStructure(ctx: Ctx, ev: BadzoneEvent, step: StepOf<'pickStructure'>): Outcome | null {
  const { s } = ctx;
  if (s.structures === null) {
    if (!ctx.loud) return null;
    return {
      kind: 'pickStructure',
      structure: null,
      text: `Large structures were not counted at setup: remove a random ${step.what}.`,
    };
  }
  const pool = s.structures;
  if (pool.length === 0) {
    if (!ctx.loud) return null;
    return { kind: 'pickStructure', structure: null, text: `No ${step.what} left standing.` };
  }
  const structure = pool[ctx.dice.pick(pool.length, () => `${ev.name}: ${step.what}`) - 1]!;
  s.structures = pool.filter((x) => x !== structure);
  if (!ctx.loud) return null;
  return { kind: 'pickStructure', structure, text: `${structure} collapses and is removed; models on it fall.` };
}

function visibilitySet(ctx: Ctx, ev: BadzoneEvent, step: StepOf<'visibilitySet'>): Outcome | null {
  const from = ctx.s.visibility.level;
  ctx.s.visibility = { level: step.level, sinceRound: ctx.s.round, source: ev.id };
  if (!ctx.loud) return null;
  return {
    kind: 'visibility',
    from,
    to: step.level,
    changed: true,
    text: `Visibility is now ${levelText(ctx, step.level)}${step.note ? `: ${step.note}` : ''}`,
  };
}

function visibilityRoll(ctx: Ctx, ev: BadzoneEvent): Outcome | null {
  const die = ctx.book.visibilityDie;
  const roll = ctx.dice.expr(die, () => `${ev.name}: ${ctx.book.visibility.name} (${die.text})`);
  const level = ctx.book.visibilityByRoll.get(roll) ?? ctx.book.visibility.normal;
  const from = ctx.s.visibility.level;
  ctx.s.visibility = { level, sinceRound: ctx.s.round, source: ev.id };
  if (!ctx.loud) return null;
  return {
    kind: 'visibility',
    from,
    to: level,
    roll,
    changed: true,
    text: `Visibility roll ${roll}: visibility is now ${levelText(ctx, level)}`,
  };
}

function visibilityClearPitchBlack(
  ctx: Ctx,
  ev: BadzoneEvent,
  step: StepOf<'visibilityClearPitchBlack'>,
): Outcome | null {
  const { s } = ctx;
  const from = s.visibility.level;
  const pitch = ctx.book.level.get(from)?.pitchBlack === true;
  if (pitch) s.visibility = { level: ctx.book.visibility.normal, sinceRound: s.round, source: ev.id };
  if (!ctx.loud) return null;
  return pitch
    ? {
        kind: 'visibility',
        from,
        to: s.visibility.level,
        changed: true,
        text: `Pitch Black is removed: visibility is now ${levelText(ctx, s.visibility.level)}`,
      }
    : { kind: 'visibility', from, to: from, changed: false, text: `Not Pitch Black, so: ${step.otherwise}` };
}

/** Every kind of step and what it does, keyed by kind (the way boardgame.io keeps a map of moves). */
export const STEP_HANDLERS: { readonly [K in Step['kind']]: StepHandler<K> } = {
  spawn,
  scatterEachTile,
  pickTile,
  scatter,
  pickFighter,
  rollEachFighter,
  pickLair,
  pickStructure,
  visibilitySet,
  visibilityRoll,
  visibilityClearPitchBlack,
};

/** Run one step of an event. Returns what happened (null in quiet mode). */
export function runStep(ctx: Ctx, ev: BadzoneEvent, step: Step, entry: InPlay | null): Outcome | null {
  const handler = STEP_HANDLERS[step.kind] as StepHandler<Step['kind']>;
  return handler(ctx, ev, step, entry);
}

export function levelText(ctx: { book: RuleBook }, id: string): string {
  const l = ctx.book.level.get(id);
  if (!l) return id;
  return `${l.name} (${l.rangeInches === null ? 'unlimited' : `${l.rangeInches}"`})`;
}

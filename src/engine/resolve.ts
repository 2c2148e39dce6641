// Resolving one event's steps: the rolls and picks the tool makes itself, and what they changed.
import type { BadzoneEvent, Creature, Step } from '../rules/types.js';
import type { RuleBook } from '../rules/book.js';
import { parseDice, type DiceExpr } from '../dice/expression.js';
import type { Dice } from './dice.js';
import type { InPlay, SessionState } from './state.js';

export interface Scatter {
  /** The tile whose center it scatters from, where that matters. */
  tile?: string;
  distance: number;
  /** Clock bearing 1-12 (12 = straight ahead, away from the GM's table edge; agree it before the game). */
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
      text: string;
    }
  /** distance and direction are null when the thing was never placed (no tile was left to place it on). */
  | { kind: 'scatter'; what: string; from: string | null; distance: number | null; direction: number | null; text: string }
  | { kind: 'pickFighter'; what: string; picks: { gang: string; fighter: string | null; moved: boolean }[]; text: string }
  | {
      kind: 'rollEachFighter';
      what: string;
      rolls: { gang: string; fighter: string; roll: number; moved: boolean }[];
      text: string;
    }
  | { kind: 'pickLair'; lair: string | null; becomes: string; text: string }
  | { kind: 'pickStructure'; structure: string | null; text: string }
  | { kind: 'visibility'; from: string; to: string; roll?: number; changed: boolean; text: string };

/** Simulation tallies, kept only when simulating. */
export interface Tally {
  spawned: Record<Creature, number>;
}

/** Everything one command's resolution works on. `s` is a private working copy that is changed in place. */
export interface Ctx {
  s: SessionState;
  book: RuleBook;
  dice: Dice;
  /** False in simulation: no texts, no outcomes, no notes. */
  loud: boolean;
  notes: string[];
  /** Tiles holding player models, when known (Collapsed Section). */
  occupied: string[] | undefined;
  /** Ask for the occupied tiles instead of picking among all (interactive use). */
  askOccupied: boolean;
  tally: Tally | null;
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

function rollScatter(ctx: Ctx, distance: DiceExpr, purpose: () => string, tile?: string): Scatter {
  const dist = ctx.dice.expr(distance, () => `${purpose()}: scatter distance (${distance.text}")`).total;
  const direction = ctx.dice.roll(12, () => `${purpose()}: scatter direction`);
  const sc: Scatter = { distance: dist, direction };
  if (tile !== undefined) sc.tile = tile;
  return sc;
}

function fightersText(picks: { gang: string; fighter: string | null }[]): string {
  return picks.map((p) => `${p.gang}: ${p.fighter ?? 'none available'}`).join('; ');
}

function moveFighter(s: SessionState, gangName: string, fighter: string, to: 'battlefield' | 'reserve' | 'out'): void {
  const g = s.gangs.find((x) => x.name === gangName);
  if (!g) return;
  g.battlefield = g.battlefield.filter((f) => f !== fighter);
  g.reserve = g.reserve.filter((f) => f !== fighter);
  g.out = g.out.filter((f) => f !== fighter);
  g[to].push(fighter);
}

/** Run one step of an event. Returns what happened (null in quiet mode). */
export function runStep(ctx: Ctx, ev: BadzoneEvent, step: Step, entry: InPlay | null): Outcome | null {
  const { s, dice, loud } = ctx;
  const label = ev.name;
  switch (step.kind) {
    case 'spawn': {
      const e = expr(ctx, step.count);
      const count = dice.expr(e, () => `${label}: how many ${step.what} (${e.text})`).total;
      const spawnPoint = dice.pick(s.setup.spawnPoints, () => `${label}: spawn point`);
      if (ctx.tally) ctx.tally.spawned[step.creature] += count;
      if (!loud) return null;
      return {
        kind: 'spawn',
        creature: step.creature,
        what: step.what,
        count,
        spawnPoint,
        text: `${count === 1 && typeof step.count === 'number' ? step.what : `${count} ${step.what}`} at spawn point ${spawnPoint}`,
      };
    }
    case 'scatterEachTile': {
      const e = expr(ctx, step.distance);
      const scatters = s.tiles.map((tile) => rollScatter(ctx, e, () => `${label}: ${step.what} on ${tile}`, tile));
      if (!loud) return null;
      const text =
        scatters.length === 0
          ? `No tiles left: no ${step.what} to place.`
          : `A ${step.what} at the center of each tile, scattered: ${scatters.map(scatterText).join('; ')}`;
      return { kind: 'scatterEachTile', what: step.what, scatters, text };
    }
    case 'pickTile': {
      let pool = s.tiles;
      let note = '';
      if (step.avoidOccupied) {
        if (ctx.occupied === undefined && ctx.askOccupied && s.tiles.length > 0) throw new NeedOccupied([...s.tiles]);
        if (ctx.occupied === undefined) {
          note = ' (no occupied tiles were given, so any tile could be picked: check no player models are on it)';
        } else {
          const occ = new Set(ctx.occupied);
          pool = s.tiles.filter((t) => !occ.has(t));
        }
      }
      if (pool.length === 0) {
        if (entry) entry.tile = null;
        if (!loud) return null;
        const why = s.tiles.length === 0 ? 'no tiles are left' : 'every tile left holds player models';
        return { kind: 'pickTile', what: step.what, tile: null, removed: false, text: `No tile picked: ${why}.` };
      }
      const tile = pool[dice.pick(pool.length, () => `${label}: tile (of ${pool.join(' ')})`) - 1]!;
      if (entry) entry.tile = tile;
      let removed = false;
      if (step.removeTile) {
        s.tiles = s.tiles.filter((t) => t !== tile);
        removed = true;
      }
      let placed: { what: string; count: number; scatters: Scatter[] } | undefined;
      if (step.place) {
        const ce = expr(ctx, step.place.count);
        const count = dice.expr(ce, () => `${label}: how many ${step.place!.what}s (${ce.text})`).total;
        const scatters: Scatter[] = [];
        if (step.place.scatterEach) {
          const se = expr(ctx, step.place.scatterEach);
          for (let i = 1; i <= count; i++) scatters.push(rollScatter(ctx, se, () => `${label}: ${step.place!.what} ${i}`));
        }
        placed = { what: step.place.what, count, scatters };
      }
      let worth: { value: number; unit: string } | undefined;
      if (step.worth) {
        const we = expr(ctx, step.worth.dice);
        const value = dice.expr(we, () => `${label}: worth (${we.text} ${step.worth!.unit})`).total;
        worth = { value, unit: step.worth.unit };
        if (entry) entry.worth = value;
      }
      if (!loud) return null;
      let text = `Tile ${tile}: ${step.what}`;
      if (removed) text += `; ${tile} is removed and leaves the tile pool (${s.tiles.length} left)`;
      if (placed) {
        text += `; ${placed.count} ${placed.what}${placed.count === 1 ? '' : 's'} at its center`;
        if (placed.scatters.length) text += `, scattered ${placed.scatters.map((sc, i) => `#${i + 1} ${scatterText(sc)}`).join(', ')}`;
      }
      if (worth) text += `; worth ${worth.value} ${worth.unit}`;
      const out: Outcome = { kind: 'pickTile', what: step.what, tile, removed, text: text + note };
      if (placed) out.placed = placed;
      if (worth) out.worth = worth;
      return out;
    }
    case 'scatter': {
      if (entry && entry.tile === null) {
        // Its tile pick found no tile (every tile collapsed): nothing was placed, so nothing scatters.
        if (!loud) return null;
        return { kind: 'scatter', what: step.what, from: null, distance: null, direction: null, text: `No ${step.what} was placed (no tile was left), so nothing scatters.` };
      }
      const e = expr(ctx, step.distance);
      const sc = rollScatter(ctx, e, () => `${label}: ${step.what}`);
      if (!loud) return null;
      const from = entry?.tile ?? null;
      return {
        kind: 'scatter',
        what: step.what,
        from,
        distance: sc.distance,
        direction: sc.direction,
        text: `The ${step.what} scatters ${sc.distance}" toward ${clock(sc.direction)}`,
      };
    }
    case 'pickFighter': {
      if (s.gangs.length === 0) {
        if (!loud) return null;
        return {
          kind: 'pickFighter',
          what: step.what,
          picks: [],
          text: `No rosters given: pick a random fighter ${step.from === 'reserve' ? 'from the reserve of' : 'in'} each gang; that fighter ${step.what}.`,
        };
      }
      const picks: { gang: string; fighter: string | null; moved: boolean }[] = [];
      for (const g of s.gangs) {
        const pool = g[step.from];
        if (pool.length === 0) {
          picks.push({ gang: g.name, fighter: null, moved: false });
          continue;
        }
        const fighter = pool[dice.pick(pool.length, () => `${label}: fighter of ${g.name}`) - 1]!;
        let moved = false;
        if (step.moveTo && step.moveTo !== step.from) {
          moveFighter(s, g.name, fighter, step.moveTo);
          moved = true;
        }
        picks.push({ gang: g.name, fighter, moved });
      }
      if (!loud) return null;
      const text = picks.every((p) => p.fighter === null)
        ? `No gang has a fighter ${step.from === 'reserve' ? 'in reserve' : 'on the battlefield'}: nobody is picked.`
        : `${fightersText(picks)} ${picks.length === 1 ? '' : '- each '}${step.what}`;
      return { kind: 'pickFighter', what: step.what, picks, text };
    }
    case 'rollEachFighter': {
      const e = expr(ctx, step.dice);
      if (s.gangs.length === 0) {
        if (!loud) return null;
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
          const roll = dice.expr(e, () => `${label}: ${fighter} (${g.name})`).total;
          const moved = on.has(roll);
          if (moved) moveFighter(s, g.name, fighter, step.moveTo);
          rolls.push({ gang: g.name, fighter, roll, moved });
        }
      }
      if (!loud) return null;
      const hit = rolls.filter((r) => r.moved);
      const text =
        rolls.length === 0
          ? 'No fighters on the battlefield.'
          : hit.length === 0
            ? `Nobody rolled ${step.on.join(' or ')}: no one is removed (${rolls.map((r) => `${r.fighter} ${r.roll}`).join(', ')}).`
            : `${hit.map((r) => `${r.fighter} (${r.gang})`).join(', ')}: ${step.what}.`;
      return { kind: 'rollEachFighter', what: step.what, rolls, text };
    }
    case 'pickLair': {
      if (s.lairs === null) {
        if (!loud) return null;
        return { kind: 'pickLair', lair: null, becomes: step.becomes, text: `Beast Lairs were not counted at setup: replace a random Beast Lair with a ${step.becomes}.` };
      }
      const pool = s.lairs.filter((l) => l.becomes === null);
      if (pool.length === 0) {
        if (!loud) return null;
        return { kind: 'pickLair', lair: null, becomes: step.becomes, text: 'No Beast Lair left to replace.' };
      }
      const lair = pool[dice.pick(pool.length, () => `${label}: Beast Lair`) - 1]!;
      lair.becomes = step.becomes;
      if (!loud) return null;
      return { kind: 'pickLair', lair: lair.name, becomes: step.becomes, text: `${lair.name} becomes a ${step.becomes}.` };
    }
    case 'pickStructure': {
      if (s.structures === null) {
        if (!loud) return null;
        return { kind: 'pickStructure', structure: null, text: `Large structures were not counted at setup: remove a random ${step.what}.` };
      }
      const pool = s.structures;
      if (pool.length === 0) {
        if (!loud) return null;
        return { kind: 'pickStructure', structure: null, text: `No ${step.what} left standing.` };
      }
      const structure = pool[dice.pick(pool.length, () => `${label}: ${step.what}`) - 1]!;
      s.structures = pool.filter((x) => x !== structure);
      if (!loud) return null;
      return { kind: 'pickStructure', structure, text: `${structure} collapses and is removed; models on it fall.` };
    }
    case 'visibilitySet': {
      const from = s.visibility.level;
      s.visibility = { level: step.level, sinceRound: s.round, source: ev.id };
      if (!loud) return null;
      return { kind: 'visibility', from, to: step.level, changed: true, text: `Visibility is now ${levelText(ctx, step.level)}${step.note ? `: ${step.note}` : ''}` };
    }
    case 'visibilityRoll': {
      const die = ctx.book.visibilityDie;
      const roll = dice.expr(die, () => `${label}: ${ctx.book.visibility.name} (${die.text})`).total;
      const level = ctx.book.visibilityByRoll.get(roll) ?? ctx.book.visibility.normal;
      const from = s.visibility.level;
      s.visibility = { level, sinceRound: s.round, source: ev.id };
      if (!loud) return null;
      return { kind: 'visibility', from, to: level, roll, changed: true, text: `Visibility roll ${roll}: visibility is now ${levelText(ctx, level)}` };
    }
    case 'visibilityClearPitchBlack': {
      const from = s.visibility.level;
      const pitch = ctx.book.level.get(from)?.pitchBlack === true;
      if (pitch) s.visibility = { level: ctx.book.visibility.normal, sinceRound: s.round, source: ev.id };
      if (!loud) return null;
      return pitch
        ? { kind: 'visibility', from, to: s.visibility.level, changed: true, text: `Pitch Black is removed: visibility is now ${levelText(ctx, s.visibility.level)}` }
        : { kind: 'visibility', from, to: from, changed: false, text: `Not Pitch Black, so: ${step.otherwise}` };
    }
  }
}

export function levelText(ctx: { book: RuleBook }, id: string): string {
  const l = ctx.book.level.get(id);
  if (!l) return id;
  return `${l.name} (${l.rangeInches === null ? 'unlimited' : `${l.rangeInches}"`})`;
}

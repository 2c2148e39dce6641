// A compiled, indexed view of the tables the engine plays with.
import type { BadzoneEvent, EventTable, HazardTable, Step, Tables, VisibilityLevel, VisibilityTable } from './types.js';
import { parseDice, type DiceExpr, type ParseOptions } from '../dice/expression.js';

export interface RuleBook {
  events: EventTable;
  hazards: HazardTable;
  visibility: VisibilityTable;
  /** Event by id. */
  byId: Map<string, BadzoneEvent>;
  /** Event by D64 result (index 1..64). */
  byRoll: BadzoneEvent[];
  level: Map<string, VisibilityLevel>;
  /** Visibility table result by die face. */
  visibilityByRoll: Map<number, string>;
  visibilityDie: DiceExpr;
  /** Parsed dice expressions, by their text. */
  dice: Map<string, DiceExpr>;
}

/** Collect every dice expression a step mentions. */
export function stepDice(step: Step): Array<string | number> {
  switch (step.kind) {
    case 'spawn':
      return [step.count];
    case 'scatterEachTile':
    case 'scatter':
      return [step.distance];
    case 'pickTile': {
      const out: Array<string | number> = [];
      if (step.place) {
        out.push(step.place.count);
        if (step.place.scatterEach) out.push(step.place.scatterEach);
      }
      if (step.worth) out.push(step.worth.dice);
      return out;
    }
    case 'rollEachFighter':
      return [step.dice];
    default:
      return [];
  }
}

/** The dice expressions of a book, parsed: each its events' steps name, by text, and the visibility table's die. */
export interface BookDice {
  dice: [string, DiceExpr][];
  visibilityDie: DiceExpr;
}

/** Parse the dice of tables that have already passed validation (compileBook's `dice` and `visibilityDie`). */
export function bookDice(tables: Tables, opts: ParseOptions = {}): BookDice {
  const dice = new Map<string, DiceExpr>();
  for (const ev of tables.events.results) {
    for (const list of [ev.resolve.onDraw, ev.resolve.eachEventPhase, ev.resolve.endPhase]) {
      for (const step of list) {
        for (const d of stepDice(step)) dice.set(String(d), parseDice(d, opts));
      }
    }
  }
  return { dice: [...dice], visibilityDie: parseDice(tables.visibility.die, opts) };
}

/**
 * Index tables that have already passed validation. `opts.legacyD66`: a game started before schema 3 (see Setup).
 * `parsed` is bookDice(tables, opts), when it was made before: the shipped tables' is made when the command line
 * is built (src/store/tables.ts, shippedBook), which spares every command the parse (its regular expressions are
 * compiled at first use: about 0.15 ms of a command's start).
 */
export function compileBook(
  tables: Tables,
  opts: ParseOptions = {},
  parsed: BookDice = bookDice(tables, opts),
): RuleBook {
  const byId = new Map<string, BadzoneEvent>();
  const byRoll: BadzoneEvent[] = [];
  for (const ev of tables.events.results) {
    byId.set(ev.id, ev);
    for (let r = ev.range[0]; r <= ev.range[1]; r++) byRoll[r] = ev;
  }
  const level = new Map(tables.visibility.levels.map((l) => [l.id, l]));
  const visibilityByRoll = new Map<number, string>();
  for (const r of tables.visibility.results) {
    for (let v = r.range[0]; v <= r.range[1]; v++) visibilityByRoll.set(v, r.level);
  }
  return {
    events: tables.events,
    hazards: tables.hazards,
    visibility: tables.visibility,
    byId,
    byRoll,
    level,
    visibilityByRoll,
    visibilityDie: parsed.visibilityDie,
    dice: new Map(parsed.dice),
  };
}

/** Find an event by id, D64 number or (case-insensitive) name; undefined when none matches. */
export function findEvent(book: RuleBook, query: string): BadzoneEvent | undefined {
  const q = query.trim();
  if (/^\d+$/.test(q)) {
    const n = Number(q);
    return n >= 1 && n <= 64 ? book.byRoll[n] : undefined;
  }
  const lower = q.toLowerCase();
  const byId = book.byId.get(lower);
  if (byId) return byId;
  const slug = lower.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  for (const ev of book.events.results) {
    if (ev.name.toLowerCase() === lower || ev.id === slug) return ev;
  }
  return undefined;
}

/** Events whose id or name contains the query: for "did you mean" suggestions. */
export function suggestEvents(book: RuleBook, query: string): BadzoneEvent[] {
  const lower = query.trim().toLowerCase();
  if (lower.length < 2) return [];
  return book.events.results.filter((e) => e.id.includes(lower) || e.name.toLowerCase().includes(lower)).slice(0, 5);
}

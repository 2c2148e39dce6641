// The commands that need no game: the dice roller, the Hazard Table, the Event Table, checking a table file.
import * as path from 'node:path';
import {
  parseDice,
  DiceSyntaxError,
  Rng,
  d66,
  diceTotal,
  generatorOf,
  type DiceExpr,
  type Seed,
} from '../dice/index.js';
import { InvalidFileError, UsageError } from '../errors.js';
import { compileBook, type RuleBook } from '../rules/book.js';
import { sessionPath, tryLoad } from '../store/session.js';
import { loadAnyTable, loadEventTable, shippedBook, shippedTables } from '../store/tables.js';
import { eventArg, seedOption, wholeNumber } from './args.js';
import { why, type ErrorFacts } from './codes.js';
import { heaviestEvent } from '../rules/validate.js';
import { osRandomSeed } from './seed.js';
import type {
  EventsListData,
  EventsShowData,
  HazardListData,
  HazardRollData,
  HazardRollsData,
  HazardShowData,
  LintData,
  RollData,
} from './types.js';
import { CONTRACT, hazardOfRoll } from './views.js';
import { LIMITS, count, echo, nameProblem } from '../rules/limits.js';

/** badzone's own tables as shipped (the words `completion` offers; `new --hazard`'s hazard names). */
export { shippedTables } from '../store/tables.js';

export interface TableContext {
  /** Relative table paths start here (default: process.cwd()). */
  cwd?: string;
  /** A fresh seed when none is given (default: 128 bits from the operating system, in base32, for ChaCha20). */
  randomSeed?: () => Seed;
}

/** A dice expression in the rules' notation (D6, D3+3, 2D6x10, D64, D66), or a usage error saying what is wrong. */
export function parseExpr(text: string): DiceExpr {
  try {
    return parseDice(text);
  } catch (e) {
    if (e instanceof DiceSyntaxError)
      throw new UsageError(`${e.message}.`, why('bad-dice-expression', { expression: text, problem: e.message }));
    throw e;
  }
}

/** The seed to roll with: the one given (as for a game: a whole number is the Twister's, text keys ChaCha20), or a fresh one. */
function seedOf(seed: number | string | undefined, ctx: TableContext): Seed {
  return seed === undefined ? (ctx.randomSeed ?? osRandomSeed)() : seedOption(seed);
}

export interface RollOptions {
  times?: number;
  /** As a game's seed: a number or whole-number text seeds the Mersenne Twister; other text keys ChaCha20. */
  seed?: number | string;
  /** Each roll also gets a D12 clock direction. */
  scatter?: boolean;
  /** List only the first N rolls (the text view shows 200); default: all of them, within LIMITS.rollJsonDice dice. */
  list?: number;
  /** Count how often each total comes up instead of listing the rolls. */
  summary?: boolean;
}

/** Dice one roll of `e` lists (a constant lists none but still counts as one result). */
function dicePerRoll(e: DiceExpr, scatter: boolean): number {
  return Math.max(1, e.count + (scatter ? 1 : 0));
}

/** The options a roll's refusal names: the library's, unless the caller names its own (the command line's flags). */
export interface RollOptionNames {
  times: string;
  summary: string;
}

/**
 * Why listing `times` rolls of `e` is refused (past LIMITS.rollJsonDice), or null: the sentence and its facts.
 * `names`: what the sentence calls the options.
 */
export function rollListProblem(
  e: DiceExpr,
  times: number,
  scatter: boolean,
  names: RollOptionNames = { times: 'times', summary: 'summary: true' },
): { text: string; facts: ErrorFacts['roll-list-too-long'] } | null {
  const per = dicePerRoll(e, scatter);
  if (times * per <= LIMITS.rollJsonDice) return null;
  const fits = Math.floor(LIMITS.rollJsonDice / per);
  const { times: t, summary: s } = names;
  return {
    text:
      `${e.text}${scatter ? ' with a scatter direction' : ''} ${t} ${count(times)} would list ${count(times * per)} dice; ` +
      `a roll lists at most ${count(LIMITS.rollJsonDice)} dice (limit: roll JSON dice). Use ${s} for the distribution of the totals instead, ` +
      `or ${t} ${count(fits)} or fewer.`,
    facts: { expression: e.text, times, dice: times * per, max: LIMITS.rollJsonDice, fits },
  };
}

/**
 * Roll a dice expression `times` times (each with a D12 clock direction when `scatter`). A D66's die is its two D6
 * read as tens and units (11..66). The rolls are made one at
 * a time and only the first `list` are kept, so a million rolls of 100D1000 take no more memory than one.
 */
export function rollDice(expr: string, opts: RollOptions & TableContext = {}): RollData {
  const e = parseExpr(expr);
  const times = opts.times === undefined ? 1 : wholeNumber(opts.times, 'times', 1, LIMITS.rollTimes);
  const seed = seedOf(opts.seed, opts);
  const scatter = opts.scatter === true;
  const summary = opts.summary === true;
  const list = summary
    ? 0
    : opts.list === undefined
      ? times
      : Math.min(times, wholeNumber(opts.list, 'list', 0, LIMITS.rollTimes));
  const tooMany = summary ? null : rollListProblem(e, list, scatter);
  if (tooMany) throw new UsageError(tooMany.text, why('roll-list-too-long', tooMany.facts));
  const rng = new Rng({ seed, uses: 0 });
  const results: RollData['results'] = [];
  const counts = summary ? new Map<number, number>() : null;
  const directions = summary && scatter ? new Array<number>(12).fill(0) : null;
  const faces: number[] = new Array<number>(e.count);
  let min = Infinity;
  let max = -Infinity;
  // Welford's running mean and variance: exact enough over a million totals, and nothing kept.
  let mean = 0;
  let m2 = 0;
  for (let i = 0; i < times; i++) {
    for (let k = 0; k < e.count; k++) faces[k] = e.tensUnits ? d66(rng.die(6), rng.die(6)) : rng.die(e.sides);
    const total = diceTotal(e, faces);
    const direction = scatter ? rng.die(12) : undefined;
    if (total < min) min = total;
    if (total > max) max = total;
    const delta = total - mean;
    mean += delta / (i + 1);
    m2 += delta * (total - mean);
    if (counts) counts.set(total, (counts.get(total) ?? 0) + 1);
    if (directions && direction !== undefined) directions[direction - 1]!++;
    if (i < list) {
      const r: RollData['results'][number] = { total, dice: faces.slice() };
      if (direction !== undefined) r.direction = direction;
      results.push(r);
    }
  }
  const round = (x: number) => Math.round(x * 1e4) / 1e4;
  return {
    kind: 'roll',
    schema: CONTRACT,
    expression: e.text,
    seed: String(seed),
    generator: generatorOf(seed),
    times,
    results,
    unlisted: times - results.length,
    scatter,
    totals: { min, max, mean: round(mean), sd: round(Math.sqrt(m2 / times)) },
    distribution: counts ? [...counts].sort((a, b) => a[0] - b[0]).map(([total, n]) => ({ total, count: n })) : null,
    directions,
  };
}

/** D10 on the Hazard Table (or look up the group's own `roll`); `homeTurf`: rolling a crew's Home Turf. */
export function rollHazard(
  opts: { roll?: number; seed?: number | string; homeTurf?: boolean } & TableContext = {},
): HazardRollData {
  const table = shippedTables().hazards;
  let seed: Seed | null = null;
  let roll: number;
  if (opts.roll !== undefined) roll = wholeNumber(opts.roll, 'roll', 1, 10);
  else {
    seed = seedOf(opts.seed, opts);
    roll = new Rng({ seed, uses: 0 }).die(10);
  }
  const hazard = hazardOfRoll(roll, table, null);
  const nomadic = hazard.nomadic;
  const homeTurf = opts.homeTurf === true;
  const meaning = !nomadic
    ? homeTurf
      ? `${hazard.name} is the crew's Home Turf Hazard; its Home Turf Ploy is ${hazard.ploy?.name ?? 'none'}.`
      : `The Hazard for this game is ${hazard.name}. This roll is not saved: to play it in a badzone game, set the game up with this roll as its Hazard.`
    : homeTurf
      ? `The crew is Nomadic: no Home Turf Hazard or Facility, but its Rating Limit is ${table.nomadic.ratingLimit} instead of ${table.nomadic.standardRatingLimit}.`
      : 'Nomadic: no Hazard this game.';
  return {
    kind: 'hazard-roll',
    schema: CONTRACT,
    roll,
    seed: seed === null ? null : String(seed),
    generator: seed === null ? null : generatorOf(seed),
    nomadic,
    homeTurf,
    hazard,
    meaning,
    ratingLimit: nomadic && homeTurf ? table.nomadic.ratingLimit : null,
  };
}

/**
 * D10 on the Hazard Table for each crew named, to find its Home Turf: rolled in the order named, one after another
 * from one seed (the first crew's roll is the one `rollHazard` gives with that seed). Each name is checked like a
 * gang's; a name given twice (ignoring case) and more than LIMITS.crews crews are refused.
 */
export function rollCrewHazards(
  opts: { crews: readonly string[]; seed?: number | string } & TableContext,
): HazardRollsData {
  const table = shippedTables().hazards;
  const crews = opts.crews.map((c) => String(c).trim());
  if (crews.length === 0) throw new UsageError('Name at least one crew to roll a Home Turf for.');
  if (crews.length > LIMITS.crews)
    throw new UsageError(
      `${count(crews.length)} crews were named; one roll may be for at most ${LIMITS.crews} crews (limit: crews).`,
    );
  crews.forEach((c, i) => {
    const bad = nameProblem(c, 'The crew name');
    if (bad) throw new UsageError(`${bad}.`);
    const same = crews.findIndex((x) => x.toLowerCase() === c.toLowerCase());
    if (same !== i) throw new UsageError(`The crew ${echo(c)} is named twice; name each crew once.`);
  });
  const seed = seedOf(opts.seed, opts);
  const rng = new Rng({ seed, uses: 0 });
  const rolls = crews.map((crew) => {
    const roll = rng.die(10);
    const hazard = hazardOfRoll(roll, table, null);
    const meaning = hazard.nomadic
      ? `${crew} is a Nomadic crew: no Home Turf Hazard or Facility, but its Rating Limit is ${table.nomadic.ratingLimit} instead of ${table.nomadic.standardRatingLimit}.`
      : `The Home Turf Hazard of ${crew} is ${hazard.name}; its Home Turf Ploy is ${hazard.ploy?.name ?? 'none'}.`;
    return {
      crew,
      roll,
      nomadic: hazard.nomadic,
      hazard,
      meaning,
      ratingLimit: hazard.nomadic ? table.nomadic.ratingLimit : null,
    };
  });
  return { kind: 'hazard-rolls', schema: CONTRACT, seed: String(seed), generator: generatorOf(seed), rolls };
}

/** The Hazard Table. */
export function listHazards(): HazardListData {
  return { kind: 'hazard-list', schema: CONTRACT, ...shippedTables().hazards };
}

/** One hazard by D10 roll (1-10), id or name. */
export function showHazard(query: string | number): HazardShowData {
  const t = shippedTables().hazards;
  const q = String(query).trim().toLowerCase();
  if ((/^\d+$/.test(q) && Number(q) === t.nomadic.roll) || q === 'nomadic') {
    return {
      kind: 'hazard-show',
      schema: CONTRACT,
      roll: t.nomadic.roll,
      nomadic: true,
      hazard: hazardOfRoll(t.nomadic.roll, t, null),
      nomadicRule: t.nomadic,
    };
  }
  const h = /^\d+$/.test(q)
    ? t.hazards.find((x) => x.roll === Number(q))
    : t.hazards.find((x) => x.id === q || x.name.toLowerCase() === q);
  if (!h)
    throw new UsageError(
      `No hazard matches "${echo(String(query))}". Give a roll from 1 to 10 or an id (${t.hazards.map((x) => x.id).join(', ')}, nomadic).`,
      why('no-such-hazard', { query: String(query), hazards: t.hazards.map((x) => x.id) }),
    );
  return {
    kind: 'hazard-show',
    schema: CONTRACT,
    roll: h.roll,
    nomadic: false,
    hazard: hazardOfRoll(h.roll, t, null),
    nomadicRule: null,
  };
}

/** The Badzone Event Table's 64 results (or a custom table file's). */
/** Which table to look at: a table file, else the game's own table (a session file), else the shipped one. */
export interface WhichTable {
  /** A table file: this table, whatever the game plays. */
  table?: string;
  /**
   * A session file: its game's own table (the shipped one, or the custom table the game was started with) when
   * the file exists. A session that does not exist means the shipped table; one that cannot be read is an error.
   */
  session?: string;
}

/** The event table chosen by `table` / `session`, and where it came from. */
function whichTable(opts: WhichTable & TableContext): {
  book: RuleBook;
  from: 'shipped' | 'game' | 'file';
  file: string | null;
} {
  const cwd = opts.cwd ?? process.cwd();
  if (opts.table) {
    const file = path.resolve(cwd, opts.table);
    return { book: compileBook({ ...shippedTables(), events: loadEventTable(file) }), from: 'file', file };
  }
  if (opts.session) {
    const file = sessionPath(opts.session, {}, cwd);
    const game = tryLoad(file);
    if (game) return { book: game.book, from: 'game', file };
  }
  return { book: shippedBook(), from: 'shipped', file: null };
}

/** The Badzone Event Table: a given table file, else the game's own (session), else the shipped one. */
export function listEvents(opts: WhichTable & TableContext = {}): EventsListData {
  const w = whichTable(opts);
  return {
    kind: 'events-list',
    schema: CONTRACT,
    table: w.book.events.name,
    tableFrom: w.from,
    tableFile: w.file,
    events: w.book.events.results,
  };
}

/** One event by id, D64 number or name (in a custom table file with `table`). */
/** One event of the table `listEvents` would show, with the clarifications that matter for it. */
export function showEvent(query: string | number, opts: WhichTable & TableContext = {}): EventsShowData {
  const w = whichTable(opts);
  const event = w.book.byId.get(eventArg(w.book, query, { unique: true }))!;
  const clarifications = (w.book.events.clarifications ?? [])
    .filter((c) => c.events?.includes(event.id))
    .map((c) => c.text);
  return {
    kind: 'events-show',
    schema: CONTRACT,
    table: w.book.events.name,
    tableFrom: w.from,
    tableFile: w.file,
    event,
    clarifications,
  };
}

/** Check a table file of any kind (events, visibility, hazards); `valid: false` says what is wrong. */
export function lintTable(file: string, opts: TableContext = {}): LintData {
  const full = path.resolve(opts.cwd ?? process.cwd(), file);
  try {
    const t = loadAnyTable(full);
    const h = t.kind === 'events' ? heaviestEvent(t.table, parseDice(shippedTables().visibility.die)) : null;
    const heaviest = h
      ? {
          eventId: h.event.id,
          name: h.event.name,
          phase: h.phase,
          dice: h.dice,
          limit: LIMITS.rollsPerStep,
          tilesThatFit: h.tilesThatFit,
        }
      : null;
    return {
      kind: 'table-lint',
      schema: CONTRACT,
      file,
      valid: true,
      tableKind: t.kind,
      events: t.kind === 'events' ? t.table.results.length : null,
      problem: null,
      heaviest,
    };
  } catch (e) {
    if (e instanceof InvalidFileError)
      return {
        kind: 'table-lint',
        schema: CONTRACT,
        file,
        valid: false,
        tableKind: null,
        events: null,
        problem: e.message.split(full).join(file),
        heaviest: null,
      };
    throw e;
  }
}

// Every limit badzone keeps, defined once: what a command accepts and what a step may write (LIMITS), and the
// looser bounds the session loader reads (READ). The loader, every command's input parsing, the engine's step
// and `table lint` all take their numbers from here; docs/json.md ("Limits") lists them, and a test checks that
// the list and this file agree.
//
// Why two sets: a game badzone 0.1.0 wrote past a limit (a 201-character turf owner, 250 fighters in a gang, a
// 51st gang, 700 occupied tiles, a 28 MB file from a heavy custom table) must still open, so nobody's game is
// locked out. READ is at least what 0.1.0 could write; LIMITS is what badzone writes from now on. A step may not
// take a game past LIMITS; a game already past a limit (read under READ) keeps playing as long as the step does
// not grow what is already too large.
//
// Pure: no I/O, no node: imports (the engine uses it). The dice's own limits (expressions, seeds) and the text
// helpers their messages use (echo, count) are defined in ../dice/limits.ts, the lowest floor, which imports
// nothing of badzone; LIMITS takes them in here, so this is still the one table of every limit.
import type { DiceExpr } from '../dice/expression.js';
import { DICE_LIMITS, SEED_CHARACTERS, count, echo } from '../dice/limits.js';

export { SEED_CHARACTERS, count, echo };

/** What a command accepts and what a step may produce. */
export const LIMITS = {
  /** Characters in a gang's, fighter's or turf owner's name (JSON's count: an emoji may count 2). */
  name: 200,
  /** Gangs in a game. */
  gangs: 50,
  /** Crews one `hazard roll` rolls a Home Turf for. */
  crews: 50,
  /** Fighters in one gang: on the battlefield, in reserve and out, together. */
  fightersPerGang: 200,
  /** Tiles on the battlefield (a 26x26 grid). */
  tiles: 676,
  /** Characters in a tile's name (A1 ... Z26). */
  tileName: 10,
  spawnPoints: 100,
  lairs: 100,
  structures: 100,
  /** Tiles named in one `round --occupied` (as typed, repeats included). */
  occupied: 676,
  /** Dice entered for one command (`--dice`). */
  enteredDice: 1000,
  /** Dice one command may roll: a round (with the End Phase it closes), an End Phase, a placed event. */
  rollsPerStep: 100_000,
  /** Entries in a game's log (one per command that changed the game). */
  logEntries: 100_000,
  /** The dice position: random numbers drawn since the seed (resuming replays them, about 7 ms a million). */
  rngUses: 10_000_000,
  /**
   * Undo checkpoints a session file keeps: the games before its last steps, each a patch of the one after it, so
   * that so many undos in a row start from one instead of replaying the log (../store/session.ts).
   */
  checkpoints: 10,
  /** Bytes in a session file. A 1000-round game is about 0.1 MB (its log packed: ../engine/packed-log.ts). */
  sessionBytes: 20_000_000,
  /** Bytes in a table file. */
  tableBytes: 1_000_000,
  /** Results in an event table (a D64 table). */
  tableResults: 64,
  /** Steps in one phase of an event (`onDraw`, `eachEventPhase`, `endPhase`). */
  tableSteps: 20,
  /** Dice in one expression of a table (`20D6`). */
  tableDice: 20,
  /** The largest total a table's dice expression may give. */
  tableTotal: 100_000,
  /** Characters in a table's rules texts (effect, gm, rulings). */
  tableText: 4000,
  /** Characters in a table's names (event names, `what`). */
  tableName: 120,
  diceLength: DICE_LIMITS.diceLength,
  diceCount: DICE_LIMITS.diceCount,
  diceSides: DICE_LIMITS.diceSides,
  diceConstant: DICE_LIMITS.diceConstant,
  /** `badzone roll --times`. */
  rollTimes: 1_000_000,
  /** Dice listed in `badzone roll --json` (`--times` x dice per roll); past it, `--summary` gives the distribution. */
  rollJsonDice: 1_000_000,
  /** `badzone simulate --games`. */
  simulateGames: 1_000_000,
  /** `badzone simulate --rounds`. */
  simulateRounds: 100,
  /** Games x rounds in one `badzone simulate`. */
  simulateTotalRounds: 20_000_000,
  /** Random numbers one `badzone simulate` may draw (estimated before the run; about 2 minutes on a laptop). */
  simulateNumbers: 1_000_000_000,
  seedLength: DICE_LIMITS.seedLength,
  echo: DICE_LIMITS.echo,
  /**
   * Characters of a session path given whole in a hint to run (`badzone round --session PATH`): Linux's PATH_MAX.
   * A longer argument cannot be a path to open, so it is cut like any other (echo).
   */
  pathArgument: 4096,
} as const;

/**
 * What the session loader accepts: a bound on untrusted files (with the file size, it caps a command's memory
 * and time), and at least everything badzone 0.1.0 could write. Where a number is the same as in LIMITS, 0.1.0
 * checked it too.
 */
export const READ = {
  /** 0.1.0 took a turf owner and `fighter --gang` names of any length; a bound still guards the terminal and the file. */
  name: 4000,
  /** 0.1.0 added a gang per `fighter --gang` without a bound. */
  gangs: 10_000,
  /** Per list (battlefield, reserve, out): 0.1.0's `new --gang` took any number. */
  fightersPerList: 100_000,
  tiles: LIMITS.tiles,
  tileName: LIMITS.tileName,
  spawnPoints: LIMITS.spawnPoints,
  lairs: LIMITS.lairs,
  structures: LIMITS.structures,
  /** 0.1.0 stored `--occupied` as typed, repeats included. */
  occupied: 100_000,
  /** Entered dice stored in one log entry. */
  enteredDice: 10_000,
  /** Rolls in one log entry: 0.1.0 rolled a heavy table's whole round (283,920 dice, 28 MB). */
  rollsPerStep: 2_000_000,
  /** A roll's purpose: a tile picked among 676 names them all (about 2,800 characters); 0.1.0 wrote those. */
  rollPurpose: 10_000,
  /** 0.1.0 read 100,000 entries and could append one more. */
  logEntries: LIMITS.logEntries + 1,
  /** 0.1.0 read up to 10 million and one step could add its dice. */
  rngUses: 2 * LIMITS.rngUses,
  /** 0.1.0 read up to 20 MB and one heavy round could add 28 MB. Larger files are refused unread. */
  sessionBytes: 64_000_000,
  /** Rounds, sequence numbers and `sinceRound`: far beyond any game, below any risk of arithmetic trouble. */
  round: 10_000_000,
  /** No badzone wrote a longer seed (the Twister's were numbers). */
  seedLength: LIMITS.seedLength,
  /** A file with more is read as having none (a hand edit: its checkpoints are not used). */
  checkpoints: LIMITS.checkpoints,
  /** Markers on the battlefield (issue 22): a Falling Crates on 676 tiles places 676; far more than any game keeps. */
  markers: 1_000_000,
} as const;

export type LimitName = keyof typeof LIMITS;

/** An estimate in messages, to the three figures it is good for: 259,872,061 -> 260,000,000. */
export function roughly(n: number): string {
  if (!Number.isFinite(n) || Math.abs(n) < 1000) return count(Math.round(n));
  const p = 10 ** (Math.floor(Math.log10(Math.abs(n))) - 2);
  return count(Math.round(n / p) * p);
}

/** Bytes in messages: 20 MB, 28.0 MB. */
export function megabytes(n: number): string {
  const mb = n / 1e6;
  return Number.isInteger(mb) ? `${mb} MB` : `${mb.toFixed(1)} MB`;
}

/** A path typed as an argument, for a hint to run: whole when it could be a path (LIMITS.pathArgument), else cut (echo). */
export function echoPath(text: string): string {
  return text.length <= LIMITS.pathArgument ? text : echo(text);
}

/** Unicode category Cc: the C0 controls, DEL and the C1 controls. A name may not contain them. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A character escaped the way the terminal output shows it: \x0a, \u0085. */
export function escaped(c: string): string {
  const n = c.codePointAt(0)!;
  return n <= 0xff ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`;
}

const CONTROL_NAMES: Record<number, string> = {
  0x09: 'a tab',
  0x0a: 'a line break',
  0x0d: 'a carriage return',
  0x1b: 'an escape',
  0x7f: 'a delete',
};

/**
 * What is wrong with a name a user typed for something badzone stores (a gang, a fighter, the turf owner),
 * or null. `what` says which name ("the gang name", "--turf-owner"). Format characters (zero-width, bidi) are
 * allowed: the text output shows them escaped.
 */
export function nameProblem(name: string, what: string): string | null {
  if (name.trim() === '') return `${what} is empty; give a name`;
  if (name.length > LIMITS.name) {
    return `${what} "${echo(name)}" is ${count(name.length)} characters long; a name may have at most ${LIMITS.name} characters (limit: name length)`;
  }
  const m = CONTROL.exec(name);
  if (m) {
    const c = m[0];
    const kind = CONTROL_NAMES[c.charCodeAt(0)] ?? 'a control character';
    return `${what} "${echo(name)}" contains ${kind} (${escaped(c)}); a name may not contain control characters`;
  }
  return null;
}

/** The parts of a setup the limits look at (the engine's Setup has them all). */
export interface SetupShape {
  tiles: readonly string[];
  spawnPoints: number;
  gangs: readonly { name: string; battlefield: readonly string[]; reserve: readonly string[] }[];
  turfOwner: string | null;
  lairs: number | null;
  structures: number | null;
}

/** What in a setup is past a limit (or a name that may not be stored), or null. The message names the limit. */
export function setupProblem(s: SetupShape): string | null {
  if (s.tiles.length < 1 || s.tiles.length > LIMITS.tiles)
    return `a battlefield has from 1 to ${LIMITS.tiles} tiles, not ${count(s.tiles.length)} (limit: tiles)`;
  const longTile = s.tiles.find((t) => t.length > LIMITS.tileName || t.trim() === '');
  if (longTile !== undefined)
    return `the tile name "${echo(longTile)}" is not 1 to ${LIMITS.tileName} characters (limit: tile name)`;
  if (!Number.isInteger(s.spawnPoints) || s.spawnPoints < 1 || s.spawnPoints > LIMITS.spawnPoints)
    return `spawn points must be from 1 to ${LIMITS.spawnPoints} (limit: spawn points)`;
  if (s.lairs !== null && (s.lairs < 0 || s.lairs > LIMITS.lairs))
    return `Beast Lairs must be from 0 to ${LIMITS.lairs} (limit: lairs)`;
  if (s.structures !== null && (s.structures < 0 || s.structures > LIMITS.structures))
    return `large structures must be from 0 to ${LIMITS.structures} (limit: structures)`;
  if (s.gangs.length > LIMITS.gangs)
    return `${count(s.gangs.length)} gangs were given; a game may have at most ${LIMITS.gangs} gangs (limit: gangs)`;
  for (const g of s.gangs) {
    const p = nameProblem(g.name, 'the gang name');
    if (p) return p;
    const n = g.battlefield.length + g.reserve.length;
    if (n > LIMITS.fightersPerGang) {
      return `${echo(g.name)} has ${count(n)} fighters; a gang may have at most ${LIMITS.fightersPerGang} fighters (limit: fighters per gang)`;
    }
    for (const f of [...g.battlefield, ...g.reserve]) {
      const q = nameProblem(f, `the fighter name (in ${echo(g.name, 30)})`);
      if (q) return q;
    }
  }
  if (s.turfOwner !== null) {
    const p = nameProblem(s.turfOwner, 'the turf owner');
    if (p) return p;
  }
  return null;
}

/** A limit an input or a step would pass: which (a name in LIMITS), and the sentence that says so. */
export interface LimitProblem {
  limit: LimitName;
  text: string;
}

/**
 * What in a list of occupied tiles, as typed, is past a limit, or null. `what` names the list in the sentence (the
 * command line's flag; "the list of occupied tiles" by default).
 */
export function occupiedProblem(tiles: readonly string[], what = 'the list of occupied tiles'): LimitProblem | null {
  if (tiles.length > LIMITS.occupied) {
    return {
      limit: 'occupied',
      text: `${what} names ${count(tiles.length)} tiles; at most ${LIMITS.occupied} may be given, one for each tile of the largest battlefield (limit: occupied tiles)`,
    };
  }
  const long = tiles.find((t) => t.length > LIMITS.tileName);
  if (long !== undefined)
    return {
      limit: 'tileName',
      text: `${what} names a tile "${echo(long)}" longer than any tile name (${LIMITS.tileName} characters; limit: tile name)`,
    };
  return null;
}

/**
 * What in a list of entered dice is past a limit, or null. `what` names what takes them (the command line's flag;
 * "a step" by default).
 */
export function enteredDiceProblem(n: number, what = 'a step'): LimitProblem | null {
  return n > LIMITS.enteredDice
    ? {
        limit: 'enteredDice',
        text: `${count(n)} dice were entered; ${what} takes at most ${count(LIMITS.enteredDice)} values (limit: entered dice)`,
      }
    : null;
}

/** An action's typed input, as far as the limits go (the engine's Action has these fields). */
export interface ActionShape {
  type: string;
  occupied?: readonly string[];
  /** Entered dice (null: a placeholder, badzone rolls that one). */
  dice?: readonly (number | null)[];
  /** A `round`'s dice for the open End Phase. */
  endDice?: readonly (number | null)[];
}

/** What in an action's typed input is past a limit, or null (names are checked where they would be stored). */
export function actionProblem(a: ActionShape): LimitProblem | null {
  if (a.occupied) {
    const p = occupiedProblem(a.occupied);
    if (p) return p;
  }
  if (a.dice || a.endDice) return enteredDiceProblem((a.dice?.length ?? 0) + (a.endDice?.length ?? 0));
  return null;
}

/** The parts of a game the growth checks look at. */
export interface StateShape {
  gangs: readonly {
    name: string;
    battlefield: readonly string[];
    reserve: readonly string[];
    out: readonly string[];
  }[];
  logEntries: number;
  rngUses: number;
}

const fighters = (g: StateShape['gangs'][number]): number => g.battlefield.length + g.reserve.length + g.out.length;

/**
 * Would this step take the game past a limit? A game already past one (written by an older badzone) may go on
 * as long as the step does not grow what is already too large. Returns the refusal, naming the limit, or null.
 */
export function growthProblem(before: StateShape, after: StateShape): LimitProblem | null {
  if (after.gangs.length > LIMITS.gangs && after.gangs.length > before.gangs.length) {
    return {
      limit: 'gangs',
      text: `The game already has ${count(before.gangs.length)} gangs; a game may have at most ${LIMITS.gangs} gangs (limit: gangs). Nothing was saved.`,
    };
  }
  for (const g of after.gangs) {
    const n = fighters(g);
    if (n <= LIMITS.fightersPerGang) continue;
    const was = before.gangs.find((x) => x.name === g.name);
    if (!was || n > fighters(was)) {
      return {
        limit: 'fightersPerGang',
        text: `${echo(g.name)} already has ${count(was ? fighters(was) : 0)} fighters; a gang may have at most ${LIMITS.fightersPerGang} fighters, on the battlefield, in reserve and out together (limit: fighters per gang). Nothing was saved.`,
      };
    }
  }
  if (after.logEntries > LIMITS.logEntries && after.logEntries > before.logEntries) {
    return {
      limit: 'logEntries',
      text: `The game's log is full: ${count(before.logEntries)} entries; a game may have at most ${count(LIMITS.logEntries)} (limit: log entries). Nothing was saved; start a new game to play on.`,
    };
  }
  if (after.rngUses > LIMITS.rngUses && after.rngUses > before.rngUses) {
    return {
      limit: 'rngUses',
      text: `This step would take the dice position to ${count(after.rngUses)} random numbers; a game may draw at most ${count(LIMITS.rngUses)} (limit: dice position). Nothing was saved; start a new game to play on.`,
    };
  }
  return null;
}

/**
 * A session about to be written: past the size a session may be written, and larger than it was. The sentence says
 * what is wrong; what to do (undo a step, start a new game) is the edge's to say.
 */
export function sessionBytesProblem(bytes: number, before: number): string | null {
  if (bytes <= LIMITS.sessionBytes || bytes <= before) return null;
  return `This step would make the session file ${megabytes(bytes)}; a session may be written up to ${megabytes(LIMITS.sessionBytes)} (limit: session file size). Nothing was saved.`;
}

// --- The dice one event can roll ----------------------------------------------------------------------

/** A battlefield, as far as the dice an event rolls depend on it. */
export interface Battlefield {
  tiles: number;
  gangs: number;
  /** Fighters on the battlefield, all gangs together. */
  fighters: number;
  spawnPoints: number;
}

/** The largest battlefield a game may have: 676 tiles, 50 gangs of 200 fighters, 100 spawn points. */
export const LARGEST: Battlefield = {
  tiles: LIMITS.tiles,
  gangs: LIMITS.gangs,
  fighters: LIMITS.gangs * LIMITS.fightersPerGang,
  spawnPoints: LIMITS.spawnPoints,
};
/** The smallest: one tile, no rosters, one spawn point. */
export const SMALLEST: Battlefield = { tiles: 1, gangs: 0, fighters: 0, spawnPoints: 1 };

/** The steps of an event, as far as the dice they roll go (the rules' Step, with dice already parsed). */
export type DiceStep =
  | { kind: 'spawn'; count: DiceExpr }
  | { kind: 'scatterEachTile'; distance: DiceExpr }
  | { kind: 'pickTile'; place?: { count: DiceExpr; scatterEach?: DiceExpr }; worth?: DiceExpr }
  | { kind: 'scatter'; distance: DiceExpr }
  | { kind: 'pickFighter' }
  | { kind: 'rollEachFighter'; dice: DiceExpr }
  | { kind: 'pickLair' }
  | { kind: 'pickStructure' }
  | { kind: 'visibilityRoll'; die: DiceExpr }
  /** One die (an End Phase's discard roll). */
  | { kind: 'die' }
  | { kind: 'other' };

const hi = (e: DiceExpr): number => (e.count * e.sides + e.add) * e.multiply;

/** The most dice one run of these steps can roll on a battlefield. */
export function worstCaseDice(steps: readonly DiceStep[], b: Battlefield): number {
  let n = 0;
  for (const s of steps) {
    switch (s.kind) {
      case 'spawn':
        n += s.count.count + (b.spawnPoints > 1 ? 1 : 0);
        break;
      case 'scatterEachTile':
        n += b.tiles * (s.distance.count + 1);
        break;
      case 'pickTile':
        n += b.tiles > 1 ? 1 : 0;
        if (s.place)
          n +=
            s.place.count.count +
            (s.place.scatterEach ? Math.max(0, hi(s.place.count)) * (s.place.scatterEach.count + 1) : 0);
        if (s.worth) n += s.worth.count;
        break;
      case 'scatter':
        n += s.distance.count + 1;
        break;
      case 'pickFighter':
        n += b.gangs;
        break;
      case 'rollEachFighter':
        n += b.fighters * s.dice.count;
        break;
      case 'pickLair':
      case 'pickStructure':
        n += 1;
        break;
      case 'visibilityRoll':
        n += s.die.count;
        break;
      case 'die':
        n += 1;
        break;
      case 'other':
        break;
    }
  }
  return n;
}

/** The most tiles (with no rosters) on which the steps stay within rollsPerStep; 0 if not even one. */
export function tilesThatFit(
  steps: readonly DiceStep[],
  b: Battlefield = { ...LARGEST, gangs: 0, fighters: 0 },
): number {
  let lo = 0;
  let hiT = LIMITS.tiles;
  while (lo < hiT) {
    const mid = Math.ceil((lo + hiT) / 2);
    if (worstCaseDice(steps, { ...b, tiles: mid }) <= LIMITS.rollsPerStep) lo = mid;
    else hiT = mid - 1;
  }
  return lo;
}

/**
 * `badzone serve`: what one server holds open, and how long it waits for a client (docs/serve.md, "Limits that
 * protect the server", lists them; a test checks that list against this).
 */
export const SERVE = {
  /** Connections open at once: pages, their assets and event streams, and clients still sending a request. */
  connections: 1100,
  /** Connections open at once from one client address (on any address but loopback, where every client is this computer). */
  connectionsPerAddress: 32,
  /** Pages with a live event stream at once; more get a stream that ends and retries later. */
  pages: 1000,
  /** Milliseconds a client has to send a request's headers. */
  headersMs: 5000,
  /** Milliseconds a client has to send a whole request. */
  requestMs: 10_000,
  /** Milliseconds an idle kept-alive connection stays open. */
  keepAliveMs: 5000,
  /** How often, in milliseconds, the two limits above are checked (Node checks every 30 s unless told). */
  checkMs: 1000,
  /** Milliseconds a page's event stream may go without draining before it is dropped. */
  stallMs: 30_000,
} as const;

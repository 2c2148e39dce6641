// The whole game as one JSON value. Pure data: no classes, no Dates, no functions.
import type { EventTable, VisibilityTable } from '../rules/types.js';
import type { RngState } from '../dice/rng.js';

export const SCHEMA_VERSION = 2;

export type Mode = 'dice' | 'deck';
export type Phase = 'setup' | 'round' | 'end';

export interface GangSetup {
  name: string;
  battlefield: string[];
  reserve: string[];
}

export interface Gang extends GangSetup {
  /** Fighters taken out of the game by hand (`badzone fighter NAME out`). */
  out: string[];
}

/** What `badzone new` was asked for. Together with the seed, this fixes the whole game. */
export interface Setup {
  seed: number;
  mode: Mode;
  tiles: string[];
  spawnPoints: number;
  gangs: GangSetup[];
  turfOwner: string | null;
  /** Number of Beast Lairs on the battlefield, or null when not counted. */
  lairs: number | null;
  /** Number of large structures, or null when not counted. */
  structures: number | null;
  /** 'roll' rolls D10 at setup; a number is the result the group rolled; null: no hazard. */
  hazard: 'roll' | number | null;
  /** A group's own event table (validated), or null for the shipped one. */
  table: EventTable | null;
  /** A group's own visibility table, or null for the shipped house table. */
  visibilityTable: VisibilityTable | null;
  /**
   * Set when the game was started with a hidden seed (`badzone new --hidden-seed`): outputs show only the
   * commitment, the SHA-256 (hex) of "SEED:SALT", until `badzone reveal` sets `revealed`. The engine ignores it.
   */
  hiddenSeed?: HiddenSeed;
}

export interface HiddenSeed {
  salt: string;
  commitment: string;
  revealed: boolean;
}

export interface InPlay {
  eventId: string;
  sinceRound: number;
  /** Deck mode: the card (its D64 number). Dice mode: the D64 roll that drew it. */
  roll: number;
  /** Where a placed marker is (Pillar of Flame, Treasure). */
  tile?: string | null;
  /** Treasure's worth. */
  worth?: number;
}

export interface Visibility {
  level: string;
  /** Round in which it was set (0 = start of game). */
  sinceRound: number;
  /** What set it: an event id, "gm", or "start". */
  source: string;
}

export interface HazardState {
  roll: number;
  /** The hazard's id, or null when the roll was Nomadic (10). */
  id: string | null;
  nomadic: boolean;
}

export interface Lair {
  name: string;
  /** What it became (e.g. "Monster Nest (Underhive Rats)"), or null while still a Beast Lair. */
  becomes: string | null;
}

export interface Deck {
  drawPile: number[];
  discardPile: number[];
}

/** One die rolled or entered, with what it was for. */
export interface Roll {
  /** Sides of the die (64 for the event draw). */
  die: number;
  value: number;
  for: string;
  /** True when the GM entered it (physical dice); absent when badzone rolled it. */
  entered?: true;
  /** True when the value is a card drawn (deck mode) rather than a die. */
  card?: true;
}

export type Action =
  | { type: 'new' }
  | { type: 'round'; occupied?: string[]; dice?: number[] }
  | { type: 'end'; dice?: number[] }
  | { type: 'discard'; eventId: string }
  | { type: 'place'; eventId: string; dice?: number[] }
  | { type: 'visibility'; level: string }
  | { type: 'fighter'; name: string; gang?: string; to: 'battlefield' | 'reserve' | 'out' };

/**
 * One entry per command that changed the game: the action (with any entered dice) and every roll it made, with
 * what it was for. What happened in words is not stored: it follows from these, and `badzone log` replays it
 * (this keeps a 1000-round session file to about 0.65 MB instead of 1.1 MB).
 */
export interface LogRecord {
  seq: number;
  round: number;
  action: Action;
  rolls: Roll[];
}

export interface SessionState {
  schemaVersion: number;
  setup: Setup;
  rng: RngState;
  round: number;
  phase: Phase;
  /** Events in play, oldest first. */
  inPlay: InPlay[];
  deck: Deck | null;
  visibility: Visibility;
  hazard: HazardState | null;
  /** Tiles still on the battlefield. */
  tiles: string[];
  lairs: Lair[] | null;
  /** Large structures still standing, or null when not counted. */
  structures: string[] | null;
  gangs: Gang[];
  /** Once events drawn this round whose effect comes in the End Phase (Reinforcements). */
  pendingEnd: string[];
  log: LogRecord[];
}

/** Tile names for a grid: rows A, B, C...; columns 1, 2, 3... (A1, A2, B1, B2). */
export function gridTiles(rows: number, cols: number): string[] {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    const row = rowName(r);
    for (let c = 1; c <= cols; c++) out.push(`${row}${c}`);
  }
  return out;
}

function rowName(r: number): string {
  let s = '';
  let n = r;
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
}

/** N tiles laid out as near-square rows: 6 -> A1 A2 A3 B1 B2 B3. */
export function countTiles(n: number): string[] {
  const cols = Math.ceil(Math.sqrt(n));
  return gridTiles(Math.ceil(n / cols), cols).slice(0, n);
}

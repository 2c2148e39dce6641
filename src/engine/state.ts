// The whole game as one JSON value. Pure data: no classes, no Dates, no functions.
import type { EventTable, VisibilityTable } from '../rules/types.js';
import type { Generator, RngState, Seed } from '../dice/rng.js';
import type { Edge, Orientation } from '../rules/orientation.js';
import type { MarkerKind } from '../rules/markers.js';
import { tileName } from '../rules/geometry.js';

export const SCHEMA_VERSION = 9;

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

/**
 * Where the GM said the numbered things on the table stand: the tile of each, by number (index 0 is number 1).
 * Each list, when given, has one tile per spawn point, per Beast Lair, per large structure (collapsed ones too);
 * several may share a tile. Optional: a game without positions lists them beside the map, numbered.
 */
export interface SitesAt {
  spawnAt?: string[];
  lairsAt?: string[];
  structuresAt?: string[];
}

/** The three kinds of numbered thing the GM sets up, as the SitesAt fields name them. */
export type SiteKind = keyof SitesAt;

export const SITE_KINDS: readonly SiteKind[] = ['spawnAt', 'lairsAt', 'structuresAt'];

/**
 * What `badzone new` was asked for. Together with the seed, this fixes the whole game. The SitesAt fields are
 * optional (files written before them lack them): where the spawn points, lairs and structures stood at setup.
 */
export interface Setup extends SitesAt {
  /** A string keys ChaCha20; a number (a 32-bit integer) seeds the Mersenne Twister of games before schema 4. */
  seed: Seed;
  /** Which generator the seed rolls with (it follows from the seed's type; written so that the file says it). */
  generator: Generator;
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
  /** Where 12 o'clock pointed at setup (../rules/orientation.ts; `orientation` steps change it later). */
  orientation: Orientation;
  /**
   * Set only on games started before schema 3 whose own tables wrote "D66": there it meant one 66-sided die,
   * and it keeps that meaning so the game replays as it was rolled. Everywhere else a D66 is two D6 read as
   * tens and units (11..66).
   */
  legacyD66?: true;
  /**
   * Set when the game was started with a hidden seed (`badzone new --hidden-seed`): outputs show only the
   * commitment, the SHA-256 (hex) of "chacha20:SEED:SALT" ("SEED:SALT" for a Twister seed, as before schema 4),
   * until `badzone reveal` sets `revealed`. The engine ignores it.
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
  /** Each scatter since it was placed at `tile`, in order, each from where the one before left it (Pillar of Flame). */
  scatters?: ScatterMark[];
}

/**
 * One scatter of a marker in play: in which round's End Phase, how far (inches) and toward which clock number.
 * A triple, not an object: a Pillar of Flame that never leaves a long game scatters every round (the views show
 * `{ round, distance, direction }`).
 */
export type ScatterMark = [round: number, distance: number, direction: number];

/**
 * One scatter of a marker: [round, distance, direction], and the edge 12 o'clock pointed to when it was rolled when
 * that is not the marker's own `twelve` (the GM turned the table between two of a Pillar of Flame's scatters).
 */
export type MarkerScatter =
  | [round: number, distance: number, direction: number]
  | [round: number, distance: number, direction: number, twelve: Edge];

/**
 * A marker an event put on the battlefield (issue 22), kept compact: where it was put down (a tile's center), where
 * 12 o'clock pointed then, and its scatters as numbers. Where it is follows from these (../rules/geometry.ts); the
 * library computes the positions. Markers of Once events stay after their event is gone.
 */
export interface Marker {
  /** Its number, 1 for the first placed in the game: never reused, so the GM's numbers stay. */
  id: number;
  kind: MarkerKind;
  eventId: string;
  /** What the event's data calls it ("Loot Casket"). */
  what: string;
  /** The round that placed it. */
  round: number;
  /** The tile at whose center it was put down. */
  tile: string;
  /** Where 12 o'clock pointed when it was placed: its scatters turn with it, not with later changes. */
  twelve: Edge;
  scatters?: MarkerScatter[];
  worth?: { value: number; unit: string };
  /** Its event is in play (a Pillar of Flame that scatters each End Phase, Treasure's casket). */
  live?: true;
  /** The GM moved it to this tile's center, after `after` of its scatters (later ones start from there). */
  moved?: { tile: string; after: number };
  /** The GM said a fighter carries it (a casket): it is off the map, with them. */
  carriedBy?: { gang: string; fighter: string | null };
}

/** Something an event left on the battlefield after the event itself was discarded (Treasure's golden Loot Casket). */
export interface BattlefieldObject {
  eventId: string;
  what: string;
  /** The tile it was placed on (it may have been carried since). */
  tile: string | null;
  worth?: { value: number; unit: string };
  /** The round it was placed in. */
  sinceRound: number;
  /** Views only (never in the game file): the fighter who carries it, as its marker on the map says. */
  carriedBy?: { gang: string; fighter: string | null };
}

/** A condition an event put on a fighter (Wyld Magic: a Psyker), and how long it lasts (data: the step's `condition`). */
export interface Condition {
  condition: string;
  gang: string;
  fighter: string;
  eventId: string;
  sinceRound: number;
  /** round: until the event picks again; event: while the event is in play; game: for the rest of the game. */
  lasts: 'round' | 'event' | 'game';
}

/**
 * A tile picked among the tiles with no player models on them (Collapsed Section). Unconfirmed when nobody said
 * which tiles hold models: badzone picked among all of them, and the GM may record the right tile afterwards
 * (`badzone collapse`), the log keeping both.
 */
export interface TilePick {
  eventId: string;
  what: string;
  round: number;
  /** The tile picked (null: every tile held models, none was picked). */
  tile: string | null;
  /** The tiles it was picked among, in order. */
  among: string[];
  confirmed: boolean;
  /** The tile badzone first picked, when the GM recorded another one. */
  correctedFrom?: string | null;
  /** The pick removed its tile from the pool (Collapsed Section). */
  removesTile: boolean;
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
  /** True for a D66: two D6 read as tens and units (value 11..66; die is 66). */
  d66?: true;
}

/**
 * A step undone, kept so that `redo` can re-apply it: its action (with the entered dice and occupied tiles), and,
 * to check that it rolls the same dice again, how many it rolled and the dice position after it. The rolls
 * themselves follow from the seed and need not be kept (a heavy table's round can roll a quarter million).
 */
export interface RedoEntry {
  seq: number;
  round: number;
  action: Action;
  /** Dice the step rolled (or were entered). */
  rolls: number;
  /** The dice position (rng uses) after it. */
  uses: number;
}

/** One die the GM entered, or null: a placeholder (`_`, a blank answer) for "badzone rolls this one". */
export type EnteredDie = number | null;

export type Action =
  | { type: 'new' }
  /** `endDice` go to an open End Phase (the last round's), `dice` to the new Event Phase. */
  | { type: 'round'; occupied?: string[]; dice?: EnteredDie[]; endDice?: EnteredDie[] }
  | { type: 'end'; dice?: EnteredDie[] }
  | { type: 'discard'; eventId: string }
  | { type: 'place'; eventId: string; dice?: EnteredDie[] }
  | { type: 'visibility'; level: string }
  /** Where 12 o'clock points from now on. A step: scatters already on the table stay where they landed. */
  | { type: 'orientation'; twelve: Edge }
  | { type: 'fighter'; name: string; gang?: string; to: 'battlefield' | 'reserve' | 'out' }
  /** Rename a fighter (`fighter`, in `gang` when given), or a gang (`gang` alone). */
  | { type: 'rename'; fighter?: string; gang?: string; to: string }
  /** Record the right tile for the last unconfirmed tile pick: the tile itself, or the occupied tiles to roll among the others. */
  | { type: 'collapse'; tile?: string; occupied?: string[]; dice?: EnteredDie[] }
  /**
   * Where the spawn points, Beast Lairs and large structures stand from now on: a list of tiles (one per thing, in
   * number order) sets it, null clears it, absent leaves it as it is.
   */
  | { type: 'sites'; spawnAt?: string[] | null; lairsAt?: string[] | null; structuresAt?: string[] | null }
  /** The GM clears a marker (or all of them), moves one to a tile's center, or says a fighter carries it. */
  | MarkerAction;

export type MarkerAction =
  | { type: 'marker'; op: 'clear'; marker: number | 'all' }
  | { type: 'marker'; op: 'move'; marker: number; tile: string }
  | { type: 'marker'; op: 'carry'; marker: number; gang: string; fighter?: string };

/**
 * One entry per command that changed the game: the action (with any entered dice) and every roll it made, with
 * what it was for. What happened in words is not stored: it follows from these, and `badzone log` replays it
 * (this kept a 1000-round session file to about 0.65 MB instead of 1.1 MB; since schema 8 the file packs each
 * entry in one string, each purpose once: about 0.1 MB, ./packed-log.ts). A record read from a file as badzone
 * wrote it decodes its `rolls` when first read (./schema.ts).
 */
export interface LogRecord {
  seq: number;
  round: number;
  action: Action;
  rolls: Roll[];
}

/**
 * The dice in a log, and how many of them the GM entered by hand (`entered: true`), as the file has them: the rest
 * were rolled (or drawn) from the seed. A die a file marks entered counts as entered, whether or not a replay agrees.
 */
export function countDice(log: readonly LogRecord[]): { rolls: number; entered: number } {
  let rolls = 0;
  let entered = 0;
  for (const r of log) {
    rolls += r.rolls.length;
    for (const x of r.rolls) if (x.entered === true) entered++;
  }
  return { rolls, entered };
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
  /** Where 12 o'clock points now: the setup's, or the last `orientation` step's. */
  orientation: Orientation;
  lairs: Lair[] | null;
  /** Large structures still standing, or null when not counted. */
  structures: string[] | null;
  /**
   * Where the spawn points, lairs and structures stand now (the setup's, or the last `sites` step's); absent when
   * no position was ever given (files written before it lack it too).
   */
  sitesAt?: SitesAt;
  gangs: Gang[];
  /** Once events drawn this round whose effect comes in the End Phase (Reinforcements). */
  pendingEnd: string[];
  /** What events left on the battlefield after they were discarded (Treasure's casket), oldest first. */
  objects: BattlefieldObject[];
  /** Conditions events put on fighters (Wyld Magic's Psykers), oldest first. */
  conditions: Condition[];
  /** Tile picks among unoccupied tiles (Collapsed Section), oldest first. */
  tilePicks: TilePick[];
  /** The markers events put on the battlefield and the GM has not cleared, oldest first (issue 22). */
  markers: Marker[];
  /** How many markers the game has placed: the next one is numbered one more. */
  markersPlaced: number;
  /** "Enter my own dice from now on": badzone asks for each die where it can prompt. A preference, not in the log. */
  manualDice: boolean;
  /** What the GM says of the game for its battle report (schema 6). Words about the game, not a step: not in the log. */
  story: Story;
  /** Log entries undone since the last new step, the most recently undone last: `redo` re-applies them. */
  redo: RedoEntry[];
  log: LogRecord[];
}

/**
 * What a step of the game may change: everything `verify` compares with a replay of the log, and what an undo
 * takes back. The rest of a state is the game's setup, the dice preference, the story, the redo list and the log.
 */
export const STEP_FIELDS = [
  'rng',
  'round',
  'phase',
  'inPlay',
  'deck',
  'visibility',
  'hazard',
  'tiles',
  'orientation',
  'lairs',
  'structures',
  'sitesAt',
  'gangs',
  'pendingEnd',
  'objects',
  'conditions',
  'tilePicks',
  'markers',
  'markersPlaced',
] as const satisfies readonly (keyof SessionState)[];

/** The GM's free text about a game, each null until given: kept in the game and headed the battle report with. */
export interface Story {
  title: string | null;
  /** When it was played, as the GM writes it (free text, not a date badzone reads). */
  date: string | null;
  scenario: string | null;
  /** Who won, and how. */
  result: string | null;
}

/** The fields of a Story, in the order the report shows them. */
export const STORY_FIELDS = ['title', 'date', 'scenario', 'result'] as const;
export type StoryField = (typeof STORY_FIELDS)[number];

/** A story with nothing said yet (a new game's, and every game's from before schema 6). */
export function emptyStory(): Story {
  return { title: null, date: null, scenario: null, result: null };
}

/** Tile names for a grid: rows A, B, C...; columns 1, 2, 3... (A1, A2, B1, B2). */
export function gridTiles(rows: number, cols: number): string[] {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out.push(tileName(r, c));
  return out;
}

/** N tiles laid out as near-square rows: 6 -> A1 A2 A3 B1 B2 B3. */
export function countTiles(n: number): string[] {
  const cols = Math.ceil(Math.sqrt(n));
  return gridTiles(Math.ceil(n / cols), cols).slice(0, n);
}

// What the library returns: one type per command, the same object `--json` prints. The renderers in src/render
// format these; nothing here knows the command line. Type-only module: importing it costs nothing at run time.
import type { EndPhaseReport, EventPhaseReport } from '../engine/phases.js';
import type { Outcome } from '../engine/resolve.js';
import type { CollapseReport, RenameReport, VerifyResult } from '../engine/index.js';
import type {
  BattlefieldObject,
  Condition,
  Gang,
  GangSetup,
  LogRecord,
  Phase,
  Roll,
  SessionState,
  Setup,
  Story,
  StoryField,
  SiteKind,
  SitesAt,
  TilePick,
} from '../engine/state.js';
import type { SimulationReport } from '../engine/simulate.js';
import type { Edge, Orientation } from '../rules/orientation.js';
import type { MarkerKind } from '../rules/markers.js';
import type { Generator, Seed } from '../dice/rng.js';
import type { RuleBook } from '../rules/book.js';
import type {
  BadzoneEvent,
  Clarification,
  HazardTable,
  HomeTurfPloy,
  PloyTrigger,
  Step,
  VisibilityLevel,
} from '../rules/types.js';

export type {
  EndPhaseReport,
  Outcome,
  LogRecord,
  Gang,
  Phase,
  BadzoneEvent,
  Clarification,
  HazardTable,
  HomeTurfPloy,
  PloyTrigger,
  Step,
  VisibilityLevel,
  BattlefieldObject,
  Condition,
  TilePick,
  Roll,
  Generator,
  Seed,
  Edge,
  Orientation,
  Setup,
  GangSetup,
  SessionState,
  RuleBook,
  Story,
  StoryField,
  SiteKind,
  SitesAt,
};

/**
 * The version of the JSON contract (every `--json` object's `schema`), separate from the session file's
 * `schemaVersion`. Raised when a field changes meaning or is removed; new fields may come without a raise.
 */
export type ContractVersion = 3;

/** Every object the library returns (and `--json` prints) says which command made it, and the contract version. */
export interface Output<K extends string> {
  kind: K;
  schema: ContractVersion;
}

// --- Shared shapes -----------------------------------------------------------------------------------------------

/** What an event is worth to whoever holds its marker when the game ends (Treasure). */
export interface Worth {
  value: number;
  unit: string;
}

/** One scatter of a marker in play: in which round's End Phase, how far (inches) and toward which clock number. */
export interface ScatterView {
  round: number;
  distance: number;
  direction: number;
}

/** An event in play, oldest first. */
export interface InPlayView {
  eventId: string;
  name: string;
  sinceRound: number;
  discardOn: number | null;
  /** The tile it was placed on (Pillar of Flame, Treasure). */
  tile?: string | null;
  worth?: Worth;
  /** It has scattered from that tile since: it is no longer at the tile's center. */
  scattered?: true;
  /** Each scatter since it was placed on `tile`, in order, each from where the last left it: where it is now (Pillar of Flame). */
  scatters?: ScatterView[];
  /** The fighter who carries what it placed (Treasure's casket), as its marker on the map says. */
  carriedBy?: { gang: string; fighter: string | null };
}

/**
 * One line of what to apply in an Event Phase ("Resolve events in play: apply the effects of all Persistent events
 * currently in play, starting with the oldest"): each event in play, oldest first (the one drawn in this Event Phase
 * last), with what to apply for it; then what discarded events left on the battlefield (Treasure's casket) and the
 * lasting conditions events gave fighters in earlier rounds (Wyld Magic's Psykers).
 */
export interface ApplyNowItem {
  /** event: an event in play; object: what an event left on the battlefield; condition: fighters an event gave one. */
  type: 'event' | 'object' | 'condition';
  eventId: string;
  /** The event's name. */
  name: string;
  /** The round the event came into play, the object was placed, or the first of these fighters got the condition. */
  sinceRound: number;
  /** Drawn in this Event Phase: its card is the new event. */
  fresh: boolean;
  /** Its effect is a standing condition, still in force (the event table's `standing`). */
  inForce: boolean;
  /** The D6 roll that discards it in the End Phase (null: none, or not an event in play). */
  discardOn: number | null;
  /** An event's short at-the-table text; what an object is ("golden Loot Casket"); a condition's name ("Psyker"). */
  text: string;
  /** The rolls and picks made for it in this Event Phase. */
  outcomes: Outcome[];
  /** The tile its marker or object was placed on. */
  tile?: string | null;
  /** Its marker has scattered from that tile since (Pillar of Flame). */
  scattered?: true;
  worth?: Worth;
  /** The fighters with the condition (type condition). */
  fighters?: { gang: string; fighter: string }[];
}

/** What is on the battlefield because of events, beside the events in play (status, round and end results). */
export interface BattlefieldView {
  /** What events left behind when discarded (Treasure's casket with its worth). */
  objects: BattlefieldObject[];
  /** Conditions events gave fighters (Wyld Magic's Psykers). */
  conditions: Condition[];
  /** Tile picks among unoccupied tiles (Collapsed Section), with whether they are confirmed. */
  tilePicks: TilePick[];
}

export interface VisibilityView {
  level: string;
  name: string;
  rangeInches: number | null;
  pitchBlack: boolean;
  rules: string;
  sinceRound: number;
  source: string;
  /** True when the level comes from the shipped house table. */
  houseTable: boolean;
}

/**
 * What the GM numbers on the table, and where 12 o'clock points (`status`): spawn points, Beast Lairs and large
 * structures by number. Tiles lie with row A along the far edge and A1 at its left-hand corner, seen from the GM's
 * seat; `orientation.twelve` is the edge 12 o'clock points to (../rules/orientation.ts).
 */
export interface TableReferences {
  orientation: Orientation;
  /** `tile`, on each of these, when the GM said where it stands (`sites`, or at setup); absent otherwise. */
  spawnPoints: { number: number; tile?: string }[];
  /** Null when the lairs were not counted at setup. `becomes`: what it was turned into (a Monster Nest). */
  lairs: { number: number; name: string; becomes: string | null; tile?: string }[] | null;
  /** Null when the structures were not counted at setup. `standing` is false once it has collapsed. */
  structures: { number: number; name: string; standing: boolean; tile?: string }[] | null;
}

/** The Hazard, the same shape wherever it appears (`new`, `status`, `round`, `hazard roll`, `hazard show`). */
export interface HazardView {
  roll: number;
  /** A 10: the crew is Nomadic, there is no Hazard. */
  nomadic: boolean;
  /** The hazard's id; null when Nomadic. */
  id: string | null;
  name: string;
  effect: string;
  page: string | null;
  /** The Home Turf Ploy, with its `trigger`: when it may be enacted. */
  ploy: HomeTurfPloy | null;
  /** The ploy's trigger is the start of a Round (reminded on each round's card). */
  ployAtRoundStart: boolean;
  /** The crew whose Home Turf it is (null: nobody's, or not a game). */
  turfOwner: string | null;
}

/** One thing the End Phase of the current round will do: an event's End-Phase effect, or its discard roll. */
export interface DueInEndPhase {
  eventId: string;
  name: string;
  type: 'effect' | 'discard-check';
  /** In words: "D3 Hive Scum with Autoguns spawn at a random spawn point", "discard check, D6 4+". */
  what: string;
  /** The D6 roll that discards it (discard checks only). */
  discardOn: number | null;
}

/**
 * The seed, the generator it rolls with, and its commitment. A game started with a hidden seed shows `seed: null`
 * and only the commitment (SHA-256 of "chacha20:SEED:SALT", hex; of "SEED:SALT" for a game started before the
 * generator was marked) until `reveal`; other games show the seed and `commitment: null`.
 */
export interface SeedFields {
  /** As text: letters and digits key ChaCha20; a whole number ("42") is a Mersenne Twister seed. */
  seed: string | null;
  /** `chacha20`, or `mt19937` for a whole-number seed (whose rolls can be foreseen from a few of them). */
  generator: Generator;
  commitment: string | null;
}

/** Where a game stands, as `new`, `status` and `undo` show it. */
export interface GameSummary extends SeedFields {
  session: string;
  round: number;
  phase: Phase;
  mode: Setup['mode'];
  inPlay: InPlayView[];
  visibility: VisibilityView;
  hazard: HazardView | null;
}

/** The event drawn in an Event Phase, with its rules text: the round's card. */
export interface NewEventCard {
  eventId: string;
  name: string;
  /** The D64 roll (dice mode) or card number (deck mode) that drew it. */
  roll: number;
  timing: 'once' | 'persistent';
  discardOn: number | null;
  /** The event's rules text. */
  effect: string;
  /** It stays in play and is resolved again each Event Phase (false for Once events and End-Phase-only ones). */
  actsEachEventPhase: boolean;
  /** It acts in the End Phase (this round's, for a Once event; every one while in play, for a Persistent one). */
  actsInEndPhase: boolean;
  /** The rules' clarifications that matter for this event ("Roaming Horrors are not affected ..."). */
  clarifications: string[];
}

/** The Event Phase: draws (re-rolled duplicates first), then each event resolved. */
export interface EventPhaseView extends Omit<EventPhaseReport, 'noNewEvent'> {
  /** No new event could be drawn (every event left is already in play). */
  noNewEvent: boolean;
  noNewEventReason: string | null;
}

// --- The game ----------------------------------------------------------------------------------------------------

export interface NewData extends Output<'new'>, GameSummary {
  backup: string | null;
  /** What the game was set up with (the seed is in `seed`, hidden or not). */
  setup: Omit<Setup, 'table' | 'visibilityTable' | 'seed' | 'generator' | 'hiddenSeed'> & {
    table: string;
    visibilityTable: string;
  };
  hazardRoll: number | null;
  /** The event table's clarifications of the rules, shown once at setup. */
  clarifications: Clarification[];
  /** The GM's title, date, scenario and result for the battle report (null: not given). */
  story: Story;
}

export interface RoundData extends Output<'round'>, SeedFields {
  session: string;
  /** There was no game and this command started one with the defaults. */
  startedNew: boolean;
  round: number;
  phase: Phase;
  /** dice: the new event is a D64 roll; deck: a card drawn. */
  mode: 'dice' | 'deck';
  /** The last round's End Phase, when this command resolved it first. */
  endPhase: EndPhaseReport | null;
  eventPhase: EventPhaseView;
  inPlay: InPlayView[];
  visibility: VisibilityView;
  hazard: HazardView | null;
  dueInEndPhase: DueInEndPhase[];
  notes: string[];
  /** The event drawn this Event Phase, with its rules text (null when none could be drawn). */
  newEvent: NewEventCard | null;
  /** The short words of the clarifications that matter every round, for the heading ("before Priority"). */
  roundNotes: string[];
  /** What events left on the battlefield, the conditions they gave fighters, and tile picks (after this round's Event Phase). */
  battlefield: BattlefieldView;
  /** What to apply in this Event Phase: each event in play, oldest first, then what stays after discarded events. */
  applyNow: ApplyNowItem[];
  /** Where 12 o'clock points, when this step made the game's first scatter (said once, on that card); else null. */
  firstScatter: Orientation | null;
  /**
   * The markers this step placed, scattered or moved (issue 22), where each is now. A marker that only scattered
   * again (the Pillar's Large Blast in an End Phase) lists only this step's scatters: the map has its whole path.
   */
  markers: MapMarker[];
}

export interface EndData extends Output<'end'>, SeedFields, EndPhaseReport {
  session: string;
  phase: Phase;
  inPlay: InPlayView[];
  visibility: VisibilityView;
  battlefield: BattlefieldView;
  /** As for `round`: where 12 o'clock points, when this End Phase made the game's first scatter; else null. */
  firstScatter: Orientation | null;
  /**
   * The markers this step placed, scattered or moved (issue 22), where each is now. A marker that only scattered
   * again (the Pillar's Large Blast in an End Phase) lists only this step's scatters: the map has its whole path.
   */
  markers: MapMarker[];
}

export interface StatusData extends Output<'status'>, GameSummary {
  tiles: string[];
  tilesRemoved: string[];
  spawnPoints: number;
  gangs: Gang[];
  lairs: { name: string; becomes: string | null }[] | null;
  structures: string[] | null;
  deck: { drawPile: number; discardPile: number } | null;
  table: string;
  dueInEndPhase: DueInEndPhase[];
  logEntries: number;
  /** Treasure's casket after Treasure is discarded, Wyld Magic's Psykers, Collapsed Section picks (confirmed or not). */
  battlefield: BattlefieldView;
  /** "Enter my own dice from now on": badzone asks for each die where it can prompt. */
  manualDice: boolean;
  /** Steps undone since the last new step, that `redo` re-applies (the last undone first). */
  redoable: number;
  /** Where 12 o'clock points, and the spawn points, lairs and structures the GM numbers on the table. */
  references: TableReferences;
  /** The markers events put on the battlefield, where each landed (the map's, issue 22). */
  markers: MapMarker[];
  /** Only with `full`: the rules text of each event in play, and the clarifications that matter for it. */
  rules?: EventRules[];
  /** Only with `full`: the event table's clarifications. */
  clarifications?: Clarification[];
}

/** An event in play in full (`status --full`). */
export interface EventRules {
  eventId: string;
  name: string;
  timing: 'once' | 'persistent';
  discardOn: number | null;
  /** The rules text. */
  effect: string;
  /** What the GM does at the table while it is in play. */
  gm: string;
  clarifications: string[];
}

export interface LogData extends Output<'log'>, SeedFields {
  session: string;
  round: number | null;
  /** Each entry with what happened, in words (replayed from the seed: the file stores the rolls). */
  entries: (LogRecord & { notes: string[] })[];
}

export interface UndoData extends Output<'undo'>, GameSummary {
  undone: LogRecord;
  remaining: number;
  /** Steps that `redo` can now re-apply (this one among them). */
  redoable: number;
}

export interface RedoData extends Output<'redo'>, GameSummary {
  /** The log entry re-applied: the same action, entered dice and rolls as before it was undone. */
  redone: LogRecord;
  /** What it did, in words. */
  notes: string[];
  /** Steps still to redo. */
  redoable: number;
}

export interface RenameData extends Output<'rename'>, RenameReport {
  session: string;
  gangs: Gang[];
}

export interface CollapseData extends Output<'collapse'>, CollapseReport {
  session: string;
  /** The die rolled (or entered) when badzone picked among the free tiles. */
  rolls: Roll[];
  tilePicks: TilePick[];
}

export interface DiceModeData extends Output<'dice'> {
  session: string;
  /** True: badzone asks for each die (on a terminal); false: badzone rolls. */
  manualDice: boolean;
  changed: boolean;
}

/** The GM's title, date, scenario and result for the battle report, kept in the game (not a step of it). */
export interface DetailsData extends Output<'details'> {
  session: string;
  story: Story;
  /** Whether this command changed any of them (false when it only showed them, or set what they were). */
  changed: boolean;
}

/** What `marker` did (`game.marker()`, `marker --json`): a marker the GM cleared, moved or had carried (issue 22). */
export interface MarkerData extends Output<'marker'> {
  session: string;
  op: 'clear' | 'move' | 'carry';
  /** The markers the step cleared (as they stood), or moved or had carried (as they are now). */
  markers: MapMarker[];
  /** How many markers are left on the battlefield (not counting those a fighter carries). */
  left: number;
}

export interface OrientationData extends Output<'orientation'> {
  session: string;
  /** Where 12 o'clock points now. */
  orientation: Orientation;
  /** The edge it pointed to before this command changed it; null when it only showed it. */
  from: Edge | null;
  changed: boolean;
}

/**
 * `sites`: where the spawn points, Beast Lairs and large structures stand (each numbered, with its tile or null), as
 * the map draws them; `changed` names the lists this command changed (empty when it only showed them).
 */
export interface SitesData extends Output<'sites'> {
  session: string;
  spawnPoints: MapSite[];
  lairs: MapSite[];
  structures: MapSite[];
  changed: SiteKind[];
  /** The positions as given before this command changed them (null when it only showed them). */
  from: SitesAt | null;
}

export interface VerifyData extends Output<'verify'>, SeedFields, VerifyResult {
  session: string;
  /** The commitment checked (`verify --commitment HASH`): the game's, and its seed and salt hash to it. Null when none was given. */
  commitmentChecked: { given: string; matches: boolean } | null;
}

export interface RevealData extends Output<'reveal'> {
  session: string;
  seed: string;
  generator: Generator;
  salt: string;
  commitment: string;
  /** What was hashed: "chacha20:SEED:SALT" ("SEED:SALT" for a Mersenne Twister seed). */
  hashed: string;
  /** False when the seed had been revealed before. */
  firstReveal: boolean;
}

export interface DiscardData extends Output<'discard'> {
  session: string;
  eventId: string;
  name: string;
  inPlay: InPlayView[];
  /** What the discarded event leaves on the battlefield (Treasure's casket, with its worth). */
  stays?: BattlefieldObject[];
  /** The event was not in play, but something it left was: that left the table instead. */
  removed?: BattlefieldObject;
}

export interface PlaceData extends Output<'place'> {
  session: string;
  eventId: string;
  name: string;
  outcomes: Outcome[];
  inPlay: InPlayView[];
  /** As for `round`: where 12 o'clock points, when placing it made the game's first scatter; else null. */
  firstScatter: Orientation | null;
  /**
   * The markers this step placed, scattered or moved (issue 22), where each is now. A marker that only scattered
   * again (the Pillar's Large Blast in an End Phase) lists only this step's scatters: the map has its whole path.
   */
  markers: MapMarker[];
}

export interface VisibilityData extends Output<'visibility'> {
  session: string;
  changed: boolean;
  from: string | null;
  visibility: VisibilityView;
  levels: VisibilityLevel[];
}

export interface FighterData extends Output<'fighter'> {
  session: string;
  name: string;
  gang: string;
  from: string;
  to: string;
  gangs: Gang[];
}

// --- Tables and dice ---------------------------------------------------------------------------------------------

export interface RollData extends Output<'roll'> {
  expression: string;
  /** The seed rolled with, as text (a whole number is a Mersenne Twister seed). */
  seed: string;
  generator: Generator;
  times: number;
  /**
   * The rolls in order: all of them with --json (at most LIMITS.rollJsonDice dice in all), the first 200 in the text
   * view, none with --summary. Rolls beyond these are made and counted in `totals` but not kept.
   */
  results: { total: number; dice: number[]; direction?: number }[];
  /** Rolls made but not listed in `results`. */
  unlisted: number;
  scatter: boolean;
  /** Over all `times` rolls, counted as they were rolled (population standard deviation). */
  totals: { min: number; max: number; mean: number; sd: number };
  /** With --summary: how many rolls gave each total, by total; otherwise null. */
  distribution: { total: number; count: number }[] | null;
  /** With --summary and --scatter: how many rolls gave each direction, 1 to 12 o'clock; otherwise null. */
  directions: number[] | null;
}

export interface HazardRollData extends Output<'hazard-roll'> {
  roll: number;
  /** The seed rolled with, as text; null for the group's own roll (`--roll`). */
  seed: string | null;
  /** The generator rolled with; null for the group's own roll. */
  generator: Generator | null;
  nomadic: boolean;
  homeTurf: boolean;
  hazard: HazardView;
  /** What the roll means here. */
  meaning: string;
  ratingLimit: number | null;
}

/** One crew's Home Turf roll (`hazard roll --crew`): the crew as named, and the roll as `hazard roll --home-turf` gives it. */
export interface CrewHazardRoll {
  crew: string;
  roll: number;
  nomadic: boolean;
  hazard: HazardView;
  /** What the roll means for this crew. */
  meaning: string;
  /** A Nomadic crew's Rating Limit; null for any other roll. */
  ratingLimit: number | null;
}

/** Home Turf rolls for several crews, in the order named, one after another from one seed. */
export interface HazardRollsData extends Output<'hazard-rolls'> {
  seed: string;
  generator: Generator;
  rolls: CrewHazardRoll[];
}

export interface HazardListData extends Output<'hazard-list'>, HazardTable {}

export interface HazardShowData extends Output<'hazard-show'> {
  roll: number;
  nomadic: boolean;
  hazard: HazardView;
  /** The Nomadic rule, for a 10. */
  nomadicRule: HazardTable['nomadic'] | null;
}

/** Where a listed table came from: badzone's own, the game's (a session), or a table file given. */
export type TableFrom = 'shipped' | 'game' | 'file';

export interface EventsListData extends Output<'events-list'> {
  /** The table's name. */
  table: string;
  tableFrom: TableFrom;
  /** The session file (`game`) or table file (`file`) it came from; null for the shipped table. */
  tableFile: string | null;
  events: BadzoneEvent[];
}

export interface EventsShowData extends Output<'events-show'> {
  table: string;
  tableFrom: TableFrom;
  tableFile: string | null;
  event: BadzoneEvent;
  /** The rules' clarifications that matter for this event. */
  clarifications: string[];
}

export interface LintData extends Output<'table-lint'> {
  file: string;
  valid: boolean;
  tableKind: 'events' | 'visibility' | 'hazards' | null;
  events: number | null;
  problem: string | null;
  /**
   * For a valid event table: the event whose one phase can roll the most dice on the largest battlefield (676 tiles,
   * 50 gangs of 200 fighters), how many (`dice`), the limit a command rolls within (LIMITS.rollsPerStep), and the
   * most tiles (with no rosters) on which that phase stays within it. Null for other tables.
   */
  heaviest: {
    eventId: string;
    name: string;
    phase: 'Event Phase' | 'End Phase';
    dice: number;
    limit: number;
    tilesThatFit: number;
  } | null;
}

export interface SimulateData extends Output<'simulate'>, Omit<SimulationReport, 'seed'> {
  /** The seed, as text (a whole number is a Mersenne Twister seed; other text keys ChaCha20). */
  seed: string;
  /** The generator the games were rolled with: the one the seed picks, as for a game. */
  generator: Generator;
  /**
   * Null when every game asked for was played. Otherwise the run was stopped early, by Ctrl-C or at the work
   * limit (LIMITS.simulateNumbers, when the first rounds' estimate was low): the figures are over the `after`
   * games finished (`games`), not the `of` asked for.
   */
  stopped: { after: number; of: number; why: 'interrupted' | 'work limit' } | null;
  /** The event table played (its name). */
  table: string;
  /** The visibility table played (its name). */
  visibilityTable: string;
  /** The visibility level that counts as not reduced. */
  normalVisibility: string;
  setup: { tiles: number; spawnPoints: number; gangs: number; lairs: number | null; structures: number | null };
}

/** What `--json` prints on stderr when a command fails (and the library's errors carry the same). */
export interface ErrorData {
  error: {
    /** The exit code. */
    code: number;
    kind: 'refused' | 'usage' | 'no-session' | 'invalid' | 'locked' | 'io' | 'output';
    message: string;
    hint: string | null;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The battlefield map (issue 22). One model, drawn by the terminal and SVG renderers and printed by `map --json`.
// Positions are in inches from tile A1's outer corner: x along row A (toward higher column numbers), y away from
// row A (toward later rows). Tile A1's center is (6, 6); a tile is 12" square.

/** A point on the battlefield, in inches from A1's outer corner. */
export interface MapPoint {
  x: number;
  y: number;
}

/** Where a point lies: the tile under it (null: off the table or on a removed tile) and its offset from that tile's center. */
export interface MapPlace extends MapPoint {
  tile: string | null;
  /** Inches from the tile's center (x along the rows, y away from row A); absent when tile is null. */
  offset?: MapPoint;
  /** The point is off the battlefield: it is drawn at the edge it crossed (`edge`), clamped to the board. */
  offTable?: true;
  edge?: Edge;
  /**
   * Off the table past an edge: the point on the board's edge where it is drawn (x, y stay the landing point).
   * Absent off the table over a place of the grid where no tile was laid (a 5-tile layout's B3): drawn where it is.
   */
  drawAt?: MapPoint;
  /** On the table, over a tile removed since setup (Collapsed Section): that tile (`tile` is null). */
  overRemoved?: string;
}

/** One 12" tile of the layout. */
export interface MapTile {
  name: string;
  /** 0-based row (A = 0) and column (1 = 0) in the grid. */
  row: number;
  col: number;
  /** Its center. */
  center: MapPoint;
  /** in: on the battlefield; removed: taken off by an event (Collapsed Section), hatched on the map. */
  state: 'in' | 'removed';
  /** A tile pick on this tile not yet confirmed by the GM (Collapsed Section picked among all tiles). */
  unconfirmed?: true;
}

/** One scatter of a marker: from where, how far, which clock direction (and where 12 o'clock pointed then), to where. */
export interface MapScatter {
  /** The End Phase round for a marker that scatters every round (Pillar of Flame); the placing round otherwise. */
  round: number;
  distance: number;
  direction: number;
  twelve: Edge;
  from: MapPlace;
  to: MapPlace;
}

/** The kinds of marker the map draws (codes: the edge says them in words); 'marker': a group's own table's placement. */
export type { MarkerKind };

/** One marker an event placed on the battlefield, where it landed. */
export interface MapMarker {
  /** Stable within a game: the number the GM names it by (`map` lists it; clearing and moving use it). */
  id: number;
  kind: MarkerKind;
  eventId: string;
  /** What the event's data calls it ("Loot Casket"). */
  what: string;
  /** The round that placed it. */
  round: number;
  /** Where it was put down before any scatter (a tile's center). */
  origin: MapPlace;
  /** Each scatter in order, each from where the one before left it (one for a casket, one per End Phase for a Pillar). */
  scatters: MapScatter[];
  /** Where it is now (origin when it never scattered, the last scatter's landing point otherwise). */
  at: MapPlace;
  /** Radius in inches of what is drawn to scale (a Large Blast: 2.5); absent for a marker drawn as a point. */
  radius?: number;
  worth?: Worth;
  /** The GM moved it by hand to a tile's center (`at` is that point; scatters are kept for the record). */
  moved?: true;
  /** Carried by a fighter (the GM said so): drawn beside the map, not on it. */
  carriedBy?: { gang: string; fighter: string | null };
  /** Its event is still in play (a Pillar of Flame that may yet scatter). */
  live: boolean;
  /**
   * Only on the players' live page (`recentMapView`): how many scatters before those listed are left out; `origin`
   * is then where the first one listed started. Never in `map --json` or `status --json`.
   */
  earlier?: number;
}

/** A numbered thing the GM set up (spawn point, Beast Lair / Monster Nest, large structure), with its tile when given. */
export interface MapSite {
  number: number;
  /** Its tile, when the GM said where it stands (`--spawn-at`...); null: listed beside the map, numbered. */
  tile: string | null;
  /** spawn: used this round (highlighted); lair: turned nest (`becomes`); structure: collapsed (struck out). */
  used?: true;
  becomes?: string | null;
  collapsed?: true;
}

export interface MapView {
  round: number;
  phase: Phase;
  /** The grid's size in tiles and inches; tiles not laid out (a 5-tile layout's B3) are simply absent from `tiles`. */
  rows: number;
  cols: number;
  width: number;
  height: number;
  tiles: MapTile[];
  orientation: Orientation;
  markers: MapMarker[];
  spawnPoints: MapSite[];
  lairs: MapSite[];
  structures: MapSite[];
}

export interface MapData extends Output<'map'>, MapView {}

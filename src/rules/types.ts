// The shapes of the rule tables shipped in data/ (and of a group's own tables).
// These are plain data: the engine reads them, validation (./validate.ts) checks them.

/** A dice expression in the rules' own notation: "D6", "D2+1", "2D6x10", "D64". */
export type DiceText = string;

/** What a spawn step counts, for simulation statistics. */
export type Creature = 'rats' | 'zombies' | 'scum' | 'genestealers' | 'abomination';

/**
 * One thing the tool itself rolls or picks when an event resolves.
 * Everything else an event does is the GM's instruction text (`gm`).
 */
export type Step =
  /** Roll how many creatures arrive (or a fixed number) and pick a random spawn point. */
  | { kind: 'spawn'; count: DiceText | number; creature: Creature; what: string }
  /** For each tile still in play: scatter a marker from its centre (distance + clock direction). */
  | { kind: 'scatterEachTile'; distance: DiceText; what: string }
  /**
   * Pick a random tile still in play. Optional extras:
   * avoidOccupied - only tiles with no player models (Collapsed Section);
   * removeTile - the tile leaves the pool for the rest of the game;
   * place - how many of what go there, each optionally scattered (Mines Detected);
   * worth - a value rolled for what is placed (Treasure);
   * staysAfterDiscard - what is placed stays on the battlefield, with its worth, after the event is discarded
   *   (Treasure's casket: a ruling a group may change).
   */
  | {
      kind: 'pickTile';
      what: string;
      avoidOccupied?: boolean;
      removeTile?: boolean;
      place?: { count: DiceText | number; what: string; scatterEach?: DiceText };
      worth?: { dice: DiceText; unit: string };
      staysAfterDiscard?: boolean;
    }
  /** Scatter something already on the table (Pillar of Flame's blast in the End Phase). */
  | { kind: 'scatter'; distance: DiceText; what: string }
  /**
   * Pick a random fighter in each gang, from its battlefield or its reserve.
   * moveTo moves the picked fighter (Reinforcements: reserve -> battlefield).
   * condition: the picked fighter gains it (Wyld Magic: Psyker), tracked in the game, lasting until the event
   * picks again (round), while the event is in play (event) or for the rest of the game (game).
   */
  | {
      kind: 'pickFighter';
      from: 'battlefield' | 'reserve';
      moveTo?: 'battlefield' | 'reserve';
      what: string;
      condition?: { name: string; lasts: 'round' | 'event' | 'game' };
    }
  /** Roll a die for each fighter on the battlefield; on the listed results, move them. */
  | { kind: 'rollEachFighter'; dice: DiceText; on: number[]; moveTo: 'reserve' | 'out'; what: string }
  /** Pick a random Beast Lair not yet replaced, and replace it with what `becomes` says. */
  | { kind: 'pickLair'; becomes: string }
  /** Pick a random large structure still standing and remove it. */
  | { kind: 'pickStructure'; what: string }
  /** Set the visibility to a level of the visibility table. */
  /**
   * rules: what the visibility's rules are while this event's setting lasts, shown instead of the level's own (Power
   * Outage sets the Pitch Black level, so Grid Overload ends it, but its rules are exactly the rules' 3").
   */
  | { kind: 'visibilitySet'; level: string; note?: string; rules?: string }
  /** Roll on the visibility table and apply the result. */
  | { kind: 'visibilityRoll' }
  /** If the current level counts as Pitch Black, return to the table's normal level. */
  | { kind: 'visibilityClearPitchBlack'; otherwise: string };

export type StepKind = Step['kind'];

/** When the tool makes an event's rolls. */
export interface Resolution {
  /** When the event is drawn (Once events resolve only here). */
  onDraw: Step[];
  /** Every Event Phase while the event is in play, in play order (includes the round it is drawn). */
  eachEventPhase: Step[];
  /** In the End Phase, before the discard checks: Once events in the round they were drawn, persistent ones each round in play. */
  endPhase: Step[];
}

export type Timing = 'once' | 'persistent';

export interface BadzoneEvent {
  id: string;
  name: string;
  range: [number, number];
  count: number;
  timing: Timing;
  /** The X of "Discarded on X+", or null when the event never discards itself. */
  discardOn: number | null;
  /** The rules text, as printed. */
  effect: string;
  /** What the GM does at the table (shown beside the tool's own rolls). */
  gm: string;
  /**
   * What the GM is told in later Event Phases while the event stays in play, when that differs from `gm`
   * (Treasure's casket is placed once: later phases only remind that it is there).
   */
  gmInPlay?: string;
  /**
   * A persistent event's at-the-table text in a few words, for its one line on each round's card among the events
   * in play (falls back to `gm`).
   */
  short?: string;
  /**
   * Its effect is a standing condition while it is in play (Static Storm, Gas Spill): nothing is done for it in an
   * Event Phase, and the round's card names it as still in force.
   */
  standing?: boolean;
  resolve: Resolution;
  /** Rulings this entry embodies (shown in `events show`, listed in the README). */
  rulings?: string[];
}

export interface EventTable {
  name: string;
  die: 'D64';
  source?: string;
  results: BadzoneEvent[];
  /** The rules' clarifications, each shown where it matters. */
  clarifications?: Clarification[];
}

/**
 * One of the rules' clarifications ("Roaming Horrors are not affected by the Badzone Event Table"), with where
 * it matters: beside the listed events (their card when drawn, `events show`), and in each round's heading
 * (`round`, as its `short` words). Every clarification shows at setup and in `status --full`.
 */
export interface Clarification {
  id: string;
  name: string;
  text: string;
  /** The events it matters for (ids of this table). */
  events?: string[];
  /** It matters every round: its `short` words go in the Event Phase heading ("before Priority"). */
  round?: boolean;
  short?: string;
}

/**
 * When a Home Turf Ploy may be enacted: at the start of a Round (reminded on each round's card), at the start of
 * a player's Turn, or when something happens in the game that `when` describes (a mine stepped on, a failed test).
 */
export type PloyTrigger = 'round-start' | 'turn-start' | 'on-event';
export const PLOY_TRIGGERS: readonly PloyTrigger[] = ['round-start', 'turn-start', 'on-event'];

export interface HomeTurfPloy {
  name: string;
  /** When it may be enacted, in the rules' words, e.g. "at the start of any Round". */
  when: string;
  /** The same as data: when badzone reminds of it. */
  trigger: PloyTrigger;
  text: string;
  page?: string;
}

export interface Hazard {
  roll: number;
  id: string;
  name: string;
  effect: string;
  page?: string;
  ploy: HomeTurfPloy;
}

export interface HazardTable {
  name: string;
  die: 'D10';
  source?: string;
  intro: string;
  hazards: Hazard[];
  nomadic: {
    roll: number;
    name: string;
    effect: string;
    ratingLimit: number;
    standardRatingLimit: number;
    page?: string;
  };
}

export interface VisibilityLevel {
  id: string;
  name: string;
  /** Range in inches, or null for unlimited. */
  rangeInches: number | null;
  /** Counts as Pitch Black (Grid Overload removes it). */
  pitchBlack: boolean;
  rules: string;
}

export interface VisibilityTable {
  name: string;
  /** True for the shipped house table: the source rules give none. */
  house: boolean;
  note?: string;
  die: DiceText;
  /** The level a game starts at, and the one Grid Overload returns to. */
  normal: string;
  levels: VisibilityLevel[];
  results: { range: [number, number]; level: string }[];
}

export interface Tables {
  events: EventTable;
  hazards: HazardTable;
  visibility: VisibilityTable;
}

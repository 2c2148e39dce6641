// What the library returns: one type per command, the same object `--json` prints. The renderers in src/render
// format these; nothing here knows the command line. Type-only module: importing it costs nothing at run time.
import type { EndPhaseReport, EventPhaseReport } from '../engine/phases.js';
import type { Outcome } from '../engine/resolve.js';
import type { InPlayView, VerifyResult } from '../engine/step.js';
import type { Gang, LogRecord, Phase, Setup } from '../engine/state.js';
import type { SimulationReport } from '../engine/simulate.js';
import type { BadzoneEvent, Hazard, HazardTable, HomeTurfPloy, VisibilityLevel } from '../rules/types.js';

export type { InPlayView, EndPhaseReport, EventPhaseReport, Outcome, LogRecord, Gang, Phase, BadzoneEvent, Hazard, HazardTable, HomeTurfPloy, VisibilityLevel };

// --- Shared shapes -----------------------------------------------------------------------------------------------

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

export interface HazardView {
  roll: number;
  nomadic: boolean;
  id: string | null;
  name: string;
  effect: string;
  ploy: HomeTurfPloy | null;
  /** The ploy may be enacted at the start of any Round (shown as a reminder each round). */
  ployAtRoundStart: boolean;
  turfOwner: string | null;
}

/** Where a game stands, as `new`, `status` and `undo` show it. */
export interface GameSummary {
  session: string;
  round: number;
  phase: Phase;
  mode: Setup['mode'];
  seed: number;
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
  /** When the event acts after it is drawn: every Event Phase in play, and/or in the End Phase. */
  actsEachEventPhase: boolean;
  actsInEndPhase: boolean;
}

// --- The game ----------------------------------------------------------------------------------------------------

export interface NewData extends GameSummary {
  backup: string | null;
  setup: Omit<Setup, 'table' | 'visibilityTable'> & { table: string; visibilityTable: string };
  /** The command line that makes the same game without prompts. */
  commandLine: string;
  hazardRoll: number | null;
}

export interface RoundData {
  session: string;
  /** Set when there was no game and this command started one with the defaults. */
  startedNew: { seed: number } | null;
  round: number;
  /** dice: the new event is a D64 roll; deck: a card drawn. */
  mode: 'dice' | 'deck';
  endPhase: EndPhaseReport | null;
  eventPhase: EventPhaseReport;
  inPlay: InPlayView[];
  visibility: VisibilityView;
  hazard: HazardView | null;
  dueInEndPhase: string[];
  notes: string[];
  /** The event drawn this Event Phase, with its rules text (null when none could be drawn). */
  newEvent: NewEventCard | null;
}

export interface EndData extends EndPhaseReport {
  session: string;
  inPlay: InPlayView[];
  visibility: VisibilityView;
}

export interface StatusData extends GameSummary {
  tiles: string[];
  tilesRemoved: string[];
  spawnPoints: number;
  gangs: Gang[];
  lairs: { name: string; becomes: string | null }[] | null;
  structures: string[] | null;
  deck: { drawPile: number; discardPile: number } | null;
  table: string;
  dueInEndPhase: string[];
  logEntries: number;
}

export interface LogData {
  session: string;
  seed: number;
  round: number | null;
  /** Each entry with what happened, in words (replayed from the seed: the file stores the rolls). */
  entries: (LogRecord & { notes: string[] })[];
}

export interface UndoData extends GameSummary {
  undone: LogRecord;
  remaining: number;
}

export interface VerifyData extends VerifyResult {
  session: string;
  seed: number;
}

export interface DiscardData {
  kind: 'discard';
  eventId: string;
  name: string;
  inPlay: InPlayView[];
  session: string;
}

export interface PlaceData {
  kind: 'place';
  eventId: string;
  name: string;
  outcomes: Outcome[];
  inPlay: InPlayView[];
  session: string;
}

export interface VisibilityData {
  session: string;
  changed: boolean;
  from: string | null;
  visibility: VisibilityView;
  levels: VisibilityLevel[];
}

export interface FighterData {
  kind: 'fighter';
  name: string;
  gang: string;
  from: string;
  to: string;
  session: string;
  gangs: Gang[];
}

// --- Tables and dice ---------------------------------------------------------------------------------------------

export interface RollData {
  expression: string;
  seed: number;
  times: number;
  results: { total: number; dice: number[]; direction?: number }[];
  scatter: boolean;
}

export interface HazardRollData {
  roll: number;
  seed: number | null;
  nomadic: boolean;
  homeTurf: boolean;
  hazard: Hazard | null;
  /** What a roll of 10 means here. */
  meaning: string;
  ratingLimit: number | null;
}

export type HazardShowData = { roll: number; nomadic: false; hazard: Hazard } | { roll: number; nomadic: true; hazard: null; nomadicRule: HazardTable['nomadic'] };

export interface LintData {
  file: string;
  valid: boolean;
  kind: 'events' | 'visibility' | 'hazards' | null;
  events: number | null;
  problem: string | null;
}

export interface SimulateData extends SimulationReport {
  /** The event table played (its name). */
  table: string;
  /** The visibility table played (its name). */
  visibilityTable: string;
  /** The visibility level that counts as not reduced. */
  normalVisibility: string;
  setup: { tiles: number; spawnPoints: number; gangs: number; lairs: number | null; structures: number | null };
}

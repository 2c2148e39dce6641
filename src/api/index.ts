// badzone as a library: `import { openGame, newGame } from 'badzone'`. The same engine, store and lock as the
// command line; every method returns the object `--json` prints and throws the typed errors below.
export {
  openGame,
  newGame,
  verifyFile,
  resolveSessionPath,
  Game,
  type GameContext,
  type OpenOptions,
  type RoundOptions,
  type DiceOptions,
  type CollapseOptions,
  type EnteredDie,
} from './game.js';
export type { NewGameOptions, StoryOptions } from './setup.js';
export type { Ask, DieAnswer, DieNeed, OccupiedNeed } from './commit.js';
export {
  rollDice,
  rollHazard,
  rollCrewHazards,
  listHazards,
  showHazard,
  listEvents,
  showEvent,
  lintTable,
  parseExpr,
  type TableContext,
} from './tables.js';
export { simulate, startSimulation, SIMULATE_LIMITS, type SimulateOptions, type SimulationRun } from './simulate.js';
export * from './types.js';
export { DEFAULT_ORIENTATION, EDGES, clockVector, edgeAt, isEdge } from './orientation.js';
export type { CasketView, ReportData, ReportSetup } from './report.js';
export type { PlayersView, PlayersPage, EventCard } from './players-view.js';
export type { History, HistoryRound, EndPhaseView, ResolvedView, DrawView, GmActionView, RoundMap } from './history.js';
export {
  BadzoneError,
  UsageError,
  RefusedError,
  NoSessionError,
  InvalidFileError,
  LockedError,
  IoError,
  OutputError,
  EXIT,
  KIND_OF_CODE,
  type ErrorKind,
  type ExitCode,
} from '../errors.js';

// What a command hands the printer: `--json` prints `data` as it is; the text renderer formats the same `data`.
// The data of the commands that read or change a game come from the library (src/api/types.ts); the three views
// that only the command line has (`play`, `completion`, `serve`) are described here.
import type {
  CollapseData,
  DetailsData,
  DiceModeData,
  DiscardData,
  EndData,
  EventsListData,
  EventsShowData,
  FighterData,
  HazardListData,
  HazardRollData,
  HazardRollsData,
  HazardShowData,
  HazardView,
  LintData,
  LogData,
  MapData,
  MarkerData,
  NewData,
  OrientationData,
  Phase,
  PlaceData,
  RedoData,
  RenameData,
  RevealData,
  RollData,
  RoundData,
  SimulateData,
  SitesData,
  StatusData,
  UndoData,
  VerifyData,
  VisibilityData,
} from '../api/types.js';
import type { ReportData } from '../api/report.js';

/**
 * Every kind of view, and the data it carries. The renderer of each kind takes exactly this data (src/render/text.ts
 * is typed by it), and each command returns a view of its kind with it: the compiler catches a renderer or a
 * command wired to the wrong data.
 */
export interface ViewData {
  roll: RollData;
  'events-list': EventsListData;
  'events-show': EventsShowData;
  'hazard-roll': HazardRollData;
  'hazard-rolls': HazardRollsData;
  'hazard-list': HazardListData;
  'hazard-show': HazardShowData;
  'table-lint': LintData;
  reveal: RevealData;
  new: NewView;
  round: RoundData;
  end: EndData;
  status: StatusData;
  log: LogData;
  undo: UndoData;
  redo: RedoData;
  rename: RenameData;
  collapse: CollapseData;
  dice: DiceModeData;
  details: DetailsData;
  orientation: OrientationData;
  sites: SitesData;
  map: MapData;
  marker: MarkerData;
  verify: VerifyData;
  discard: DiscardData;
  place: PlaceData;
  visibility: VisibilityData;
  fighter: FighterData;
  'game-hazard': HazardView | null;
  play: PlayData;
  completion: CompletionData;
  simulate: SimulateData;
  serve: ServeData;
  /** `report --format json`: the report itself, printed as JSON. */
  report: ReportJson;
  /** The Markdown and HTML reports: the report, headed with its `story` (the game's, or the flags' for this one). */
  'report-md': ReportData;
  'report-html': ReportData;
}

export type ViewKind = keyof ViewData;

/**
 * What `new` shows: the library's NewData with the command line that makes the same game without prompts
 * (src/cli/command-line.ts; with a hidden seed: `--hidden-seed`, not the seed), before `hazardRoll`.
 */
export type NewView = NewData & { commandLine: string };

/** `report --format json`: the library's report with its "Checking it" in the command line's words. */
/** The report's JSON form: its check in words, and without the per-round maps (its session replays to them). */
export type ReportJson = Omit<ReportData, 'check' | 'maps'> & { check: string[] };

/** One view: its kind and that kind's data. */
export interface ViewOf<K extends ViewKind> {
  kind: K;
  data: ViewData[K];
  /** Exit code for a command that completed but found a problem (`verify`, `table lint`). */
  exitCode?: number;
  /** Extra lines for stderr (warnings) that are not part of the data. */
  warnings?: string[];
}

/** A view of one of these kinds (any kind when none is named): the union of their ViewOf, told apart by `kind`. */
export type View<K extends ViewKind = ViewKind> = K extends ViewKind ? ViewOf<K> : never;

/** `badzone play` when it stops. */
export interface PlayData {
  session: string;
  round: number;
  phase: Phase;
  /**
   * How play ended: the GM chose Quit, cancelled a prompt (Ctrl-C, closed terminal), or declined to set up a
   * game at a session path where there was none.
   */
  stopped: 'quit' | 'cancelled' | 'no-game';
  /** Whether the session file exists now (nothing is written before the setup questions are all answered). */
  saved: boolean;
}

export type Shell = 'bash' | 'zsh' | 'fish';

/** `badzone completion SHELL`. */
export interface CompletionData {
  shell: Shell;
  script: string;
}

/** What `badzone serve` returns when it stops. */
export interface ServeData {
  session: string;
  url: string;
  /** Other addresses of this machine that reach it too. */
  otherUrls: string[];
  /** Updates sent to the pages while it ran. */
  updates: number;
}

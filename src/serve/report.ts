// `badzone report`: a record of the game for a campaign. One value, three forms: the JSON form is the report
// itself, and it carries the session (setup, seed and log), so `badzone verify --file REPORT` can replay and
// check the whole game from it; Markdown and HTML (the players' view page, static) are made from the same value.
import type { RuleBook } from '../rules/book.js';
import type { SessionState } from '../engine/state.js';
import { playersView, type PlayersView } from './model.js';

export const REPORT_SCHEMA = 1;

/** How the game was set up, for the report's first section. */
export interface ReportSetup {
  mode: 'dice' | 'deck';
  tiles: string[];
  spawnPoints: number;
  gangs: { name: string; battlefield: string[]; reserve: string[] }[];
  lairs: number | null;
  structures: number | null;
  table: string;
  turfOwner: string | null;
}


export interface ReportData {
  kind: 'report';
  /** The version of this report's JSON shape. */
  schema: number;
  /** The badzone that wrote it. */
  version: string;
  setup: ReportSetup;
  /** The seed; null while it is hidden (then `commitment` is set). */
  seed: number | null;
  commitment: string | null;
  /** How to check the game, in words. */
  check: string[];
  /** What the players' view shows: the game now, the newest event, and each round (newest first). */
  view: PlayersView;
  /** The session as the file has it: setup, seed and log. `badzone verify --file` replays it. */
  session: SessionState;
}

export function checkText(jsonName: string): string[] {
  return [
    'badzone rolls every die from the seed above, and logs each command with its dice (those entered by hand are marked entered; the rest were rolled). Anyone can replay the game from the seed and check that every roll and the final state follow.',
    `To check it: save the JSON form of this report (\`badzone report --format json > ${jsonName}\`) and run \`badzone verify --file ${jsonName}\`. It exits 0 when every roll follows, and names the first one that does not.`,
  ];
}

export function buildReport(file: string, s: SessionState, book: RuleBook, version: string): ReportData {
  const view = playersView(file, s, book);
  return {
    kind: 'report',
    schema: REPORT_SCHEMA,
    version,
    setup: {
      mode: s.setup.mode,
      tiles: s.setup.tiles,
      spawnPoints: s.setup.spawnPoints,
      gangs: s.setup.gangs,
      lairs: s.setup.lairs,
      structures: s.setup.structures,
      table: book.events.name,
      turfOwner: s.setup.turfOwner,
    },
    seed: s.setup.seed,
    commitment: null,
    check: checkText(`${view.game.replace(/\.json$/i, '')}-report.json`),
    view,
    session: s,
  };
}

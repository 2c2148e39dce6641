// `badzone report`: a record of the game for a campaign. One value, three forms: the JSON form is the report
// itself, and it carries the session (setup, seed and log), so `badzone verify --file` can replay and check the
// whole game from it; Markdown and HTML (the players' view page, static) are made from the same value.
// While the seed is hidden (`new --hidden-seed`, until `reveal`), the report shows the commitment and carries the
// session without the seed and its salt: it is checked once the seed is revealed and the report made again.
import type { RuleBook } from '../rules/book.js';
import type { SessionState } from '../engine/state.js';
import type { Generator } from '../dice/rng.js';
import { CONTRACT, seedFields } from './views.js';
import { playersView, type PlayersView } from './players-view.js';
import { shellWord } from './setup.js';

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
  /** The JSON contract's version (docs/json.md). */
  schema: typeof CONTRACT;
  /** The badzone that wrote it. */
  version: string;
  setup: ReportSetup;
  /** The seed, as text; null while it is hidden (then `commitment` is set). */
  seed: string | null;
  /** The generator the seed rolls with: `chacha20`, or `mt19937` for a whole-number seed (schema 3). */
  generator: Generator;
  commitment: string | null;
  /** How to check the game, in words. */
  check: string[];
  /** What the players' view shows: the game now, the newest event, and each round (newest first). */
  view: PlayersView;
  /**
   * The session as the file has it: setup, seed and log. `badzone verify --file` replays it. While the seed is
   * hidden, without `setup.seed`, `rng.seed` and the salt.
   */
  session: unknown;
}

/** What the report's "Checking it" says is made of. */
export interface CheckFacts {
  /** The file name the check's commands save the JSON report as. */
  jsonName: string;
  commitment: string | null;
  hidden: boolean;
  /** Every die in the log, and how many the GM entered by hand. */
  dice: { rolls: number; entered: number };
}

/** The name the check's commands give the JSON report of the game in `game` (a file name). */
export function reportJsonName(game: string): string {
  return `${game.replace(/\.json$/i, '')}-report.json`;
}

/**
 * How to check the game, in words. `code` formats a command (a code span in backticks for the JSON and HTML forms;
 * the Markdown report passes one that keeps any backtick in the file name inside the span). The file name is
 * quoted for the shell when it needs it.
 */
export function checkText(f: CheckFacts, code: (command: string) => string = (c) => `\`${c}\``): string[] {
  const file = shellWord(f.jsonName);
  const { rolls, entered } = f.dice;
  const dice = (n: number) => `${n} ${n === 1 ? 'die' : 'dice'}`;
  const counted =
    rolls === 0
      ? 'No dice have been rolled yet.'
      : entered === 0
        ? `All ${dice(rolls)} so far were rolled from the seed.`
        : `${entered} of the ${dice(rolls)} so far ${entered === 1 ? 'was' : 'were'} entered by hand: ${entered === 1 ? 'it follows' : 'they follow'} from what the GM typed, not from the seed; the other ${rolls - entered} ${rolls - entered === 1 ? 'was' : 'were'} rolled from the seed.`;
  if (f.hidden) {
    return [
      `The seed is hidden until the GM runs ${code('badzone reveal')}; the commitment above is the SHA-256 of the seed and a salt, fixed when the game was set up, so the seed cannot be swapped mid-game. Note it down. ${counted}`,
      `To check the game once the seed is revealed: make this report again (${code(`badzone report --format json > ${file}`)}) and run ${code(`badzone verify --file ${file} --commitment ${f.commitment}`)}. It exits 0 when every die badzone rolled follows from the committed seed and every die entered by hand is the one its command entered, and names the first one that does not.`,
    ];
  }
  return [
    `badzone rolls its dice from the seed above, and logs each command with its dice (those entered by hand are marked entered). ${counted} Anyone can replay the game from the seed and check that every roll and the final state follow.`,
    `To check it: save the JSON form of this report (${code(`badzone report --format json > ${file}`)}) and run ${code(`badzone verify --file ${file}${f.commitment ? ` --commitment ${f.commitment}` : ''}`)}. It exits 0 when every roll follows, and names the first one that does not.`,
  ];
}

/** The session to put in a report: as it is, or without the seed (and its salt) while the seed is hidden. */
function sessionFor(s: SessionState, hidden: boolean): unknown {
  if (!hidden) return s;
  const { seed: _seed, hiddenSeed, ...setup } = s.setup;
  const { salt: _salt, ...kept } = hiddenSeed!;
  const { seed: _rngSeed, ...rng } = s.rng;
  return { ...s, setup: { ...setup, hiddenSeed: kept }, rng };
}

export function buildReport(file: string, s: SessionState, book: RuleBook, version: string): ReportData {
  const view = playersView(file, s, book);
  const { seed, generator, commitment } = seedFields(s.setup);
  const hidden = seed === null;
  return {
    kind: 'report',
    schema: CONTRACT,
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
    seed,
    generator,
    commitment,
    check: checkText({ jsonName: reportJsonName(view.game), commitment, hidden, dice: view.dice }),
    view,
    session: sessionFor(s, hidden),
  };
}

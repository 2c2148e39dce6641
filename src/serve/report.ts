// `badzone report`: a record of the game for a campaign. One value, three forms: the JSON form is the report
// itself, and it carries the session (setup, seed and log), so `badzone verify --file` can replay and check the
// whole game from it; Markdown and HTML (the players' view page, static) are made from the same value.
// While the seed is hidden (`new --hidden-seed`, until `reveal`), the report shows the commitment and carries the
// session without the seed and its salt: it is checked once the seed is revealed and the report made again.
import type { RuleBook } from '../rules/book.js';
import type { SessionState } from '../engine/state.js';
import type { Generator } from '../dice/rng.js';
import { CONTRACT, seedFields } from '../api/views.js';
import { playersView, type PlayersView } from './model.js';

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

export function checkText(jsonName: string, commitment: string | null, hidden: boolean): string[] {
  if (hidden) {
    return [
      'The seed is hidden until the GM runs `badzone reveal`; the commitment above is the SHA-256 of the seed and a salt, fixed when the game was set up, so the seed cannot be swapped mid-game. Note it down.',
      `To check the game once the seed is revealed: make this report again (\`badzone report --format json > ${jsonName}\`) and run \`badzone verify --file ${jsonName} --commitment ${commitment}\`. It exits 0 when every roll follows from the committed seed, and names the first one that does not.`,
    ];
  }
  return [
    'badzone rolls every die from the seed above, and logs each command with its dice (those entered by hand are marked entered; the rest were rolled). Anyone can replay the game from the seed and check that every roll and the final state follow.',
    `To check it: save the JSON form of this report (\`badzone report --format json > ${jsonName}\`) and run \`badzone verify --file ${jsonName}${commitment ? ` --commitment ${commitment}` : ''}\`. It exits 0 when every roll follows, and names the first one that does not.`,
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
    check: checkText(`${view.game.replace(/\.json$/i, '')}-report.json`, commitment, hidden),
    view,
    session: sessionFor(s, hidden),
  };
}

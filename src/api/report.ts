// `badzone report`: a record of the game for a campaign. One value, three forms: the JSON form is the report
// itself, and it carries the session (setup, seed and log), so `badzone verify --file` can replay and check the
// whole game from it; Markdown and HTML (the players' view page, static) are made from the same value.
// While the seed is hidden (`new --hidden-seed`, until `reveal`), the report shows the commitment and carries the
// session without the seed and its salt: it is checked once the seed is revealed and the report made again.
import type { RuleBook } from '../rules/book.js';
import type { SessionState, Story } from '../engine/state.js';
import type { Generator } from '../dice/rng.js';
import { CONTRACT, seedFields } from './views.js';
import { PlayersViewBuilder, type PlayersView } from './players-view.js';
import type { RoundMap } from './history.js';
import { markersView } from './map.js';
import type { Worth } from './types.js';

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
  /** The GM's title, date, scenario and result (null: not given), as the game keeps them. */
  story: Story;
  setup: ReportSetup;
  /** The seed, as text; null while it is hidden (then `commitment` is set). */
  seed: string | null;
  /** The generator the seed rolls with: `chacha20`, or `mt19937` for a whole-number seed (schema 3). */
  generator: Generator;
  commitment: string | null;
  /**
   * What checking the game takes: the facts the "Checking it" section is made of. The command line says it in
   * words, with its commands (src/render/commands.ts `checkText`; `report --format json` prints those words).
   */
  check: CheckFacts;
  /** What the players' view shows: the game now, the newest event, and each round (newest first). */
  view: PlayersView;
  /** At the end: each Loot Casket and Treasure's golden casket on the battlefield, and who holds it if recorded. */
  caskets: CasketView[];
  /**
   * The battlefield's map at the end of each round whose markers changed (placed, scattered, moved, carried or
   * cleared), oldest first: the HTML report draws them, the Markdown says their legends. Not in the JSON form (its
   * session replays to them; `map --json` gives the map now).
   */
  maps: RoundMap[];
  /**
   * The session as the file has it: setup, seed and log. `badzone verify --file` replays it. While the seed is
   * hidden, without `setup.seed`, `rng.seed` and the salt.
   */
  session: unknown;
}

/** A casket at the end of the game: who holds it (the GM records it), or where it lies. */
export interface CasketView {
  /** The marker's number on the map. */
  id: number;
  kind: 'loot-casket' | 'golden-casket';
  /** What the event calls it ("Loot Casket", "golden Loot Casket"). */
  what: string;
  eventId: string;
  /** The round that placed it. */
  round: number;
  worth: Worth | null;
  /** The fighter (null: a fighter of the gang, not named) who holds it; null when nobody was recorded as carrying it. */
  carriedBy: { gang: string; fighter: string | null } | null;
  /** Not carried: the tile it lies on, or null when it lies on no tile (off the table, a gap or a removed tile). */
  tile: string | null;
  /** It landed off the table and is lost (docs/rulings.md): on no tile, and not over a removed one. */
  offTable: boolean;
}

/** The caskets on the battlefield at the end (from the markers: their `carriedBy` is the GM's record), oldest first. */
export function casketsView(s: SessionState): CasketView[] {
  const out: CasketView[] = [];
  for (const m of markersView(s)) {
    if (m.kind !== 'loot-casket' && m.kind !== 'golden-casket') continue;
    out.push({
      id: m.id,
      kind: m.kind,
      what: m.what,
      eventId: m.eventId,
      round: m.round,
      worth: m.worth ? { ...m.worth } : null,
      carriedBy: m.carriedBy ? { ...m.carriedBy } : null,
      tile: m.carriedBy ? null : m.at.tile,
      offTable: !m.carriedBy && m.at.offTable === true,
    });
  }
  return out;
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

/** The session to put in a report: as it is, or without the seed (and its salt) while the seed is hidden. */
function sessionFor(s: SessionState, hidden: boolean): unknown {
  if (!hidden) return s;
  const { seed: _seed, hiddenSeed, ...setup } = s.setup;
  const { salt: _salt, ...kept } = hiddenSeed!;
  const { seed: _rngSeed, ...rng } = s.rng;
  return { ...s, setup: { ...setup, hiddenSeed: kept }, rng };
}

export function buildReport(file: string, s: SessionState, book: RuleBook, version: string): ReportData {
  // One replay gives the view's history and the map at the end of each round whose markers changed.
  const { view, maps } = new PlayersViewBuilder({ maps: true }).page(file, s, book);
  const { seed, generator, commitment } = seedFields(s.setup);
  const hidden = seed === null;
  return {
    kind: 'report',
    schema: CONTRACT,
    version,
    story: { ...s.story },
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
    check: { jsonName: reportJsonName(view.game), commitment, hidden, dice: view.dice },
    view,
    caskets: casketsView(s),
    maps,
    session: sessionFor(s, hidden),
  };
}

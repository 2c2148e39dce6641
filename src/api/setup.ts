// What a new game is set up with: the library's options, checked and turned into the engine's Setup, and the
// `badzone new` command line that makes the same game.
import * as path from 'node:path';
import { UsageError } from '../errors.js';
import {
  STORY_FIELDS,
  SITE_KINDS,
  countTiles,
  gridTiles,
  type GangSetup,
  type Setup,
  type SitesAt,
  type Story,
  type StoryField,
} from '../engine/state.js';
import { siteCount, siteTilesRefusal } from '../engine/moves/sites.js';
import { refusalError } from './commit.js';
import { loadEventTable, loadVisibilityTable, shippedTables } from '../store/tables.js';
import { seedOption, wholeNumber } from './args.js';
import { why } from './codes.js';
import { generatorOf, type Seed } from '../dice/rng.js';
import { LIMITS, count, echo, nameProblem, setupProblem } from '../rules/limits.js';
import { DEFAULT_ORIENTATION, EDGES, isEdge, type Edge } from '../rules/orientation.js';

/** How to set up a game: every field optional, with the defaults of `badzone new`. */
export interface NewGameOptions {
  /**
   * The seed. Text of letters and digits keys ChaCha20 (no one can foresee its rolls without the seed); a number
   * (a 32-bit integer), or whole-number text, seeds the Mersenne Twister badzone used before, whose rolls can be
   * foreseen from a few of them. Default: a fresh ChaCha20 seed, 128 bits from the operating system in base32.
   * Not with `hiddenSeed`, which draws its own.
   */
  seed?: number | string;
  /** Roll a D64 each round ('dice', default) or draw from a 64-card deck ('deck'). */
  mode?: 'dice' | 'deck';
  /** Number of 12"x12" tiles, laid out in near-square rows (A1, A2, B1, ...). Give this or `grid`, not both. */
  tiles?: number;
  /** Tiles as rows x columns (default 2 x 2). */
  grid?: { rows: number; cols: number };
  /** Default 4. */
  spawnPoints?: number;
  /** The gangs, each with its fighters on the battlefield and in reserve, in the order random picks go through them. */
  gangs?: { name: string; battlefield?: string[]; reserve?: string[] }[];
  /** The crew whose Home Turf the Hazard is. */
  turfOwner?: string | null;
  /** Number of Beast Lairs on the battlefield (null: not counted). */
  lairs?: number | null;
  /** Number of large structures (null: not counted). */
  structures?: number | null;
  /** 'roll' (badzone rolls the D10), the D10 the group rolled (1-10), a hazard's id or name, or null / 'none'. */
  hazard?: 'roll' | number | string | null;
  /** A custom event table file (validated), relative to `cwd`. */
  table?: string;
  /** A custom visibility table file, relative to `cwd`. */
  visibilityTable?: string;
  /**
   * The edge of the table 12 o'clock points to, seen from the GM's seat with row A along the far edge and A1 at its
   * left-hand corner: 'far' (default, toward row A), 'right', 'near' or 'left'.
   */
  twelve?: Edge;
  /**
   * Where the spawn points stand: one tile of the layout per spawn point, in number order (several may share a
   * tile). Without `spawnPoints`, their number is the list's length; with it, the two must agree.
   */
  spawnAt?: string[];
  /** Where the Beast Lairs stand, one tile each (without `lairs`, the list counts them). */
  lairsAt?: string[];
  /** Where the large structures stand, one tile each (without `structures`, the list counts them). */
  structuresAt?: string[];
  /** Replace an existing game at the path (the old file is kept as a backup). */
  force?: boolean;
  /**
   * Hide the seed: every output shows only a commitment (SHA-256 of "chacha20:SEED:SALT") until `reveal`, and
   * `verify` with that commitment then proves every die badzone rolled came from the committed seed. The seed is a
   * fresh one (a seed someone picked could be known); the file still holds it.
   */
  hiddenSeed?: boolean;
  /** The GM's title, date, scenario and result for the battle report (free text; each may be set later too). */
  story?: StoryOptions;
}

/**
 * The GM's words about a game for its battle report: each given field is text (checked as a name is: not blank, at
 * most LIMITS.name characters, no control characters; spaces around it dropped) or null to clear it. Fields not
 * given stay as they were.
 */
export type StoryOptions = Partial<Record<StoryField, string | null>>;

/** `base` with the fields `given` sets or clears, each checked; refuses a field that is not one of the story's. */
export function storyWith(base: Story, given: StoryOptions | undefined): Story {
  const out: Story = { ...base };
  if (given === undefined) return out;
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw new UsageError(
      `story is an object with any of ${STORY_FIELDS.join(', ')}.`,
      why('bad-option', { option: 'story', given }),
    );
  for (const [k, v] of Object.entries(given)) {
    const field = STORY_FIELDS.find((f) => f === k);
    if (field === undefined)
      throw new UsageError(
        `A story has ${STORY_FIELDS.join(', ')}; not "${echo(k)}".`,
        why('bad-option', { option: `story.${k}`, given: v }),
      );
    if (v === undefined) continue;
    if (v === null) {
      out[field] = null;
      continue;
    }
    if (typeof v !== 'string')
      throw new UsageError(
        `The ${field} is text, or null to clear it.`,
        why('bad-option', { option: field, given: v }),
      );
    const bad = nameProblem(v.trim(), `the ${field}`);
    if (bad) throw new UsageError(`${bad[0]!.toUpperCase()}${bad.slice(1)}.`, why('bad-name', { field, name: v }));
    out[field] = v.trim();
  }
  return out;
}

export { STORY_FIELDS };
export type { Story, StoryField };

/** A name to be stored: non-empty, within LIMITS.name, no control characters (../rules/limits.ts). */
function name(v: unknown, what: string): string {
  if (typeof v !== 'string' || v.trim() === '')
    throw new UsageError(`${what} needs a name.`, why('bad-name', { field: what, name: String(v ?? '') }));
  const bad = nameProblem(v.trim(), what);
  if (bad) throw new UsageError(`${bad}.`, why('bad-name', { field: what, name: v }));
  return v.trim();
}

function names(v: unknown, what: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v))
    throw new UsageError(`${what} is a list of names.`, why('bad-option', { option: what, given: v }));
  return v.map((x) => name(x, what));
}

function gangsOf(list: NewGameOptions['gangs']): GangSetup[] {
  if (list === undefined) return [];
  if (!Array.isArray(list))
    throw new UsageError(
      'gangs is a list of { name, battlefield, reserve }.',
      why('bad-option', { option: 'gangs', given: list }),
    );
  if (list.length > LIMITS.gangs)
    throw new UsageError(
      `${count(list.length)} gangs were given; a game may have at most ${LIMITS.gangs} gangs (limit: gangs).`,
      why('input-past-limit', { limit: 'gangs', max: LIMITS.gangs }),
    );
  const out: GangSetup[] = [];
  for (const g of list) {
    const gang = name(g?.name, 'A gang');
    if (out.some((x) => x.name === gang))
      throw new UsageError(
        `The gang ${echo(gang)} is listed twice; list all its fighters once.`,
        why('duplicate-gang', { gang }),
      );
    const battlefield = names(g.battlefield, `${gang}'s battlefield`);
    const reserve = names(g.reserve, `${gang}'s reserve`);
    const all = [...battlefield, ...reserve];
    const dup = all.find((f, i) => all.indexOf(f) !== i);
    if (dup)
      throw new UsageError(
        `${echo(gang)} lists ${echo(dup)} twice; give each fighter a distinct name (a fighter is either on the battlefield or in reserve).`,
        why('duplicate-fighter', { gang, fighter: dup }),
      );
    out.push({ name: gang, battlefield, reserve });
  }
  return out;
}

/** The Hazard option: 'roll', a D10 result, or a hazard's id or name ("bog", "Low Visibility"); null for none. */
function hazardOf(value: NewGameOptions['hazard']): Setup['hazard'] {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return wholeNumber(value, 'hazard (roll, 1-10, a hazard id, or none)', 1, 10);
  if (typeof value !== 'string')
    throw new UsageError(
      'hazard is "roll", a D10 result (1-10), a hazard id, or null.',
      why('bad-option', { option: 'hazard', given: value }),
    );
  const v = value.trim().toLowerCase();
  if (v === 'none') return null;
  if (v === 'roll') return 'roll';
  if (/^[-+]?\d+$/.test(v)) return wholeNumber(Number(v), 'hazard (roll, 1-10, a hazard id, or none)', 1, 10);
  const t = shippedTables().hazards;
  const slug = v.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const h = t.hazards.find((x) => x.id === slug || x.name.toLowerCase() === v);
  if (h) return h.roll;
  if (slug === 'nomadic') return t.nomadic.roll;
  throw new UsageError(
    `hazard takes roll, a D10 result (1-10), a hazard id (${t.hazards.map((x) => x.id).join(', ')}) or none, not "${echo(value)}".`,
    why('no-such-hazard', { query: value, hazards: t.hazards.map((x) => x.id) }),
  );
}

/** A list of tile names as given (trimmed, upper case: "a1" is A1), checked only for its kind; the step checks the rest. */
export function siteTiles(v: unknown, option: string): string[] {
  if (!Array.isArray(v) || v.some((t) => typeof t !== 'string'))
    throw new UsageError(
      `${option} is a list of tile names, like ["A1", "B2"].`,
      why('bad-option', { option, given: v }),
    );
  return (v as string[]).map((t) => t.trim().toUpperCase());
}

/**
 * The setup's positions (`spawnAt`, `lairsAt`, `structuresAt`) as given; a list given without its count sets the
 * count (in `setup`, in place). Checked against the layout and the counts by checkSites, once the counts are known
 * to be within their limits.
 */
function setupSites(opts: NewGameOptions, setup: Setup): SitesAt {
  const out: SitesAt = {};
  const countGiven = { spawnAt: opts.spawnPoints, lairsAt: opts.lairs, structuresAt: opts.structures };
  for (const k of SITE_KINDS) {
    if (opts[k] === undefined) continue;
    const tiles = siteTiles(opts[k], k);
    if (countGiven[k] === undefined || countGiven[k] === null) {
      if (k === 'spawnAt') setup.spawnPoints = tiles.length;
      else if (k === 'lairsAt') setup.lairs = tiles.length;
      else setup.structures = tiles.length;
    }
    out[k] = tiles;
  }
  return out;
}

/** One tile of the layout per thing counted, as the `sites` step checks it (../engine/moves/sites.ts). */
function checkSites(sites: SitesAt, setup: Setup): void {
  for (const k of SITE_KINDS) {
    const tiles = sites[k];
    if (tiles === undefined) continue;
    const bad = siteTilesRefusal(k, tiles, setup.tiles, siteCount(setup, k));
    if (bad) throw refusalError(bad);
  }
}

/** Check the options and make the engine's Setup. Table files are read (and validated) relative to `cwd`. */
export function resolveSetup(opts: NewGameOptions, cwd: string, randomSeed: () => Seed): Setup {
  if (opts.hiddenSeed === true && opts.seed !== undefined) {
    throw new UsageError(
      'A hidden seed is a fresh one that nobody knows in advance; a seed given with it could be known. Give hiddenSeed or seed, not both.',
      why('options-conflict', { options: ['hiddenSeed', 'seed'] }),
    );
  }
  const seed = opts.seed === undefined ? randomSeed() : seedOption(opts.seed);
  const mode = opts.mode ?? 'dice';
  if (mode !== 'dice' && mode !== 'deck')
    throw new UsageError(
      `mode is "dice" or "deck", not "${echo(String(mode))}".`,
      why('bad-option', { option: 'mode', given: mode }),
    );
  if (opts.tiles !== undefined && opts.grid !== undefined)
    throw new UsageError('Give tiles or grid, not both.', why('options-conflict', { options: ['tiles', 'grid'] }));
  let tiles = gridTiles(2, 2);
  if (opts.grid !== undefined) {
    if (typeof opts.grid !== 'object' || opts.grid === null || Array.isArray(opts.grid)) {
      throw new UsageError(
        `grid is { rows, cols }, like { rows: 3, cols: 3 }, not ${echo(JSON.stringify(opts.grid) ?? String(opts.grid))}.`,
        why('bad-option', { option: 'grid', given: opts.grid }),
      );
    }
    const r = wholeNumber(opts.grid?.rows, 'grid rows', 1, 26);
    const c = wholeNumber(opts.grid?.cols, 'grid columns', 1, 26);
    tiles = gridTiles(r, c);
  } else if (opts.tiles !== undefined) {
    tiles = countTiles(wholeNumber(opts.tiles, 'tiles', 1, 676));
  }
  const turfOwner =
    opts.turfOwner === undefined || opts.turfOwner === null ? null : name(opts.turfOwner, 'The turf owner');
  const count = (v: number | null | undefined, what: string) =>
    v === undefined || v === null ? null : wholeNumber(v, what, 0, 100);
  if (opts.twelve !== undefined && !isEdge(opts.twelve))
    throw new UsageError(
      `twelve is the edge 12 o'clock points to: ${EDGES.join(', ')}; not "${echo(String(opts.twelve))}".`,
    );
  const visibilityTable = opts.visibilityTable ? loadVisibilityTable(path.resolve(cwd, opts.visibilityTable)) : null;
  const table = opts.table ? loadEventTable(path.resolve(cwd, opts.table), visibilityTable ?? undefined) : null;
  const setup: Setup = {
    seed,
    generator: generatorOf(seed),
    mode,
    tiles,
    spawnPoints: opts.spawnPoints === undefined ? 4 : wholeNumber(opts.spawnPoints, 'spawnPoints', 1, 100),
    gangs: gangsOf(opts.gangs),
    turfOwner,
    lairs: count(opts.lairs, 'lairs'),
    structures: count(opts.structures, 'structures'),
    hazard: hazardOf(opts.hazard),
    table,
    visibilityTable,
    orientation: opts.twelve === undefined ? { ...DEFAULT_ORIENTATION } : { twelve: opts.twelve },
  };
  const sites = setupSites(opts, setup);
  // Every limit of a setup, in one place (../rules/limits.ts): the game written is one badzone can open.
  const bad = setupProblem(setup);
  if (bad) throw new UsageError(`${bad[0]!.toUpperCase()}${bad.slice(1)}.`, why('bad-setup', { problem: bad }));
  checkSites(sites, setup);
  Object.assign(setup, sites);
  return setup;
}

// The flags that describe a game (`badzone new`, `badzone simulate`), parsed and checked with messages that name
// them, into the library's options. The setup wizard's answers ARE such flag values, so the wizard and the
// equivalent command line go through the same functions here and make exactly the same game.
import { UsageError } from '../errors.js';
import { STORY_FIELDS, resolveSetup, type NewGameOptions, type StoryField, type StoryOptions } from '../api/setup.js';
import { shippedTables } from '../api/tables.js';
import type { GangSetup, Setup } from '../api/types.js';
import { LIMITS, count, echo, nameProblem } from '../api/limits.js';
import type { IO } from './io.js';
import { isEdge } from '../api/orientation.js';
import { intArg, seedArg } from './shared.js';

export interface NewOptions {
  session?: string;
  seed?: string;
  mode?: string;
  tiles?: string;
  grid?: string;
  spawnPoints?: string;
  gang?: string[];
  reserve?: string[];
  turfOwner?: string;
  lairs?: string;
  structures?: string;
  hazard?: string;
  table?: string;
  visibilityTable?: string;
  /** The edge 12 o'clock points to: far, right, near or left. */
  twelve?: string;
  /** Where the spawn points, Beast Lairs, large structures stand: tiles, comma-separated (A1,C3,D2,B4). */
  spawnAt?: string;
  lairsAt?: string;
  structuresAt?: string;
  force?: boolean;
  hiddenSeed?: boolean;
  /** --title, --date, --scenario, --result: the GM's words for the battle report. */
  title?: string;
  date?: string;
  scenario?: string;
  result?: string;
  /** false with --no-input: never prompt. */
  input?: boolean;
  json?: boolean;
}

/** The flags that describe a game; any one of them given means "no setup wizard". */
export const SETUP_FLAGS = [
  'seed',
  'mode',
  'tiles',
  'grid',
  'spawnPoints',
  'gang',
  'reserve',
  'turfOwner',
  'lairs',
  'structures',
  'hazard',
  'table',
  'visibilityTable',
  'twelve',
  'spawnAt',
  'lairsAt',
  'structuresAt',
] as const;

/** The flag of each list of positions. */
export const SITE_FLAG = { spawnAt: '--spawn-at', lairsAt: '--lairs-at', structuresAt: '--structures-at' } as const;

/**
 * A list of tiles as typed for --spawn-at, --lairs-at, --structures-at: "A1,C3, d2" (commas or spaces; a1 is A1),
 * one per spawn point (lair, structure) in number order, a tile named again for several on one tile. "none": no
 * positions (null). Whether the tiles are the game's is the library's to check.
 */
export function siteArg(text: string, flag: string): string[] | null {
  if (text.trim().toLowerCase() === 'none') return null;
  const tiles = text
    .split(/[\s,]+/)
    .map((t) => t.trim().toUpperCase())
    .filter((t) => t !== '');
  if (tiles.length === 0)
    throw new UsageError(
      `${flag} takes tiles, one for each in number order, like A1,C3 (or none), not "${echo(text)}".`,
    );
  const long = tiles.find((t) => t.length > LIMITS.tileName);
  if (long) throw new UsageError(`${flag} names "${echo(long)}", longer than any tile name (limit: tile name).`);
  return tiles;
}

/** "Name: Fighter, Fighter" -> { name, fighters } */
export function parseRoster(text: string, flag: string): { name: string; fighters: string[] } {
  const at = text.indexOf(':');
  if (at <= 0) throw new UsageError(`${flag} "${echo(text)}" should look like "Gang name: Fighter, Fighter, ...".`);
  const name = text.slice(0, at).trim();
  const fighters = text
    .slice(at + 1)
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  if (name === '') throw new UsageError(`${flag} "${echo(text)}" has no gang name before the colon.`);
  const bad =
    nameProblem(name, `${flag}: the gang name`) ??
    fighters.map((f) => nameProblem(f, `${flag}: the fighter name`)).find((p) => p !== null);
  if (bad) throw new UsageError(`${bad}.`);
  if (fighters.length > LIMITS.fightersPerGang) {
    throw new UsageError(
      `${flag}: ${echo(name)} lists ${count(fighters.length)} fighters; a gang may have at most ${LIMITS.fightersPerGang} fighters (limit: fighters per gang).`,
    );
  }
  const seen = new Set<string>();
  const dup = fighters.find((f) => {
    if (seen.has(f)) return true;
    seen.add(f);
    return false;
  });
  if (dup) throw new UsageError(`${flag}: ${echo(name)} lists ${echo(dup)} twice; give each fighter a distinct name.`);
  return { name, fighters };
}

/** --hazard: "roll", a D10 result, or a hazard's id or name ("bog", "Low Visibility"). */
function hazardArg(value: string): 'roll' | number {
  const v = value.trim().toLowerCase();
  if (v === 'roll') return 'roll';
  if (/^[-+]?\d+$/.test(v)) return intArg(v, '--hazard (roll, 1-10, a hazard id, or none)', 1, 10)!;
  const t = shippedTables().hazards;
  const slug = v.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const h = t.hazards.find((x) => x.id === slug || x.name.toLowerCase() === v);
  if (h) return h.roll;
  if (slug === 'nomadic') return t.nomadic.roll;
  throw new UsageError(
    `--hazard takes roll, a D10 result (1-10), a hazard id (${t.hazards.map((x) => x.id).join(', ')}) or none, not "${echo(value)}".`,
  );
}

/** The flags, parsed and checked with messages that name them, as the library's options. */
export function newGameOptions(opts: NewOptions): NewGameOptions {
  const out: NewGameOptions = {};
  const seed = seedArg(opts.seed);
  if (seed !== undefined) {
    if (opts.hiddenSeed)
      throw new UsageError(
        '--hidden-seed draws a fresh seed that nobody knows in advance; a seed given with --seed could be known. Give --seed or --hidden-seed, not both.',
      );
    out.seed = seed;
  }
  const mode = opts.mode ?? 'dice';
  if (mode !== 'dice' && mode !== 'deck') throw new UsageError(`--mode is "dice" or "deck", not "${echo(mode)}".`);
  out.mode = mode;
  if (opts.tiles !== undefined && opts.grid !== undefined) throw new UsageError('Give --tiles or --grid, not both.');
  if (opts.grid !== undefined) {
    const m = /^\s*(\d{1,2})\s*[xX×]\s*(\d{1,2})\s*$/.exec(opts.grid);
    if (!m) throw new UsageError(`--grid takes rows x columns like 2x2 or 3x4, not "${echo(opts.grid)}".`);
    const rows = Number(m[1]);
    const cols = Number(m[2]);
    if (rows < 1 || cols < 1 || rows > 26 || cols > 26)
      throw new UsageError('--grid rows and columns must each be from 1 to 26.');
    out.grid = { rows, cols };
  } else if (opts.tiles !== undefined) {
    out.tiles = intArg(opts.tiles, '--tiles', 1, 676)!;
  }
  const gangs: GangSetup[] = [];
  for (const g of opts.gang ?? []) {
    const { name, fighters } = parseRoster(g, '--gang');
    if (gangs.some((x) => x.name === name))
      throw new UsageError(`--gang ${echo(name)} is given twice; list all its fighters in one --gang.`);
    gangs.push({ name, battlefield: fighters, reserve: [] });
  }
  for (const r of opts.reserve ?? []) {
    const { name, fighters } = parseRoster(r, '--reserve');
    // The gang of a --gang with the same name (ignoring case: "eschers" is Eschers), else a gang with only a reserve.
    let g = gangs.find((x) => x.name === name) ?? gangs.find((x) => x.name.toLowerCase() === name.toLowerCase());
    if (!g) {
      g = { name, battlefield: [], reserve: [] };
      gangs.push(g);
    }
    const clash = fighters.find((f) => g!.battlefield.includes(f) || g!.reserve.includes(f));
    if (clash)
      throw new UsageError(
        `${echo(clash)} is listed twice for ${echo(name)}; a fighter is either on the battlefield or in reserve.`,
      );
    g.reserve.push(...fighters);
  }
  // The number of gangs, and every other limit of a setup, is checked by the library (resolveSetup, ../rules/limits.ts).
  out.gangs = gangs;
  if (opts.turfOwner !== undefined) {
    const turfOwner = opts.turfOwner.trim();
    if (turfOwner === '') throw new UsageError('--turf-owner needs a name.');
    out.turfOwner = turfOwner;
  }
  if (opts.hazard !== undefined && opts.hazard.trim().toLowerCase() !== 'none') out.hazard = hazardArg(opts.hazard);
  const spawnPoints = intArg(opts.spawnPoints, '--spawn-points', 1, 100);
  if (spawnPoints !== undefined) out.spawnPoints = spawnPoints;
  const lairs = intArg(opts.lairs, '--lairs', 0, 100);
  if (lairs !== undefined) out.lairs = lairs;
  const structures = intArg(opts.structures, '--structures', 0, 100);
  if (structures !== undefined) out.structures = structures;
  if (opts.twelve !== undefined) {
    if (!isEdge(opts.twelve))
      throw new UsageError(`--twelve is far, right, near or left (an edge of the table), not "${echo(opts.twelve)}".`);
    out.twelve = opts.twelve;
  }
  for (const k of ['spawnAt', 'lairsAt', 'structuresAt'] as const) {
    const v = opts[k];
    // At setup, none is the same as not giving the flag.
    const tiles = v === undefined ? null : siteArg(v, SITE_FLAG[k]);
    if (tiles) out[k] = tiles;
  }
  if (opts.table) out.table = opts.table;
  if (opts.visibilityTable) out.visibilityTable = opts.visibilityTable;
  if (opts.force) out.force = true;
  if (opts.hiddenSeed) out.hiddenSeed = true;
  const story = storyFlags(opts);
  if (Object.keys(story).length) out.story = story;
  return out;
}

/**
 * --title, --date, --scenario and --result as the library's story: each checked as a name is (not blank, at most
 * LIMITS.name characters, no control characters), with a message naming its flag. `false` (`details --no-title`)
 * clears the field.
 */
export function storyFlags(opts: Partial<Record<StoryField, string | boolean>>): StoryOptions {
  const out: StoryOptions = {};
  for (const k of STORY_FIELDS) {
    const v = opts[k];
    if (v === undefined || v === true) continue;
    if (v === false) {
      out[k] = null;
      continue;
    }
    const problem = nameProblem(v.trim(), `--${k}`);
    if (problem) throw new UsageError(`${problem}.`);
    out[k] = v.trim();
  }
  return out;
}

/** The Setup these flags make (the wizard checks its answers with it; `simulate` plays on it). */
export function buildSetup(opts: NewOptions, io: IO): Setup {
  return resolveSetup(newGameOptions(opts), io.cwd, io.randomSeed);
}

// badzone new: set up a game and its session file.
import * as path from 'node:path';
import { UsageError } from '../../errors.js';
import { createGame } from '../../engine/step.js';
import { countTiles, gridTiles, type GangSetup, type Setup } from '../../engine/state.js';
import { create } from '../../store/session.js';
import { bookFor, loadEventTable, loadVisibilityTable, shippedTables } from '../../store/tables.js';
import type { IO } from '../io.js';
import { fileOf, intArg, interactive } from '../shared.js';
import { LIMITS, count, echo, nameProblem, setupProblem } from '../../rules/limits.js';
import { summary, type GameSummary } from '../views.js';
import type { View } from '../view.js';

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
  force?: boolean;
  /** false with --no-input: never prompt. */
  input?: boolean;
  json?: boolean;
}

/** The flags that describe a game; any one of them given means "no setup wizard". */
export const SETUP_FLAGS = ['seed', 'mode', 'tiles', 'grid', 'spawnPoints', 'gang', 'reserve', 'turfOwner', 'lairs', 'structures', 'hazard', 'table', 'visibilityTable'] as const;

/** The wizard runs for `badzone new` with no setup flag, on a terminal, without --no-input or --json. */
export function wantsWizard(opts: NewOptions, io: IO): boolean {
  return !SETUP_FLAGS.some((k) => opts[k] !== undefined) && opts.json !== true && interactive(io, opts);
}

export interface NewData extends GameSummary {
  backup: string | null;
  setup: Omit<Setup, 'table' | 'visibilityTable'> & { table: string; visibilityTable: string };
  /** The command line that makes the same game without prompts. */
  commandLine: string;
  hazardRoll: number | null;
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
  const bad = nameProblem(name, `${flag}: the gang name`) ?? fighters.map((f) => nameProblem(f, `${flag}: the fighter name`)).find((p) => p !== null);
  if (bad) throw new UsageError(`${bad}.`);
  if (fighters.length > LIMITS.fightersPerGang) {
    throw new UsageError(`${flag}: ${echo(name)} lists ${count(fighters.length)} fighters; a gang may have at most ${LIMITS.fightersPerGang} fighters (limit: fighters per gang).`);
  }
  const seen = new Set<string>();
  const dup = fighters.find((f) => (seen.has(f) ? true : (seen.add(f), false)));
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
  throw new UsageError(`--hazard takes roll, a D10 result (1-10), a hazard id (${t.hazards.map((x) => x.id).join(', ')}) or none, not "${echo(value)}".`);
}

export function buildSetup(opts: NewOptions, io: IO): Setup {
  const seed = intArg(opts.seed, '--seed', -2147483648, 2147483647) ?? io.randomSeed();
  const mode = opts.mode ?? 'dice';
  if (mode !== 'dice' && mode !== 'deck') throw new UsageError(`--mode is "dice" or "deck", not "${echo(mode)}".`);
  if (opts.tiles !== undefined && opts.grid !== undefined) throw new UsageError('Give --tiles or --grid, not both.');
  let tiles = gridTiles(2, 2);
  if (opts.grid !== undefined) {
    const m = /^\s*(\d{1,2})\s*[xX×]\s*(\d{1,2})\s*$/.exec(opts.grid);
    if (!m) throw new UsageError(`--grid takes rows x columns like 2x2 or 3x4, not "${echo(opts.grid)}".`);
    const r = Number(m[1]);
    const c = Number(m[2]);
    if (r < 1 || c < 1 || r > 26 || c > 26) throw new UsageError('--grid rows and columns must each be from 1 to 26.');
    tiles = gridTiles(r, c);
  } else if (opts.tiles !== undefined) {
    tiles = countTiles(intArg(opts.tiles, '--tiles', 1, 676)!);
  }
  const gangs: GangSetup[] = [];
  for (const g of opts.gang ?? []) {
    const { name, fighters } = parseRoster(g, '--gang');
    if (gangs.some((x) => x.name === name)) throw new UsageError(`--gang ${echo(name)} is given twice; list all its fighters in one --gang.`);
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
    if (clash) throw new UsageError(`${echo(clash)} is listed twice for ${echo(name)}; a fighter is either on the battlefield or in reserve.`);
    g.reserve.push(...fighters);
  }
  const turfOwner = opts.turfOwner === undefined ? null : opts.turfOwner.trim();
  if (turfOwner === '') throw new UsageError('--turf-owner needs a name.');
  let hazard: Setup['hazard'] = null;
  if (opts.hazard !== undefined && opts.hazard.trim().toLowerCase() !== 'none') hazard = hazardArg(opts.hazard);
  const visibilityTable = opts.visibilityTable ? loadVisibilityTable(path.resolve(io.cwd, opts.visibilityTable)) : null;
  const table = opts.table ? loadEventTable(path.resolve(io.cwd, opts.table), visibilityTable ?? undefined) : null;
  const setup: Setup = {
    seed,
    mode,
    tiles,
    spawnPoints: intArg(opts.spawnPoints, '--spawn-points', 1, 100) ?? 4,
    gangs,
    turfOwner,
    lairs: intArg(opts.lairs, '--lairs', 0, 100) ?? null,
    structures: intArg(opts.structures, '--structures', 0, 100) ?? null,
    hazard,
    table,
    visibilityTable,
  };
  // Every limit of a setup, in one place (../../rules/limits.ts): the game written is one badzone can open.
  const bad = setupProblem(setup);
  if (bad) throw new UsageError(`${bad[0]!.toUpperCase()}${bad.slice(1)}.`);
  return setup;
}

function q(s: string): string {
  return /^[\w.,:/=+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The flags that make this setup. */
export function commandLine(setup: Setup, opts: NewOptions): string {
  const parts = ['badzone', 'new', '--seed', String(setup.seed), '--mode', setup.mode];
  if (opts.grid) parts.push('--grid', opts.grid);
  else parts.push('--tiles', String(setup.tiles.length));
  parts.push('--spawn-points', String(setup.spawnPoints));
  // A gang with no one on the battlefield still needs its --gang when a later gang has one, so that the
  // gangs keep their order (random picks go gang by gang); and when it has no reserve either.
  setup.gangs.forEach((g, i) => {
    const later = setup.gangs.slice(i + 1).some((x) => x.battlefield.length > 0);
    if (g.battlefield.length || g.reserve.length === 0 || later) parts.push('--gang', q(`${g.name}: ${g.battlefield.join(', ')}`.trimEnd()));
    if (g.reserve.length) parts.push('--reserve', q(`${g.name}: ${g.reserve.join(', ')}`));
  });
  if (setup.turfOwner) parts.push('--turf-owner', q(setup.turfOwner));
  if (setup.lairs !== null) parts.push('--lairs', String(setup.lairs));
  if (setup.structures !== null) parts.push('--structures', String(setup.structures));
  parts.push('--hazard', setup.hazard === null ? 'none' : String(setup.hazard));
  if (opts.table) parts.push('--table', q(opts.table));
  if (opts.visibilityTable) parts.push('--visibility-table', q(opts.visibilityTable));
  if (opts.session) parts.push('--session', q(opts.session));
  if (opts.force) parts.push('--force');
  return parts.join(' ');
}

export async function run(given: NewOptions, io: IO): Promise<View<'new', NewData>> {
  const file = fileOf(given, io);
  const opts = wantsWizard(given, io) ? await (await import('../wizard.js')).askSetup(io, await io.prompter(), given, file) : given;
  const setup = buildSetup(opts, io);
  const book = bookFor(setup);
  const state = createGame(setup, book);
  const stamp = io.now().toISOString().replace(/[:.]/g, '-');
  const { backup } = create(file, state, opts.force === true, stamp);
  const { table, visibilityTable, ...rest } = setup;
  return {
    kind: 'new',
    data: {
      ...summary(file, state, book),
      backup,
      setup: { ...rest, table: table ? `${table.name} (${opts.table ?? 'own table'})` : shippedTables().events.name, visibilityTable: visibilityTable ? `${visibilityTable.name} (${opts.visibilityTable ?? 'own table'})` : shippedTables().visibility.name },
      commandLine: commandLine(setup, opts),
      hazardRoll: state.hazard?.roll ?? null,
    },
  };
}

// The command line that makes a game without prompts: what `new` prints under "The same game without prompts", so a
// game set up with the wizard can be set up again by a script. The flags are the command line's: the library
// hands over what the game was made with (its NewData) and the options it was given.
import { DEFAULT_ORIENTATION, type NewData, type NewGameOptions } from '../api/index.js';
import { shellWord } from '../render/commands.js';

/** The `badzone new` flags that make this setup (`session`: the path as the caller named it, or null for the default). */
export function commandLine(made: NewData, opts: NewGameOptions, session: string | null): string {
  const setup = made.setup;
  // A hidden seed is never printed: the command line then makes a game like this one, with another seed.
  const parts = [
    'badzone',
    'new',
    ...(made.seed === null ? ['--hidden-seed'] : ['--seed', made.seed]),
    '--mode',
    setup.mode,
  ];
  if (opts.grid) parts.push('--grid', `${opts.grid.rows}x${opts.grid.cols}`);
  else parts.push('--tiles', String(setup.tiles.length));
  parts.push('--spawn-points', String(setup.spawnPoints));
  // A gang with no one on the battlefield still needs its --gang when a later gang has one, so that the
  // gangs keep their order (random picks go gang by gang); and when it has no reserve either.
  setup.gangs.forEach((g, i) => {
    const later = setup.gangs.slice(i + 1).some((x) => x.battlefield.length > 0);
    if (g.battlefield.length || g.reserve.length === 0 || later)
      parts.push('--gang', shellWord(`${g.name}: ${g.battlefield.join(', ')}`.trimEnd()));
    if (g.reserve.length) parts.push('--reserve', shellWord(`${g.name}: ${g.reserve.join(', ')}`));
  });
  if (setup.turfOwner) parts.push('--turf-owner', shellWord(setup.turfOwner));
  if (setup.lairs !== null) parts.push('--lairs', String(setup.lairs));
  if (setup.structures !== null) parts.push('--structures', String(setup.structures));
  parts.push('--hazard', setup.hazard === null ? 'none' : String(setup.hazard));
  if (setup.orientation.twelve !== DEFAULT_ORIENTATION.twelve) parts.push('--twelve', setup.orientation.twelve);
  if (setup.spawnAt) parts.push('--spawn-at', setup.spawnAt.join(','));
  if (setup.lairsAt) parts.push('--lairs-at', setup.lairsAt.join(','));
  if (setup.structuresAt) parts.push('--structures-at', setup.structuresAt.join(','));
  if (opts.table) parts.push('--table', shellWord(opts.table));
  if (opts.visibilityTable) parts.push('--visibility-table', shellWord(opts.visibilityTable));
  // The GM's words for the report, as given (they change no die).
  for (const k of ['title', 'date', 'scenario', 'result'] as const) {
    const t = made.story[k];
    if (t !== null) parts.push(`--${k}`, shellWord(t));
  }
  if (session !== null) parts.push('--session', shellWord(session));
  if (opts.force) parts.push('--force');
  return parts.join(' ');
}

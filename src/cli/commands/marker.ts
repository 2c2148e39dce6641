// badzone marker clear N|all, marker move N TILE, marker carry N --gang G [--fighter F]: the GM's word about a
// marker the map numbers (issue 22). A step of the game: logged, undone and redone like any other.
import { UsageError } from '../../errors.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { openSession } from '../shared.js';

/** A marker's number as typed ("3", or its label on the map, "c3"; "C3" too), or "all" where clearing takes it. */
function markerArg(v: string, allOk: boolean): number | 'all' {
  const t = v.trim().toLowerCase();
  if (allOk && t === 'all') return 'all';
  const n = /^[a-z]?([1-9][0-9]{0,6})$/.exec(t);
  if (n) return Number(n[1]);
  throw new UsageError(
    `A marker is named by its number on the map (\`badzone map\` lists them)${allOk ? ', or all' : ''}; not "${v}".`,
  );
}

export async function run(
  op: string,
  which: string,
  tile: string | undefined,
  opts: { session?: string; gang?: string; fighter?: string },
  io: IO,
): Promise<View<'marker'>> {
  if (op !== 'clear' && op !== 'move' && op !== 'carry')
    throw new UsageError(`What to do with the marker? clear, move or carry; not "${op}".`);
  const marker = markerArg(which, op === 'clear');
  if (op === 'move' && tile === undefined)
    throw new UsageError('Say which tile to move the marker to: `badzone marker move 3 B2`.');
  if (op !== 'move' && tile !== undefined) throw new UsageError(`marker ${op} takes no tile (only move does).`);
  if (op === 'carry' && opts.gang === undefined)
    throw new UsageError('Say which gang carries it: `badzone marker carry 3 --gang NAME [--fighter NAME]`.');
  if (op !== 'carry' && (opts.gang !== undefined || opts.fighter !== undefined))
    throw new UsageError('--gang and --fighter go with marker carry.');
  const game = await openSession(opts, io);
  const data = await game.marker(op, marker, {
    ...(tile !== undefined ? { tile } : {}),
    ...(opts.gang !== undefined ? { gang: opts.gang } : {}),
    ...(opts.fighter !== undefined ? { fighter: opts.fighter } : {}),
  });
  return { kind: 'marker', data };
}

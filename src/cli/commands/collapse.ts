// badzone collapse [TILE] [--occupied TILES]: record the right tile for a Collapsed Section that badzone picked
// without knowing where the player models stand (no terminal, no --occupied). The log keeps both.
import { UsageError } from '../../errors.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { askForGame, diceList, openSession, tileList } from '../shared.js';

export interface CollapseOptions {
  session?: string;
  occupied?: string | string[];
  dice?: string | string[];
  manual?: boolean;
  input?: boolean;
}

export async function run(tile: string | undefined, opts: CollapseOptions, io: IO): Promise<View<'collapse'>> {
  const occupied = tileList(opts.occupied);
  if ((tile === undefined) === (occupied === undefined)) {
    throw new UsageError(
      'Name the tile that collapsed (`badzone collapse B2`), or the tiles that hold player models for badzone to roll among the others (`badzone collapse --occupied A1,B2`).',
    );
  }
  const game = await openSession(opts, io);
  if (tile !== undefined) {
    if (opts.dice !== undefined || opts.manual)
      throw new UsageError(
        '--dice and --manual go with --occupied (badzone rolls among the free tiles); a named tile needs no die.',
      );
    return { kind: 'collapse', data: await game.collapse({ tile }) };
  }
  const dice = diceList(opts.dice);
  const ask = await askForGame(io, opts, game);
  return {
    kind: 'collapse',
    data: await game.collapse({
      occupied: occupied!,
      ...(dice ? { dice } : {}),
      ...(ask?.die ? { ask: { die: ask.die } } : {}),
    }),
  };
}

// badzone details [--title T] [--date D] [--scenario S] [--result R] [--no-title ...]: the GM's words about the
// game for its battle report, kept in the game. Not a step of it: not logged, undone or redone (docs/rulings.md).
// With no flag it shows them.
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { storyFlags } from '../setup-flags.js';
import { openSession } from '../shared.js';

export interface DetailsOptions {
  session?: string;
  /** Text sets the field; false (--no-title) clears it. */
  title?: string | boolean;
  date?: string | boolean;
  scenario?: string | boolean;
  result?: string | boolean;
  json?: boolean;
}

export async function run(opts: DetailsOptions, io: IO): Promise<View<'details'>> {
  const set = storyFlags(opts);
  const game = await openSession(opts, io);
  return { kind: 'details', data: await game.details(Object.keys(set).length ? { set } : {}) };
}

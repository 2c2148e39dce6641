// badzone undo: back to the state before the last command that changed the game, dice position included.
import { RefusedError } from '../../errors.js';
import { ReplayError, undo } from '../../engine/step.js';
import type { LogRecord } from '../../engine/state.js';
import { mutate, noSession } from '../../store/session.js';
import type { IO } from '../io.js';
import { fileOf } from '../shared.js';
import { summary, type GameSummary } from '../views.js';
import type { View } from '../view.js';

export interface UndoData extends GameSummary {
  undone: LogRecord;
  remaining: number;
}

export async function run(opts: { session?: string }, io: IO): Promise<View<'undo', UndoData>> {
  const file = fileOf(opts, io);
  return mutate(file, (loaded) => {
    if (!loaded) throw noSession(file);
    let u: ReturnType<typeof undo>;
    try {
      u = undo(loaded.state, loaded.book);
    } catch (e) {
      // A hand-edited log whose actions no longer apply: say which entry, change nothing.
      if (e instanceof ReplayError) throw new RefusedError(`Cannot undo: ${e.message}. Nothing was changed; \`badzone verify\` shows what does not follow.`);
      throw e;
    }
    if (!u) throw new RefusedError('Nothing to undo: the game is as `badzone new` set it up. To start again, run `badzone new --force`.');
    return {
      state: u.state,
      result: { kind: 'undo' as const, data: { ...summary(file, u.state, loaded.book), undone: u.undone, remaining: u.state.log.length - 1 } },
    };
  });
}

// The games `npm run bench` times (scripts/bench.mjs, bench-serve.mjs), each written as `badzone round` writes it:
// with the undo checkpoints of its last steps and, for a Mersenne Twister game, the generator's state. One module
// loaded through tsx, which loads each file given to tsImport as a module graph of its own: the engine's dice and
// the store's must be one module, as in the CLI's bundle, for the file to carry the state the last step left.
import { checkpointOf, type Checkpoint } from '../src/engine/checkpoint.js';
import { createGame, defaultSetup, step, type SessionState } from '../src/engine/index.js';
import { LIMITS } from '../src/rules/limits.js';
import { serialize } from '../src/store/session.js';
import { shippedBook } from '../src/store/tables.js';

/** The session file after each of the rounds in `at` of one game of seed 20261130, played with `round`. */
export function gamesAt(at: readonly number[]): Map<number, string> {
  const book = shippedBook();
  let s: SessionState = createGame(defaultSetup(20261130), book);
  const checkpoints: Checkpoint[] = [];
  const out = new Map<number, string>();
  const last = Math.max(...at);
  for (let i = 1; i <= last; i++) {
    const r = step(s, { type: 'round' }, book);
    if (!r.ok) throw new Error('round refused while building the bench session');
    checkpoints.push(checkpointOf(r.state, s));
    if (checkpoints.length > LIMITS.checkpoints) checkpoints.shift();
    s = r.state;
    if (at.includes(i)) out.set(i, serialize(s, checkpoints));
  }
  return out;
}

// badzone verify: replay the log from the seed and setup; say whether every roll and the state follow.
import { verify, type VerifyResult } from '../../engine/step.js';
import { load } from '../../store/session.js';
import type { IO } from '../io.js';
import { fileOf } from '../shared.js';
import type { View } from '../view.js';

export interface VerifyData extends VerifyResult {
  session: string;
  seed: number;
}

export async function run(opts: { session?: string }, io: IO): Promise<View<'verify', VerifyData>> {
  const file = fileOf(opts, io);
  const { state, book } = load(file);
  const r = verify(state, book);
  return { kind: 'verify', data: { session: file, seed: state.setup.seed, ...r }, ...(r.ok ? {} : { exitCode: 1 }) };
}

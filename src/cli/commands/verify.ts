// badzone verify: replay the log from the seed and setup; say whether every roll and the state follow.
import { verify, type VerifyResult } from '../../engine/step.js';
import { UsageError } from '../../errors.js';
import { load, loadForChecking } from '../../store/session.js';
import * as path from 'node:path';
import type { IO } from '../io.js';
import { fileOf } from '../shared.js';
import type { View } from '../view.js';

export interface VerifyData extends VerifyResult {
  session: string;
  seed: number;
}

export async function run(opts: { session?: string; file?: string }, io: IO): Promise<View<'verify', VerifyData>> {
  if (opts.file !== undefined && opts.session !== undefined) throw new UsageError('Give --session or --file, not both.');
  // --file: a session file or a battle report (`badzone report --format json`), checked read-only.
  const file = opts.file !== undefined ? path.resolve(io.cwd, opts.file) : fileOf(opts, io);
  const { state, book } = opts.file !== undefined ? loadForChecking(file) : load(file);
  const r = verify(state, book);
  return { kind: 'verify', data: { session: file, seed: state.setup.seed, ...r }, ...(r.ok ? {} : { exitCode: 1 }) };
}

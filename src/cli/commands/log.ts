// badzone log: every command that changed the game, every die rolled or entered, with what it was for.
import type { LogRecord } from '../../engine/state.js';
import { logNotes } from '../../engine/step.js';
import { load } from '../../store/session.js';
import type { IO } from '../io.js';
import { fileOf, intArg } from '../shared.js';
import type { View } from '../view.js';

export interface LogData {
  session: string;
  seed: number;
  round: number | null;
  /** Each entry with what happened, in words (replayed from the seed: the file stores the rolls). */
  entries: (LogRecord & { notes: string[] })[];
}

export async function run(opts: { session?: string; round?: string }, io: IO): Promise<View<'log', LogData>> {
  const file = fileOf(opts, io);
  const round = intArg(opts.round, '--round', 0, 10_000_000) ?? null;
  const { state, book } = load(file);
  const notes = logNotes(state, book);
  const all = state.log.map((r, i) => ({ ...r, notes: notes[i] ?? [] }));
  const entries = round === null ? all : all.filter((r) => r.round === round);
  return { kind: 'log', data: { session: file, seed: state.setup.seed, round, entries } };
}

// badzone fighter NAME battlefield|reserve|out: correct the rosters by hand.
import { UsageError } from '../../errors.js';
import type { Report } from '../../engine/step.js';
import type { Gang } from '../../engine/state.js';
import type { IO } from '../io.js';
import { commit, fileOf } from '../shared.js';
import type { View } from '../view.js';

export type FighterData = Extract<Report, { kind: 'fighter' }> & { session: string; gangs: Gang[] };

export async function run(name: string, where: string, opts: { session?: string; gang?: string }, io: IO): Promise<View<'fighter', FighterData>> {
  const file = fileOf(opts, io);
  if (where !== 'battlefield' && where !== 'reserve' && where !== 'out') throw new UsageError(`Where to? battlefield, reserve or out, not "${where}".`);
  // A new name's length and characters are checked by the engine's step (../../rules/limits.ts), where it is stored.
  if (name.trim() === '') throw new UsageError('Give the fighter\'s name.');
  if (opts.gang !== undefined && opts.gang.trim() === '') throw new UsageError('--gang needs a gang name.');
  const c = await commit(io, file, { type: 'fighter', name: name.trim(), to: where, ...(opts.gang ? { gang: opts.gang.trim() } : {}) }, { manual: false, interactive: false });
  return { kind: 'fighter', data: { ...(c.report as Extract<Report, { kind: 'fighter' }>), session: file, gangs: c.state.gangs } };
}

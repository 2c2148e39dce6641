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
  if (name.trim() === '' || name.length > 200) throw new UsageError('Give the fighter\'s name (at most 200 characters).');
  const c = await commit(io, file, { type: 'fighter', name: name.trim(), to: where, ...(opts.gang ? { gang: opts.gang.trim() } : {}) }, { manual: false, interactive: false });
  return { kind: 'fighter', data: { ...(c.report as Extract<Report, { kind: 'fighter' }>), session: file, gangs: c.state.gangs } };
}

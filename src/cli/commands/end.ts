// badzone end: resolve the current round's End Phase (triggers, then the discard checks).
import type { EndReport } from '../../engine/step.js';
import type { IO } from '../io.js';
import { commit, diceList, fileOf, interactive } from '../shared.js';
import { visibilityView, type VisibilityView } from '../views.js';
import type { View } from '../view.js';

export interface EndData extends Omit<EndReport, 'kind'> {
  session: string;
  visibility: VisibilityView;
}

export async function run(opts: { session?: string; dice?: string | string[]; manual?: boolean; input?: boolean }, io: IO): Promise<View<'end', EndData>> {
  const file = fileOf(opts, io);
  const dice = diceList(opts.dice);
  const c = await commit(io, file, { type: 'end', ...(dice ? { dice } : {}) }, { manual: opts.manual === true, interactive: interactive(io, opts) });
  const { kind: _k, ...rest } = c.report as EndReport;
  return { kind: 'end', data: { session: file, ...rest, visibility: visibilityView(c.state, c.book) } };
}

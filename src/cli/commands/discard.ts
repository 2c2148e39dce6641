// badzone discard <event>: the GM takes an event out of play (e.g. Pillar of Flame left the table).
import type { Report } from '../../engine/step.js';
import { load } from '../../store/session.js';
import type { IO } from '../io.js';
import { commit, eventArg, fileOf } from '../shared.js';
import type { View } from '../view.js';

export type DiscardData = Extract<Report, { kind: 'discard' }> & { session: string };

export async function run(event: string, opts: { session?: string }, io: IO): Promise<View<'discard', DiscardData>> {
  const file = fileOf(opts, io);
  const eventId = eventArg(load(file).book, event);
  const c = await commit(io, file, { type: 'discard', eventId }, { manual: false, interactive: false });
  return { kind: 'discard', data: { ...(c.report as Extract<Report, { kind: 'discard' }>), session: file } };
}

// badzone place <event>: the GM puts a persistent event into play by hand (its on-draw rolls are made).
import type { Report } from '../../engine/step.js';
import { load } from '../../store/session.js';
import type { IO } from '../io.js';
import { commit, diceList, eventArg, fileOf, interactive } from '../shared.js';
import type { View } from '../view.js';

export type PlaceData = Extract<Report, { kind: 'place' }> & { session: string };

export async function run(event: string, opts: { session?: string; dice?: string | string[]; manual?: boolean; input?: boolean }, io: IO): Promise<View<'place', PlaceData>> {
  const file = fileOf(opts, io);
  const eventId = eventArg(load(file).book, event);
  const dice = diceList(opts.dice);
  const c = await commit(io, file, { type: 'place', eventId, ...(dice ? { dice } : {}) }, { manual: opts.manual === true, interactive: interactive(io, opts) });
  return { kind: 'place', data: { ...(c.report as Extract<Report, { kind: 'place' }>), session: file } };
}

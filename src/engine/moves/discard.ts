// `discard`: the GM takes an event out of play by hand (or, once it is gone, what it left on the battlefield).
import { refusal } from '../refusals.js';
import { markerOfObjectGone } from '../markers.js';
import { leavePlay, objectText } from '../resolve.js';
import type { Action, BattlefieldObject } from '../state.js';
import type { Move } from './types.js';

/** stays: what the discarded event leaves on the battlefield; removed: an object of that event taken off it instead. */
export interface DiscardReport {
  kind: 'discard';
  eventId: string;
  name: string;
  stays?: BattlefieldObject[];
  removed?: BattlefieldObject;
}

export const discard: Move<Extract<Action, { type: 'discard' }>, DiscardReport> = (ctx, action) => {
  const { s, book } = ctx;
  const at = s.inPlay.findIndex((p) => p.eventId === action.eventId);
  const ev = book.byId.get(action.eventId);
  const name = ev?.name ?? action.eventId;
  if (at < 0) {
    // Not in play, but something it left is on the battlefield: that leaves the table instead.
    const o = s.objects.findIndex((x) => x.eventId === action.eventId);
    if (o < 0) return { refusal: refusal('not-in-play', { event: action.eventId, name }) };
    const [removed] = s.objects.splice(o, 1);
    markerOfObjectGone(s, removed!.eventId, removed!.sinceRound);
    ctx.notes.push(`GM took ${name}'s ${removed!.what} off the battlefield`);
    return { report: { kind: 'discard', eventId: action.eventId, name, removed: removed! } };
  }
  const [gone] = s.inPlay.splice(at, 1);
  const stays = leavePlay(s, book, gone!);
  ctx.notes.push(`GM discarded ${name}${stays.length ? `; ${stays.map(objectText).join('; ')}` : ''}`);
  const report: DiscardReport = { kind: 'discard', eventId: action.eventId, name };
  if (stays.length) report.stays = stays;
  return { report };
};

// `place`: the GM puts a persistent event into play by hand; its on-draw steps are resolved.
import { refusal } from '../refusals.js';
import { runStep, type Outcome } from '../resolve.js';
import type { Action, InPlay } from '../state.js';
import type { Move } from './types.js';

export interface PlaceReport {
  kind: 'place';
  eventId: string;
  name: string;
  outcomes: Outcome[];
}

export const place: Move<Extract<Action, { type: 'place' }>, PlaceReport> = (ctx, action) => {
  const { s, book } = ctx;
  const ev = book.byId.get(action.eventId);
  if (!ev) return { refusal: refusal('no-such-event', { event: action.eventId }) };
  if (ev.timing !== 'persistent') return { refusal: refusal('once-event', { event: ev.id, name: ev.name }) };
  if (s.inPlay.some((p) => p.eventId === ev.id))
    return { refusal: refusal('already-in-play', { event: ev.id, name: ev.name }) };
  let roll = ev.range[0];
  if (s.deck) {
    // The card comes from the draw pile, else the discard pile; a table with every copy in play has none to place.
    const fromDraw = s.deck.drawPile.findIndex((c) => book.byRoll[c]?.id === ev.id);
    const fromDiscard = s.deck.discardPile.findIndex((c) => book.byRoll[c]?.id === ev.id);
    if (fromDraw >= 0) roll = s.deck.drawPile.splice(fromDraw, 1)[0]!;
    else if (fromDiscard >= 0) roll = s.deck.discardPile.splice(fromDiscard, 1)[0]!;
  }
  const entry: InPlay = { eventId: ev.id, sinceRound: s.round, roll };
  s.inPlay.push(entry);
  const outcomes: Outcome[] = [];
  for (const st of ev.resolve.onDraw) {
    const o = runStep(ctx, ev, st, entry);
    if (o) outcomes.push(o);
  }
  ctx.notes.push(`GM placed ${ev.name} in play`);
  for (const o of outcomes) ctx.notes.push(`${ev.name}: ${o.text}`);
  return { report: { kind: 'place', eventId: ev.id, name: ev.name, outcomes } };
};

// Building the data that several commands show: visibility, hazard, what is due in the End Phase, the new event.
import type { RuleBook } from '../rules/book.js';
import type { Step } from '../rules/types.js';
import type { SessionState } from '../engine/state.js';
import { inPlayView, type RoundReport } from '../engine/step.js';
import type { GameSummary, HazardView, NewEventCard, VisibilityView } from './types.js';

export function visibilityView(s: SessionState, book: RuleBook): VisibilityView {
  const l = book.level.get(s.visibility.level);
  return {
    level: s.visibility.level,
    name: l?.name ?? s.visibility.level,
    rangeInches: l?.rangeInches ?? null,
    pitchBlack: l?.pitchBlack ?? false,
    rules: l?.rules ?? '',
    sinceRound: s.visibility.sinceRound,
    source: s.visibility.source,
    houseTable: book.visibility.house,
  };
}

export function hazardView(s: SessionState, book: RuleBook): HazardView | null {
  if (!s.hazard) return null;
  const h = book.hazards.hazards.find((x) => x.id === s.hazard!.id);
  if (!h) {
    const n = book.hazards.nomadic;
    const effect = s.setup.turfOwner
      ? `No Hazard this game: ${s.setup.turfOwner} rolled ${n.name} (no Home Turf Hazard or Facility; Rating Limit ${n.ratingLimit} instead of ${n.standardRatingLimit}).`
      : 'No Hazard this game.';
    return { roll: s.hazard.roll, nomadic: true, id: null, name: n.name, effect, ploy: null, ployAtRoundStart: false, turfOwner: s.setup.turfOwner };
  }
  return {
    roll: h.roll,
    nomadic: false,
    id: h.id,
    name: h.name,
    effect: h.effect,
    ploy: h.ploy,
    ployAtRoundStart: /start of any round/i.test(h.ploy.when),
    turfOwner: s.setup.turfOwner,
  };
}

/** An End-Phase step in words ("D3 Hive Scum with Autoguns spawn at a random spawn point"). */
function endStepText(st: Step): string {
  switch (st.kind) {
    case 'spawn':
      return `${st.count} ${st.what} spawn at a random spawn point`;
    case 'scatter':
      return `the ${st.what} scatters ${st.distance}" in a random direction`;
    case 'pickFighter':
      return `a random fighter ${st.from === 'reserve' ? "from each gang's reserve" : 'in each gang'} ${st.what}`;
    default:
      return 'what' in st ? st.what : st.kind;
  }
}

/** What the End Phase of the current round will do. */
export function dueInEndPhase(s: SessionState, book: RuleBook): string[] {
  if (s.phase !== 'round') return [];
  const out: string[] = [];
  const due = [...s.pendingEnd.map((id) => book.byId.get(id)), ...s.inPlay.map((p) => book.byId.get(p.eventId))];
  for (const ev of due) {
    if (ev && ev.resolve.endPhase.length > 0) out.push(`${ev.name}: ${ev.resolve.endPhase.map(endStepText).join('; ')}`);
  }
  for (const p of s.inPlay) {
    const ev = book.byId.get(p.eventId);
    if (ev && ev.discardOn !== null) out.push(`${ev.name}: discard check, D6 ${ev.discardOn}+`);
  }
  return out;
}

export function summary(file: string, s: SessionState, book: RuleBook): GameSummary {
  return { session: file, round: s.round, phase: s.phase, mode: s.setup.mode, seed: s.setup.seed, inPlay: inPlayView(s, book), visibility: visibilityView(s, book), hazard: hazardView(s, book) };
}

/** The event this Event Phase drew (the last draw that was not a duplicate), as a card with its rules text. */
export function newEventCard(r: RoundReport, book: RuleBook): NewEventCard | null {
  const drawn = [...r.eventPhase.draws].reverse().find((d) => d.outcome !== 'duplicate');
  const ev = drawn ? book.byId.get(drawn.eventId) : undefined;
  if (!drawn || !ev) return null;
  return {
    eventId: ev.id,
    name: ev.name,
    roll: drawn.roll,
    timing: ev.timing,
    discardOn: ev.discardOn,
    effect: ev.effect,
    actsEachEventPhase: ev.resolve.eachEventPhase.length > 0 || ev.gm !== '',
    actsInEndPhase: ev.resolve.endPhase.length > 0,
  };
}

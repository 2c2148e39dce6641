// The Event Phase and the End Phase, as the Badzone rules order them.
import type { BadzoneEvent, Step } from '../rules/types.js';
import { leavePlay, objectText, runStep, type Ctx, type Outcome } from './resolve.js';
import type { BattlefieldObject, InPlay, Roll } from './state.js';

export type DrawOutcome = 'once' | 'placed' | 'duplicate';

export interface Draw {
  roll: number;
  eventId: string;
  outcome: DrawOutcome;
}

export interface Resolved {
  eventId: string;
  name: string;
  source: 'new' | 'in-play';
  timing: 'once' | 'persistent';
  discardOn: number | null;
  /** Dice rolled for this event in this phase. */
  rolls: Roll[];
  outcomes: Outcome[];
  /** The GM's instruction. */
  text: string;
}

export interface EventPhaseReport {
  round: number;
  draws: Draw[];
  reshuffled: boolean;
  /** Set when no new event could be drawn (every event left is already in play). */
  noNewEvent: string | null;
  resolved: Resolved[];
}

export interface Trigger {
  eventId: string;
  name: string;
  rolls: Roll[];
  outcomes: Outcome[];
}

export interface Check {
  eventId: string;
  name: string;
  roll: number;
  discardOn: number;
  discarded: boolean;
  /** What it leaves on the battlefield when discarded (Treasure's casket, with its worth). */
  stays?: BattlefieldObject[];
}

export interface EndPhaseReport {
  round: number;
  triggers: Trigger[];
  checks: Check[];
}

/** Safety bound on re-rolls in one Event Phase (a custom table whose every event is in play). */
const MAX_DRAWS = 256;

const NO_ROLLS: Roll[] = [];

function rollsSince(ctx: Ctx, from: number): Roll[] {
  return ctx.dice.rolls ? ctx.dice.rolls.slice(from) : NO_ROLLS;
}

function mark(ctx: Ctx): number {
  return ctx.dice.rolls ? ctx.dice.rolls.length : 0;
}

function runSteps(ctx: Ctx, ev: BadzoneEvent, steps: Step[], entry: InPlay | null, into: Outcome[]): void {
  for (const step of steps) {
    const o = runStep(ctx, ev, step, entry);
    if (o && ctx.loud) into.push(o);
  }
}

function eventOf(ctx: Ctx, id: string): BadzoneEvent {
  const ev = ctx.book.byId.get(id);
  if (!ev) throw new Error(`event "${id}" is not in the table`);
  return ev;
}

/** The event in play: the one its roll or card drew (an array read), else (an entry placed by hand) found by id. */
function eventIn(ctx: Ctx, entry: InPlay): BadzoneEvent {
  const ev = ctx.book.byRoll[entry.roll];
  return ev !== undefined && ev.id === entry.eventId ? ev : eventOf(ctx, entry.eventId);
}

/** Whether the GM's instruction still applies after the tool's own outcomes (Grid Overload that removed Pitch Black). */
function gmText(ev: BadzoneEvent, outcomes: Outcome[]): string {
  for (const o of outcomes) if (o.kind === 'visibility' && o.text.startsWith('Not Pitch Black')) return '';
  for (const o of outcomes)
    if (o.kind === 'visibility' && o.changed && ev.resolve.onDraw.some((s) => s.kind === 'visibilityClearPitchBlack'))
      return '';
  return ev.gm;
}

/** Draw one event: a D64 roll, or the top card of the deck (reshuffling the discard pile when it is empty). */
function drawOne(ctx: Ctx, report: { reshuffled: boolean }): number | null {
  const { s, dice } = ctx;
  if (!s.deck) return dice.roll(64, 'Event Phase: event table');
  if (s.deck.drawPile.length === 0) {
    if (s.deck.discardPile.length === 0) return null;
    const n = s.deck.discardPile.length;
    s.deck.drawPile = dice.shuffle(s.deck.discardPile);
    s.deck.discardPile = [];
    report.reshuffled = true;
    if (ctx.loud) ctx.notes.push(`The deck ran out: the discard pile (${n} cards) was shuffled into a new deck.`);
  }
  const card = dice.card(s.deck.drawPile, 'Event Phase: card drawn');
  const at = s.deck.drawPile.indexOf(card);
  s.deck.drawPile.splice(at, 1);
  return card;
}

function toDiscard(ctx: Ctx, card: number): void {
  if (ctx.s.deck) ctx.s.deck.discardPile.push(card);
}

/** What eventPhase needs to know about a table's make-up, computed once per table (a replay calls it once a round). */
const shapes = new WeakMap<readonly BadzoneEvent[], { persistentIds: string[]; onlyPersistent: boolean }>();
function shapeOf(book: Ctx['book']): { persistentIds: string[]; onlyPersistent: boolean } {
  const results = book.events.results;
  let shape = shapes.get(results);
  if (!shape) {
    shape = {
      persistentIds: results.filter((e) => e.timing === 'persistent').map((e) => e.id),
      onlyPersistent: results.every((e) => e.timing === 'persistent'),
    };
    shapes.set(results, shape);
  }
  return shape;
}

/** Quiet mode collects no outcomes (runStep returns null), so every quiet resolution shares this empty list. */
const NO_OUTCOMES: Outcome[] = [];
/** Nor does it list draws, resolutions, triggers or checks: its reports share these (frozen: a push would throw). */
const NO_DRAWS = Object.freeze([]) as unknown as Draw[];
const NO_RESOLVED = Object.freeze([]) as unknown as Resolved[];
const NO_TRIGGERS = Object.freeze([]) as unknown as Trigger[];
const NO_CHECKS = Object.freeze([]) as unknown as Check[];
const NO_OBJECTS = Object.freeze([]) as unknown as BattlefieldObject[];

function inPlayHas(inPlay: readonly InPlay[], id: string): boolean {
  for (let i = 0; i < inPlay.length; i++) if (inPlay[i]!.eventId === id) return true;
  return false;
}

/**
 * Generate a new event, then resolve every event in play, oldest first. Quiet, the report lists no draws or
 * resolutions. (Simulate plays the same rules on flat data: ./simulation-kernel.ts.)
 */
export function eventPhase(ctx: Ctx): EventPhaseReport {
  const { s, book, loud } = ctx;
  const report: EventPhaseReport = {
    round: s.round,
    draws: loud ? [] : NO_DRAWS,
    reshuffled: false,
    noNewEvent: null,
    resolved: loud ? [] : NO_RESOLVED,
  };
  let newOnce: Resolved | null = null;
  let newPersistent: { entry: InPlay; outcomes: Outcome[]; rolls: Roll[] } | null = null;
  const { persistentIds, onlyPersistent } = shapeOf(book);

  for (let n = 0; ; n++) {
    if (onlyPersistent && persistentIds.every((id) => inPlayHas(s.inPlay, id))) {
      report.noNewEvent = 'every event of the table is already in play';
      break;
    }
    if (n >= MAX_DRAWS) {
      report.noNewEvent = `${MAX_DRAWS} draws were all duplicates of events in play`;
      break;
    }
    const roll = drawOne(ctx, report);
    if (roll === null) {
      report.noNewEvent = 'the deck and the discard pile are empty';
      break;
    }
    const ev = book.byRoll[roll]!;
    if (ev.timing === 'once') {
      if (loud) report.draws.push({ roll, eventId: ev.id, outcome: 'once' });
      const outcomes: Outcome[] = loud ? [] : NO_OUTCOMES;
      const at = mark(ctx);
      runSteps(ctx, ev, ev.resolve.onDraw, null, outcomes);
      if (ev.resolve.endPhase.length > 0) s.pendingEnd.push(ev.id);
      toDiscard(ctx, roll);
      if (loud) {
        ctx.notes.push(`Drew ${ev.name} (${roll}): Once`);
        for (const o of outcomes) ctx.notes.push(`${ev.name}: ${o.text}`);
        newOnce = {
          eventId: ev.id,
          name: ev.name,
          source: 'new',
          timing: 'once',
          discardOn: null,
          rolls: rollsSince(ctx, at),
          outcomes,
          text: gmText(ev, outcomes),
        };
      }
      break;
    }
    if (inPlayHas(s.inPlay, ev.id)) {
      toDiscard(ctx, roll);
      if (loud) {
        report.draws.push({ roll, eventId: ev.id, outcome: 'duplicate' });
        ctx.notes.push(`Drew ${ev.name} (${roll}): already in play, discarded; drawing again`);
      }
      continue;
    }
    if (loud) report.draws.push({ roll, eventId: ev.id, outcome: 'placed' });
    const entry: InPlay = { eventId: ev.id, sinceRound: s.round, roll };
    s.inPlay.push(entry);
    const at = mark(ctx);
    const outcomes: Outcome[] = loud ? [] : NO_OUTCOMES;
    runSteps(ctx, ev, ev.resolve.onDraw, entry, outcomes);
    if (loud) {
      newPersistent = { entry, outcomes, rolls: rollsSince(ctx, at) };
      ctx.notes.push(`Drew ${ev.name} (${roll}): Persistent, placed in play`);
      for (const o of outcomes) ctx.notes.push(`${ev.name}: ${o.text}`);
    }
    break;
  }
  if (newOnce) report.resolved.push(newOnce);

  // Resolve events in play, oldest first; the new one is last because it was placed last. (No step adds to or takes
  // from the list: only the End Phase and `discard` do.)
  const inPlay = s.inPlay;
  for (let i = 0, n = inPlay.length; i < n; i++) {
    const entry = inPlay[i]!;
    const ev = eventIn(ctx, entry);
    if (!loud) {
      runSteps(ctx, ev, ev.resolve.eachEventPhase, entry, NO_OUTCOMES);
      continue;
    }
    const isNew = newPersistent !== null && entry === newPersistent.entry;
    const at = mark(ctx);
    const outcomes: Outcome[] = isNew ? [...newPersistent!.outcomes] : [];
    runSteps(ctx, ev, ev.resolve.eachEventPhase, entry, outcomes);
    const rolls = isNew ? [...newPersistent!.rolls, ...rollsSince(ctx, at)] : rollsSince(ctx, at);
    report.resolved.push({
      eventId: ev.id,
      name: ev.name,
      source: isNew ? 'new' : 'in-play',
      timing: 'persistent',
      discardOn: ev.discardOn,
      rolls,
      outcomes,
      text: !isNew && ev.gmInPlay !== undefined ? ev.gmInPlay : gmText(ev, outcomes),
    });
    const own = isNew ? outcomes.slice(newPersistent!.outcomes.length) : outcomes;
    for (const o of own) ctx.notes.push(`${ev.name}: ${o.text}`);
  }
  return report;
}

/** One End-Phase trigger: a Once event drawn this round (entry null) or an event in play that acts each End Phase. */
function trigger(ctx: Ctx, report: EndPhaseReport, ev: BadzoneEvent, entry: InPlay | null): void {
  if (!ctx.loud) {
    runSteps(ctx, ev, ev.resolve.endPhase, entry, NO_OUTCOMES);
    return;
  }
  const at = mark(ctx);
  const outcomes: Outcome[] = [];
  runSteps(ctx, ev, ev.resolve.endPhase, entry, outcomes);
  report.triggers.push({ eventId: ev.id, name: ev.name, rolls: rollsSince(ctx, at), outcomes });
  for (const o of outcomes) ctx.notes.push(`End Phase, ${ev.name}: ${o.text}`);
}

/** The End Phase: End-Phase triggers first, then one D6 per event with a discard threshold, in play order. */
export function endPhase(ctx: Ctx): EndPhaseReport {
  const { s, loud } = ctx;
  const report: EndPhaseReport = { round: s.round, triggers: loud ? [] : NO_TRIGGERS, checks: loud ? [] : NO_CHECKS };
  // The Once events drawn this round that act now, then the events in play that act each End Phase, in play order.
  // (No End-Phase step adds to or takes from either list.)
  const pending = s.pendingEnd;
  if (pending.length > 0) s.pendingEnd = [];
  for (const id of pending) trigger(ctx, report, eventOf(ctx, id), null);
  const inPlay = s.inPlay;
  for (let i = 0; i < inPlay.length; i++) {
    const entry = inPlay[i]!;
    const ev = eventIn(ctx, entry);
    if (ev.resolve.endPhase.length > 0) trigger(ctx, report, ev, entry);
  }
  // The discard checks, in play order; what stays in play keeps its order (the list is the step's own copy).
  let kept = 0;
  for (let i = 0; i < inPlay.length; i++) {
    const entry = inPlay[i]!;
    const ev = eventIn(ctx, entry);
    const x = ev.discardOn;
    if (x === null) {
      inPlay[kept++] = entry;
      continue;
    }
    const roll = ctx.dice.roll(6, loud ? `End Phase: ${ev.name} discard check (${x}+)` : '');
    const discarded = roll >= x;
    const stays = discarded ? leavePlay(s, ctx.book, entry) : NO_OBJECTS;
    if (!discarded) inPlay[kept++] = entry;
    if (loud) {
      const check: Check = { eventId: ev.id, name: ev.name, roll, discardOn: x, discarded };
      if (stays.length) check.stays = stays;
      report.checks.push(check);
      const left = stays.length ? `; ${stays.map(objectText).join('; ')}` : '';
      ctx.notes.push(
        `End Phase: ${ev.name} discard check ${roll} (needs ${x}+): ${discarded ? 'discarded' : 'stays in play'}${left}`,
      );
    }
  }
  if (kept < inPlay.length) inPlay.length = kept;
  return report;
}

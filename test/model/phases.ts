// An independent model of the Badzone phase mechanics, written from the rules text (../shared/seeds/000_*.txt,
// EVENTS-CHECKLIST.md) and docs/rulings.md, for the property tests to run side by side with the engine.
// It imports nothing from src/: a table is plain data (each event's D64 range, timing, discard threshold and
// visibility effect), and the dice come from a plain function.
//
// What it models:
// - Event Phase: roll the D64 (or draw the top card). Once: resolve and discard. Persistent: place in play; a
//   duplicate of one in play is discarded and the table rolled again (every roll recorded). A table whose every
//   event is Persistent and in play draws nothing; after 256 draws that were all duplicates, nothing is drawn.
//   Then every event in play resolves, oldest first (the order drawn), the new one last.
// - End Phase: one D6 per event in play with a "Discarded on X+" threshold, in play order; X or more discards.
// - Deck mode: 64 cards; a card stands for its D64 number; Once cards, duplicates and discarded events go to the
//   discard pile; an empty draw pile takes the discard pile shuffled (Fisher-Yates from the last card down, each
//   swap partner a die of the cards left: the standard Durstenfeld shuffle, always badzone's own dice), never the
//   cards in play; with both piles empty nothing is drawn.
// - Visibility: the most recent change applies and lasts until changed again (set, roll on the visibility table,
//   or Pitch Black removed back to the normal level).
// - Entered dice (a GM's physical dice): used first, in order, for every die and card drawn (never a shuffle);
//   a placeholder (null) stands for a die badzone rolls; one that does not fit (not a whole number from 1 to the
//   die's sides, or a card not in the draw pile) refuses the whole step, as do dice left over (trailing
//   placeholders ask for nothing); a refused step changes nothing. A die typed for one purpose is never used for
//   another: a round's dice go to its Event Phase, and the open End Phase of the round before takes its own list
//   (endDice); dice for a new round while that End Phase still needs rolls, with no endDice, are refused, as are
//   endDice with no End Phase open.

export type Timing = 'once' | 'persistent';

export type VisibilityEffect = { set: string } | { roll: true } | { clearPitchBlack: true };

export interface ModelEvent {
  id: string;
  name: string;
  range: [number, number];
  timing: Timing;
  discardOn: number | null;
  /** What the event does to visibility when drawn (and, for persistent ones, in every Event Phase). */
  onDraw: VisibilityEffect[];
  eachEventPhase: VisibilityEffect[];
}

export interface ModelVisibility {
  /** The visibility table's die: how many dice of how many sides, summed. */
  dice: { count: number; sides: number };
  normal: string;
  pitchBlack: string[];
  /** Level by total rolled. */
  byRoll: Record<number, string>;
}

export interface ModelTable {
  events: ModelEvent[];
  visibility: ModelVisibility;
}

export interface ModelInPlay {
  eventId: string;
  sinceRound: number;
  roll: number;
}

export interface ModelState {
  round: number;
  phase: 'setup' | 'round' | 'end';
  inPlay: ModelInPlay[];
  deck: { drawPile: number[]; discardPile: number[] } | null;
  visibility: { level: string; sinceRound: number; source: string };
}

/** What a die was for, in the model's own words. */
export type ModelPurpose =
  | { kind: 'draw' }
  | { kind: 'check'; eventId: string }
  | { kind: 'visibility'; eventId: string }
  | { kind: 'shuffle' };

export interface ModelRoll {
  die: number;
  value: number;
  purpose: ModelPurpose;
  entered: boolean;
  card: boolean;
}

export type Entered = number | null;

export type ModelAction =
  | { type: 'round'; dice?: Entered[]; endDice?: Entered[] }
  | { type: 'end'; dice?: Entered[] }
  | { type: 'discard'; eventId: string }
  | { type: 'place'; eventId: string }
  | { type: 'visibility'; level: string };

export interface ModelDraw {
  roll: number;
  eventId: string;
  outcome: 'once' | 'placed' | 'duplicate';
}

export type NoNewEvent = 'all-in-play' | 'draw-bound' | 'deck-empty';

export interface ModelResult {
  ok: true;
  state: ModelState;
  /** Dice in order (shuffles included, so the dice sources stay aligned; the engine does not log those). */
  rolls: ModelRoll[];
  draws: ModelDraw[];
  noNewEvent: NoNewEvent | null;
  reshuffled: boolean;
  /** End Phase discard checks, in order. */
  checks: { eventId: string; roll: number; discarded: boolean }[];
  /** Events resolved in the Event Phase, in order (the new Once event first, then the events in play). */
  resolved: string[];
  /** Each visibility effect applied, and whether it changed the level. */
  visibility: { eventId: string; effect: 'set' | 'roll' | 'clearPitchBlack'; from: string; to: string }[];
  /** A GM's place in deck mode: where the event's card came from. */
  placedFrom?: 'draw' | 'discard' | 'none';
}

export type ModelStep = ModelResult | { ok: false; refused: string };

export const DRAW_BOUND = 256;

class Refused {
  constructor(readonly why: string) {}
}

/** The dice of one step: entered dice first (a placeholder rolls), then the source. */
class StepDice {
  readonly rolls: ModelRoll[] = [];
  private next = 0;
  constructor(
    private readonly source: (sides: number) => number,
    private entered: readonly Entered[],
  ) {}

  /** The GM's dice from another list from here on. */
  use(entered: readonly Entered[]): void {
    this.entered = entered;
    this.next = 0;
  }

  /** The next entry: a value, null (a placeholder), or undefined (none left). */
  private take(): Entered | undefined {
    return this.next < this.entered.length ? this.entered[this.next++] : undefined;
  }

  die(sides: number, purpose: ModelPurpose): number {
    const e = this.take();
    if (typeof e === 'number') {
      if (!Number.isInteger(e) || e < 1 || e > sides)
        throw new Refused(`entered die ${this.next} (${e}) is not a D${sides} result`);
      this.rolls.push({ die: sides, value: e, purpose, entered: true, card: false });
      return e;
    }
    const v = this.source(sides);
    this.rolls.push({ die: sides, value: v, purpose, entered: false, card: false });
    return v;
  }

  card(pile: readonly number[]): number {
    const e = this.take();
    if (typeof e === 'number') {
      if (!pile.includes(e)) throw new Refused(`entered card ${e} is not in the draw pile`);
      this.rolls.push({ die: 64, value: e, purpose: { kind: 'draw' }, entered: true, card: true });
      return e;
    }
    const v = pile[0]!;
    this.rolls.push({ die: 64, value: v, purpose: { kind: 'draw' }, entered: false, card: true });
    return v;
  }

  /** Never entered: the shuffle is always the source's. */
  shuffle(cards: readonly number[]): number[] {
    const a = [...cards];
    for (let i = a.length - 1; i > 0; i--) {
      const v = this.source(i + 1);
      this.rolls.push({ die: i + 1, value: v, purpose: { kind: 'shuffle' }, entered: false, card: false });
      const j = v - 1;
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a;
  }

  /** Entries given but not used (trailing placeholders ask for nothing). */
  leftOver(): number {
    let given = this.entered.length;
    while (given > 0 && this.entered[given - 1] === null) given--;
    return Math.max(0, given - this.next);
  }
}

export function eventAt(table: ModelTable, roll: number): ModelEvent {
  const ev = table.events.find((e) => e.range[0] <= roll && roll <= e.range[1]);
  if (!ev) throw new Error(`model: no event covers ${roll}`);
  return ev;
}

/** A new game: visibility at the table's normal level; in deck mode the 64 cards shuffled with the source's dice. */
export function modelStart(table: ModelTable, deck: boolean, source: (sides: number) => number): ModelState {
  const cards = Array.from({ length: 64 }, (_, i) => i + 1);
  return {
    round: 0,
    phase: 'setup',
    inPlay: [],
    deck: deck ? { drawPile: new StepDice(source, []).shuffle(cards), discardPile: [] } : null,
    visibility: { level: table.visibility.normal, sinceRound: 0, source: 'start' },
  };
}

function applyVisibility(
  table: ModelTable,
  s: ModelState,
  ev: ModelEvent,
  fx: VisibilityEffect,
  dice: StepDice,
  out: ModelResult,
): void {
  const from = s.visibility.level;
  if ('set' in fx) s.visibility = { level: fx.set, sinceRound: s.round, source: ev.id };
  else if ('roll' in fx) {
    let total = 0;
    for (let i = 0; i < table.visibility.dice.count; i++)
      total += dice.die(table.visibility.dice.sides, { kind: 'visibility', eventId: ev.id });
    s.visibility = {
      level: table.visibility.byRoll[total] ?? table.visibility.normal,
      sinceRound: s.round,
      source: ev.id,
    };
  } else if (table.visibility.pitchBlack.includes(s.visibility.level)) {
    s.visibility = { level: table.visibility.normal, sinceRound: s.round, source: ev.id };
  }
  out.visibility.push({
    eventId: ev.id,
    effect: 'set' in fx ? 'set' : 'roll' in fx ? 'roll' : 'clearPitchBlack',
    from,
    to: s.visibility.level,
  });
}

function discardCard(s: ModelState, card: number): void {
  if (s.deck) s.deck.discardPile.push(card);
}

function endPhase(table: ModelTable, s: ModelState, dice: StepDice, out: ModelResult): void {
  const kept: ModelInPlay[] = [];
  for (const p of s.inPlay) {
    const ev = table.events.find((e) => e.id === p.eventId)!;
    if (ev.discardOn === null) {
      kept.push(p);
      continue;
    }
    const roll = dice.die(6, { kind: 'check', eventId: ev.id });
    const discarded = roll >= ev.discardOn;
    out.checks.push({ eventId: ev.id, roll, discarded });
    if (discarded) discardCard(s, p.roll);
    else kept.push(p);
  }
  s.inPlay = kept;
}

function draw(s: ModelState, dice: StepDice, out: ModelResult): number | null {
  if (!s.deck) return dice.die(64, { kind: 'draw' });
  if (s.deck.drawPile.length === 0) {
    if (s.deck.discardPile.length === 0) return null;
    s.deck.drawPile = dice.shuffle(s.deck.discardPile);
    s.deck.discardPile = [];
    out.reshuffled = true;
  }
  const card = dice.card(s.deck.drawPile);
  s.deck.drawPile.splice(s.deck.drawPile.indexOf(card), 1);
  return card;
}

function eventPhase(table: ModelTable, s: ModelState, dice: StepDice, out: ModelResult): void {
  const persistent = table.events.filter((e) => e.timing === 'persistent');
  const allPersistent = persistent.length === table.events.length;
  let placed: ModelInPlay | null = null;
  for (let n = 0; ; n++) {
    if (allPersistent && persistent.every((e) => s.inPlay.some((p) => p.eventId === e.id))) {
      out.noNewEvent = 'all-in-play';
      break;
    }
    if (n >= DRAW_BOUND) {
      out.noNewEvent = 'draw-bound';
      break;
    }
    const roll = draw(s, dice, out);
    if (roll === null) {
      out.noNewEvent = 'deck-empty';
      break;
    }
    const ev = eventAt(table, roll);
    if (ev.timing === 'once') {
      out.draws.push({ roll, eventId: ev.id, outcome: 'once' });
      out.resolved.push(ev.id);
      for (const fx of ev.onDraw) applyVisibility(table, s, ev, fx, dice, out);
      discardCard(s, roll);
      break;
    }
    if (s.inPlay.some((p) => p.eventId === ev.id)) {
      out.draws.push({ roll, eventId: ev.id, outcome: 'duplicate' });
      discardCard(s, roll);
      continue;
    }
    out.draws.push({ roll, eventId: ev.id, outcome: 'placed' });
    placed = { eventId: ev.id, sinceRound: s.round, roll };
    s.inPlay.push(placed);
    for (const fx of ev.onDraw) applyVisibility(table, s, ev, fx, dice, out);
    break;
  }
  for (const p of [...s.inPlay]) {
    const ev = table.events.find((e) => e.id === p.eventId)!;
    out.resolved.push(ev.id);
    for (const fx of ev.eachEventPhase) applyVisibility(table, s, ev, fx, dice, out);
  }
}

/** One step of the model: a new state and what happened, or a refusal (the state is then unchanged). */
export function modelStep(
  table: ModelTable,
  state: ModelState,
  action: ModelAction,
  source: (sides: number) => number,
): ModelStep {
  const s: ModelState = structuredClone(state);
  const dice = new StepDice(source, 'dice' in action && action.dice ? action.dice : []);
  const out: ModelResult = {
    ok: true,
    state: s,
    rolls: dice.rolls,
    draws: [],
    noNewEvent: null,
    reshuffled: false,
    checks: [],
    resolved: [],
    visibility: [],
  };
  try {
    switch (action.type) {
      case 'round': {
        const typed = (l: readonly Entered[] | undefined) => l?.some((d) => d !== null) === true;
        if (s.phase === 'round') {
          const endRolls = s.inPlay.filter(
            (p) => table.events.find((e) => e.id === p.eventId)!.discardOn !== null,
          ).length;
          if (action.endDice === undefined && typed(action.dice) && endRolls > 0)
            return { ok: false, refused: 'entered dice for the new round while the End Phase still needs its rolls' };
          dice.use(action.endDice ?? []);
          endPhase(table, s, dice, out);
          if (dice.leftOver() > 0)
            return { ok: false, refused: `${dice.leftOver()} entered End-Phase dice were not needed` };
          dice.use(action.dice ?? []);
        } else if (typed(action.endDice))
          return { ok: false, refused: 'entered End-Phase dice with no End Phase open' };
        s.round += 1;
        s.phase = 'round';
        eventPhase(table, s, dice, out);
        break;
      }
      case 'end':
        if (s.phase !== 'round') return { ok: false, refused: 'no End Phase to resolve' };
        endPhase(table, s, dice, out);
        s.phase = 'end';
        break;
      case 'discard': {
        const at = s.inPlay.findIndex((p) => p.eventId === action.eventId);
        if (at < 0) return { ok: false, refused: 'not in play' };
        const [gone] = s.inPlay.splice(at, 1);
        discardCard(s, gone!.roll);
        break;
      }
      case 'place': {
        const ev = table.events.find((e) => e.id === action.eventId);
        if (!ev) return { ok: false, refused: 'no such event' };
        if (ev.timing !== 'persistent') return { ok: false, refused: 'a Once event cannot be placed' };
        if (s.inPlay.some((p) => p.eventId === ev.id)) return { ok: false, refused: 'already in play' };
        let roll = ev.range[0];
        if (s.deck) {
          const own = (c: number) => ev.range[0] <= c && c <= ev.range[1];
          const d = s.deck.drawPile.findIndex(own);
          const x = s.deck.discardPile.findIndex(own);
          out.placedFrom = d >= 0 ? 'draw' : x >= 0 ? 'discard' : 'none';
          if (d >= 0) roll = s.deck.drawPile.splice(d, 1)[0]!;
          else if (x >= 0) roll = s.deck.discardPile.splice(x, 1)[0]!;
        }
        s.inPlay.push({ eventId: ev.id, sinceRound: s.round, roll });
        for (const fx of ev.onDraw) applyVisibility(table, s, ev, fx, dice, out);
        break;
      }
      case 'visibility':
        s.visibility = { level: action.level, sinceRound: s.round, source: 'gm' };
        break;
    }
  } catch (e) {
    if (e instanceof Refused) return { ok: false, refused: e.why };
    throw e;
  }
  if (dice.leftOver() > 0) return { ok: false, refused: `${dice.leftOver()} entered dice were not needed` };
  return out;
}

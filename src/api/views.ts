// Building the data that several commands show: the events in play, visibility, the Hazard, what is due in the
// End Phase, the new event's card, and the seed (or its commitment).
import { markersView } from './map.js';
import type { RuleBook } from '../rules/book.js';
import type { Hazard, HazardTable, Step } from '../rules/types.js';
import type { BattlefieldObject, LogRecord, SessionState, Setup } from '../engine/state.js';
import { structureName } from '../engine/setup.js';
import type { Orientation } from '../rules/orientation.js';
import { isScatterDirection, type RoundReport } from '../engine/index.js';
import type { BadzoneEvent } from '../rules/types.js';
import type { Outcome } from '../engine/resolve.js';
import type {
  ApplyNowItem,
  BattlefieldView,
  DueInEndPhase,
  EventPhaseView,
  GameSummary,
  HazardView,
  InPlayView,
  NewEventCard,
  SeedFields,
  StatusData,
  TableReferences,
  VisibilityView,
} from './types.js';

/** The JSON contract's version: every object the library returns carries it as `schema`. */
export const CONTRACT = 3 as const;

/** The seed as text, or null while it is hidden; the generator it rolls with; and the commitment, when the game has one. */
export function seedFields(setup: Setup): SeedFields {
  const h = setup.hiddenSeed;
  return {
    seed: h && !h.revealed ? null : String(setup.seed),
    generator: setup.generator,
    commitment: h ? h.commitment : null,
  };
}

/** The unit of an event's worth (Treasure: credits), from its table entry. */
function worthUnit(ev: BadzoneEvent | undefined): string {
  for (const st of ev ? [...ev.resolve.onDraw, ...ev.resolve.eachEventPhase, ...ev.resolve.endPhase] : []) {
    if (st.kind === 'pickTile' && st.worth) return st.worth.unit;
  }
  return 'credits';
}

/** The events in play, oldest first. */
export function inPlayView(s: SessionState, book: RuleBook): InPlayView[] {
  return s.inPlay.map((p) => {
    const ev = book.byId.get(p.eventId);
    const v: InPlayView = {
      eventId: p.eventId,
      name: ev?.name ?? p.eventId,
      sinceRound: p.sinceRound,
      discardOn: ev?.discardOn ?? null,
    };
    if (p.tile !== undefined) v.tile = p.tile;
    if (p.worth !== undefined) v.worth = { value: p.worth, unit: worthUnit(ev) };
    if (p.scatters?.length) {
      v.scattered = true;
      // By index, not destructured: a destructuring parameter goes through an iterator per scatter (a long Pillar's
      // path made 45 KB of garbage in every `status`).
      v.scatters = p.scatters.map((sc) => ({ round: sc[0], distance: sc[1], direction: sc[2] }));
    }
    const held = s.markers.find((m) => m.live && m.carriedBy && m.eventId === p.eventId && m.round === p.sinceRound);
    if (held?.carriedBy) v.carriedBy = { ...held.carriedBy };
    return v;
  });
}

/**
 * What events left on the battlefield, the conditions they gave fighters, and the tile picks. The state's records
 * are replaced, never changed in place, so the view shares them.
 */
export function battlefieldView(s: SessionState): BattlefieldView {
  return { objects: s.objects.map((o) => objectView(s, o)), conditions: s.conditions, tilePicks: s.tilePicks };
}

/**
 * What an event left, as its marker on the map now has it: carried by a fighter (the GM said so with the marker
 * step), or at the tile's center the GM moved it to. The object itself keeps the tile it was placed on.
 */
function objectView(s: SessionState, o: BattlefieldObject): BattlefieldObject {
  const m = s.markers.find((x) => x.kind === 'golden-casket' && x.eventId === o.eventId && x.round === o.sinceRound);
  if (!m) return o;
  if (m.carriedBy) return { ...o, carriedBy: { ...m.carriedBy } };
  if (m.moved) return { ...o, tile: m.moved.tile };
  return o;
}

export function visibilityView(s: SessionState, book: RuleBook): VisibilityView {
  const l = book.level.get(s.visibility.level);
  return {
    level: s.visibility.level,
    name: l?.name ?? s.visibility.level,
    rangeInches: l?.rangeInches ?? null,
    pitchBlack: l?.pitchBlack ?? false,
    rules: rulesSetBy(book, s.visibility.source, s.visibility.level) ?? l?.rules ?? '',
    sinceRound: s.visibility.sinceRound,
    source: s.visibility.source,
    houseTable: book.visibility.house,
  };
}

/** The rules an event's visibilitySet gives the level it sets (Power Outage: exactly 3"), if it gives its own. */
function rulesSetBy(book: RuleBook, source: string, level: string): string | undefined {
  const ev = book.byId.get(source);
  if (!ev) return undefined;
  const steps = [...ev.resolve.onDraw, ...ev.resolve.eachEventPhase, ...ev.resolve.endPhase];
  for (const st of steps)
    if (st.kind === 'visibilitySet' && st.level === level && st.rules !== undefined) return st.rules;
  return undefined;
}

/** A hazard of the table (or Nomadic, for a roll with none), as every output shows it. */
export function hazardOfRoll(
  roll: number,
  table: HazardTable,
  turfOwner: string | null,
  nomadicEffect?: string,
): HazardView {
  const h: Hazard | undefined = table.hazards.find((x) => x.roll === roll);
  if (!h) {
    const n = table.nomadic;
    return {
      roll,
      nomadic: true,
      id: null,
      name: n.name,
      effect: nomadicEffect ?? n.effect,
      page: n.page ?? null,
      ploy: null,
      ployAtRoundStart: false,
      turfOwner,
    };
  }
  return {
    roll: h.roll,
    nomadic: false,
    id: h.id,
    name: h.name,
    effect: h.effect,
    page: h.page ?? null,
    ploy: h.ploy,
    ployAtRoundStart: h.ploy.trigger === 'round-start',
    turfOwner,
  };
}

/** The game's Hazard; null when it has none. */
export function hazardView(s: SessionState, book: RuleBook): HazardView | null {
  if (!s.hazard) return null;
  const n = book.hazards.nomadic;
  const nomadicEffect = s.setup.turfOwner
    ? `No Hazard this game: ${s.setup.turfOwner} rolled ${n.name} (no Home Turf Hazard or Facility; Rating Limit ${n.ratingLimit} instead of ${n.standardRatingLimit}).`
    : 'No Hazard this game.';
  const h = s.hazard.id ? book.hazards.hazards.find((x) => x.id === s.hazard!.id) : undefined;
  if (!h) return { ...hazardOfRoll(0, book.hazards, s.setup.turfOwner, nomadicEffect), roll: s.hazard.roll };
  return hazardOfRoll(h.roll, book.hazards, s.setup.turfOwner);
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

/** What the End Phase of the current round will do: End-Phase effects, then the discard rolls. */
export function dueInEndPhase(s: SessionState, book: RuleBook): DueInEndPhase[] {
  if (s.phase !== 'round') return [];
  const out: DueInEndPhase[] = [];
  const due = [...s.pendingEnd.map((id) => book.byId.get(id)), ...s.inPlay.map((p) => book.byId.get(p.eventId))];
  for (const ev of due) {
    if (ev && ev.resolve.endPhase.length > 0)
      out.push({
        eventId: ev.id,
        name: ev.name,
        type: 'effect',
        what: ev.resolve.endPhase.map(endStepText).join('; '),
        discardOn: null,
      });
  }
  for (const p of s.inPlay) {
    const ev = book.byId.get(p.eventId);
    if (ev && ev.discardOn !== null)
      out.push({
        eventId: ev.id,
        name: ev.name,
        type: 'discard-check',
        what: `discard check, D6 ${ev.discardOn}+`,
        discardOn: ev.discardOn,
      });
  }
  return out;
}

/** What `status` shows (`game.status()`, `status --json`); the players' view (players-view.ts) is built on it too. */
export function statusView(file: string, s: SessionState, book: RuleBook): StatusData {
  return {
    kind: 'status',
    schema: CONTRACT,
    ...summary(file, s, book),
    tiles: s.tiles,
    tilesRemoved: s.setup.tiles.filter((t) => !s.tiles.includes(t)),
    spawnPoints: s.setup.spawnPoints,
    gangs: s.gangs,
    lairs: s.lairs,
    structures: s.structures,
    deck: s.deck ? { drawPile: s.deck.drawPile.length, discardPile: s.deck.discardPile.length } : null,
    table: book.events.name,
    dueInEndPhase: dueInEndPhase(s, book),
    logEntries: s.log.length,
    battlefield: battlefieldView(s),
    manualDice: s.manualDice,
    redoable: s.redo.length,
    references: tableReferences(s),
    // Each marker with the scatter that put it where it is; `map` gives a Pillar's whole path.
    markers: markersView(s, 1),
  };
}

/**
 * What the GM numbers on the table, and where 12 o'clock points: the spawn points, the Beast Lairs (and what each
 * became) and the large structures (standing or collapsed), each by its number.
 */
export function tableReferences(s: SessionState): TableReferences {
  const standing = s.structures === null ? null : new Set(s.structures);
  const at = s.sitesAt ?? {};
  // The tile where the GM said it stands, when they did.
  const tile = (list: string[] | undefined, i: number): { tile?: string } => (list ? { tile: list[i]! } : {});
  return {
    orientation: s.orientation,
    spawnPoints: Array.from({ length: s.setup.spawnPoints }, (_, i) => ({ number: i + 1, ...tile(at.spawnAt, i) })),
    lairs:
      s.lairs === null
        ? null
        : s.lairs.map((l, i) => ({ number: i + 1, name: l.name, becomes: l.becomes, ...tile(at.lairsAt, i) })),
    structures:
      standing === null || s.setup.structures === null
        ? null
        : Array.from({ length: s.setup.structures }, (_, i) => {
            const name = structureName(i + 1);
            return { number: i + 1, name, standing: standing.has(name), ...tile(at.structuresAt, i) };
          }),
  };
}

/** A roll for a scatter's direction (the D12 of every scatter). */
const isScatterRoll = (r: { die: number; for: string }): boolean => isScatterDirection(r.die, r.for);

/**
 * Where 12 o'clock points, when log entry `seq` made the game's first scatter (no entry before it scattered
 * anything); null otherwise. The card of that step says it once. Only when this entry scatters is the log before
 * it looked through, from the newest entry back, so it stops at the last scatter before it.
 */
export function firstScatter(log: readonly LogRecord[], seq: number, orientation: Orientation): Orientation | null {
  if (!log[seq]?.rolls.some(isScatterRoll)) return null;
  for (let i = seq - 1; i > 0; i--) if (log[i]!.rolls.some(isScatterRoll)) return null;
  return orientation;
}

export function summary(file: string, s: SessionState, book: RuleBook): GameSummary {
  return {
    session: file,
    round: s.round,
    phase: s.phase,
    mode: s.setup.mode,
    ...seedFields(s.setup),
    inPlay: inPlayView(s, book),
    visibility: visibilityView(s, book),
    hazard: hazardView(s, book),
  };
}

/**
 * Whether an event, once drawn, stays in play and is resolved again in each Event Phase: a Persistent event with
 * Event-Phase steps (Horde of Rats), or one whose whole effect is a standing rule the GM applies each Event Phase
 * (Critters Attack). Not a Once event; not one whose steps are only on the draw and in the End Phase (Headhunters
 * spawns in the End Phase; Pillar of Flame is placed, then scatters each End Phase; Treasure is placed).
 */
export function actsEachEventPhase(ev: BadzoneEvent): boolean {
  if (ev.timing !== 'persistent') return false;
  if (ev.resolve.eachEventPhase.length > 0) return true;
  return ev.resolve.onDraw.length === 0 && ev.resolve.endPhase.length === 0;
}

/** The short words of the clarifications that matter every round ("before Priority"), for the Event Phase's heading. */
export function roundNotes(book: RuleBook): string[] {
  return (book.events.clarifications ?? []).filter((c) => c.round && c.short).map((c) => c.short!);
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
    actsEachEventPhase: actsEachEventPhase(ev),
    actsInEndPhase: ev.resolve.endPhase.length > 0,
    clarifications: (book.events.clarifications ?? []).filter((c) => c.events?.includes(ev.id)).map((c) => c.text),
  };
}

/** The Event Phase with `noNewEvent` a boolean and its reason apart. */
export function eventPhaseView(r: RoundReport): EventPhaseView {
  const { noNewEvent, ...rest } = r.eventPhase;
  return { ...rest, noNewEvent: noNewEvent !== null, noNewEventReason: noNewEvent };
}

/**
 * What to apply in an Event Phase, as facts: each event in play when it ended, oldest first (from its report's
 * `resolved`, where the new event comes last), with its short text, its rolls and picks, and where its marker is;
 * then what discarded events left on the battlefield, and the conditions events gave fighters before this round.
 */
export function applyNow(
  round: number,
  resolved: readonly { eventId: string; name: string; source: 'new' | 'in-play'; outcomes: Outcome[] }[],
  inPlay: readonly InPlayView[],
  battlefield: BattlefieldView,
  book: RuleBook,
): ApplyNowItem[] {
  const out: ApplyNowItem[] = [];
  for (const r of resolved) {
    const ev = book.byId.get(r.eventId);
    if (ev?.timing !== 'persistent') continue;
    const fresh = r.source === 'new';
    const p = inPlay.find((x) => x.eventId === r.eventId);
    const item: ApplyNowItem = {
      type: 'event',
      eventId: r.eventId,
      name: r.name,
      sinceRound: p?.sinceRound ?? round,
      fresh,
      inForce: ev.standing === true,
      discardOn: ev.discardOn,
      text: ev.short ?? (fresh ? ev.gm : (ev.gmInPlay ?? ev.gm)),
      outcomes: r.outcomes,
    };
    if (p?.tile !== undefined) item.tile = p.tile;
    if (p?.scattered) item.scattered = true;
    if (p?.worth !== undefined) item.worth = p.worth;
    out.push(item);
  }
  for (const o of battlefield.objects) {
    const item: ApplyNowItem = {
      type: 'object',
      eventId: o.eventId,
      name: book.byId.get(o.eventId)?.name ?? o.eventId,
      sinceRound: o.sinceRound,
      fresh: false,
      inForce: false,
      discardOn: null,
      text: o.what,
      outcomes: [],
      tile: o.tile,
    };
    if (o.worth) item.worth = o.worth;
    out.push(item);
  }
  // Conditions given before this Event Phase, one line per event and condition (this round's picks are outcomes).
  const groups = new Map<string, ApplyNowItem>();
  for (const c of battlefield.conditions) {
    if (c.sinceRound >= round) continue;
    const key = JSON.stringify([c.eventId, c.condition]);
    let item = groups.get(key);
    if (!item) {
      item = {
        type: 'condition',
        eventId: c.eventId,
        name: book.byId.get(c.eventId)?.name ?? c.eventId,
        sinceRound: c.sinceRound,
        fresh: false,
        inForce: false,
        discardOn: null,
        text: c.condition,
        outcomes: [],
        fighters: [],
      };
      groups.set(key, item);
      out.push(item);
    }
    item.fighters!.push({ gang: c.gang, fighter: c.fighter });
  }
  return out;
}

// The reducer: (state, action) -> new state + what happened. Pure: no I/O, no clock, dice injected.
import type { RuleBook } from '../rules/book.js';
import { Rng, generatorOf, type Seed } from '../dice/rng.js';
import { closeNames, matchName } from '../rules/names.js';
import { BadEntry, Dice, NeedDie, TooManyRolls, type DiceList, type DiceSource } from './dice.js';
import { LIMITS, actionProblem, echo, growthProblem, nameProblem, tooManyRollsProblem } from '../rules/limits.js';
import { endPhase, eventPhase, type EndPhaseReport, type EventPhaseReport } from './phases.js';
import { leavePlay, moveFighter, NeedOccupied, objectText, runStep, type Ctx, type Outcome } from './resolve.js';
import { collapse, rename, type CollapseReport, type RenameReport } from './corrections.js';
import {
  countDice,
  SCHEMA_VERSION,
  type Action,
  type BattlefieldObject,
  type Condition,
  type EnteredDie,
  type Gang,
  type InPlay,
  type LogRecord,
  type RedoEntry,
  type Roll,
  type ScatterMark,
  type SessionState,
  type Setup,
  type TilePick,
  type Visibility,
} from './state.js';

export interface InPlayView {
  eventId: string;
  name: string;
  sinceRound: number;
  discardOn: number | null;
  /** The tile it was placed on (Pillar of Flame, Treasure). */
  tile?: string | null;
  worth?: number;
  /** It has scattered from that tile since: it is no longer at the tile's center. */
  scattered?: true;
  /** Each scatter since it was placed, in order: where it is now (Pillar of Flame). */
  scatters?: ScatterMark[];
}

/** What is on the battlefield because of events, beside the events in play (status, round and end results). */
export interface BattlefieldView {
  /** What events left behind when discarded (Treasure's casket with its worth). */
  objects: BattlefieldObject[];
  /** Conditions events gave fighters (Wyld Magic's Psykers). */
  conditions: Condition[];
  /** Tile picks among unoccupied tiles (Collapsed Section), with whether they are confirmed. */
  tilePicks: TilePick[];
}

export interface RoundReport {
  kind: 'round';
  round: number;
  endPhase: EndPhaseReport | null;
  eventPhase: EventPhaseReport;
  inPlay: InPlayView[];
  visibility: Visibility;
  notes: string[];
  battlefield: BattlefieldView;
}

export interface EndReport extends EndPhaseReport {
  kind: 'end';
  inPlay: InPlayView[];
  battlefield: BattlefieldView;
}

export type Report =
  | RoundReport
  | EndReport
  /** stays: what the discarded event leaves on the battlefield; removed: an object of that event taken off it instead. */
  | {
      kind: 'discard';
      eventId: string;
      name: string;
      inPlay: InPlayView[];
      stays?: BattlefieldObject[];
      removed?: BattlefieldObject;
    }
  | { kind: 'place'; eventId: string; name: string; outcomes: Outcome[]; inPlay: InPlayView[] }
  | { kind: 'visibility'; from: string; to: string }
  | { kind: 'fighter'; name: string; gang: string; from: string; to: string }
  | RenameReport
  | CollapseReport
  | { kind: 'new' };

export type Need =
  /** list: which of the action's lists the answer goes to (`endDice`: a `round`'s open End Phase). d66: a D66 (11..66). */
  | { kind: 'die'; sides: number; for: string; index: number; cards?: number[]; list?: 'endDice'; d66?: true }
  | { kind: 'occupied'; tiles: string[] };

export type StepResult =
  | { ok: true; state: SessionState; report: Report; record: LogRecord; notes: string[] }
  | { ok: false; refusal: { usage: boolean; message: string } }
  | { ok: false; needs: Need };

export interface StepOptions {
  /** The dice source; defaults to the seeded engine at the state's position. */
  source?: DiceSource;
  /** When the entered dice run out: roll them ('roll', default) or report what is needed ('ask'). */
  whenOut?: 'roll' | 'ask';
  /** Report that occupied tiles are needed instead of picking among all tiles. */
  askOccupied?: boolean;
  /** The caller owns `state.log` and never uses the old state again: append in place (replay, verify) instead of copying. */
  appendLog?: boolean;
  /**
   * Refuse a step that takes the game past a limit (../rules/limits.ts): a name that may not be stored, more dice
   * than one command may roll, a gang or a roster grown past its limit, a full log. On by default (a new step);
   * replaying a log (undo, verify, log) turns it off, so a game an older badzone wrote past a limit replays.
   */
  limits?: boolean;
}

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
    if (p.worth !== undefined) v.worth = p.worth;
    if (p.scatters?.length) {
      v.scattered = true;
      v.scatters = p.scatters; // replaced, never changed in place: shared
    }
    return v;
  });
}

/** The records are replaced, never changed in place, and a step's lists are its own, so the view shares them. */
export function battlefieldView(s: SessionState): BattlefieldView {
  return { objects: s.objects, conditions: s.conditions, tilePicks: s.tilePicks };
}

/** Copy everything but the log (which only ever grows, so it is shared and extended). */
/**
 * Copy everything a step may change in place. The log only ever grows, so it is shared and extended. Records that
 * are never changed in place, only replaced (objects, conditions, tile picks, redo entries, a marker's scatters),
 * are shared too, in new arrays: a long game's growing lists cost a step a copy of references, not a deep clone
 * (replaying 40 000 entries stays linear).
 */
function working(s: SessionState, owned = false): SessionState {
  const { log, inPlay, objects, conditions, tilePicks, redo, ...rest } = s;
  const copy = structuredClone(rest) as Omit<
    SessionState,
    'log' | 'inPlay' | 'objects' | 'conditions' | 'tilePicks' | 'redo'
  >;
  // A caller that owns the state (replay, verify) never looks at the one before: its lists grow in place.
  if (owned) return { ...copy, inPlay: inPlay.map((p) => ({ ...p })), objects, conditions, tilePicks, redo, log };
  return {
    ...copy,
    inPlay: inPlay.map((p) => ({ ...p })),
    objects: [...objects],
    conditions: [...conditions],
    tilePicks: [...tilePicks],
    redo,
    log,
  };
}

function refuse(message: string, usage = false): StepResult {
  return { ok: false, refusal: { usage, message } };
}

/** The state right after `badzone new`: tiles, rosters, lairs, structures, visibility, the hazard roll and the shuffled deck. */
export function createGame(setup: Setup, book: RuleBook, source?: DiceSource): SessionState {
  const src = source ?? new Rng({ seed: setup.seed, uses: 0 });
  const dice = new Dice(src);
  let hazard: SessionState['hazard'] = null;
  if (setup.hazard !== null) {
    const roll = setup.hazard === 'roll' ? dice.roll(10, 'Setup: Hazard Table (D10)') : setup.hazard;
    const h = book.hazards.hazards.find((x) => x.roll === roll);
    hazard = { roll, id: h ? h.id : null, nomadic: !h };
  }
  let deck: SessionState['deck'] = null;
  if (setup.mode === 'deck') {
    const cards: number[] = [];
    for (let r = 1; r <= 64; r++) cards.push(r);
    deck = { drawPile: dice.shuffle(cards), discardPile: [] };
  }
  const gangs: Gang[] = setup.gangs.map((g) => ({
    name: g.name,
    battlefield: [...g.battlefield],
    reserve: [...g.reserve],
    out: [],
  }));
  const state: SessionState = {
    schemaVersion: SCHEMA_VERSION,
    setup,
    rng: src.state(),
    round: 0,
    phase: 'setup',
    inPlay: [],
    deck,
    visibility: { level: book.visibility.normal, sinceRound: 0, source: 'start' },
    hazard,
    tiles: [...setup.tiles],
    lairs:
      setup.lairs === null
        ? null
        : Array.from({ length: setup.lairs }, (_, i) => ({ name: `Beast Lair ${i + 1}`, becomes: null })),
    structures:
      setup.structures === null ? null : Array.from({ length: setup.structures }, (_, i) => `Large structure ${i + 1}`),
    gangs,
    pendingEnd: [],
    objects: [],
    conditions: [],
    tilePicks: [],
    manualDice: false,
    redo: [],
    log: [],
  };
  state.log = [{ seq: 0, round: 0, action: { type: 'new' }, rolls: dice.rolls ?? [] }];
  return state;
}

/** What `new` did, in words (for the log). */
export function setupNotes(s: SessionState, book: RuleBook): string[] {
  const notes: string[] = [];
  if (s.hazard) {
    const h = book.hazards.hazards.find((x) => x.roll === s.hazard!.roll);
    notes.push(
      h
        ? `Hazard ${s.hazard.roll}: ${h.name}`
        : `Hazard ${s.hazard.roll}: ${book.hazards.nomadic.name}, no hazard this game`,
    );
  }
  if (s.setup.mode === 'deck') notes.push('The 64-card deck was shuffled.');
  return notes;
}

/** Apply one action. Never throws for a rules refusal or bad entered dice: those come back as values. */
export function step(state: SessionState, action: Action, book: RuleBook, opts: StepOptions = {}): StepResult {
  const limits = opts.limits !== false;
  if (limits) {
    const bad = actionProblem(action);
    if (bad) return refuse(bad, true);
  }
  const s = working(state, opts.appendLog === true);
  const source = opts.source ?? new Rng(state.rng);
  const entered = 'dice' in action && action.dice ? action.dice : [];
  const dice = new Dice(source, entered, opts.whenOut ?? 'roll', false, limits ? LIMITS.rollsPerStep : Infinity);
  const ctx: Ctx = {
    s,
    book,
    dice,
    loud: true,
    notes: [],
    occupied: action.type === 'round' ? action.occupied : undefined,
    askOccupied: opts.askOccupied ?? false,
    tally: null,
    owned: opts.appendLog === true,
  };
  const used: Partial<Record<DiceList, number>> = {};
  let report: Report;
  try {
    const r = apply(ctx, action, used, limits);
    if ('refusal' in r) return refuse(r.refusal, r.usage);
    report = r.report;
  } catch (e) {
    if (e instanceof NeedDie) {
      const need: Need = { kind: 'die', sides: e.sides, for: e.purpose, index: e.index };
      if (e.cards) need.cards = e.cards;
      if (e.list === 'endDice') need.list = 'endDice';
      if (e.d66) need.d66 = true;
      return { ok: false, needs: need };
    }
    if (e instanceof NeedOccupied) return { ok: false, needs: { kind: 'occupied', tiles: e.tiles } };
    if (e instanceof BadEntry) return refuse(e.message, true);
    if (e instanceof TooManyRolls) return refuse(tooManyRollsProblem(e.purpose));
    throw e;
  }
  const unused = unusedRefusal(dice, 'dice');
  if (unused) return unused;
  used.dice = dice.enteredUsed;
  s.rng = source.state();
  s.redo = [];
  const stored: Action = { ...action };
  // Trailing placeholders that asked for nothing are not kept: the action replays the same without them.
  if ('dice' in stored) stored.dice = trimmed(stored.dice, used.dice);
  if ('dice' in stored && stored.dice === undefined) delete stored.dice;
  // endDice given (even empty: "the End Phase gets none of these") stays, so the replay is not refused.
  if (stored.type === 'round' && stored.endDice !== undefined)
    stored.endDice = stored.endDice.slice(0, used.endDice ?? 0);
  const record: LogRecord = { seq: state.log.length, round: s.round, action: stored, rolls: dice.rolls ?? [] };
  if (limits) {
    // Checked before the log is extended, so a refused step leaves even an appendLog caller's log as it was.
    const grown = growthProblem(
      { gangs: state.gangs, logEntries: state.log.length, rngUses: state.rng.uses },
      { gangs: s.gangs, logEntries: state.log.length + 1, rngUses: s.rng.uses },
    );
    if (grown) return refuse(grown);
  }
  if (opts.appendLog) {
    state.log.push(record);
    s.log = state.log;
  } else s.log = [...state.log, record];
  return { ok: true, state: s, report, record, notes: ctx.notes };
}

/** Entered dice of a list that the step never asked for: a usage refusal, nothing saved. */
function unusedRefusal(dice: Dice, list: DiceList): StepResult | null {
  if (dice.enteredUsed >= dice.enteredGiven) return null;
  const which =
    list === 'endDice'
      ? 'End-Phase dice (--end-dice) were entered but the End Phase'
      : 'dice were entered but this step';
  return refuse(
    `${dice.enteredGiven} ${which} needed only ${dice.enteredUsed}; nothing was saved. Enter just the dice it asks for.`,
    true,
  );
}

/** The entries a list actually used (placeholders included), or undefined when none. */
function trimmed(list: EnteredDie[] | undefined, used: number): EnteredDie[] | undefined {
  if (!list || used === 0) return undefined;
  return list.slice(0, used);
}

const hasValue = (list: readonly EnteredDie[] | undefined): boolean => list?.some((d) => d !== null) === true;

/** A die of the End Phase, in words: "End Phase: Treasure discard check (2+) (D6)". */
function rollText(r: Roll): string {
  if (r.card) return `${r.for} (a card)`;
  return new RegExp(`\\bD${r.die}\\b`).test(r.for) ? r.for : `${r.for} (D${r.die})`;
}

/** The dice the open End Phase will ask for, in order (found by resolving it on a copy with every die a 1). */
export function endPhaseNeeds(ctx: Ctx): Roll[] {
  const ones: DiceSource = { die: () => 1, state: () => ({ seed: 0, uses: 0 }) };
  const probe = new Dice(ones);
  endPhase({ ...ctx, s: working(ctx.s), dice: probe, notes: [], loud: true, tally: null, owned: false });
  return probe.rolls ?? [];
}

type Applied = { report: Report } | { refusal: string; usage?: boolean };

function apply(ctx: Ctx, action: Action, used: Partial<Record<DiceList, number>>, limits: boolean): Applied {
  const { s, book } = ctx;
  switch (action.type) {
    case 'new':
      return { refusal: 'a game is started with createGame, not replayed as an action' };
    case 'round': {
      let end: EndPhaseReport | null = null;
      if (s.phase === 'round') {
        // Dice typed for the new round never go into last round's End Phase: those come with endDice.
        if (action.endDice === undefined && hasValue(action.dice)) {
          const needs = endPhaseNeeds(ctx);
          if (needs.length > 0) {
            return {
              refusal:
                `The End Phase of round ${s.round} is still open, and it needs ${needs.length === 1 ? 'this roll' : `these ${needs.length} rolls`} first: ${needs.map(rollText).join('; ')}. ` +
                `Give ${needs.length === 1 ? 'it' : 'them'} with --end-dice (\`_\` for one badzone should roll) and the new round's dice with --dice, or resolve the End Phase first with \`badzone end\`.`,
              usage: true,
            };
          }
        }
        ctx.dice.useList('endDice', action.endDice ?? []);
        end = endPhase(ctx);
        if (ctx.dice.enteredUsed < ctx.dice.enteredGiven) {
          return {
            refusal: `${ctx.dice.enteredGiven} End-Phase dice (--end-dice) were entered but the End Phase needed only ${ctx.dice.enteredUsed}; nothing was saved. Enter just the dice it asks for.`,
            usage: true,
          };
        }
        used.endDice = ctx.dice.enteredUsed;
        ctx.dice.useList('dice', action.dice ?? []);
        ctx.notes.unshift(`End Phase of round ${s.round} resolved before the new round`);
      } else if (hasValue(action.endDice)) {
        const why =
          s.phase === 'setup'
            ? 'no round has been played yet'
            : `the End Phase of round ${s.round} is already resolved`;
        return {
          refusal: `There is no open End Phase for --end-dice (${why}); give the new round's dice with --dice.`,
          usage: true,
        };
      }
      s.round += 1;
      s.phase = 'round';
      ctx.notes.push(`Round ${s.round}: Event Phase`);
      const ep = eventPhase(ctx);
      if (ep.noNewEvent) ctx.notes.push(`No new event: ${ep.noNewEvent}`);
      return {
        report: {
          kind: 'round',
          round: s.round,
          endPhase: end,
          eventPhase: ep,
          inPlay: inPlayView(s, book),
          visibility: s.visibility,
          notes: ctx.notes,
          battlefield: battlefieldView(s),
        },
      };
    }
    case 'end': {
      if (s.phase === 'setup')
        return {
          refusal:
            'No round has been played yet, so there is no End Phase to resolve. Run `badzone round` to start round 1.',
        };
      if (s.phase === 'end')
        return {
          refusal: `The End Phase of round ${s.round} is already resolved. Run \`badzone round\` to start round ${s.round + 1}.`,
        };
      const end = endPhase(ctx);
      s.phase = 'end';
      return { report: { kind: 'end', ...end, inPlay: inPlayView(s, book), battlefield: battlefieldView(s) } };
    }
    case 'discard': {
      const at = s.inPlay.findIndex((p) => p.eventId === action.eventId);
      const ev = book.byId.get(action.eventId);
      const name = ev?.name ?? action.eventId;
      if (at < 0) {
        // Not in play, but something it left is on the battlefield: that leaves the table instead.
        const o = s.objects.findIndex((x) => x.eventId === action.eventId);
        if (o < 0) return { refusal: `${name} is not in play. \`badzone status\` lists the events in play.` };
        const [removed] = s.objects.splice(o, 1);
        ctx.notes.push(`GM took ${name}'s ${removed!.what} off the battlefield`);
        return {
          report: { kind: 'discard', eventId: action.eventId, name, inPlay: inPlayView(s, book), removed: removed! },
        };
      }
      const [gone] = s.inPlay.splice(at, 1);
      const stays = leavePlay(s, book, gone!);
      ctx.notes.push(`GM discarded ${name}${stays.length ? `; ${stays.map(objectText).join('; ')}` : ''}`);
      const report: Report = { kind: 'discard', eventId: action.eventId, name, inPlay: inPlayView(s, book) };
      if (stays.length) report.stays = stays;
      return { report };
    }
    case 'rename': {
      const badName = limits ? nameProblem(action.to, 'the new name') : null;
      if (badName) return { refusal: `${badName[0]!.toUpperCase()}${badName.slice(1)}.`, usage: true };
      return rename(ctx, action);
    }
    case 'collapse':
      return collapse(ctx, action);
    case 'place': {
      const ev = book.byId.get(action.eventId);
      if (!ev)
        return {
          refusal: `There is no event "${echo(action.eventId)}" in this game's table. \`badzone events list\` shows them.`,
          usage: true,
        };
      if (ev.timing !== 'persistent')
        return { refusal: `${ev.name} is a Once event: it never stays in play, so it cannot be placed.` };
      if (s.inPlay.some((p) => p.eventId === ev.id)) return { refusal: `${ev.name} is already in play.` };
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
      return { report: { kind: 'place', eventId: ev.id, name: ev.name, outcomes, inPlay: inPlayView(s, book) } };
    }
    case 'visibility': {
      if (!book.level.has(action.level)) {
        return {
          refusal: `There is no visibility level "${echo(action.level)}". Levels: ${[...book.level.keys()].join(', ')}.`,
          usage: true,
        };
      }
      const from = s.visibility.level;
      s.visibility = { level: action.level, sinceRound: s.round, source: 'gm' };
      ctx.notes.push(`GM set visibility to ${book.level.get(action.level)!.name}`);
      return { report: { kind: 'visibility', from, to: action.level } };
    }
    case 'fighter': {
      // Names are matched exactly, else ignoring case; a typo of an existing gang is refused, not made a new gang.
      let gang: Gang | undefined;
      if (action.gang !== undefined) {
        const name = matchName(
          action.gang,
          s.gangs.map((g) => g.name),
        );
        gang = s.gangs.find((g) => g.name === name);
        if (!gang) {
          const near = closeNames(
            action.gang,
            s.gangs.map((g) => g.name),
          );
          if (near.length)
            return {
              refusal: `No gang is called ${echo(action.gang)}. Did you mean ${near.join(' or ')}?`,
              usage: true,
            };
        }
      }
      // A --gang that names no gang yet (a new one) holds no one: a fighter of another gang is refused below, not moved.
      const holders = (action.gang === undefined ? s.gangs : gang ? [gang] : [])
        .map((g) => ({ g, name: matchName(action.name, [...g.battlefield, ...g.reserve, ...g.out]) }))
        .filter((x): x is { g: Gang; name: string } => x.name !== undefined);
      if (holders.length > 1) {
        return {
          refusal: `${holders.length} gangs have a fighter called ${echo(action.name)}: say which with --gang (${holders.map((h) => h.g.name).join(', ')}).`,
          usage: true,
        };
      }
      const found = holders[0];
      if (found) {
        const { g, name } = found;
        const from = g.battlefield.includes(name) ? 'battlefield' : g.reserve.includes(name) ? 'reserve' : 'out';
        if (from === action.to)
          return {
            refusal: `${name} (${g.name}) is already ${{ battlefield: 'on the battlefield', reserve: 'in reserve', out: 'out of the game' }[action.to]}; nothing changed.`,
          };
        moveFighter(s, g.name, name, action.to);
        ctx.notes.push(`GM moved ${name} (${g.name}) from ${from} to ${action.to}`);
        return { report: { kind: 'fighter', name, gang: g.name, from, to: action.to } };
      }
      const everyone = s.gangs.flatMap((g) => [...g.battlefield, ...g.reserve, ...g.out]);
      if (action.gang === undefined) {
        const near = closeNames(action.name, everyone);
        return {
          refusal: `No gang has a fighter called ${echo(action.name)}.${near.length ? ` Did you mean ${near.join(' or ')}?` : ''} To add a fighter, say which gang with --gang.`,
          usage: true,
        };
      }
      const elsewhere = s.gangs.find(
        (g) => matchName(action.name, [...g.battlefield, ...g.reserve, ...g.out]) !== undefined,
      );
      if (elsewhere)
        return {
          refusal: `${echo(action.name)} is a fighter of ${elsewhere.name}, not ${echo(action.gang)}. To move them, leave out --gang (or say --gang ${elsewhere.name}).`,
          usage: true,
        };
      // A new fighter (and maybe a new gang): names that are stored are checked here, whoever calls the engine.
      const badName = limits
        ? (nameProblem(action.name, "the fighter's name") ?? (gang ? null : nameProblem(action.gang, 'the gang name')))
        : null;
      if (badName) return { refusal: `${badName[0]!.toUpperCase()}${badName.slice(1)}.`, usage: true };
      if (!gang) {
        gang = { name: action.gang, battlefield: [], reserve: [], out: [] };
        s.gangs.push(gang);
      }
      gang[action.to].push(action.name);
      ctx.notes.push(`GM added ${action.name} to ${gang.name} (${action.to})`);
      return {
        report: {
          kind: 'fighter',
          name: action.name,
          gang: gang.name,
          from: 'nowhere (new to the roster)',
          to: action.to,
        },
      };
    }
  }
}

/** Rebuild a game from its setup and the actions in its log. Throws if a logged action no longer applies. */
export function replay(setup: Setup, actions: Action[], book: RuleBook): SessionState {
  // One engine carried through the replay: a fresh Rng per step re-discards the whole stream (quadratic in the log).
  const rng = new Rng({ seed: setup.seed, uses: 0 });
  let s = createGame(setup, book, rng);
  for (const action of actions) {
    const r = step(s, action, book, { source: rng, appendLog: true, limits: false });
    if (!r.ok) {
      const why = 'refusal' in r ? r.refusal.message : `needs ${r.needs.kind}`;
      throw new ReplayError(`log entry ${s.log.length} (${action.type}) no longer applies: ${why}`, s.log.length);
    }
    s = r.state;
  }
  return s;
}

export class ReplayError extends Error {
  constructor(
    message: string,
    readonly seq: number,
  ) {
    super(message);
  }
}

/**
 * What each log entry did, in words, by replaying the log from the seed (index-aligned with `state.log`).
 * Entries that no longer replay (a tampered file: `verify` says which) get no words.
 */
export function logNotes(state: SessionState, book: RuleBook): string[][] {
  const rng = new Rng({ seed: state.setup.seed, uses: 0 });
  let s = createGame(state.setup, book, rng);
  const out: string[][] = [setupNotes(s, book)];
  for (let i = 1; i < state.log.length; i++) {
    const r = step(s, state.log[i]!.action, book, { source: rng, appendLog: true, limits: false });
    if (!r.ok) break;
    out.push(r.notes);
    s = r.state;
  }
  while (out.length < state.log.length) out.push([]);
  return out;
}

/**
 * The state before the last action that changed the game (the log minus its last entry, replayed). What was
 * undone goes on the redo list (kept in the session), and the dice preference stays as it was.
 */
export function undo(state: SessionState, book: RuleBook): { state: SessionState; undone: LogRecord } | null {
  if (state.log.length <= 1) return null;
  const actions = state.log.slice(1, -1).map((r) => r.action);
  const undone = state.log[state.log.length - 1]!;
  const s = replay(state.setup, actions, book);
  s.manualDice = state.manualDice;
  s.redo = [...state.redo, redoEntry(undone, state.rng.uses)];
  return { state: s, undone };
}

/** What the redo list keeps of an undone log entry; `usesAfter` is the dice position after it. */
export function redoEntry(r: LogRecord, usesAfter: number): RedoEntry {
  return { seq: r.seq, round: r.round, action: r.action, rolls: r.rolls.length, uses: usesAfter };
}

/** Whether two rolls are the same die with the same result for the same purpose, entered or not alike. */
function sameRoll(a: Roll | undefined, b: Roll | undefined): boolean {
  return (
    !!a &&
    !!b &&
    a.value === b.value &&
    a.die === b.die &&
    a.for === b.for &&
    a.entered === b.entered &&
    a.card === b.card &&
    a.d66 === b.d66
  );
}

export type RedoResult =
  | Extract<StepResult, { ok: true }>
  | { ok: false; refusal: { usage: boolean; message: string } }
  | null;

/**
 * Re-apply the step undone last (since the last new step), with the same action, entered dice and occupied tiles:
 * the dice position is where it was, so it rolls the same dice, which is checked. Null when there is nothing to redo.
 */
export function redo(state: SessionState, book: RuleBook): RedoResult {
  const top = state.redo[state.redo.length - 1];
  if (!top) return null;
  const r = step(state, top.action, book);
  if (!r.ok) {
    const why =
      'refusal' in r ? r.refusal.message : `it needs ${r.needs.kind === 'die' ? 'a die' : 'the occupied tiles'}`;
    return {
      ok: false,
      refusal: { usage: false, message: `Cannot redo log entry ${top.seq} (${top.action.type}): ${why}` },
    };
  }
  if (r.record.rolls.length !== top.rolls || r.state.rng.uses !== top.uses) {
    return {
      ok: false,
      refusal: {
        usage: false,
        message: `Cannot redo log entry ${top.seq} (${top.action.type}): its dice would not be the same as before. Nothing was changed.`,
      },
    };
  }
  r.state.redo = state.redo.slice(0, -1);
  return r;
}

/** "Enter my own dice from now on" (or not): a preference kept in the session, not a step of the game. */
export function setManualDice(state: SessionState, manual: boolean): SessionState {
  return { ...state, manualDice: manual };
}

export interface VerifyResult {
  ok: boolean;
  /** Log entries checked. */
  entries: number;
  /** Dice in the log: `fromSeed` + `entered`. */
  rolls: number;
  /** Dice badzone rolled (or drew) from the seed. */
  fromSeed: number;
  /** Dice entered by hand (`entered: true` in the log): they follow from no seed, only from what the GM typed. */
  entered: number;
  /** The first thing that does not follow, in words. */
  problem: string | null;
  /** Seq of the first log entry that does not follow, when the problem is in the log. */
  seq: number | null;
}

/** Replay the log from the seed and setup, and say whether every roll and the current state follow. */
export function verify(state: SessionState, book: RuleBook): VerifyResult {
  const { rolls, entered } = countDice(state.log);
  const base = { entries: state.log.length, rolls, fromSeed: rolls - entered, entered };
  const fail = (problem: string, seq: number | null): VerifyResult => ({ ok: false, ...base, problem, seq });
  const rng = new Rng({ seed: state.setup.seed, uses: 0 });
  let s = createGame(state.setup, book, rng);
  const first = state.log[0];
  const check = (stored: LogRecord | undefined, made: LogRecord): VerifyResult | null => {
    if (!stored) return fail(`log entry ${made.seq} is missing`, made.seq);
    const n = Math.max(stored.rolls.length, made.rolls.length);
    for (let i = 0; i < n; i++) {
      const a = stored.rolls[i];
      const b = made.rolls[i];
      if (!sameRoll(a, b)) {
        const at = `log entry ${made.seq} (${made.action.type}, round ${made.round}), roll ${i + 1}`;
        // Marked entered (or rolled) against the log's own action: the value may even be the same.
        if (a && b && a.entered !== b.entered && a.value === b.value && a.die === b.die && a.for === b.for) {
          return fail(
            a.entered
              ? `${at}: the file marks ${b.for} (${a.value}) as entered by hand, but the command entered no die for it: the seed gives it`
              : `${at}: the file marks ${b.for} (${a.value}) as rolled, but the command entered it by hand`,
            made.seq,
          );
        }
        const what = b
          ? `${b.for}: ${b.entered ? 'the command entered' : 'the seed gives'} ${b.value}`
          : 'no such roll follows from the seed';
        const was = a
          ? `the file has ${a.value}${a.for !== b?.for ? ` for "${a.for}"` : ''}${a.entered !== b?.entered ? (a.entered ? ', entered by hand' : ', rolled') : ''}`
          : 'the file is missing it';
        return fail(`${at}: ${what}, but ${was}`, made.seq);
      }
    }
    if (stored.round !== made.round) {
      return fail(
        `log entry ${made.seq} (${made.action.type}): round ${stored.round} in the file, but the log gives round ${made.round}`,
        made.seq,
      );
    }
    return null;
  };
  const c0 = check(first, s.log[0]!);
  if (c0) return c0;
  for (let i = 1; i < state.log.length; i++) {
    const stored = state.log[i]!;
    const r = step(s, stored.action, book, { source: rng, appendLog: true, limits: false });
    if (!r.ok)
      return fail(
        `log entry ${i} (${stored.action.type}) does not apply: ${'refusal' in r ? r.refusal.message : 'it needs input'}`,
        i,
      );
    const c = check(stored, r.record);
    if (c) return c;
    s = r.state;
  }
  const fields = [
    'rng',
    'round',
    'phase',
    'inPlay',
    'deck',
    'visibility',
    'hazard',
    'tiles',
    'lairs',
    'structures',
    'gangs',
    'pendingEnd',
    'objects',
    'conditions',
    'tilePicks',
  ] as const;
  for (const f of fields) {
    if (JSON.stringify(state[f]) !== JSON.stringify(s[f])) {
      const d = firstDifference(state[f], s[f], '');
      const at = d.path === '' ? '' : `${d.path} = `;
      return fail(
        `${f} in the file (${at}${short(d.file)}) does not follow from the log (replay gives ${at}${short(d.replay)})`,
        null,
      );
    }
  }
  return { ok: true, ...base, problem: null, seq: null };
}

/** Where two JSON values first differ: the path inside them ("[1].eventId") and each side's value there. */
function firstDifference(
  file: unknown,
  replay: unknown,
  path: string,
): { path: string; file: unknown; replay: unknown } {
  if (Array.isArray(file) && Array.isArray(replay)) {
    for (let i = 0; i < Math.max(file.length, replay.length); i++) {
      if (JSON.stringify(file[i]) !== JSON.stringify(replay[i]))
        return firstDifference(file[i], replay[i], `${path}[${i}]`);
    }
  } else if (
    file &&
    replay &&
    typeof file === 'object' &&
    typeof replay === 'object' &&
    !Array.isArray(file) &&
    !Array.isArray(replay)
  ) {
    const a = file as Record<string, unknown>;
    const b = replay as Record<string, unknown>;
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) return firstDifference(a[k], b[k], `${path}.${k}`);
    }
  }
  return { path, file, replay };
}

function short(v: unknown): string {
  if (v === undefined) return 'nothing';
  const t = JSON.stringify(v) ?? 'undefined';
  return t.length > 120 ? `${t.slice(0, 117)}...` : t;
}

/** Setup for a game with the same defaults as `badzone new`. */
export function defaultSetup(seed: Seed, over: Partial<Setup> = {}): Setup {
  const s = over.seed ?? seed;
  return {
    seed: s,
    generator: generatorOf(s),
    mode: 'dice',
    tiles: ['A1', 'A2', 'B1', 'B2'],
    spawnPoints: 4,
    gangs: [],
    turfOwner: null,
    lairs: null,
    structures: null,
    hazard: null,
    table: null,
    visibilityTable: null,
    ...over,
  };
}

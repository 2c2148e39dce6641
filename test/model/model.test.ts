// The engine side by side with an independent model of the phase mechanics (./phases.ts, which imports nothing
// from src/). Generated games on generated tables (mixed, all-Persistent, all-Once, "sticky" tables that reach
// the 256-draw bound, one event per result, the shipped table's mechanics), in dice and deck mode, from fresh and
// drained decks, with GM overrides and with dice entered by hand, some of them invalid. After every step both
// must agree on: refused or not; the round and phase; what is in play (event, round placed, card); the draw and
// discard piles card by card; visibility; every die used, what it was for, whether it was entered or a card;
// the dice position; the draws, the discard checks and the order events resolved in.
// Counters show that every rare path is reached in every run, and are asserted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createGame,
  defaultSetup,
  step,
  type Action,
  type DiceSource,
  type Report,
  type Roll,
  type SessionState,
  type Setup,
  type StepResult,
} from '../../src/engine/index.js';
import { compileBook, type RuleBook } from '../../src/rules/book.js';
import { crossCheck, validateEventTable, validateVisibilityTable } from '../../src/rules/validate.js';
import { shippedBook } from '../../src/store/tables.js';
import {
  DRAW_BOUND,
  modelStart,
  modelStep,
  type ModelAction,
  type ModelPurpose,
  type ModelResult,
  type ModelState,
  type ModelTable,
  type NoNewEvent,
} from './phases.js';
import { modelTable, shippedSpec, tableJson, tableSpecArb, type TableSpec } from './tables.js';
import { setupArb } from '../engine/arbitraries.js';
import { MUTATION_STRIDE } from '../helpers.js';

// ---------------------------------------------------------------- dice

/** A counter-based dice stream: die k of a seed is always the same, so a source can start at any position. */
function hash(seed: number, k: number): number {
  let t = (seed + Math.imul(k + 1, 0x9e3779b9)) | 0;
  t = Math.imul(t ^ (t >>> 16), 0x21f0aaad);
  t = Math.imul(t ^ (t >>> 15), 0x735a2d97);
  return (t ^ (t >>> 15)) >>> 0;
}

interface Source extends DiceSource {
  /** The sides of every die asked for, in order. */
  calls: number[];
  uses(): number;
}

/** Dice from position `uses` of `seed`; D64 results in `avoid` are rolled again (a biased table-side die). */
function source(seed: number, uses: number, avoid: readonly number[]): Source {
  let k = uses;
  const calls: number[] = [];
  return {
    calls,
    die(sides: number): number {
      calls.push(sides);
      for (;;) {
        const v = 1 + (hash(seed, k++) % sides);
        if (sides === 64 && avoid.includes(v)) continue;
        return v;
      }
    },
    state: () => ({ seed, uses: k }),
    uses: () => k,
  };
}

// ---------------------------------------------------------------- the engine's report in the model's terms

function bookOf(spec: TableSpec): RuleBook {
  const events = validateEventTable(tableJson(spec), spec.label);
  const visibility = validateVisibilityTable(spec.visibility, spec.visibility.name);
  const tables = { ...shippedBook(), events, visibility };
  crossCheck(tables, spec.label);
  return compileBook(tables);
}

/** What each engine roll was for, in the model's terms (fails on a die the model knows nothing of). */
function purposeOf(book: RuleBook, r: Roll): ModelPurpose {
  const p = mechanicPurpose(book, r);
  if (!p) throw new Error(`the engine rolled a die the model knows nothing of: ${JSON.stringify(r)}`);
  return p;
}

/** A roll's purpose if it is one of the phase mechanics' (a draw, a discard check, a visibility roll), else null. */
function mechanicPurpose(book: RuleBook, r: Roll): ModelPurpose | null {
  if (r.for === 'Event Phase: event table' || r.for === 'Event Phase: card drawn') return { kind: 'draw' };
  const byName = (name: string): string => {
    const ev = book.events.results.find((e) => e.name === name);
    if (!ev) throw new Error(`a roll names no event of the table: ${r.for}`);
    return ev.id;
  };
  let m = /^End Phase: (.+) discard check \((\d)\+\)$/.exec(r.for);
  if (m) {
    const id = byName(m[1]!);
    expect(Number(m[2]), `threshold named in "${r.for}"`).toBe(book.byId.get(id)!.discardOn);
    return { kind: 'check', eventId: id };
  }
  m = /^(.+): (.+) \((\d*D\d+)\)( \(die \d+ of \d+\))?$/.exec(r.for);
  if (m && m[2] === book.visibility.name) return { kind: 'visibility', eventId: byName(m[1]!) };
  return null;
}

function noNewEventOf(text: string | null): NoNewEvent | null {
  if (text === null) return null;
  if (/already in play/.test(text) && !/draws/.test(text)) return 'all-in-play';
  if (new RegExp(`${DRAW_BOUND} draws`).test(text)) return 'draw-bound';
  if (/deck and the discard pile are empty/.test(text)) return 'deck-empty';
  throw new Error(`unknown reason for no new event: ${text}`);
}

interface Seen {
  draws: { roll: number; eventId: string; outcome: string }[];
  noNewEvent: NoNewEvent | null;
  reshuffled: boolean;
  checks: { eventId: string; roll: number; discarded: boolean }[];
  resolved: string[];
}

function engineSeen(rep: Report): Seen {
  const none: Seen = { draws: [], noNewEvent: null, reshuffled: false, checks: [], resolved: [] };
  if (rep.kind === 'round') {
    return {
      draws: rep.eventPhase.draws.map((d) => ({ roll: d.roll, eventId: d.eventId, outcome: d.outcome })),
      noNewEvent: noNewEventOf(rep.eventPhase.noNewEvent),
      reshuffled: rep.eventPhase.reshuffled,
      checks: (rep.endPhase?.checks ?? []).map((c) => ({ eventId: c.eventId, roll: c.roll, discarded: c.discarded })),
      resolved: rep.eventPhase.resolved.map((x) => x.eventId),
    };
  }
  if (rep.kind === 'end')
    return { ...none, checks: rep.checks.map((c) => ({ eventId: c.eventId, roll: c.roll, discarded: c.discarded })) };
  return none;
}

function modelSeen(m: ModelResult): Seen {
  return { draws: m.draws, noNewEvent: m.noNewEvent, reshuffled: m.reshuffled, checks: m.checks, resolved: m.resolved };
}

/** The engine's state in the model's terms. */
function engineState(s: SessionState): ModelState {
  return {
    round: s.round,
    phase: s.phase,
    inPlay: s.inPlay.map((p) => ({ eventId: p.eventId, sinceRound: p.sinceRound, roll: p.roll })),
    deck: s.deck ? { drawPile: [...s.deck.drawPile], discardPile: [...s.deck.discardPile] } : null,
    visibility: { level: s.visibility.level, sinceRound: s.visibility.sinceRound, source: s.visibility.source },
  };
}

// ---------------------------------------------------------------- generated games

type Entered = number | null;

type Cmd =
  | { kind: 'round'; entered: Entered[] | null; endEntered: Entered[] | null }
  | { kind: 'end'; entered: Entered[] | null }
  | { kind: 'discard'; which: number }
  | { kind: 'place'; which: number }
  | { kind: 'visibility'; which: number };

/** Dice a GM might type: mostly fitting a D6 or a D64 (or a card), some fitting nothing, some left to badzone (null). */
const enteredArb: fc.Arbitrary<Entered[] | null> = fc.option(
  fc.array(
    fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: 1, max: 6 }) },
      { weight: 3, arbitrary: fc.integer({ min: 7, max: 64 }) },
      { weight: 2, arbitrary: fc.constantFrom(0, -1, 65, 99, 2.5) },
      { weight: 2, arbitrary: fc.constant(null) },
    ),
    { minLength: 1, maxLength: 3 },
  ),
  { freq: 4 },
);

const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({ kind: fc.constant('round' as const), entered: enteredArb, endEntered: enteredArb }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('end' as const), entered: enteredArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('discard' as const), which: fc.nat(100) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('place' as const), which: fc.nat(100) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('visibility' as const), which: fc.nat(100) }) },
);

/** Where the game starts: a fresh deck, or one that lost cards (a drained or thin deck reaches the empty piles). */
type Start = 'fresh' | 'drained' | 'thin';

const gameArb = tableSpecArb.chain((spec) =>
  fc.record({
    spec: fc.constant(spec),
    seed: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
    deck: fc.boolean(),
    start: fc.constantFrom<Start>('fresh', 'fresh', 'fresh', 'drained', 'thin'),
    thin: fc.integer({ min: 1, max: 6 }),
    cmds: fc.array(cmdArb, { minLength: 5, maxLength: 40, size: 'max' }),
  }),
);

const counters = {
  steps: 0,
  refusedEntered: 0,
  refusedLeftOver: 0,
  refusedNoEndDice: 0,
  refusedEndDiceNoEndPhase: 0,
  endDiceUsed: 0,
  placeholders: 0,
  enteredUsed: 0,
  once: 0,
  placed: 0,
  duplicates: 0,
  discardedByCheck: 0,
  keptByCheck: 0,
  allInPlay: 0,
  drawBound: 0,
  deckEmpty: 0,
  reshuffles: 0,
  visibilityRolls: 0,
  pitchBlackCleared: 0,
  clearWithoutPitchBlack: 0,
  gmPlaceFromDiscard: 0,
};

function toAction(cmd: Cmd, m: ModelState, table: ModelTable, spec: TableSpec): ModelAction {
  const ids = table.events.map((e) => e.id);
  switch (cmd.kind) {
    case 'round': {
      // End-Phase dice mostly only when an End Phase is open (some given anyway: refused).
      const a: Extract<ModelAction, { type: 'round' }> = { type: 'round' };
      if (cmd.entered) a.dice = cmd.entered;
      if (cmd.endEntered && (m.phase === 'round' || cmd.endEntered.length === 3)) a.endDice = cmd.endEntered;
      return a;
    }
    case 'end':
      return cmd.entered ? { type: 'end', dice: cmd.entered } : { type: 'end' };
    case 'discard': {
      const inPlay = m.inPlay.map((p) => p.eventId);
      return {
        type: 'discard',
        eventId:
          inPlay.length > 0 && cmd.which % 4 !== 0 ? inPlay[cmd.which % inPlay.length]! : ids[cmd.which % ids.length]!,
      };
    }
    case 'place': {
      // Now and then an event whose cards are all in the discard pile (the card comes back from there).
      const discarded = m.deck
        ? table.events.filter(
            (e) =>
              e.timing === 'persistent' &&
              !m.inPlay.some((p) => p.eventId === e.id) &&
              !m.deck!.drawPile.some((c) => e.range[0] <= c && c <= e.range[1]) &&
              m.deck!.discardPile.some((c) => e.range[0] <= c && c <= e.range[1]),
          )
        : [];
      if (discarded.length > 0 && cmd.which % 2 === 0)
        return { type: 'place', eventId: discarded[cmd.which % discarded.length]!.id };
      return { type: 'place', eventId: ids[cmd.which % ids.length]! };
    }
    case 'visibility':
      return { type: 'visibility', level: spec.visibility.levels[cmd.which % spec.visibility.levels.length]!.id };
  }
}

function drain(start: Start, thin: number, deck: { drawPile: number[]; discardPile: number[] } | null): void {
  if (!deck || start === 'fresh') return;
  deck.drawPile = start === 'drained' ? [] : deck.drawPile.slice(0, thin);
  deck.discardPile = [];
}

function count(r: ModelResult, before: ModelState, table: ModelTable): void {
  for (const d of r.draws) {
    if (d.outcome === 'once') counters.once++;
    else if (d.outcome === 'placed') counters.placed++;
    else counters.duplicates++;
  }
  for (const c of r.checks) c.discarded ? counters.discardedByCheck++ : counters.keptByCheck++;
  if (r.noNewEvent === 'all-in-play') counters.allInPlay++;
  if (r.noNewEvent === 'draw-bound') counters.drawBound++;
  if (r.noNewEvent === 'deck-empty') counters.deckEmpty++;
  if (r.reshuffled) counters.reshuffles++;
  if (r.rolls.some((x) => x.entered)) counters.enteredUsed++;
  for (const v of r.visibility) {
    if (v.effect === 'roll') counters.visibilityRolls++;
    if (v.effect === 'clearPitchBlack') {
      if (table.visibility.pitchBlack.includes(v.from)) counters.pitchBlackCleared++;
      else counters.clearWithoutPitchBlack++;
    }
  }
  if (r.placedFrom === 'discard') counters.gmPlaceFromDiscard++;
  void before;
}

function playSideBySide(g: {
  spec: TableSpec;
  seed: number;
  deck: boolean;
  start: Start;
  thin: number;
  cmds: Cmd[];
}): void {
  const { spec, seed } = g;
  const table = modelTable(spec);
  const book = bookOf(spec);
  const setup = defaultSetup(seed, {
    mode: g.deck ? 'deck' : 'dice',
    table: book.events,
    visibilityTable: book.visibility,
    gangs: [],
  });
  let s = createGame(setup, book, source(seed, 0, spec.avoid));
  const modelSrc = source(seed, 0, spec.avoid);
  let m = modelStart(table, g.deck, (n) => modelSrc.die(n));
  let modelUses = modelSrc.uses();
  expect(engineState(s)).toEqual(m);
  expect(s.rng.uses).toBe(modelUses);
  drain(g.start, g.thin, s.deck);
  drain(g.start, g.thin, m.deck);

  for (const cmd of g.cmds) {
    const action = toAction(cmd, m, table, spec);
    const label = `step ${counters.steps} ${JSON.stringify(action)} on ${spec.label} (${g.deck ? 'deck' : 'dice'}, ${g.start})`;
    counters.steps++;
    const mSrc = source(seed, modelUses, spec.avoid);
    const eSrc = source(seed, s.rng.uses, spec.avoid);
    const mr = modelStep(table, m, action, (n) => mSrc.die(n));
    const er: StepResult = step(s, action as Action, book, { source: eSrc });
    if (!mr.ok) {
      expect(er.ok, `${label}: the model refuses (${mr.refused}), the engine did not`).toBe(false);
      expect('refusal' in er, label).toBe(true);
      if (/entered/.test(mr.refused)) {
        expect(!er.ok && 'refusal' in er && er.refusal.usage, `${label}: a bad entered die is a usage error`).toBe(
          true,
        );
        if (/not needed/.test(mr.refused)) counters.refusedLeftOver++;
        else if (/still needs/.test(mr.refused)) counters.refusedNoEndDice++;
        else if (/no End Phase open/.test(mr.refused)) counters.refusedEndDiceNoEndPhase++;
        else counters.refusedEntered++;
      }
      continue;
    }
    if (!er.ok) throw new Error(`${label}: the engine refused (${JSON.stringify(er)}), the model did not`);
    // Which dice were used, for what: the same dice asked of the source, and the same rolls recorded.
    expect(eSrc.calls, `${label}: dice asked of the source`).toEqual(mSrc.calls);
    const engineRolls = er.record.rolls.map((r) => ({
      die: r.die,
      value: r.value,
      purpose: purposeOf(book, r),
      entered: r.entered === true,
      card: r.card === true,
    }));
    expect(engineRolls, `${label}: rolls`).toEqual(mr.rolls.filter((r) => r.purpose.kind !== 'shuffle'));
    expect(engineSeen(er.report), `${label}: what happened`).toEqual(modelSeen(mr));
    expect(engineState(er.state), `${label}: state`).toEqual(mr.state);
    expect(er.state.rng.uses, `${label}: dice position`).toBe(mSrc.uses());
    count(mr, m, table);
    if (action.type === 'round' && action.endDice?.some((d) => d !== null) && m.phase === 'round')
      counters.endDiceUsed++;
    if (
      'dice' in action &&
      action.dice?.includes(null) &&
      mr.rolls.some((r) => !r.entered && r.purpose.kind !== 'shuffle')
    )
      counters.placeholders++;
    s = er.state;
    m = mr.state;
    modelUses = mSrc.uses();
  }
}

/**
 * The shipped table with all its effects (spawns, scatters, tile and fighter picks) in dice mode: the model knows
 * nothing of the effects' dice, so it is given the engine's draws, discard checks and visibility rolls in order,
 * and must ask for exactly those dice (the same sizes, for the same purposes) and reach the same state.
 */
function projectShipped(setup: Setup, cmds: Cmd[]): void {
  const book = shippedBook();
  const spec = shippedSpec();
  const table = modelTable(spec);
  let s = createGame({ ...setup, mode: 'dice' }, book);
  let m = modelStart(table, false, () => {
    throw new Error('dice mode needs no dice at the start');
  });
  for (const cmd of cmds) {
    const action = toAction(
      { ...cmd, ...('entered' in cmd ? { entered: null, endEntered: null } : {}) } as Cmd,
      m,
      table,
      spec,
    );
    const er = step(s, action as Action, book);
    const mechanics = er.ok ? er.record.rolls.filter((r) => mechanicPurpose(book, r) !== null) : [];
    const queue = [...mechanics];
    const mr = modelStep(table, m, action, (sides) => {
      const next = queue.shift();
      if (!next) throw new Error(`the model asks for a D${sides} the engine never rolled (${JSON.stringify(action)})`);
      expect(next.die, `the model's next die is a D${sides}, the engine rolled a D${next.die} for ${next.for}`).toBe(
        sides,
      );
      return next.value;
    });
    if (!mr.ok && er.ok && action.type === 'discard' && er.report.kind === 'discard' && 'removed' in er.report) {
      // Not in play, but something it left on the battlefield (Treasure's casket) was taken off: no mechanics.
      expect(engineState(er.state)).toEqual(m);
      s = er.state;
      continue;
    }
    expect(mr.ok, JSON.stringify(action)).toBe(er.ok);
    if (!mr.ok || !er.ok) continue;
    expect(queue, 'engine rolls the model did not ask for').toEqual([]);
    expect(
      mechanics.map((r) => ({ die: r.die, value: r.value, purpose: purposeOf(book, r), entered: false, card: false })),
    ).toEqual(mr.rolls);
    expect(engineSeen(er.report)).toEqual(modelSeen(mr));
    expect(engineState(er.state)).toEqual(mr.state);
    s = er.state;
    m = mr.state;
  }
}

describe('the engine against an independent model of the phase mechanics', () => {
  it('the shipped table with all its effects, dice mode: the same draws, checks, visibility and events in play', () => {
    fc.assert(fc.property(setupArb, fc.array(cmdArb, { minLength: 10, maxLength: 60, size: 'max' }), projectShipped), {
      seed: 20261202,
      numRuns: 150 / MUTATION_STRIDE,
    });
  });

  it('generated games on generated tables agree step by step; every rare path is reached', () => {
    for (const k of Object.keys(counters) as (keyof typeof counters)[]) counters[k] = 0;
    fc.assert(fc.property(gameArb, playSideBySide), {
      seed: Number(process.env.MODEL_SEED ?? 20261201),
      numRuns: Math.ceil(300 / (MUTATION_STRIDE / 2)),
    });
    console.log(`[model] ${JSON.stringify(counters)}`);
    for (const [k, v] of Object.entries(counters)) expect(v, `counter ${k} was never reached`).toBeGreaterThan(0);
  });
});

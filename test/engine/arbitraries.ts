// Shared helpers for the engine tests: the shipped rule book, scripted dice, and fast-check generators
// for setups and action sequences.
import fc from 'fast-check';
import { expect } from 'vitest';
import { shippedBook, shippedTables } from '../../src/store/tables.js';
import {
  createGame,
  defaultSetup,
  scriptedDice,
  step,
  type Action,
  type DiceSource,
  type GangSetup,
  type LogRecord,
  type Report,
  type SessionState,
  type Setup,
  type StepOptions,
  type StepResult,
} from '../../src/engine/index.js';
import type { Seed } from '../../src/dice/rng.js';
import type { BadzoneEvent, EventTable } from '../../src/rules/types.js';
import { compileBook } from '../../src/rules/book.js';
import { validateEventTable } from '../../src/rules/validate.js';
import { Invalid } from '../../src/rules/check.js';
import { EDGES, type Edge } from '../../src/rules/orientation.js';

export const book = shippedBook();

export const SEED = 777;

/** A dice source answering each die with `face(sides)`, recording every die asked for. */
function recording(face: (sides: number) => number, seed: Seed): DiceSource & { calls: number[] } {
  const calls: number[] = [];
  return {
    calls,
    die(sides: number) {
      calls.push(sides);
      const v = face(sides);
      if (v < 1 || v > sides) throw new Error(`${v} is not a D${sides} result`);
      return v;
    },
    state: () => ({ seed, uses: calls.length }),
  };
}

/** A dice source whose every die shows its highest face: a shuffle with it leaves the deck in order 1..64. */
export function highest(seed: Seed = SEED): DiceSource & { calls: number[] } {
  return recording((sides) => sides, seed);
}

/** A dice source that answers by the die's size (default 1), recording every die asked for. */
export function bySides(faces: Record<number, number>, seed = SEED): DiceSource & { calls: number[] } {
  return recording((sides) => faces[sides] ?? 1, seed);
}

/** A new game with scripted setup dice (none needed in dice mode without a rolled hazard). */
export function start(over: Partial<Setup> = {}, setupDice: number[] = []): SessionState {
  const setup = defaultSetup(over.seed ?? SEED, over);
  const source = setup.mode === 'deck' ? highest(setup.seed) : scriptedDice(setupDice, setup.seed);
  return createGame(setup, book, source);
}

export interface Played {
  state: SessionState;
  report: Report;
  record: LogRecord;
  /** What happened, in words (not stored in the log: `logNotes` replays them). */
  notes: string[];
}

/** Apply an action with exactly these scripted dice; fails the test if it is refused or leaves dice unused. */
export function play(
  state: SessionState,
  action: Action,
  dice: number[] = [],
  opts: Omit<StepOptions, 'source'> = {},
): Played {
  const source = scriptedDice(dice, state.setup.seed);
  const r = step(state, action, book, { ...opts, source });
  if (!r.ok) throw new Error(`step refused: ${JSON.stringify('refusal' in r ? r.refusal : r.needs)}`);
  expect(source.left(), `${source.left()} scripted dice were left unused`).toBe(0);
  return r;
}

/** What an applied step gave (fails the test, showing what came back, when the step was refused). */
export function ok(r: StepResult): Extract<StepResult, { ok: true }> {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
  return r;
}

/** An event's name in the shipped table. */
export const nameOf = (id: string): string => book.byId.get(id)!.name;

/** A one-event D64 table (validated like a table file), compiled with the shipped hazards and visibility. */
export function oneEventBook(ev: Omit<BadzoneEvent, 'name' | 'range' | 'count' | 'effect' | 'gm'> & { name?: string }) {
  const raw = {
    name: 'One-event table',
    die: 'D64',
    results: [{ name: ev.id.toUpperCase(), range: [1, 64], count: 64, effect: '', gm: '', ...ev }],
  };
  const table: EventTable = validateEventTable(JSON.parse(JSON.stringify(raw)), 'test table');
  return { table, book: compileBook({ ...shippedTables(), events: table }) };
}

/**
 * Dice mode, tiles A1 A2 B1 B2, no rosters. Round 1 draws Pillar of Flame (49) onto A1; its End Phase scatters it
 * once (3+6" toward 5 o'clock); round 2 draws Treasure (60) onto A2, worth (3+4)x10 = 70 credits.
 */
export function pillarAndTreasure(): SessionState {
  let s = start();
  s = play(s, { type: 'round' }, [49, 1]).state;
  s = play(s, { type: 'end' }, [3, 5]).state;
  s = play(s, { type: 'round' }, [60, 2, 3, 4]).state;
  return s;
}

/** Narrow a report to its kind. */
export function as<K extends Report['kind']>(r: Report, kind: K): Extract<Report, { kind: K }> {
  expect(r.kind).toBe(kind);
  return r as Extract<Report, { kind: K }>;
}

export const ids = (s: SessionState): string[] => s.inPlay.map((p) => p.eventId);

export const PERSISTENT = book.events.results.filter((e) => e.timing === 'persistent').map((e) => e.id);
export const LEVELS = book.visibility.levels.map((l) => l.id);

// ---------------------------------------------------------------- fast-check generators

const fighterName = fc.constantFrom('Krag', 'Brak', 'Ana', 'Bea', 'Cyd', 'Dex', 'Eli', 'Fen', 'Gus', 'Hal');

export const gangArb: fc.Arbitrary<GangSetup> = fc
  .record({
    name: fc.constantFrom('Goliaths', 'Eschers', 'Orlocks', 'Cawdor'),
    fighters: fc.uniqueArray(fighterName, { maxLength: 6 }),
    split: fc.nat(6),
  })
  .map(({ name, fighters, split }) => ({
    name,
    battlefield: fighters.slice(0, split),
    reserve: fighters.slice(split),
  }));

export const setupArb: fc.Arbitrary<Setup> = fc
  .record({
    seed: fc.integer({ min: -2147483648, max: 2147483647 }),
    mode: fc.constantFrom('dice' as const, 'deck' as const),
    rows: fc.integer({ min: 1, max: 3 }),
    cols: fc.integer({ min: 1, max: 3 }),
    spawnPoints: fc.integer({ min: 1, max: 6 }),
    gangs: fc.uniqueArray(gangArb, { maxLength: 3, selector: (g) => g.name }),
    lairs: fc.option(fc.integer({ min: 0, max: 4 })),
    structures: fc.option(fc.integer({ min: 0, max: 4 })),
    hazard: fc.oneof(fc.constant(null), fc.constant('roll' as const), fc.integer({ min: 1, max: 10 })),
    twelve: fc.constantFrom(...EDGES),
  })
  .map((r) => {
    const tiles: string[] = [];
    for (let i = 0; i < r.rows; i++) for (let j = 1; j <= r.cols; j++) tiles.push(`${'ABC'[i]}${j}`);
    return defaultSetup(r.seed, {
      mode: r.mode,
      tiles,
      spawnPoints: r.spawnPoints,
      gangs: r.gangs,
      lairs: r.lairs,
      structures: r.structures,
      hazard: r.hazard,
      orientation: { twelve: r.twelve },
    });
  });

/** A command in a generated game. `manual` rounds and ends take their dice from the test, as a GM entering them would. */
export type Cmd =
  | { kind: 'round'; occupied: number[] | null; manual: boolean; pick: number[] }
  | { kind: 'end'; manual: boolean; pick: number[] }
  | { kind: 'discard'; which: number }
  | { kind: 'place'; which: number }
  | { kind: 'visibility'; level: string }
  | { kind: 'fighter'; which: number; to: 'battlefield' | 'reserve' | 'out' }
  | { kind: 'rename'; which: number; gang: boolean; to: string }
  | { kind: 'collapse'; which: number; occupied: boolean }
  | { kind: 'orientation'; twelve: Edge }
  /** Where the spawn points, lairs or structures stand: tiles picked by `which` (null: taken back). */
  | { kind: 'sites'; what: 'spawnAt' | 'lairsAt' | 'structuresAt'; which: number[] | null }
  | { kind: 'undo' }
  | { kind: 'redo' };

/** A GM's answers to the dice prompts; -1 is a blank answer (a placeholder: badzone rolls that die). */
const picks = fc.array(fc.oneof({ weight: 6, arbitrary: fc.nat(1000) }, { weight: 1, arbitrary: fc.constant(-1) }), {
  minLength: 40,
  maxLength: 40,
});

export const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('round' as const),
      occupied: fc.option(fc.array(fc.nat(8), { maxLength: 4 })),
      manual: fc.boolean(),
      pick: picks,
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('end' as const), manual: fc.boolean(), pick: picks }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('discard' as const), which: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('place' as const), which: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('visibility' as const), level: fc.constantFrom(...LEVELS) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fighter' as const),
      which: fc.nat(40),
      to: fc.constantFrom('battlefield' as const, 'reserve' as const, 'out' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rename' as const),
      which: fc.nat(40),
      gang: fc.boolean(),
      to: fc.constantFrom('Zed', 'Yan', 'Krag', 'Reds', 'Goliaths'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('collapse' as const), which: fc.nat(40), occupied: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('orientation' as const), twelve: fc.constantFrom(...EDGES) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('sites' as const),
      what: fc.constantFrom('spawnAt' as const, 'lairsAt' as const, 'structuresAt' as const),
      which: fc.option(fc.array(fc.nat(8), { minLength: 1, maxLength: 6 }), { freq: 4 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'undo' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'redo' as const }) },
);

/** What a refused step says (fails the test, showing what came back, when the step was not refused). */
export function refusal(r: StepResult): { usage: boolean; message: string } {
  if (r.ok || !('refusal' in r))
    throw new Error(`expected a refusal, got ${JSON.stringify(r.ok ? r.report : r).slice(0, 300)}`);
  return r.refusal;
}

/** One event of a small own D64 table: its id (its name is the id in capitals), range, timing, discard and steps. */
export interface OwnEvent {
  id: string;
  range: [number, number];
  timing: 'once' | 'persistent';
  discardOn?: number | null;
  gm?: string;
  onDraw?: unknown[];
  eachEventPhase?: unknown[];
  endPhase?: unknown[];
}

/** The results of an own D64 table, as a table file gives them (steps unchecked: validate the table to check them). */
export function ownResults(events: OwnEvent[]): BadzoneEvent[] {
  return events.map((e) => ({
    id: e.id,
    name: e.id.toUpperCase(),
    range: e.range,
    count: e.range[1] - e.range[0] + 1,
    timing: e.timing,
    discardOn: e.discardOn ?? null,
    effect: '',
    gm: e.gm ?? '',
    resolve: {
      onDraw: e.onDraw ?? [],
      eachEventPhase: e.eachEventPhase ?? [],
      endPhase: e.endPhase ?? [],
    } as BadzoneEvent['resolve'],
  }));
}

/** The Invalid a session file's check throws (fails the test when it accepts, or throws something else). */
export function invalidOf(f: () => unknown): Invalid {
  try {
    f();
  } catch (e) {
    if (e instanceof Invalid) return e;
    throw e;
  }
  throw new Error('expected the session to be refused');
}

// Property tests: random setups (dice and deck mode, rosters, lairs, structures, hazards) and random command
// sequences, some with the dice entered by hand one at a time. After every step the game's invariants hold,
// the state survives a JSON round trip and passes validateSession, undo restores the previous state exactly,
// and at the end replaying the log gives the identical state, verify passes, and logNotes gives the words each
// step reported.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createGame,
  logNotes,
  replay,
  setupNotes,
  step,
  undo,
  verify,
  type Action,
  type Outcome,
  type SessionState,
  type Setup,
  type StepResult,
} from '../../src/engine/index.js';
import { validateSession } from '../../src/engine/schema.js';
import { book, cmdArb, PERSISTENT, setupArb, type Cmd } from './arbitraries.js';
import { MUTATION_STRIDE } from '../helpers.js';

const ALL_CARDS = Array.from({ length: 64 }, (_, i) => i + 1);
const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

/** Deep equality: the fast check first, vitest's (slow, with a diff) only when it fails. */
function same(actual: unknown, expected: unknown, label?: string): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, label).toEqual(expected);
}

/** The GM's roster move, done by hand: the fighter leaves wherever they were and joins the end of `to`. */
function movedRoster(prev: SessionState, gang: string, name: string, to: 'battlefield' | 'reserve' | 'out'): SessionState['gangs'] {
  const gangs = structuredClone(prev.gangs);
  let g = gangs.find((x) => x.name === gang);
  if (!g) {
    g = { name: gang, battlefield: [], reserve: [], out: [] };
    gangs.push(g);
  }
  for (const k of ['battlefield', 'reserve', 'out'] as const) g[k] = g[k].filter((f) => f !== name);
  g[to].push(name);
  return gangs;
}

/** Words a report must never contain: a missing value printed. */
const BROKEN_TEXT = /\bundefined\b|\bNaN\b|\[object Object\]/;

function fighters(s: SessionState): string[] {
  return s.gangs.flatMap((g) => [...g.battlefield, ...g.reserve, ...g.out].map((f) => `${g.name}/${f}`)).sort();
}

function outcomesOf(r: Extract<StepResult, { ok: true }>): Outcome[] {
  const rep = r.report;
  if (rep.kind === 'round') {
    return [
      ...(rep.endPhase?.triggers.flatMap((t) => t.outcomes) ?? []),
      ...rep.eventPhase.resolved.flatMap((x) => x.outcomes),
    ];
  }
  if (rep.kind === 'end') return rep.triggers.flatMap((t) => t.outcomes);
  if (rep.kind === 'place') return rep.outcomes;
  return [];
}

/** What must hold of any state the engine produces. */
function invariants(s: SessionState): void {
  // Events in play: persistent only, no event twice.
  const ids = s.inPlay.map((p) => p.eventId);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(book.byId.get(id)?.timing).toBe('persistent');
  for (const p of s.inPlay) expect(p.sinceRound).toBeLessThanOrEqual(s.round);
  // Phase and round.
  expect(s.phase === 'setup').toBe(s.round === 0);
  // The deck is the 64 cards, each once.
  if (s.setup.mode === 'deck') {
    const cards = [...s.deck!.drawPile, ...s.deck!.discardPile, ...s.inPlay.map((p) => p.roll)].sort((a, b) => a - b);
    expect(cards).toEqual(ALL_CARDS);
    for (const p of s.inPlay) expect(book.byRoll[p.roll]!.id).toBe(p.eventId);
  } else {
    expect(s.deck).toBeNull();
  }
  // Tiles: a subset of the setup's, in the same order.
  expect(s.setup.tiles.filter((t) => s.tiles.includes(t))).toEqual(s.tiles);
  // Each fighter is in exactly one place.
  for (const g of s.gangs) {
    const all = [...g.battlefield, ...g.reserve, ...g.out];
    expect(new Set(all).size).toBe(all.length);
  }
  expect(book.level.has(s.visibility.level)).toBe(true);
  expect(s.rng.seed).toBe(s.setup.seed);
  s.log.forEach((r, i) => expect(r.seq).toBe(i));
  // Lossless JSON round trip, and the file would load.
  const copy = json(s);
  same(copy, s);
  same(validateSession(copy, () => book).state, s);
}

/** How one step may change a state. */
function transition(prev: SessionState, next: SessionState, action: Action, r: Extract<StepResult, { ok: true }>): void {
  expect(next.rng.uses).toBeGreaterThanOrEqual(prev.rng.uses);
  expect(next.log.length).toBe(prev.log.length + 1);
  same(next.log.slice(0, -1), prev.log);
  expect(next.tiles.every((t) => prev.tiles.includes(t))).toBe(true);
  if (prev.structures) expect(next.structures!.every((t) => prev.structures!.includes(t))).toBe(true);
  expect(next.lairs?.length).toBe(prev.lairs?.length);
  if (action.type === 'round') {
    expect(next.round).toBe(prev.round + 1);
    expect(next.phase).toBe('round');
    expect(r.report.kind === 'round' && r.report.endPhase !== null).toBe(prev.phase === 'round');
  } else {
    expect(next.round).toBe(prev.round);
    if (action.type === 'end') expect(next.phase).toBe('end');
    else expect(next.phase).toBe(prev.phase);
  }
  if (action.type === 'fighter') {
    // Exactly the one fighter moved (or added), everyone else where they were, in the same order.
    expect(r.report.kind).toBe('fighter');
    const rep = r.report as Extract<typeof r.report, { kind: 'fighter' }>;
    expect(rep.to).toBe(action.to);
    same(next.gangs, movedRoster(prev, rep.gang, rep.name, action.to), `${JSON.stringify(action)}: the roster`);
  } else {
    expect(fighters(next)).toEqual(fighters(prev));
    if (action.type !== 'round' && action.type !== 'end') same(next.gangs, prev.gangs);
  }
  for (const text of [...r.notes, ...outcomesOf(r).map((o) => o.text)]) expect(text, `a note of ${JSON.stringify(action)}`).not.toMatch(BROKEN_TEXT);
  // Every tile picked was a tile still in play and not one the GM said holds models.
  const occupied = action.type === 'round' ? (action.occupied ?? []) : [];
  for (const o of outcomesOf(r)) {
    if (o.kind === 'pickTile' && o.tile !== null) {
      expect(prev.tiles).toContain(o.tile);
      if (o.removed) expect(occupied).not.toContain(o.tile);
    }
    if (o.kind === 'scatterEachTile') expect(o.scatters.map((x) => x.tile)).toEqual(prev.tiles);
  }
  // Dice values are in range and entered ones are marked.
  for (const roll of r.record.rolls) {
    expect(roll.value).toBeGreaterThanOrEqual(1);
    expect(roll.value).toBeLessThanOrEqual(roll.die);
  }
  const entered = 'dice' in action && action.dice ? action.dice.length : 0;
  expect(r.record.rolls.filter((x) => x.entered).length).toBe(entered);
}

/** Apply a command; manual ones answer each die the engine asks for, as a GM at the table would. */
function apply(s: SessionState, cmd: Exclude<Cmd, { kind: 'undo' }>): { action: Action; result: StepResult } {
  switch (cmd.kind) {
    case 'round':
    case 'end': {
      type RoundOrEnd = Extract<Action, { type: 'round' | 'end' }>;
      const base: RoundOrEnd =
        cmd.kind === 'round'
          ? cmd.occupied === null
            ? { type: 'round' }
            : { type: 'round', occupied: [...new Set(cmd.occupied.map((i) => s.setup.tiles[i % s.setup.tiles.length]!))] }
          : { type: 'end' };
      if (!cmd.manual) return { action: base, result: step(s, base, book) };
      let action: RoundOrEnd = base;
      for (let k = 0; k < 300; k++) {
        const r = step(s, action, book, { whenOut: 'ask', askOccupied: true });
        if (r.ok || !('needs' in r)) return { action, result: r };
        if (r.needs.kind === 'occupied') {
          expect(action.type).toBe('round');
          action = { ...action, occupied: r.needs.tiles.slice(0, 1) } as RoundOrEnd;
          continue;
        }
        const need = r.needs;
        const dice = action.dice ?? [];
        expect(need.index).toBe(dice.length);
        const p = cmd.pick[k % cmd.pick.length]!;
        const value = need.cards ? need.cards[p % need.cards.length]! : 1 + (p % need.sides);
        action = { ...action, dice: [...dice, value] };
      }
      throw new Error('the engine kept asking for dice');
    }
    case 'discard': {
      const inPlay = s.inPlay.map((p) => p.eventId);
      const id = inPlay.length > 0 && cmd.which % 3 !== 0 ? inPlay[cmd.which % inPlay.length]! : PERSISTENT[cmd.which % PERSISTENT.length]!;
      const action: Action = { type: 'discard', eventId: id };
      return { action, result: step(s, action, book) };
    }
    case 'place': {
      const action: Action = { type: 'place', eventId: PERSISTENT[cmd.which % PERSISTENT.length]! };
      return { action, result: step(s, action, book) };
    }
    case 'visibility': {
      const action: Action = { type: 'visibility', level: cmd.level };
      return { action, result: step(s, action, book) };
    }
    case 'fighter': {
      const known = s.gangs.flatMap((g) => [...g.battlefield, ...g.reserve, ...g.out].map((f) => [g.name, f] as const));
      const action: Action =
        known.length > 0 && cmd.which % 4 !== 0
          ? { type: 'fighter', name: known[cmd.which % known.length]![1], gang: known[cmd.which % known.length]![0], to: cmd.to }
          : { type: 'fighter', name: `New${cmd.which}`, gang: s.gangs[0]?.name ?? 'Newcomers', to: cmd.to };
      return { action, result: step(s, action, book) };
    }
  }
}

/** Which refusals are allowed: only the ones the rules call for. */
function refusalAllowed(s: SessionState, action: Action): boolean {
  switch (action.type) {
    case 'end':
      return s.phase !== 'round';
    case 'discard':
      return !s.inPlay.some((p) => p.eventId === action.eventId);
    case 'place':
      return s.inPlay.some((p) => p.eventId === action.eventId);
    case 'fighter': {
      // Moving a fighter to where they already are changes nothing, and is refused.
      const g = s.gangs.find((x) => (action.gang === undefined || x.name === action.gang) && [...x.battlefield, ...x.reserve, ...x.out].includes(action.name));
      return g !== undefined && g[action.to].includes(action.name);
    }
    default:
      return false;
  }
}

/** Play a generated game, checking everything after every step (undo after every `undoEvery`-th step). */
function runGame(setup: Setup, cmds: Cmd[], undoEvery = 1): SessionState {
  let s = createGame(setup, book);
  invariants(s);
  const history: SessionState[] = [s];
  // What each log entry did in words, as the steps said it: `logNotes` must replay exactly these.
  const notes: string[][] = [setupNotes(s, book)];
  let n = 0;
  for (const cmd of cmds) {
    if (cmd.kind === 'undo') {
      const u = undo(s, book);
      if (history.length === 1) {
        expect(u).toBeNull();
        continue;
      }
      history.pop();
      notes.pop();
      same(json(u!.state), json(history[history.length - 1]));
      s = u!.state;
      continue;
    }
    const before = JSON.stringify(s);
    const { action, result } = apply(s, cmd);
    expect(JSON.stringify(s)).toBe(before); // the input state is never changed
    if (!result.ok) {
      expect('refusal' in result).toBe(true);
      expect(refusalAllowed(s, action), `unexpected refusal of ${JSON.stringify(action)}: ${JSON.stringify(result)}`).toBe(true);
      continue;
    }
    expect(refusalAllowed(s, action), `${JSON.stringify(action)} should have been refused`).toBe(false);
    transition(s, result.state, action, result);
    invariants(result.state);
    if (++n % undoEvery === 0) {
      // Undo goes back exactly (the dice position included).
      const u = undo(result.state, book)!;
      same(json(u.state), json(s));
      same(u.undone, result.record);
    }
    s = result.state;
    history.push(s);
    notes.push(result.notes);
  }
  const actions = s.log.slice(1).map((r) => r.action);
  same(json(replay(setup, actions, book)), json(s));
  const v = verify(s, book);
  expect(v.problem).toBeNull();
  expect(v.ok).toBe(true);
  same(logNotes(s, book), notes);
  return s;
}

const PLAY: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 6, arbitrary: cmdArb.filter((c) => c.kind === 'round') },
  { weight: 3, arbitrary: cmdArb.filter((c) => c.kind === 'end') },
  { weight: 1, arbitrary: cmdArb },
);

/** Long games per property (each plays 60 to 140 commands with every check). */
const LONG_RUNS = Math.ceil(40 / MUTATION_STRIDE);

describe('engine properties', () => {
  it('short games: invariants, JSON round trip, undo after every step, replay and verify', () => {
    fc.assert(
      fc.property(setupArb, fc.array(cmdArb, { minLength: 1, maxLength: 30, size: 'max' }), (setup, cmds) => {
        runGame(setup, cmds);
      }),
      { seed: 1301, numRuns: 100 / MUTATION_STRIDE },
    );
  });

  it('long deck games (the deck runs out and is reshuffled): the 64 cards stay whole', () => {
    let reshuffles = 0;
    fc.assert(
      fc.property(
        setupArb.map((s) => ({ ...s, mode: 'deck' as const })),
        fc.array(PLAY, { minLength: 100, maxLength: 140 }),
        (setup, cmds) => {
          const s = runGame(setup, cmds, 10);
          reshuffles += logNotes(s, book).filter((notes) => notes.some((n) => n.startsWith('The deck ran out'))).length;
        },
      ),
      { seed: 1302, numRuns: LONG_RUNS, endOnFailure: true }, // long games: report the first failure without shrinking
    );
    expect(reshuffles).toBeGreaterThan(LONG_RUNS / 4);
  }, 300_000);

  it('long dice games with rosters, lairs and structures', () => {
    fc.assert(
      fc.property(setupArb.map((s) => ({ ...s, mode: 'dice' as const })), fc.array(PLAY, { minLength: 60, maxLength: 100 }), (setup, cmds) => {
        runGame(setup, cmds, 10);
      }),
      { seed: 1303, numRuns: LONG_RUNS, endOnFailure: true }, // long games: report the first failure without shrinking
    );
  }, 300_000);

  it('the same seed and commands give the same game', () => {
    fc.assert(
      fc.property(setupArb, fc.array(cmdArb, { maxLength: 20, size: 'max' }), (setup, cmds) => {
        const run = (): SessionState => {
          let s = createGame(setup, book);
          for (const cmd of cmds) {
            if (cmd.kind === 'undo') continue;
            const { result } = apply(s, cmd);
            if (result.ok) s = result.state;
          }
          return s;
        };
        expect(json(run())).toEqual(json(run()));
      }),
      { seed: 1304, numRuns: 30 / MUTATION_STRIDE },
    );
  });
});

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
  redo,
  redoEntry,
  verify,
  type Action,
  type Outcome,
  type SessionState,
  type Setup,
  type StepResult,
} from '../../src/engine/index.js';
import { validateSession } from '../../src/engine/schema.js';
import { book, cmdArb, PERSISTENT, setupArb, type Cmd } from './arbitraries.js';
import { MUTATION_RUN, MUTATION_STRIDE } from '../helpers.js';

const ALL_CARDS = Array.from({ length: 64 }, (_, i) => i + 1);
const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

/** Deep equality: the fast check first, vitest's (slow, with a diff) only when it fails. */
function same(actual: unknown, expected: unknown, label?: string): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, label).toEqual(expected);
}

/** The GM's roster move, done by hand: the fighter leaves wherever they were and joins the end of `to`. */
function movedRoster(
  prev: SessionState,
  gang: string,
  name: string,
  to: 'battlefield' | 'reserve' | 'out',
): SessionState['gangs'] {
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
  // Conditions (Wyld Magic's Psykers) are on fighters still in the game, each once, from an event that gives them.
  for (const c of s.conditions) {
    const g = s.gangs.find((x) => x.name === c.gang);
    expect(
      g && [...g.battlefield, ...g.reserve].includes(c.fighter),
      `${c.fighter} (${c.gang}) has left the game but is still a ${c.condition}`,
    ).toBe(true);
    if (c.lasts !== 'game') expect(s.inPlay.some((p) => p.eventId === c.eventId)).toBe(true);
  }
  expect(new Set(s.conditions.map((c) => `${c.gang}/${c.fighter}/${c.condition}`)).size).toBe(s.conditions.length);
  // What events left on the battlefield is what their data says stays (Treasure's casket, with its worth).
  for (const o of s.objects)
    expect(o).toMatchObject({ eventId: 'treasure', what: 'golden Loot Casket', worth: { unit: 'credits' } });
  // A scattered marker is in play with the tile it was placed on.
  for (const p of s.inPlay) if (p.scatters) expect(p.tile).toEqual(expect.any(String));
  // An unconfirmed tile pick removed a tile still missing from the pool.
  for (const t of s.tilePicks) if (t.tile !== null && t.removesTile) expect(s.tiles).not.toContain(t.tile);
  expect(book.level.has(s.visibility.level)).toBe(true);
  expect(s.rng.seed).toBe(s.setup.seed);
  s.log.forEach((r, i) => expect(r.seq).toBe(i));
  // Lossless JSON round trip, and the file would load.
  const copy = json(s);
  same(copy, s);
  same(validateSession(copy, () => book).state, s);
}

/** How one step may change a state. */
function transition(
  prev: SessionState,
  next: SessionState,
  action: Action,
  r: Extract<StepResult, { ok: true }>,
): void {
  expect(next.rng.uses).toBeGreaterThanOrEqual(prev.rng.uses);
  expect(next.log.length).toBe(prev.log.length + 1);
  same(next.log.slice(0, -1), prev.log);
  // Tiles only leave the pool, but for the one a corrected pick gives back.
  const back = action.type === 'collapse' ? [...prev.tilePicks].reverse().find((t) => !t.confirmed)?.tile : undefined;
  expect(next.tiles.every((t) => prev.tiles.includes(t) || t === back)).toBe(true);
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
  } else if (action.type !== 'rename') {
    expect(fighters(next)).toEqual(fighters(prev));
    if (action.type !== 'round' && action.type !== 'end') same(next.gangs, prev.gangs);
  }
  for (const text of [...r.notes, ...outcomesOf(r).map((o) => o.text)])
    expect(text, `a note of ${JSON.stringify(action)}`).not.toMatch(BROKEN_TEXT);
  expect(next.redo).toEqual([]);
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
  // Entered dice are marked entered; placeholders (null) are rolled and not marked.
  const lists = [
    ...('dice' in action && action.dice ? action.dice : []),
    ...(action.type === 'round' && action.endDice ? action.endDice : []),
  ];
  expect(r.record.rolls.filter((x) => x.entered).length).toBe(lists.filter((d) => d !== null).length);
}

/** Apply a command; manual ones answer each die the engine asks for, as a GM at the table would. */
function apply(s: SessionState, cmd: Exclude<Cmd, { kind: 'undo' | 'redo' }>): { action: Action; result: StepResult } {
  switch (cmd.kind) {
    case 'round':
    case 'end': {
      type RoundOrEnd = Extract<Action, { type: 'round' | 'end' }>;
      const base: RoundOrEnd =
        cmd.kind === 'round'
          ? cmd.occupied === null
            ? { type: 'round' }
            : {
                type: 'round',
                occupied: [...new Set(cmd.occupied.map((i) => s.setup.tiles[i % s.setup.tiles.length]!))],
              }
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
        const list = need.list === 'endDice' ? 'endDice' : 'dice';
        if (list === 'endDice') expect(action.type === 'round' && s.phase === 'round').toBe(true);
        const dice = (list === 'endDice' && action.type === 'round' ? action.endDice : action.dice) ?? [];
        expect(need.index).toBe(dice.length);
        const p = cmd.pick[k % cmd.pick.length]!;
        const value =
          p < 0
            ? null
            : need.cards
              ? need.cards[p % need.cards.length]!
              : need.d66
                ? 10 * (1 + (p % 6)) + 1 + ((p >> 3) % 6)
                : 1 + (p % need.sides);
        action = { ...action, [list]: [...dice, value] };
      }
      throw new Error('the engine kept asking for dice');
    }
    case 'discard': {
      const inPlay = s.inPlay.map((p) => p.eventId);
      const id =
        inPlay.length > 0 && cmd.which % 3 !== 0
          ? inPlay[cmd.which % inPlay.length]!
          : PERSISTENT[cmd.which % PERSISTENT.length]!;
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
          ? {
              type: 'fighter',
              name: known[cmd.which % known.length]![1],
              gang: known[cmd.which % known.length]![0],
              to: cmd.to,
            }
          : { type: 'fighter', name: `New${cmd.which}`, gang: s.gangs[0]?.name ?? 'Newcomers', to: cmd.to };
      return { action, result: step(s, action, book) };
    }
    case 'rename': {
      const known = s.gangs.flatMap((g) => [...g.battlefield, ...g.reserve, ...g.out].map((f) => [g.name, f] as const));
      const gang = s.gangs[cmd.which % Math.max(1, s.gangs.length)]?.name ?? 'Nobody';
      const f = known[cmd.which % Math.max(1, known.length)];
      const action: Action =
        cmd.gang || !f
          ? { type: 'rename', gang, to: cmd.to }
          : { type: 'rename', fighter: f[1], gang: f[0], to: cmd.to };
      return { action, result: step(s, action, book) };
    }
    case 'collapse': {
      const t = s.setup.tiles;
      const action: Action = cmd.occupied
        ? { type: 'collapse', occupied: [t[cmd.which % t.length]!] }
        : { type: 'collapse', tile: t[cmd.which % t.length]! };
      return { action, result: step(s, action, book) };
    }
    case 'orientation': {
      const action: Action = { type: 'orientation', twelve: cmd.twelve };
      return { action, result: step(s, action, book) };
    }
    case 'sites': {
      // Tiles of the layout, one per thing counted (repeats included); the generated list's length otherwise.
      const t = s.setup.tiles;
      const n =
        cmd.what === 'spawnAt' ? s.setup.spawnPoints : cmd.what === 'lairsAt' ? s.setup.lairs : s.setup.structures;
      const which =
        cmd.which === null
          ? null
          : n === null
            ? cmd.which
            : Array.from({ length: n }, (_, i) => cmd.which![i % cmd.which!.length]!);
      const action: Action = { type: 'sites', [cmd.what]: which === null ? null : which.map((i) => t[i % t.length]!) };
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
      // Not in play, and nothing it left on the battlefield (Treasure's casket) to take off instead.
      return (
        !s.inPlay.some((p) => p.eventId === action.eventId) && !s.objects.some((o) => o.eventId === action.eventId)
      );
    case 'place':
      return s.inPlay.some((p) => p.eventId === action.eventId);
    case 'fighter': {
      // Moving a fighter to where they already are changes nothing, and is refused.
      const g = s.gangs.find(
        (x) =>
          (action.gang === undefined || x.name === action.gang) &&
          [...x.battlefield, ...x.reserve, ...x.out].includes(action.name),
      );
      return g?.[action.to].includes(action.name) === true;
    }
    case 'rename': {
      // Refused: no such fighter or gang, the same name, or a name another fighter of the gang (another gang) has.
      const g = s.gangs.find((x) => x.name === action.gang);
      if (!g) return true;
      if (action.fighter === undefined)
        return g.name === action.to || s.gangs.some((x) => x !== g && x.name.toLowerCase() === action.to.toLowerCase());
      const all = [...g.battlefield, ...g.reserve, ...g.out];
      return (
        !all.includes(action.fighter) ||
        action.fighter === action.to ||
        all.some((f) => f !== action.fighter && f.toLowerCase() === action.to.toLowerCase())
      );
    }
    case 'collapse': {
      // Refused with no unconfirmed pick, or a tile that is gone (and was not the one picked).
      const pick = [...s.tilePicks].reverse().find((t) => !t.confirmed);
      if (!pick) return true;
      return action.tile !== undefined && !s.tiles.includes(action.tile) && action.tile !== pick.tile;
    }
    case 'orientation':
      // Pointing 12 o'clock where it already points changes nothing, and is refused.
      return s.orientation.twelve === action.twelve;
    case 'sites': {
      // Things never counted have no tiles; positions as they already are change nothing.
      const k = (['spawnAt', 'lairsAt', 'structuresAt'] as const).find((x) => action[x] !== undefined)!;
      if (
        action[k] !== null &&
        (k === 'lairsAt' ? s.setup.lairs : k === 'structuresAt' ? s.setup.structures : 1) === null
      )
        return true;
      return JSON.stringify(s.sitesAt?.[k] ?? null) === JSON.stringify(action[k]);
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
  // States undone since the last new step, the last undone last: redo must give exactly these back.
  const undone: { state: SessionState; notes: string[] }[] = [];
  // What each log entry did in words, as the steps said it: `logNotes` must replay exactly these.
  const notes: string[][] = [setupNotes(s, book)];
  const withoutRedo = (x: SessionState): unknown => json({ ...x, redo: [] });
  let n = 0;
  for (const cmd of cmds) {
    if (cmd.kind === 'undo') {
      const u = undo(s, book);
      if (history.length === 1) {
        expect(u).toBeNull();
        continue;
      }
      undone.push({ state: history.pop()!, notes: notes.pop()! });
      same(withoutRedo(u!.state), withoutRedo(history[history.length - 1]!));
      same(u!.state.redo, [...s.redo, redoEntry(s.log[s.log.length - 1]!, s.rng.uses)]);
      s = u!.state;
      continue;
    }
    if (cmd.kind === 'redo') {
      const r = redo(s, book);
      const back = undone.pop();
      if (!back) {
        expect(r).toBeNull();
        continue;
      }
      // Undo then redo gives the identical state; what is left to redo is what was undone before it.
      expect(r?.ok).toBe(true);
      if (!r?.ok) return s;
      expect(withoutRedo(r.state)).toEqual(withoutRedo(back.state));
      expect(r.state.redo).toEqual(s.redo.slice(0, -1));
      s = r.state;
      history.push(s);
      notes.push(back.notes);
      expect(r.notes).toEqual(back.notes);
      continue;
    }
    const before = JSON.stringify(s);
    const { action, result } = apply(s, cmd);
    expect(JSON.stringify(s)).toBe(before); // the input state is never changed
    if (!result.ok) {
      expect('refusal' in result).toBe(true);
      expect(
        refusalAllowed(s, action),
        `unexpected refusal of ${JSON.stringify(action)}: ${JSON.stringify(result)}`,
      ).toBe(true);
      continue;
    }
    expect(refusalAllowed(s, action), `${JSON.stringify(action)} should have been refused`).toBe(false);
    transition(s, result.state, action, result);
    invariants(result.state);
    undone.length = 0; // a new step clears what could be redone
    if (++n % undoEvery === 0) {
      // Undo goes back exactly (the dice position included), and redo comes back to the identical state.
      const u = undo(result.state, book)!;
      same(json(u.state), json({ ...s, redo: [redoEntry(result.record, result.state.rng.uses)] }));
      same(u.undone, result.record);
      const r = redo(u.state, book);
      expect(r?.ok).toBe(true);
      same(json(r!.ok && r!.state), json(result.state));
    }
    s = result.state;
    history.push(s);
    notes.push(result.notes);
  }
  const actions = s.log.slice(1).map((r) => r.action);
  same(withoutRedo(replay(setup, actions, book)), withoutRedo(s));
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

/**
 * Long games per property (each plays 60 to 140 commands with every check, about 5 s a game). Under the mutation
 * config one game each: every surviving mutant pays for all the tests that reach it, and the short games and the
 * model (test/model) cover the same paths.
 */
const LONG_RUNS = MUTATION_RUN ? 1 : 40;

describe('engine properties', () => {
  it('short games: invariants, JSON round trip, undo after every step, replay and verify', () => {
    fc.assert(
      fc.property(setupArb, fc.array(cmdArb, { minLength: 1, maxLength: 30, size: 'max' }), (setup, cmds) => {
        runGame(setup, cmds);
      }),
      // A fixed seed; PROP_RUNS=1000 PROP_SEED=n explore further.
      { numRuns: Number(process.env.PROP_RUNS ?? 100) / MUTATION_STRIDE, seed: Number(process.env.PROP_SEED ?? 101) },
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
      { numRuns: LONG_RUNS, endOnFailure: true, seed: 102 }, // long games: report the first failure without shrinking
    );
    expect(reshuffles).toBeGreaterThan(LONG_RUNS / 4);
  }, 300_000);

  it('long dice games with rosters, lairs and structures', () => {
    fc.assert(
      fc.property(
        setupArb.map((s) => ({ ...s, mode: 'dice' as const })),
        fc.array(PLAY, { minLength: 60, maxLength: 100 }),
        (setup, cmds) => {
          runGame(setup, cmds, 10);
        },
      ),
      { numRuns: LONG_RUNS, endOnFailure: true, seed: 103 }, // long games: report the first failure without shrinking
    );
  }, 300_000);

  it('the same seed and commands give the same game', () => {
    fc.assert(
      fc.property(setupArb, fc.array(cmdArb, { maxLength: 20, size: 'max' }), (setup, cmds) => {
        const run = (): SessionState => {
          let s = createGame(setup, book);
          for (const cmd of cmds) {
            if (cmd.kind === 'undo' || cmd.kind === 'redo') continue;
            const { result } = apply(s, cmd);
            if (result.ok) s = result.state;
          }
          return s;
        };
        expect(json(run())).toEqual(json(run()));
      }),
      { numRuns: 30 / MUTATION_STRIDE, seed: 104 },
    );
  });
});

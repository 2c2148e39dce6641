// Simulation: play many whole games with the same engine functions `badzone round` uses (createGame, then
// eventPhase and endPhase on a quiet Ctx), and count what happened. Pure: the dice come from one seeded
// stream, games are played one after another on it, so the same seed and arguments give the same report.
import type { RuleBook } from '../rules/book.js';
import type { Creature } from '../rules/types.js';
import { Rng } from '../dice/rng.js';
import { Dice, type DiceSource } from './dice.js';
import { endPhase, eventPhase } from './phases.js';
import type { Ctx, Tally } from './resolve.js';
import type { Mode, Setup } from './state.js';
import { createGame } from './step.js';

export const CREATURES = ['rats', 'zombies', 'scum', 'genestealers', 'abomination'] as const satisfies readonly Creature[];

export interface SimulatedEvent {
  eventId: string;
  name: string;
  range: [number, number];
  timing: 'once' | 'persistent';
  discardOn: number | null;
  /** Fraction of games in which the event was drawn and resolved at least once (re-rolled duplicates do not count). */
  appearedIn: number;
  /**
   * Mean number of Event Phases at whose end (after that phase's draws) the event was in play, over the games in
   * which it appeared (all its spells in play in a game added up). 0 for a Once event; null when it never appeared.
   */
  meanRoundsInPlay: number | null;
}

export interface RoundFigures {
  round: number;
  /** Persistent events in play right after this round's Event Phase: over all games. p50 and p90 are nearest-rank. */
  inPlay: { mean: number; p50: number; p90: number; max: number };
  /** Fraction of games in which visibility is not the table's normal level right after this round's Event Phase. */
  visibilityReduced: number;
  /** Mean creatures spawned per game from the start of the game up to this round's Event Phase (inclusive). */
  spawned: Record<(typeof CREATURES)[number], number>;
}

export interface SimulationReport {
  games: number;
  rounds: number;
  seed: number;
  mode: Mode;
  events: SimulatedEvent[];
  perRound: RoundFigures[];
  /** Mean draws per game that were duplicates of an event already in play, discarded and drawn again. */
  duplicatesPerGame: number;
  /** Mean reshuffles of the discard pile into a new deck per game (always 0 in dice mode). */
  reshufflesPerGame: number;
  /** Mean Event Phases per game in which no new event could be drawn (every event left already in play). */
  noNewEventPerGame: number;
  /** 32-bit random numbers drawn from the engine, over the whole run. */
  randomNumbers: number;
}

export interface SimulateOptions {
  games: number;
  rounds: number;
  /** The dice; defaults to one Rng seeded with setup.seed, shared by all games in turn. */
  source?: DiceSource;
  /** Called every few games, and once at the end, with the games finished so far. */
  onProgress?: (done: number, total: number) => void;
}

/** Round to 6 decimals: enough for any sample size badzone allows, and free of floating-point noise in JSON. */
function r6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** Play `games` games of `rounds` rounds each on this setup and rule book; no GM overrides. */
export function simulate(setup: Setup, book: RuleBook, opts: SimulateOptions): SimulationReport {
  const { games, rounds } = opts;
  if (!Number.isSafeInteger(games) || games < 1) throw new RangeError(`games must be a positive whole number, not ${games}`);
  if (!Number.isSafeInteger(rounds) || rounds < 1) throw new RangeError(`rounds must be a positive whole number, not ${rounds}`);
  const source = opts.source ?? new Rng({ seed: setup.seed, uses: 0 });
  const results = book.events.results;
  const nEvents = results.length;
  const index = new Map<string, number>();
  results.forEach((ev, i) => index.set(ev.id, i));
  // Event index by D64 number / card: the draws and the in-play entries carry it.
  const byRoll = new Int32Array(65).fill(-1);
  for (let r = 1; r <= 64; r++) {
    const ev = book.byRoll[r];
    if (ev) byRoll[r] = index.get(ev.id)!;
  }
  const normal = book.visibility.normal;
  const slots = nEvents + 1; // in play: 0..nEvents
  const inPlayHist = new Float64Array(rounds * slots);
  const visReduced = new Float64Array(rounds);
  const nC = CREATURES.length;
  const spawnedSum = new Float64Array(rounds * nC);
  const appeared = new Float64Array(nEvents);
  const roundsInPlay = new Float64Array(nEvents);
  const seen = new Uint8Array(nEvents);
  const stats = { duplicates: 0, reshuffles: 0 };
  let noNew = 0;

  const dice = new Dice(source, [], 'roll', true);
  const tally: Tally = { spawned: { rats: 0, zombies: 0, scum: 0, genestealers: 0, abomination: 0 } };
  const sp = tally.spawned;
  const every = Math.max(1, Math.min(1000, Math.ceil(games / 200)));

  for (let g = 0; g < games; g++) {
    const s = createGame(setup, book, source);
    s.log = [];
    sp.rats = sp.zombies = sp.scum = sp.genestealers = sp.abomination = 0;
    const ctx: Ctx = { s, book, dice, loud: false, notes: [], occupied: undefined, askOccupied: false, tally };
    seen.fill(0);
    for (let r = 1; r <= rounds; r++) {
      s.round = r;
      s.phase = 'round';
      const ep = eventPhase(ctx, stats);
      const draws = ep.draws;
      for (let i = 0; i < draws.length; i++) {
        const d = draws[i]!;
        if (d.outcome !== 'duplicate') seen[byRoll[d.roll]!] = 1;
      }
      if (ep.noNewEvent !== null) noNew++;
      const base = r - 1;
      const inPlay = s.inPlay;
      inPlayHist[base * slots + inPlay.length]!++;
      for (let i = 0; i < inPlay.length; i++) roundsInPlay[byRoll[inPlay[i]!.roll]!]!++;
      if (s.visibility.level !== normal) visReduced[base]!++;
      const o = base * nC;
      spawnedSum[o]! += sp.rats;
      spawnedSum[o + 1]! += sp.zombies;
      spawnedSum[o + 2]! += sp.scum;
      spawnedSum[o + 3]! += sp.genestealers;
      spawnedSum[o + 4]! += sp.abomination;
      endPhase(ctx);
      s.phase = 'end';
    }
    for (let i = 0; i < nEvents; i++) appeared[i]! += seen[i]!;
    if (opts.onProgress && ((g + 1) % every === 0 || g + 1 === games)) opts.onProgress(g + 1, games);
  }

  const events: SimulatedEvent[] = results.map((ev, i) => ({
    eventId: ev.id,
    name: ev.name,
    range: [ev.range[0], ev.range[1]],
    timing: ev.timing,
    discardOn: ev.discardOn,
    appearedIn: r6(appeared[i]! / games),
    meanRoundsInPlay: appeared[i]! === 0 ? null : r6(roundsInPlay[i]! / appeared[i]!),
  }));
  const perRound: RoundFigures[] = [];
  for (let r = 0; r < rounds; r++) {
    let sum = 0;
    let max = 0;
    let p50 = -1;
    let p90 = -1;
    let cum = 0;
    const half = Math.ceil(games * 0.5);
    const ninety = Math.ceil(games * 0.9);
    for (let k = 0; k < slots; k++) {
      const c = inPlayHist[r * slots + k]!;
      if (c === 0) continue;
      sum += k * c;
      max = k;
      cum += c;
      if (p50 < 0 && cum >= half) p50 = k;
      if (p90 < 0 && cum >= ninety) p90 = k;
    }
    const spawned = {} as RoundFigures['spawned'];
    CREATURES.forEach((c, j) => (spawned[c] = r6(spawnedSum[r * nC + j]! / games)));
    perRound.push({ round: r + 1, inPlay: { mean: r6(sum / games), p50, p90, max }, visibilityReduced: r6(visReduced[r]! / games), spawned });
  }
  return {
    games,
    rounds,
    seed: setup.seed,
    mode: setup.mode,
    events,
    perRound,
    duplicatesPerGame: r6(stats.duplicates / games),
    reshufflesPerGame: r6(stats.reshuffles / games),
    noNewEventPerGame: r6(noNew / games),
    randomNumbers: source.state().uses,
  };
}

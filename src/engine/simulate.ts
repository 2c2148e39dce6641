// Simulation: play many whole games of the rules `badzone round` plays, and count what happened. The games are
// played by the simulation kernel (./simulation-kernel.ts: the rule book compiled once, each game on flat data),
// which rolls the same dice as createGame and the engine's rounds and is tested equal to them. Pure: the dice come
// from one seeded stream, games are played one after another on it, so the same seed and arguments give the same
// report.
import type { RuleBook } from '../rules/book.js';
import { Rng, type Seed } from '../dice/rng.js';
import type { DiceSource } from './dice.js';
import type { Mode, Setup } from './state.js';
import { CREATURES, type KernelGame, SimulationKernel } from './simulation-kernel.js';

export { CREATURES };

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
  seed: Seed;
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

/**
 * A simulation played in steps, so a caller can stop it between any two rounds (Ctrl-C) and still report the games
 * finished, and can estimate the whole run's work from its first rounds. A game's figures count only once the game
 * is finished: a report after a stop is exactly the report of a run of that many games.
 */
export class Simulation {
  readonly games: number;
  readonly rounds: number;
  private readonly source: DiceSource;
  private readonly usesNow: () => number;
  private readonly startUses: number;
  private readonly nEvents: number;
  private readonly slots: number;
  // Totals over finished games.
  private readonly inPlayHist: Float64Array;
  private readonly visReduced: Float64Array;
  /** Creatures spawned, by the round from which they count (a round's figure adds up the rounds up to it). */
  private readonly spawnedFrom: Float64Array;
  private readonly appeared: Float64Array;
  private readonly roundsInPlay: Float64Array;
  private duplicates = 0;
  private reshuffles = 0;
  private noNew = 0;
  // The game under way, committed when it ends.
  private readonly gInPlay: Int32Array;
  private readonly gVis: Uint8Array;
  private readonly gRoundsInPlay: Float64Array;
  private readonly seen: Uint8Array;
  /** The events seen this game (indexes), so that a finished game adds up only those. */
  private readonly seenList: Int32Array;
  private nSeen = 0;
  private gNoNew = 0;
  private readonly game: KernelGame;
  private readonly normal: string;
  private round = 0;
  private done = 0;
  private played = 0;

  constructor(
    private readonly setup: Setup,
    private readonly book: RuleBook,
    opts: { games: number; rounds: number; source?: DiceSource },
  ) {
    const { games, rounds } = opts;
    if (!Number.isSafeInteger(games) || games < 1)
      throw new RangeError(`games must be a positive whole number, not ${games}`);
    if (!Number.isSafeInteger(rounds) || rounds < 1)
      throw new RangeError(`rounds must be a positive whole number, not ${rounds}`);
    this.games = games;
    this.rounds = rounds;
    const source = opts.source ?? new Rng({ seed: setup.seed, uses: 0 });
    this.source = source;
    // Read after every round: the Rng's count, without the position object state() makes.
    this.usesNow = source instanceof Rng ? () => source.uses : () => source.state().uses;
    this.startUses = this.usesNow();
    this.nEvents = book.events.results.length;
    this.slots = this.nEvents + 1; // in play: 0..nEvents
    const nC = CREATURES.length;
    this.inPlayHist = new Float64Array(rounds * this.slots);
    this.visReduced = new Float64Array(rounds);
    this.spawnedFrom = new Float64Array(rounds * nC);
    this.appeared = new Float64Array(this.nEvents);
    this.roundsInPlay = new Float64Array(this.nEvents);
    this.gInPlay = new Int32Array(rounds);
    this.gVis = new Uint8Array(rounds);
    this.gRoundsInPlay = new Float64Array(this.nEvents);
    this.seen = new Uint8Array(this.nEvents);
    this.seenList = new Int32Array(this.nEvents);
    this.game = new SimulationKernel(book).newGame(setup, source);
    this.normal = book.visibility.normal;
  }

  /** Games finished. */
  get finished(): number {
    return this.done;
  }

  /** Rounds played, the game under way included. */
  get roundsPlayed(): number {
    return this.played;
  }

  /** Random numbers drawn so far. */
  get numbers(): number {
    return this.usesNow() - this.startUses;
  }

  get complete(): boolean {
    return this.done >= this.games;
  }

  /** Play on, a round at a time, until `numbers` more random numbers are drawn or the run is complete; true when complete. */
  advance(numbers: number, onProgress?: (done: number, total: number) => void): boolean {
    const stopAt = this.usesNow() + numbers;
    const every = Math.max(1, Math.min(1000, Math.ceil(this.games / 200)));
    const { game, rounds, games, seen, seenList, gInPlay, gRoundsInPlay, gVis, normal } = this;
    const inPlay = game.inPlay;
    while (this.done < games) {
      if (this.round === 0) {
        game.start();
        this.gNoNew = 0;
      }
      const base = this.round++;
      game.eventPhase();
      const drawn = game.drawn;
      if (drawn >= 0 && seen[drawn] === 0) {
        seen[drawn] = 1;
        seenList[this.nSeen++] = drawn;
      }
      if (game.noNewEvent) this.gNoNew++;
      const n = game.inPlayCount;
      gInPlay[base] = n;
      for (let i = 0; i < n; i++) gRoundsInPlay[inPlay[i]!]!++;
      gVis[base] = game.visibility !== normal ? 1 : 0;
      game.endPhase();
      this.played++;
      if (this.round === rounds) {
        this.finishGame();
        if (onProgress && (this.done % every === 0 || this.done === games)) onProgress(this.done, games);
      }
      if (this.usesNow() >= stopAt) break;
    }
    return this.complete;
  }

  private finishGame(): void {
    const { rounds, slots, inPlayHist, visReduced, gInPlay, gVis, seenList, seen, game } = this;
    for (let r = 0; r < rounds; r++) {
      inPlayHist[r * slots + gInPlay[r]!]!++;
      visReduced[r]! += gVis[r]!;
    }
    // A spawn in the last round's End Phase counts in no round.
    const { spawnFrom, spawnCreature, spawnCount } = game;
    for (let i = 0; i < game.spawns; i++) {
      const from = spawnFrom[i]!;
      if (from < rounds) this.spawnedFrom[from * CREATURES.length + spawnCreature[i]!]! += spawnCount[i]!;
    }
    // Only events seen this game were in play: the others add 0.
    const { appeared, roundsInPlay, gRoundsInPlay } = this;
    for (let k = 0; k < this.nSeen; k++) {
      const i = seenList[k]!;
      appeared[i]!++;
      roundsInPlay[i]! += gRoundsInPlay[i]!;
      seen[i] = 0;
      gRoundsInPlay[i] = 0;
    }
    this.nSeen = 0;
    this.duplicates += this.game.duplicates;
    this.reshuffles += this.game.reshuffles;
    this.noNew += this.gNoNew;
    this.done++;
    this.round = 0;
  }

  /** The figures over the games finished so far (all of them when complete). Needs at least one finished game. */
  report(): SimulationReport {
    const games = this.done;
    if (games < 1) throw new RangeError('no game has finished yet');
    const { rounds, slots } = this;
    const nC = CREATURES.length;
    const events: SimulatedEvent[] = this.book.events.results.map((ev, i) => ({
      eventId: ev.id,
      name: ev.name,
      range: [ev.range[0], ev.range[1]],
      timing: ev.timing,
      discardOn: ev.discardOn,
      appearedIn: r6(this.appeared[i]! / games),
      meanRoundsInPlay: this.appeared[i]! === 0 ? null : r6(this.roundsInPlay[i]! / this.appeared[i]!),
    }));
    const perRound: RoundFigures[] = [];
    /** Creatures spawned up to round r, over all games. */
    const upTo = new Float64Array(nC);
    for (let r = 0; r < rounds; r++) {
      let sum = 0;
      let max = 0;
      let p50 = -1;
      let p90 = -1;
      let cum = 0;
      const half = Math.ceil(games * 0.5);
      const ninety = Math.ceil(games * 0.9);
      for (let k = 0; k < slots; k++) {
        const c = this.inPlayHist[r * slots + k]!;
        if (c === 0) continue;
        sum += k * c;
        max = k;
        cum += c;
        if (p50 < 0 && cum >= half) p50 = k;
        if (p90 < 0 && cum >= ninety) p90 = k;
      }
      const spawned = {} as RoundFigures['spawned'];
      CREATURES.forEach((c, j) => {
        upTo[j]! += this.spawnedFrom[r * nC + j]!;
        spawned[c] = r6(upTo[j]! / games);
      });
      perRound.push({
        round: r + 1,
        inPlay: { mean: r6(sum / games), p50, p90, max },
        visibilityReduced: r6(this.visReduced[r]! / games),
        spawned,
      });
    }
    return {
      games,
      rounds,
      seed: this.setup.seed,
      mode: this.setup.mode,
      events,
      perRound,
      duplicatesPerGame: r6(this.duplicates / games),
      reshufflesPerGame: r6(this.reshuffles / games),
      noNewEventPerGame: r6(this.noNew / games),
      randomNumbers: this.numbers,
    };
  }
}

/** Play `games` games of `rounds` rounds each on this setup and rule book; no GM overrides. */
export function simulate(setup: Setup, book: RuleBook, opts: SimulateOptions): SimulationReport {
  const run = new Simulation(setup, book, opts);
  run.advance(Infinity, opts.onProgress);
  return run.report();
}

// The simulation kernel: `badzone simulate`'s games played on flat data. A rule book is compiled once into a
// list of events whose steps are plain records (their dice expressions parsed), and a game is a handful of counts
// and typed arrays reset for each game, instead of a SessionState made by createGame and stepped through the
// Event and End Phases one Ctx at a time. It keeps only what decides the dice and what simulate counts: the events
// in play (and whether each one's tile pick found a tile), the deck, the visibility level, the tiles left, the
// rosters, the Beast Lairs and structures left, the creatures spawned, duplicates and reshuffles. Markers, texts,
// conditions and what stays on the battlefield decide no die, so it keeps none of them.
//
// It must roll exactly the dice the engine rolls, in the same order, and count what the engine's rounds give:
// test/engine/simulation-kernel.test.ts checks, for random tables, setups, modes and seeds on both generators,
// that a simulation equals the same games played one round at a time with `step`. Every step kind of
// ../rules/types.ts must have a case below (TypeScript refuses the build otherwise, see `compileStep`).
import type { RuleBook } from '../rules/book.js';
import type { BadzoneEvent, Creature, Step } from '../rules/types.js';
import { d66, type DiceExpr } from '../dice/expression.js';
import type { DiceSource } from './dice.js';
import { moveFighter } from './resolve.js';
import type { Gang, Setup } from './state.js';

/** The creatures a spawn step counts, in the order simulate reports them. */
export const CREATURES = [
  'rats',
  'zombies',
  'scum',
  'genestealers',
  'abomination',
] as const satisfies readonly Creature[];

/** Safety bound on re-rolls in one Event Phase, as ./phases.ts has it (a custom table whose every event is in play). */
const MAX_DRAWS = 256;

const SPAWN = 0;
const SCATTER_EACH_TILE = 1;
const PICK_TILE = 2;
const SCATTER = 3;
const PICK_FIGHTER = 4;
const ROLL_EACH_FIGHTER = 5;
const PICK_LAIR = 6;
const PICK_STRUCTURE = 7;
const VISIBILITY_SET = 8;
const VISIBILITY_ROLL = 9;
const VISIBILITY_CLEAR_PITCH_BLACK = 10;

/** A dice expression as the kernel rolls it (one object shape for all: a parsed DiceExpr may lack `tensUnits`). */
class KDice {
  readonly count: number;
  readonly sides: number;
  readonly add: number;
  readonly multiply: number;
  /** Each die is a D66 (two D6). */
  readonly d66: boolean;
  constructor(e: DiceExpr) {
    this.count = e.count;
    this.sides = e.sides;
    this.add = e.add;
    this.multiply = e.multiply;
    this.d66 = e.tensUnits === true;
  }
}

const NO_DICE = new KDice({ count: 0, sides: 0, add: 0, multiply: 1, text: '0' });

interface OpFields {
  /** spawn: how many; the scatters: the distance; pickTile: how many it places; rollEachFighter: the die. */
  a: KDice;
  /** pickTile: each placed thing's scatter distance (when `scatterEach`). */
  b: KDice;
  /** pickTile: its worth. */
  c: KDice;
  scatterEach: boolean;
  removeTile: boolean;
  /** spawn: the creature's index in CREATURES. */
  creature: number;
  /** visibilitySet: the level. */
  level: string;
  /** pickFighter: where the fighter is picked from; pickFighter and rollEachFighter: where they go ('' stays). */
  from: 'battlefield' | 'reserve';
  moveTo: 'battlefield' | 'reserve' | 'out' | '';
  /** rollEachFighter: the results that move a fighter. */
  on: readonly number[];
}

/**
 * One step, flattened: every kind has the same fields (one object shape, so the kernel's switch stays fast); a
 * field a kind does not use keeps its empty value (NO_DICE rolls no die and totals 0).
 */
class Op implements OpFields {
  readonly a: KDice;
  readonly b: KDice;
  readonly c: KDice;
  readonly scatterEach: boolean;
  readonly removeTile: boolean;
  readonly creature: number;
  readonly level: string;
  readonly from: 'battlefield' | 'reserve';
  readonly moveTo: 'battlefield' | 'reserve' | 'out' | '';
  readonly on: readonly number[];
  constructor(
    readonly kind: number,
    o: Partial<OpFields> = {},
  ) {
    this.a = o.a ?? NO_DICE;
    this.b = o.b ?? NO_DICE;
    this.c = o.c ?? NO_DICE;
    this.scatterEach = o.scatterEach ?? false;
    this.removeTile = o.removeTile ?? false;
    this.creature = o.creature ?? 0;
    this.level = o.level ?? '';
    this.from = o.from ?? 'battlefield';
    this.moveTo = o.moveTo ?? '';
    this.on = o.on ?? [];
  }
}

/** One event of the book, flattened. */
interface KEvent {
  persistent: boolean;
  /** -1: never discarded. */
  discardOn: number;
  onDraw: Op[];
  eachEventPhase: Op[];
  endPhase: Op[];
}

/** A rule book compiled for the kernel: compile once, then play any number of games (`newGame`). */
export class SimulationKernel {
  readonly events: KEvent[];
  /** Event index (in book.events.results) by D64 number or card. */
  readonly byRoll: Int32Array;
  /**
   * How many events in play leave nothing to draw: all of them when every event is persistent (each in play then),
   * else -1 (a Once event can always be drawn).
   */
  readonly fullAt: number;
  readonly normal: string;
  readonly pitchBlack: ReadonlySet<string>;
  readonly visibilityDie: KDice;
  readonly visibilityByRoll: ReadonlyMap<number, string>;

  constructor(book: RuleBook) {
    const results = book.events.results;
    const index = new Map<string, number>();
    results.forEach((ev, i) => {
      index.set(ev.id, i);
    });
    // A valid table covers 1-64 (index 0 is never drawn).
    this.byRoll = new Int32Array(65);
    for (let r = 1; r <= 64; r++) this.byRoll[r] = index.get(book.byRoll[r]!.id)!;
    const ops = (steps: Step[]) => steps.map((st) => compileStep(book, st));
    this.events = results.map((ev: BadzoneEvent) => ({
      persistent: ev.timing === 'persistent',
      discardOn: ev.discardOn ?? -1,
      onDraw: ops(ev.resolve.onDraw),
      eachEventPhase: ops(ev.resolve.eachEventPhase),
      endPhase: ops(ev.resolve.endPhase),
    }));
    this.fullAt = results.every((e) => e.timing === 'persistent') ? results.length : -1;
    this.normal = book.visibility.normal;
    this.pitchBlack = new Set(book.visibility.levels.filter((l) => l.pitchBlack).map((l) => l.id));
    this.visibilityDie = new KDice(book.visibilityDie);
    this.visibilityByRoll = book.visibilityByRoll;
  }

  /** A game in play on this setup with these dice; `start()` deals each new game. */
  newGame(setup: Setup, source: DiceSource): KernelGame {
    return new KernelGame(this, setup, source);
  }
}

/** A step's dice, as compileBook parsed them (with the book's own reading of D66). */
function diceOf(book: RuleBook, d: string | number): KDice {
  return new KDice(book.dice.get(String(d))!);
}

function compileStep(book: RuleBook, st: Step): Op {
  switch (st.kind) {
    case 'spawn':
      return new Op(SPAWN, { a: diceOf(book, st.count), creature: CREATURES.indexOf(st.creature) });
    case 'scatterEachTile':
      return new Op(SCATTER_EACH_TILE, { a: diceOf(book, st.distance) });
    case 'pickTile': {
      const { place, worth } = st;
      return new Op(PICK_TILE, {
        ...(place ? { a: diceOf(book, place.count) } : {}),
        ...(place?.scatterEach ? { b: diceOf(book, place.scatterEach), scatterEach: true } : {}),
        ...(worth ? { c: diceOf(book, worth.dice) } : {}),
        removeTile: st.removeTile === true,
      });
    }
    case 'scatter':
      return new Op(SCATTER, { a: diceOf(book, st.distance) });
    case 'pickFighter':
      return new Op(PICK_FIGHTER, { from: st.from, moveTo: st.moveTo ?? '' });
    case 'rollEachFighter':
      return new Op(ROLL_EACH_FIGHTER, { a: diceOf(book, st.dice), moveTo: st.moveTo, on: st.on });
    case 'pickLair':
      return new Op(PICK_LAIR);
    case 'pickStructure':
      return new Op(PICK_STRUCTURE);
    case 'visibilitySet':
      return new Op(VISIBILITY_SET, { level: st.level });
    case 'visibilityRoll':
      return new Op(VISIBILITY_ROLL);
    case 'visibilityClearPitchBlack':
      return new Op(VISIBILITY_CLEAR_PITCH_BLACK);
    default: {
      const never: never = st;
      throw new Error(`the simulation kernel has no case for step ${JSON.stringify(never)}`);
    }
  }
}

/**
 * One game at a time on flat data. After `start()` and each `eventPhase()`, the public fields say what simulate
 * counts: the events in play (indexes, oldest first), the visibility, the creatures spawned so far this game, and
 * this round's draw; then `endPhase()` ends the round.
 */
export class KernelGame {
  private readonly k: SimulationKernel;
  private readonly setup: Setup;
  private readonly src: DiceSource;
  private readonly spawnPoints: number;
  /** Events in play, oldest first: event index, D64 number or card, and 1 when its tile pick found no tile. */
  readonly inPlay: Int32Array;
  private readonly inPlayRoll: Int32Array;
  private readonly inPlayNoTile: Uint8Array;
  inPlayCount = 0;
  /**
   * The creatures spawned this game: `spawns` of them, each counted from round `spawnFrom[i]` (0 the first round)
   * on, `spawnCount[i]` of creature `spawnCreature[i]` (its index in CREATURES). Counted from the round of an Event
   * Phase that spawns them, from the next round for an End Phase.
   */
  spawns = 0;
  readonly spawnFrom: number[] = [];
  readonly spawnCreature: number[] = [];
  readonly spawnCount: number[] = [];
  /** The round (from 0) the spawns of the phase under way count from. */
  private countsFrom = 0;
  private round = 0;
  /** Draws of an event already in play this game (discarded and drawn again). */
  duplicates = 0;
  /** Reshuffles of the discard pile this game. */
  reshuffles = 0;
  /** The event index the last Event Phase drew (placed or resolved), or -1 when it drew none. */
  drawn = -1;
  /** Whether the last Event Phase could draw no new event. */
  noNewEvent = false;
  visibility: string;
  private pendingEnd = -1;
  private readonly deck: boolean;
  private readonly drawPile: Int32Array;
  private drawTop = 0;
  private drawEnd = 0;
  private readonly discardPile: Int32Array;
  private discardCount = 0;
  private tiles: string[];
  /** The rosters: only who is where decides a die. */
  private gangs: Gang[];
  private lairsFree = 0;
  private structuresLeft = 0;

  constructor(kernel: SimulationKernel, setup: Setup, source: DiceSource) {
    this.k = kernel;
    this.setup = setup;
    this.src = source;
    this.spawnPoints = setup.spawnPoints;
    const n = kernel.events.length + 1;
    this.inPlay = new Int32Array(n);
    this.inPlayRoll = new Int32Array(n);
    this.inPlayNoTile = new Uint8Array(n);
    this.deck = setup.mode === 'deck';
    this.drawPile = new Int32Array(64);
    this.discardPile = new Int32Array(64);
    this.visibility = kernel.normal;
    this.tiles = setup.tiles;
    this.gangs = [];
  }

  /** Deal a new game: what createGame rolls (the hazard, the deck's shuffle), with nothing in play. */
  start(): void {
    const setup = this.setup;
    this.inPlayCount = 0;
    this.spawns = 0;
    this.round = 0;
    this.duplicates = 0;
    this.reshuffles = 0;
    this.visibility = this.k.normal;
    this.tiles = setup.tiles;
    this.gangs = setup.gangs.map((g) => ({
      name: g.name,
      battlefield: [...g.battlefield],
      reserve: [...g.reserve],
      out: [],
    }));
    this.lairsFree = setup.lairs ?? 0;
    this.structuresLeft = setup.structures ?? 0;
    if (setup.hazard === 'roll') this.src.die(10);
    if (this.deck) {
      const pile = this.drawPile;
      for (let i = 0; i < 64; i++) pile[i] = i + 1;
      this.shuffle(pile, 64);
      this.drawTop = 0;
      this.drawEnd = 64;
      this.discardCount = 0;
    }
  }

  /** Fisher-Yates with the source's own dice, as Dice.shuffle does. */
  private shuffle(a: Int32Array, length: number): void {
    for (let i = length - 1; i > 0; i--) {
      const j = this.src.die(i + 1) - 1;
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
  }

  private roll(e: KDice): number {
    let sum = e.add;
    const src = this.src;
    if (e.d66) for (let i = 0; i < e.count; i++) sum += d66(src.die(6), src.die(6));
    else for (let i = 0; i < e.count; i++) sum += src.die(e.sides);
    return sum * e.multiply;
  }

  /** Pick one of n (no die for one or none), as Dice.pick does. */
  private pick(n: number): number {
    return n <= 1 ? n : this.src.die(n);
  }

  private toDiscard(card: number): void {
    if (this.deck) this.discardPile[this.discardCount++] = card;
  }

  /** The next D64 number or card; -1 when the deck and the discard pile are both empty. */
  private drawOne(): number {
    if (!this.deck) return this.src.die(64);
    if (this.drawTop === this.drawEnd) {
      const n = this.discardCount;
      if (n === 0) return -1;
      this.drawPile.set(this.discardPile.subarray(0, n));
      this.discardCount = 0;
      this.shuffle(this.drawPile, n);
      this.drawTop = 0;
      this.drawEnd = n;
      // At most once an Event Phase (as the engine's report has it): the new pile holds every card not in play.
      this.reshuffles++;
    }
    return this.drawPile[this.drawTop++]!;
  }

  private run(ops: Op[], slot: number): void {
    for (let i = 0; i < ops.length; i++) this.step(ops[i]!, slot);
  }

  /** One step (slot: the event's place in play, or -1 for a Once event). Rolls what resolve.ts's handler rolls. */
  private step(op: Op, slot: number): void {
    switch (op.kind) {
      case SPAWN: {
        const count = this.roll(op.a);
        this.pick(this.spawnPoints);
        const i = this.spawns++;
        this.spawnFrom[i] = this.countsFrom;
        this.spawnCreature[i] = op.creature;
        this.spawnCount[i] = count;
        return;
      }
      case SCATTER_EACH_TILE:
        for (let i = 0; i < this.tiles.length; i++) {
          this.roll(op.a);
          this.src.die(12);
        }
        return;
      case PICK_TILE: {
        const tiles = this.tiles;
        if (tiles.length === 0) {
          if (slot >= 0) this.inPlayNoTile[slot] = 1;
          return;
        }
        // (Once a pick finds no tile none is ever found again: tiles only leave.)
        const tile = tiles[this.pick(tiles.length) - 1]!;
        if (op.removeTile) this.tiles = tiles.filter((t) => t !== tile);
        // What it places (`a`: none when it places nothing), each scattered, then its worth (`c`, or no dice).
        const count = this.roll(op.a);
        if (op.scatterEach)
          for (let i = 1; i <= count; i++) {
            this.roll(op.b);
            this.src.die(12);
          }
        this.roll(op.c);
        return;
      }
      case SCATTER:
        if (slot >= 0 && this.inPlayNoTile[slot] === 1) return;
        this.roll(op.a);
        this.src.die(12);
        return;
      case PICK_FIGHTER:
        for (const g of this.gangs) {
          const pool = g[op.from];
          if (pool.length === 0) continue;
          const fighter = pool[this.pick(pool.length) - 1]!;
          if (op.moveTo !== '' && op.moveTo !== op.from) this.moveFighter(g.name, fighter, op.moveTo);
        }
        return;
      case ROLL_EACH_FIGHTER:
        for (const g of this.gangs) {
          for (const fighter of [...g.battlefield]) {
            const roll = this.roll(op.a);
            if (op.on.includes(roll)) this.moveFighter(g.name, fighter, op.moveTo as 'reserve' | 'out');
          }
        }
        return;
      case PICK_LAIR:
        if (this.lairsFree > 0) {
          this.pick(this.lairsFree);
          this.lairsFree--;
        }
        return;
      case PICK_STRUCTURE:
        if (this.structuresLeft > 0) {
          this.pick(this.structuresLeft);
          this.structuresLeft--;
        }
        return;
      case VISIBILITY_SET:
        this.visibility = op.level;
        return;
      case VISIBILITY_ROLL: {
        const roll = this.roll(this.k.visibilityDie);
        this.visibility = this.k.visibilityByRoll.get(roll) ?? this.k.normal;
        return;
      }
      case VISIBILITY_CLEAR_PITCH_BLACK:
        if (this.k.pitchBlack.has(this.visibility)) this.visibility = this.k.normal;
        return;
    }
  }

  /** Move a fighter as `round` does (the conditions they lose decide no die: the kernel keeps none). */
  private moveFighter(gangName: string, fighter: string, to: 'battlefield' | 'reserve' | 'out'): void {
    moveFighter({ gangs: this.gangs, conditions: [] }, gangName, fighter, to);
  }

  private inPlayHas(ev: number): boolean {
    const inPlay = this.inPlay;
    for (let i = 0; i < this.inPlayCount; i++) if (inPlay[i] === ev) return true;
    return false;
  }

  /** One round: its Event Phase (the public fields then hold what simulate counts), then `endPhase()`. */
  eventPhase(): void {
    const k = this.k;
    const events = k.events;
    this.drawn = -1;
    this.noNewEvent = false;
    this.countsFrom = this.round++;
    for (let n = 0; ; n++) {
      if (this.inPlayCount === k.fullAt) {
        this.noNewEvent = true;
        break;
      }
      if (n >= MAX_DRAWS) {
        this.noNewEvent = true;
        break;
      }
      const roll = this.drawOne();
      if (roll < 0) {
        this.noNewEvent = true;
        break;
      }
      const i = k.byRoll[roll]!;
      const ev = events[i]!;
      if (!ev.persistent) {
        this.drawn = i;
        this.run(ev.onDraw, -1);
        this.pendingEnd = i;
        this.toDiscard(roll);
        break;
      }
      if (this.inPlayHas(i)) {
        this.toDiscard(roll);
        this.duplicates++;
        continue;
      }
      this.drawn = i;
      const slot = this.inPlayCount++;
      this.inPlay[slot] = i;
      this.inPlayRoll[slot] = roll;
      this.inPlayNoTile[slot] = 0;
      this.run(ev.onDraw, slot);
      break;
    }
    // Every event in play, oldest first (the new one last).
    const inPlay = this.inPlay;
    for (let slot = 0, n = this.inPlayCount; slot < n; slot++) {
      const ops = events[inPlay[slot]!]!.eachEventPhase;
      this.run(ops, slot);
    }
  }

  /** The End Phase: the Once event drawn this round, then the events in play, act; then the discard checks. */
  endPhase(): void {
    const events = this.k.events;
    this.countsFrom = this.round;
    if (this.pendingEnd >= 0) {
      const i = this.pendingEnd;
      this.pendingEnd = -1;
      this.run(events[i]!.endPhase, -1);
    }
    const inPlay = this.inPlay;
    const n = this.inPlayCount;
    for (let slot = 0; slot < n; slot++) {
      const ops = events[inPlay[slot]!]!.endPhase;
      this.run(ops, slot);
    }
    let kept = 0;
    for (let slot = 0; slot < n; slot++) {
      const i = inPlay[slot]!;
      const x = events[i]!.discardOn;
      if (x < 0 || this.src.die(6) < x) {
        if (kept !== slot) {
          inPlay[kept] = i;
          this.inPlayRoll[kept] = this.inPlayRoll[slot]!;
          this.inPlayNoTile[kept] = this.inPlayNoTile[slot]!;
        }
        kept++;
      } else this.toDiscard(this.inPlayRoll[slot]!);
    }
    this.inPlayCount = kept;
  }
}

// A new game: the state right after `badzone new`, what it did in words, and the default setup.
import type { RuleBook } from '../rules/book.js';
import { Rng, generatorOf, type Seed } from '../dice/rng.js';
import { Dice, type DiceSource } from './dice.js';
import { DEFAULT_ORIENTATION } from '../rules/orientation.js';
import {
  SCHEMA_VERSION,
  SITE_KINDS,
  emptyStory,
  type Gang,
  type SessionState,
  type Setup,
  type SitesAt,
} from './state.js';

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
    orientation: { ...setup.orientation },
    lairs:
      setup.lairs === null
        ? null
        : Array.from({ length: setup.lairs }, (_, i) => ({ name: lairName(i + 1), becomes: null })),
    structures:
      setup.structures === null ? null : Array.from({ length: setup.structures }, (_, i) => structureName(i + 1)),
    ...sitesOfSetup(setup),
    gangs,
    pendingEnd: [],
    objects: [],
    conditions: [],
    tilePicks: [],
    markers: [],
    markersPlaced: 0,
    manualDice: false,
    story: emptyStory(),
    redo: [],
    log: [{ seq: 0, round: 0, action: { type: 'new' }, rolls: dice.rolls ?? [] }],
  };
  return state;
}

/** The state's `sitesAt` from the setup's positions: absent when none was given (the file stays as before). */
function sitesOfSetup(setup: Setup): { sitesAt?: SitesAt } {
  const at: SitesAt = {};
  for (const k of SITE_KINDS) {
    const tiles = setup[k];
    if (tiles !== undefined) at[k] = [...tiles];
  }
  return Object.keys(at).length ? { sitesAt: at } : {};
}

/** The name of Beast Lair number n (1, 2, ...): the GM numbers them so on the table. */
export function lairName(n: number): string {
  return `Beast Lair ${n}`;
}

/** The name of large structure number n (1, 2, ...): the GM numbers them so on the table. */
export function structureName(n: number): string {
  return `Large structure ${n}`;
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
    orientation: { ...DEFAULT_ORIENTATION },
    ...over,
  };
}

// Why a step refuses, as a code and the facts involved (the gang, fighter, event, tile, limit, round ...), with a
// plain sentence that says what is wrong and names no flag and no command: what to do about it is the edge's to
// say (the command line with its flags, `badzone play` with its menu items: src/cli/words.ts, play-words.ts).
import type { LimitName } from '../rules/limits.js';
import { count, echo } from '../rules/limits.js';
import type { Action, SiteKind } from './state.js';

/** Where a fighter is. */
type Where = 'battlefield' | 'reserve' | 'out';

/** Each refusal code and the facts it carries. */
export interface RefusalFacts {
  /** A `new` action handed to step: a game is made by createGame. */
  'new-is-not-a-step': Record<string, never>;
  /** `end` before round 1. */
  'no-round-yet': Record<string, never>;
  /** `end` twice in a round. */
  'end-phase-resolved': { round: number };
  /** Dice for a new round while the last round's End Phase is open and needs dice: `rolls`, in words, in order. */
  'end-phase-open': { round: number; rolls: string[] };
  /** More End-Phase dice entered than the open End Phase needed. */
  'end-dice-unused': { given: number; needed: number };
  /** End-Phase dice entered with no End Phase open (`phase`: 'setup' before round 1, 'end' once it is resolved). */
  'no-open-end-phase': { round: number; phase: 'setup' | 'end' };
  /** More dice entered than the step needed. */
  'dice-unused': { given: number; needed: number };
  /**
   * An entered die that does not fit: `index` (from 1) in `list`, its `value`, the `die` it was for (66: a D66,
   * 64 with `card`: a card of the deck) and what it was for.
   */
  'bad-entered-die': {
    list: 'dice' | 'endDice';
    index: number;
    value: number;
    die: number;
    card: boolean;
    for: string;
  };
  /** The step would roll more dice than one step may (`limit`), rolling `for` when it stopped. */
  'too-many-rolls': { limit: number; for: string };
  /** The input is past a limit (`limit`: the name in src/rules/limits.ts LIMITS, `max` its value). */
  'input-past-limit': { limit: LimitName; max: number };
  /** The step would take the game past a limit. */
  'game-past-limit': { limit: LimitName; max: number };
  /** A name that may not be stored (empty, too long, a control character): `field` says which name. */
  'bad-name': { field: string; name: string };
  /** A rename to nothing, or past the length a name may have. */
  'bad-new-name': { name: string; max: number };
  /** No event of that id in the game's table. */
  'no-such-event': { event: string };
  /** A Once event cannot be placed. */
  'once-event': { event: string; name: string };
  'already-in-play': { event: string; name: string };
  /** Discarding an event that is not in play (and left nothing on the battlefield). */
  'not-in-play': { event: string; name: string };
  'no-such-level': { level: string; levels: string[] };
  /** `near`: names close to the one typed; `gangs`: every gang, when the refusal lists them (else null). */
  'no-such-gang': { gang: string; near: string[]; gangs: string[] | null };
  'fighter-already-there': { fighter: string; gang: string; where: Where };
  /**
   * No fighter of that name (in `gang`, when one was named); `near`: names close to it. `adding`: the `fighter`
   * move, where naming a gang adds a new fighter.
   */
  'no-such-fighter': { fighter: string; gang: string | null; near: string[]; adding: boolean };
  /** The fighter is in gang `in`, not in the gang named. */
  'fighter-in-other-gang': { fighter: string; gang: string; in: string };
  /** Several gangs have a fighter of that name: the gang must be named. */
  'fighter-in-several-gangs': { fighter: string; gangs: string[] };
  /** A rename that names neither a fighter nor a gang. */
  'rename-what': Record<string, never>;
  /** A rename to the name it has (`gang`: the fighter's gang; null for a gang). */
  'same-name': { name: string; gang: string | null };
  'gang-name-taken': { name: string };
  'fighter-name-taken': { name: string; gang: string };
  /** No table edge of that name (`edges`: the four there are). */
  'no-such-edge': { edge: string; edges: string[] };
  /** 12 o'clock already points to that edge. */
  'same-orientation': { edge: string };
  /** `collapse` with no tile pick left to correct. */
  'no-unconfirmed-pick': Record<string, never>;
  /** `collapse` needs the right tile or the occupied tiles, not both. */
  'tile-or-occupied': Record<string, never>;
  /** The tile named is not one still on the battlefield (`tiles`: those that are). */
  'not-a-tile-left': { tile: string; tiles: string[] };
  /**
   * A list of tiles for the spawn points, Beast Lairs or large structures (`sites`) that does not name one tile
   * each: `given` tiles for `count` of them (null: they were not counted at setup).
   */
  'site-count-differs': { sites: SiteKind; given: number; count: number | null };
  /** Tiles for the spawn points, lairs or structures that are not tiles of the game's layout (`known`). */
  'site-tiles-unknown': { sites: SiteKind; tiles: string[]; known: string[] };
  /** A `sites` step that changes nothing (the positions are already so, or none was given). */
  'sites-unchanged': Record<string, never>;
  /** Occupied tiles the game does not have (`known`: the game's tiles). */
  'unknown-tiles': { tiles: string[]; known: string[] };
  /** No marker of that number (`markers`: the numbers there are, on the battlefield or carried). */
  'no-such-marker': { marker: number; markers: number[] };
  /** Clearing every marker when there is none. */
  'no-markers': Record<string, never>;
  /**
   * Redo of log entry `seq` no longer applies: `refusal`, the step's own refusal (null when it needs input,
   * `needs` says what).
   */
  'redo-refused': {
    seq: number;
    action: Action['type'];
    refusal: { code: RefusalCode; facts: unknown; message: string } | null;
    needs: 'die' | 'occupied' | null;
  };
  /** Redo would roll other dice than the step undone. */
  'redo-dice-differ': { seq: number; action: Action['type'] };
}

export type RefusalCode = keyof RefusalFacts;

/** A refusal: its code and facts, whether the command was given wrongly (usage), and the plain sentence. */
export type Refusal = {
  [C in RefusalCode]: { code: C; facts: RefusalFacts[C]; usage: boolean; message: string };
}[RefusalCode];

const WHERE: Record<Where, string> = {
  battlefield: 'on the battlefield',
  reserve: 'in reserve',
  out: 'out of the game',
};

const SITES: Record<SiteKind, string> = {
  spawnAt: 'spawn points',
  lairsAt: 'Beast Lairs',
  structuresAt: 'large structures',
};

const meant = (near: readonly string[]): string => (near.length ? ` Did you mean ${near.join(' or ')}?` : '');

type Refusals = { readonly [C in RefusalCode]: { usage: boolean; text: (f: RefusalFacts[C]) => string } };

let refusalsMade: Refusals | undefined;
/**
 * Each code: a usage refusal (the command was given wrongly) or not, and its sentence. Made when first asked for
 * (a refusal, or a list of the codes): its entries and their closures cost every command about 55 us to make.
 */
function refusals(): Refusals {
  refusalsMade ??= makeRefusals();
  return refusalsMade;
}

const makeRefusals = (): Refusals => ({
  'new-is-not-a-step': { usage: false, text: () => 'a game is started with createGame, not replayed as an action' },
  'no-round-yet': {
    usage: false,
    text: () => 'No round has been played yet, so there is no End Phase to resolve.',
  },
  'end-phase-resolved': { usage: false, text: (f) => `The End Phase of round ${f.round} is already resolved.` },
  'end-phase-open': {
    usage: true,
    text: (f) =>
      `The End Phase of round ${f.round} is still open, and it needs ${f.rolls.length === 1 ? 'this roll' : `these ${f.rolls.length} rolls`} first: ${f.rolls.join('; ')}.`,
  },
  'end-dice-unused': {
    usage: true,
    text: (f) =>
      `${f.given} End-Phase dice were entered but the End Phase needed only ${f.needed}; nothing was saved. Enter just the dice it asks for.`,
  },
  'no-open-end-phase': {
    usage: true,
    text: (f) =>
      `End-Phase dice were entered, but there is no open End Phase (${f.phase === 'setup' ? 'no round has been played yet' : `the End Phase of round ${f.round} is already resolved`}).`,
  },
  'dice-unused': {
    usage: true,
    text: (f) =>
      `${f.given} dice were entered but this step needed only ${f.needed}; nothing was saved. Enter just the dice it asks for.`,
  },
  'bad-entered-die': { usage: true, text: enteredDieText },
  'too-many-rolls': {
    usage: false,
    text: (f) =>
      `This step would roll more than ${count(f.limit)} dice, the most one command may roll (limit: rolls per step); ` +
      `it was rolling "${echo(f.for, 80)}". Nothing was saved. The game's table rolls too many dice on this battlefield: ` +
      'play it on fewer tiles or with a lighter table.',
  },
  // The limits' own sentences (../rules/limits.ts) are given with these two: see `refusal`'s `text`.
  'input-past-limit': { usage: true, text: (f) => `The input is past a limit (limit: ${f.limit}).` },
  'game-past-limit': { usage: false, text: (f) => `The step would take the game past a limit (limit: ${f.limit}).` },
  'bad-name': { usage: true, text: (f) => `${f.field} "${echo(f.name)}" may not be stored.` },
  'bad-new-name': { usage: true, text: (f) => `A new name takes 1 to ${f.max} characters.` },
  'no-such-event': { usage: true, text: (f) => `There is no event "${echo(f.event)}" in this game's table.` },
  'once-event': {
    usage: false,
    text: (f) => `${f.name} is a Once event: it never stays in play, so it cannot be placed.`,
  },
  'already-in-play': { usage: false, text: (f) => `${f.name} is already in play.` },
  'not-in-play': { usage: false, text: (f) => `${f.name} is not in play.` },
  'no-such-level': {
    usage: true,
    text: (f) => `There is no visibility level "${echo(f.level)}". Levels: ${f.levels.join(', ')}.`,
  },
  'no-such-gang': {
    usage: true,
    text: (f) =>
      `No gang is called ${echo(f.gang)}.${meant(f.near)}${f.gangs ? ` Gangs: ${f.gangs.join(', ') || 'none'}.` : ''}`,
  },
  'fighter-already-there': {
    usage: false,
    text: (f) => `${f.fighter} (${f.gang}) is already ${WHERE[f.where]}; nothing changed.`,
  },
  'no-such-fighter': {
    usage: true,
    text: (f) =>
      `${f.gang === null ? 'No gang has a' : `${f.gang} has no`} fighter called ${echo(f.fighter)}.${meant(f.near)}`,
  },
  'fighter-in-other-gang': {
    usage: true,
    text: (f) => `${echo(f.fighter)} is a fighter of ${f.in}, not ${echo(f.gang)}.`,
  },
  'fighter-in-several-gangs': {
    usage: true,
    text: (f) => `${f.gangs.length} gangs have a fighter called ${echo(f.fighter)}: ${f.gangs.join(', ')}.`,
  },
  'rename-what': { usage: true, text: () => 'Say which fighter or gang to rename.' },
  'same-name': {
    usage: false,
    text: (f) => `${f.name}${f.gang === null ? '' : ` (${f.gang})`} is already called ${f.name}; nothing changed.`,
  },
  'gang-name-taken': { usage: true, text: (f) => `Another gang is already called ${f.name}.` },
  'fighter-name-taken': { usage: true, text: (f) => `${f.gang} already has a fighter called ${f.name}.` },
  'no-such-edge': {
    usage: true,
    text: (f) => `12 o'clock points to one of the edges ${f.edges.join(', ')}, not "${echo(f.edge)}".`,
  },
  'same-orientation': {
    usage: false,
    text: (f) => `12 o'clock already points to the ${f.edge} edge; nothing changed.`,
  },
  'no-unconfirmed-pick': {
    usage: false,
    text: () =>
      'There is no unconfirmed tile pick to correct: badzone picks among the free tiles whenever it is told (or asks) which tiles hold player models.',
  },
  'tile-or-occupied': {
    usage: true,
    text: () => 'Name the right tile, or give the occupied tiles for badzone to roll among the others (not both).',
  },
  'not-a-tile-left': {
    usage: true,
    text: (f) => `${f.tile} is not a tile still on the battlefield. Tiles: ${f.tiles.join(', ')}.`,
  },
  'site-count-differs': {
    usage: true,
    text: (f) =>
      f.count === null
        ? `The ${SITES[f.sites]} were not counted at setup, so there are none to place on tiles.`
        : `${f.given} tile${f.given === 1 ? ' was' : 's were'} given for ${f.count} ${f.count === 1 ? SITES[f.sites].slice(0, -1) : SITES[f.sites]}: give one tile for each, in number order (several may share a tile).`,
  },
  'site-tiles-unknown': {
    usage: true,
    text: (f) =>
      `The tiles given for the ${SITES[f.sites]} name tiles this game does not have: ${f.tiles.map((t) => echo(t)).join(', ')}. Tiles: ${f.known.join(', ')}.`,
  },
  'sites-unchanged': {
    usage: false,
    text: () => 'The spawn points, Beast Lairs and large structures already stand where given; nothing changed.',
  },
  'unknown-tiles': {
    usage: true,
    text: (f) =>
      `The occupied tiles name tiles this game does not have: ${f.tiles.map((t) => echo(t)).join(', ')}. Tiles: ${f.known.join(', ')}.`,
  },
  'no-such-marker': {
    usage: true,
    text: (f) =>
      `There is no marker ${f.marker}.${f.markers.length ? ` Markers (on the battlefield or carried): ${f.markers.join(', ')}.` : ' There are none.'}`,
  },
  'no-markers': { usage: false, text: () => 'There are no markers on the battlefield; nothing changed.' },
  'redo-refused': {
    usage: false,
    text: (f) =>
      `Cannot redo log entry ${f.seq} (${f.action}): ${f.refusal ? f.refusal.message : `it needs ${f.needs === 'die' ? 'a die' : 'the occupied tiles'}`}`,
  },
  'redo-dice-differ': {
    usage: false,
    text: (f) =>
      `Cannot redo log entry ${f.seq} (${f.action}): its dice would not be the same as before. Nothing was changed.`,
  },
});

/** Every refusal code, for the edges' tests (each must have words) and the docs' table. */
export function refusalCodes(): RefusalCode[] {
  return Object.keys(refusals()) as RefusalCode[];
}

/** Whether a code is a usage refusal (the command was given wrongly: exit 2) rather than a refusal of the rules. */
export function isUsageRefusal(code: RefusalCode): boolean {
  return refusals()[code].usage;
}

/**
 * The refusal of this code with these facts. `text`: the sentence when another module already made it (a limit's
 * or a name's problem, from ../rules/limits.ts); else the code's own.
 */
export function refusal<C extends RefusalCode>(code: C, facts: RefusalFacts[C], text?: string): Refusal {
  const r = refusals()[code] as { usage: boolean; text: (f: RefusalFacts[C]) => string };
  return { code, facts, usage: r.usage, message: text ?? r.text(facts) } as Refusal;
}

/** An entered die that does not fit, in words (./dice.ts says it with the die's physical stand-in, when there is one). */
function enteredDieText(f: RefusalFacts['bad-entered-die']): string {
  if (f.card) return `card ${f.value} you entered is not in the draw pile; enter a card still in the deck`;
  const which = `${f.list === 'endDice' ? 'End-Phase die' : 'die'} ${f.index} you entered`;
  return `${which} (${f.value}) is not a D${f.die} result; it is for: ${f.for}`;
}

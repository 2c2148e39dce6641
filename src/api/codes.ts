// The library's error codes and the facts each carries: the engine's refusals (../engine/refusals.ts), the
// session and table files' (../store/codes.ts), and the library's own, below. Every error the library throws has
// one of these codes (`error.code`) and its facts (`error.facts`), beside a plain `message` that names no flag and
// no command. The command line and `badzone play` say each code in their own words (src/cli/words.ts,
// src/cli/play-words.ts); a test checks that both have words for every code, and docs/library.md lists them.
import { BadzoneError, type ErrorDetail } from '../errors.js';
import { refusalCodes, type Need, type RefusalFacts } from '../engine/index.js';
import { storeCodes, type StoreFacts } from '../store/codes.js';

/** The library's own codes: what a caller gave it wrongly, and what it refuses beyond a step's rules. */
export interface ApiFacts {
  /** An option's value is not of its kind (`option`: its name, as the library spells it; `given`: the value). */
  'bad-option': { option: string; given: unknown };
  /** A number outside its bounds. */
  'out-of-range': { option: string; min: number; max: number; given: number };
  /** Two options that exclude each other were both given. */
  'options-conflict': { options: string[] };
  /** An option that is needed was not given (`choices`: what it may be, when there are few). */
  'missing-option': { option: string; choices: string[] | null };
  /** No event of the table matches a query (`near`: the ids it may have meant). */
  'no-event-matches': { query: string; near: string[] };
  /** No hazard matches a query (`hazards`: the ids there are). */
  'no-such-hazard': { query: string; hazards: string[] };
  /** A dice expression that is not one (`problem`: what is wrong, in words). */
  'bad-dice-expression': { expression: string; problem: string };
  /** A seed that is not one (`problem`: what is wrong, in words). */
  'bad-seed': { option: string; problem: string };
  /** A setup past a limit, or with a name that may not be stored (`problem`: which, in words, naming the limit). */
  'bad-setup': { problem: string };
  /** A gang listed twice in a setup. */
  'duplicate-gang': { gang: string };
  /** A fighter listed twice in a gang of a setup. */
  'duplicate-fighter': { gang: string; fighter: string };
  /** A hidden seed needs a ChaCha20 seed; `seed` is a Mersenne Twister one. */
  'hidden-seed-not-chacha': { seed: string };
  /** The game has no round started yet (`currentRound`). */
  'no-round-started': { file: string };
  /** The log's entry `seq` no longer replays (a hand-edited file): `doing` is what could not be done. */
  'log-does-not-follow': { doing: 'round' | 'undo'; round: number; seq: number; problem: string };
  /** Undo with nothing to undo: the game is as it was set up. */
  'nothing-to-undo': Record<string, never>;
  /** Redo with nothing undone since the last new step. */
  'nothing-to-redo': Record<string, never>;
  /** `reveal` on a game whose seed was never hidden (`seed`: the seed, shown everywhere already). */
  'seed-not-hidden': { seed: string };
  /** A step needs input that was not given and could not be asked (no `ask`). */
  'needs-input': { need: Need };
  /** The game changed while the questions were open: nothing was saved. */
  'changed-while-answering': Record<string, never>;
  /** A step kept asking for answers past `max`. */
  'too-many-answers': { max: number };
  /** More simulated rounds (games x rounds) than one run may play. */
  'too-many-rounds': { games: number; rounds: number; max: number };
  /** A run estimated to draw more random numbers than one may (`estimate`); `fits`: the games that would fit. */
  'too-much-simulation': { estimate: number; games: number; rounds: number; max: number; fits: number };
  /** A roll that would list more dice than one may (`fits`: the rolls that would fit). */
  'roll-list-too-long': { expression: string; times: number; dice: number; max: number; fits: number };
}

/** Every code and its facts. */
export type ErrorFacts = RefusalFacts & StoreFacts & ApiFacts;
export type ErrorCode = keyof ErrorFacts;

/** The library's own codes, with the error class each is thrown as (its `kind`). */
const apiCodes = (): { readonly [C in keyof ApiFacts]: 'usage' | 'refused' } => ({
  'bad-option': 'usage',
  'out-of-range': 'usage',
  'options-conflict': 'usage',
  'missing-option': 'usage',
  'no-event-matches': 'usage',
  'no-such-hazard': 'usage',
  'bad-dice-expression': 'usage',
  'bad-seed': 'usage',
  'bad-setup': 'usage',
  'duplicate-gang': 'usage',
  'duplicate-fighter': 'usage',
  'hidden-seed-not-chacha': 'usage',
  'no-round-started': 'refused',
  'log-does-not-follow': 'refused',
  'nothing-to-undo': 'refused',
  'nothing-to-redo': 'refused',
  'seed-not-hidden': 'refused',
  'needs-input': 'usage',
  'changed-while-answering': 'refused',
  'too-many-answers': 'refused',
  'too-many-rounds': 'usage',
  'too-much-simulation': 'usage',
  'roll-list-too-long': 'usage',
});

let errorCodesMade: readonly ErrorCode[] | undefined;
/**
 * Every code the library's errors carry. Listed when first asked for (an error is said, or a test lists them):
 * the three tables cost every command about 0.1 ms to make as it loads.
 */
export function errorCodes(): readonly ErrorCode[] {
  errorCodesMade ??= [
    ...refusalCodes(),
    ...(Object.keys(storeCodes()) as (keyof StoreFacts)[]),
    ...(Object.keys(apiCodes()) as (keyof ApiFacts)[]),
  ];
  return errorCodesMade;
}

/** The code and facts of an error the library throws: `new UsageError(message, why('bad-option', {...}))`. */
export function why<C extends ErrorCode>(code: C, facts: ErrorFacts[C]): ErrorDetail {
  return { code, facts };
}

/** An error of the library with this code, its facts typed by it. */
export type CodedError<C extends ErrorCode = ErrorCode> = {
  [K in C]: BadzoneError & { code: K; facts: ErrorFacts[K] };
}[C];

let codes: Set<string> | undefined;

/** Whether `e` is an error of the library (it has one of the codes above), with its facts typed by its code. */
export function isCoded(e: unknown): e is CodedError {
  if (!(e instanceof BadzoneError) || e.code === null) return false;
  codes ??= new Set<string>(errorCodes());
  return codes.has(e.code);
}

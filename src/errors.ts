// Typed errors. Commands and the library throw these; only src/cli/main.ts turns them into an exit code.
// Each error has a `kind` (for `--json` error objects and library callers) and exactly one exit code per kind.

export const EXIT = {
  ok: 0,
  /** A refusal (rules or state), e.g. `end` twice in a round, a read-only session file. */
  refused: 1,
  /** A usage error: unknown command or flag, bad value, input past a limit, or an interactive command with no terminal. */
  usage: 2,
  /** No session file where one is needed. */
  noSession: 3,
  /** A session or table file that is unreadable or invalid. */
  invalidFile: 4,
  /** The session is locked by another badzone process. */
  locked: 5,
  /** The file system failed (disk full, quota, I/O error, a file held by another program): nothing was changed. */
  io: 6,
  /** Printing the result failed (stdout full or broken, not a reader that left); the message says whether the game was saved. */
  output: 7,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** What went wrong, in one word: the `kind` of a `--json` error object and of a library error. */
export type ErrorKind = 'refused' | 'usage' | 'no-session' | 'invalid' | 'locked' | 'io' | 'output';

export const KIND_OF_CODE: Record<Exclude<ExitCode, 0>, ErrorKind> = {
  1: 'refused',
  2: 'usage',
  3: 'no-session',
  4: 'invalid',
  5: 'locked',
  6: 'io',
  7: 'output',
};

/**
 * The facts an error is about, by name: the gang, fighter, event, tile, limit, option or file involved (plain JSON
 * values). Which facts each code carries: docs/library.md, "Errors".
 */
export type Facts = { readonly [fact: string]: unknown };

/** What an error is, beyond its sentence: a code and its facts (and, from the command line, a hint). */
export interface ErrorDetail {
  /** What went wrong, as a code the caller can act on (docs/library.md lists them); absent: the command line's own. */
  code?: string;
  facts?: Facts;
  /** What to do about it, when the message alone does not say (the command line's words). */
  hint?: string;
}

/**
 * A typed error. The library's errors carry a `code` and the `facts` involved, and a `message`: a plain sentence
 * that names no flag and no command. The command line and `badzone play` say each code in their own words
 * (src/cli/words.ts, src/cli/play-words.ts); a bot reads the code and the facts.
 */
export class BadzoneError extends Error {
  override name = 'BadzoneError';
  /** The code of a library error; null for an error of the command line itself (said in its own words already). */
  readonly code: string | null;
  readonly facts: Facts;
  /** What to do about it, when the message alone does not say. */
  readonly hint?: string;
  constructor(
    message: string,
    readonly exitCode: Exclude<ExitCode, 0>,
    detail: ErrorDetail = {},
  ) {
    super(message);
    this.code = detail.code ?? null;
    this.facts = detail.facts ?? {};
    if (detail.hint !== undefined) this.hint = detail.hint;
  }

  get kind(): ErrorKind {
    return KIND_OF_CODE[this.exitCode];
  }
}

export class UsageError extends BadzoneError {
  constructor(message: string, detail?: ErrorDetail) {
    super(message, EXIT.usage, detail);
  }
}

export class RefusedError extends BadzoneError {
  constructor(message: string, detail?: ErrorDetail) {
    super(message, EXIT.refused, detail);
  }
}

export class NoSessionError extends BadzoneError {
  constructor(message: string, detail?: ErrorDetail) {
    super(message, EXIT.noSession, detail);
  }
}

export class InvalidFileError extends BadzoneError {
  constructor(message: string, detail?: ErrorDetail) {
    super(message, EXIT.invalidFile, detail);
  }
}

export class LockedError extends BadzoneError {
  constructor(message: string, detail?: ErrorDetail) {
    super(message, EXIT.locked, detail);
  }
}

/** The file system failed; the game was not changed. */
export class IoError extends BadzoneError {
  constructor(message: string, detail?: ErrorDetail) {
    super(message, EXIT.io, detail);
  }
}

/** The result could not be printed (main.ts says whether the game was saved). */
export class OutputError extends BadzoneError {
  constructor(message: string, detail?: ErrorDetail) {
    super(message, EXIT.output, detail);
  }
}

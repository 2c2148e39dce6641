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

export class BadzoneError extends Error {
  override name = 'BadzoneError';
  constructor(
    message: string,
    readonly exitCode: Exclude<ExitCode, 0>,
    /** What to do about it, when the message alone does not say. */
    readonly hint?: string,
  ) {
    super(message);
  }

  get kind(): ErrorKind {
    return KIND_OF_CODE[this.exitCode];
  }
}

export class UsageError extends BadzoneError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.usage, hint);
  }
}

export class RefusedError extends BadzoneError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.refused, hint);
  }
}

export class NoSessionError extends BadzoneError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.noSession, hint);
  }
}

export class InvalidFileError extends BadzoneError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.invalidFile, hint);
  }
}

export class LockedError extends BadzoneError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.locked, hint);
  }
}

/** The file system failed; the game was not changed. */
export class IoError extends BadzoneError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.io, hint);
  }
}

/** The result could not be printed (main.ts says whether the game was saved). */
export class OutputError extends BadzoneError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.output, hint);
  }
}

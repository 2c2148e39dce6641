// Typed errors. Commands throw these; only src/cli/main.ts turns them into an exit code.

export const EXIT = {
  ok: 0,
  /** A refusal (rules or state) or a runtime error. */
  refused: 1,
  /** A usage error: unknown command or flag, bad value, or an interactive command with no terminal. */
  usage: 2,
  /** No session file where one is needed. */
  noSession: 3,
  /** A session or table file that is unreadable or invalid. */
  invalidFile: 4,
  /** The session is locked by another badzone process. */
  locked: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class BadzoneError extends Error {
  override name = 'BadzoneError';
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
  }
}

export class UsageError extends BadzoneError {
  constructor(message: string) {
    super(message, EXIT.usage);
  }
}

export class RefusedError extends BadzoneError {
  constructor(message: string) {
    super(message, EXIT.refused);
  }
}

export class NoSessionError extends BadzoneError {
  constructor(message: string) {
    super(message, EXIT.noSession);
  }
}

export class InvalidFileError extends BadzoneError {
  constructor(message: string) {
    super(message, EXIT.invalidFile);
  }
}

export class LockedError extends BadzoneError {
  constructor(message: string) {
    super(message, EXIT.locked);
  }
}

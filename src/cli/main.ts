// The entry point: parse, run, print, and turn errors into exit codes. The only place that exits.
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { BadzoneError, EXIT, KIND_OF_CODE, type ExitCode } from '../errors.js';
import type { ErrorData } from '../api/types.js';
import { safeJson, safeJsonLine, safeText } from '../render/safe.js';
import { echo, echoPath } from '../api/limits.js';
import { makeStyle, wantColor, type Style } from '../render/style.js';
import type { IO } from './io.js';
import { brokenLogEntry, commandName, gamesSaved, takeLocksLeft } from '../api/files.js';
import { inquirerPrompter, PromptCancelled } from './prompts.js';
import type { View } from '../render/view.js';
import { shellWord } from '../render/commands.js';
import { osRandomSeed } from '../api/seed.js';
import { nameCommand } from '../render/naming.js';
import { cliWords, sayError, type Words } from './words.js';

declare const BADZONE_VERSION: string | undefined;
const VERSION = typeof BADZONE_VERSION === 'string' ? BADZONE_VERSION : '0.0.0-dev';

/**
 * A command run without commander, by one of the command line's per-command bundles (scripts/build.mjs,
 * src/cli/direct.ts): its options as commander would have made them, the command, and its view's renderer.
 */
export interface Direct {
  opts: Record<string, unknown>;
  run: (opts: never, io: IO) => Promise<View>;
  render: (view: View, st: Style) => string;
}

/**
 * Run badzone with these arguments (without "node" and the script); returns the exit code. With `direct`, its
 * command is run on its options as they are (argv was already read); otherwise commander reads argv.
 *
 * commander, the definitions of the commands and every renderer are imported when needed (lazily), not when this
 * module loads: a per-command bundle has stand-ins for them that never run (scripts/bundle.mjs, directBundle).
 */
export async function main(argv: string[], io: IO, direct?: Direct): Promise<number> {
  let code: number = EXIT.ok;
  // The game the person named: hints that name a command on a game name it too, so they work as written.
  const given = sessionArg(argv);
  const session = given !== undefined && given.trim() !== '' ? shellWord(echoPath(given)) : undefined;
  const render = direct?.render ?? (await import('../render/text.js')).renderText;
  const emit = (view: View, json: boolean): void => {
    if (json) io.stdout(`${safeJson(view.data)}\n`);
    else {
      const color = wantColor(io.env, io.stdoutIsTTY, false);
      const width = Math.max(40, Math.min(io.stdoutIsTTY ? (io.columns ?? 80) : 80, 120));
      const st = makeStyle(color, width, {
        commandName: () => io.argv0,
        ...(session !== undefined ? { session } : {}),
      });
      // The map's board fits the terminal's screen (not a pipe's: no height limit there).
      if (view.kind === 'map' && io.stdoutIsTTY && io.rows !== undefined && io.rows > 0) st.rows = io.rows;
      io.stdout(render(view, st));
    }
    for (const w of view.warnings ?? []) io.stderr(nameCommand(`${safeText(w)}\n`, io, session));
    if (view.exitCode !== undefined) code = view.exitCode;
  };
  // With --json, a failure is one JSON object on stderr: commander's own messages are kept for it, not printed.
  const json = direct ? direct.opts.json === true : wantsJson(argv);
  const said = { held: '', failed: null as string | null };
  try {
    if (direct) emit(await direct.run(direct.opts as never, io), json);
    else {
      const done = await parse(argv, io, emit, json, said);
      if (done !== undefined) return done;
    }
    sayLeftLocks(io);
    return code;
  } catch (e) {
    // With --json a failure is one JSON object on stderr, alone (the failure's message says what to do); in
    // text, a lock left behind is said first.
    if (json) takeLocksLeft();
    else sayLeftLocks(io);
    // Messages say what to run, in the words the person can run (JSON errors are data: never changed).
    const named = json
      ? io
      : (Object.assign(Object.create(io) as IO, {
          stderr: (t: string) => io.stderr(nameCommand(t, io, session)),
        }) as IO);
    return handle(e, named, said.failed, json, said.held, { cliWords, sayError });
  }
}

/**
 * commander reads argv and runs the command it names (its action emits the view). Returns an exit code when no
 * command was run (no arguments: the help). What commander said on the way is kept in `said`: with --json, its
 * messages (held for the JSON error), and which command's arguments were wrong (the hint names its --help).
 */
async function parse(
  argv: string[],
  io: IO,
  emit: (view: View, json: boolean) => void,
  json: boolean,
  said: { held: string; failed: string | null },
): Promise<number | undefined> {
  const { buildProgram } = await import('./program.js');
  // The command named first is the only one built, unless it names none (buildProgram says why).
  const first = argv[0] !== undefined && /^[a-z][a-z-]*$/.test(argv[0]) ? argv[0] : undefined;
  let program = buildProgram(io, emit, VERSION, first);
  if (first !== undefined && !program.commands.some((c) => c.name() === first))
    program = buildProgram(io, emit, VERSION);
  const writeErr = (s: string): void => {
    if (json) said.held += s;
    else io.stderr(s);
  };
  program.exitOverride();
  program.configureOutput({
    writeOut: (s) => io.stdout(s),
    writeErr,
    outputError: (s, write) => write(`badzone: ${commanderMessage(s)}`),
  });
  // The command whose arguments were wrong, so the hint can name its own --help.
  for (const sub of allCommands(program)) {
    sub.exitOverride();
    sub.configureOutput({
      writeOut: (s) => io.stdout(s),
      writeErr,
      outputError: (s, write) => {
        said.failed = commandPath(sub);
        write(`badzone: ${commanderMessage(s)}`);
      },
    });
  }
  if (argv.length === 0) {
    io.stdout(program.helpInformation());
    return EXIT.ok;
  }
  await program.parseAsync(argv, { from: 'user' });
  return undefined;
}

/** A lock this command could not remove: said on stderr; the exit code stays (docs/reliability.md). */
function sayLeftLocks(io: IO): void {
  for (const m of takeLocksLeft()) io.stderr(`badzone: ${safeText(m)}\n`);
}

/**
 * One of commander's own messages ("unknown option '--x'", then maybe a line "(Did you mean --y?)"): what the
 * user typed is quoted in it, so each quoted part is cut (echo) and every control character shown escaped, a
 * line break too; only commander's own line break before its suggestion is kept.
 */
function commanderMessage(s: string): string {
  const text = s
    .replace(/^error: /, '')
    .replace(/\n$/, '')
    .replace(/'([^']{61,})'/g, (_, a: string) => `'${echo(a)}'`);
  return `${text
    .split(/\n(?=\(Did you mean)/)
    .map(safeText)
    .join('\n')}\n`;
}

function commandPath(c: import('commander').Command): string {
  const names: string[] = [];
  for (let x: import('commander').Command | null = c; x?.parent; x = x.parent) names.unshift(x.name());
  return names.join(' ');
}

function allCommands(c: import('commander').Command): import('commander').Command[] {
  return c.commands.flatMap((x) => [x, ...allCommands(x)]);
}

/** The value of the last `--session X` or `--session=X` among the arguments (before a `--`). */
export function sessionArg(argv: string[]): string | undefined {
  const end = argv.indexOf('--');
  const args = end < 0 ? argv : argv.slice(0, end);
  let found: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--session' && i + 1 < args.length) found = args[++i];
    else if (a.startsWith('--session=')) found = a.slice('--session='.length);
  }
  return found;
}

/** `--json` among the arguments (before a `--`, after which everything is an operand). */
export function wantsJson(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).includes('--json');
}

/**
 * An error of commander's (its CommanderError, or InvalidArgumentError): each has a code `commander.*`. Told by
 * its code, not by its class, so that this module does not load commander (a per-command bundle has none).
 */
function isCommanderError(e: unknown): e is import('commander').CommanderError {
  const code: unknown = e instanceof Error ? (e as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('commander.');
}

/** Print a failure: text on stderr as always, or with --json one JSON object; returns the exit code. */
function fail(
  io: IO,
  json: boolean,
  code: Exclude<ExitCode, 0>,
  message: string,
  hint: string | null,
  text: string,
): number {
  if (json) {
    const out: ErrorData = { error: { code, kind: KIND_OF_CODE[code], message, hint } };
    io.stderr(`${safeJsonLine(out)}\n`);
  } else io.stderr(text);
  return code;
}

function handle(
  e: unknown,
  io: IO,
  failed: string | null,
  json: boolean,
  held: string,
  { cliWords, sayError }: { cliWords: () => Words; sayError: typeof import('./words.js').sayError },
): number {
  if (isCommanderError(e)) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return EXIT.ok;
    if (e.code === 'commander.executeSubCommandAsync') return EXIT.ok;
    // `badzone help` exits 0; `badzone events` with no subcommand shows the help on stderr as an error: a usage error.
    if (e.code === 'commander.help') {
      if (e.exitCode === 0) {
        if (json) io.stderr(held);
        return EXIT.ok;
      }
      return fail(
        io,
        json,
        EXIT.usage,
        'a subcommand is needed.',
        'Run `badzone --help` (or `badzone <command> --help`) to see the commands.',
        '',
      );
    }
    // commander has already printed its message (or held it, with --json); add what to do.
    const hint = failed
      ? `Run \`badzone ${failed} --help\` to see its arguments, flags and examples.`
      : 'Run `badzone --help` (or `badzone <command> --help`) to see the commands and flags.';
    const message = e.message.replace(/^error: /, '');
    const known = [
      'commander.missingMandatoryOptionValue',
      'commander.unknownOption',
      'commander.unknownCommand',
      'commander.missingArgument',
      'commander.invalidArgument',
      'commander.optionMissingArgument',
      'commander.excessArguments',
    ];
    return fail(io, json, EXIT.usage, message, hint, known.includes(e.code) ? `${hint}\n` : '');
  }
  if (e instanceof BadzoneError) {
    // The library's errors in the command line's words (./words.ts); its own are said as they are.
    const message = sayError(e, cliWords());
    return fail(
      io,
      json,
      e.exitCode,
      message,
      e.hint ?? null,
      `badzone: ${safeText(message)}\n${e.hint ? `${safeText(e.hint)}\n` : ''}`,
    );
  }
  const broken = brokenLogEntry(e);
  if (broken) {
    // Not a fault of badzone's: the file's (its hash made to match by hand), exit 4.
    const message = `the game file's ${broken.path}: ${broken.problem}. The file is not as badzone wrote it, though its hash says so (made to match by hand?).`;
    const hint =
      'Run `badzone verify` to check the whole file; restore it from a copy, or start a new game with `badzone new --force`.';
    return fail(io, json, EXIT.invalidFile, message, hint, `badzone: ${safeText(message)}\n${safeText(hint)}\n`);
  }
  if (e instanceof PromptCancelled) {
    const message = 'cancelled; nothing was changed by the unanswered step.';
    return fail(io, json, EXIT.refused, message, null, `badzone: ${message}\n`);
  }
  const message = `internal error: ${e instanceof Error ? e.message : String(e)}.`;
  const hint = 'Please report it; run with BADZONE_DEBUG=1 for details.';
  if (io.env.BADZONE_DEBUG === '1') io.stderr(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  return fail(
    io,
    json,
    EXIT.refused,
    message,
    hint,
    io.env.BADZONE_DEBUG === '1' ? '' : `badzone: ${safeText(message)} ${hint}\n`,
  );
}

/**
 * What became of the real stdout and stderr. A reader that went away (EPIPE: `| head`) is not an error: output
 * stops quietly and the exit code stays. Any other failure of stdout (a full disk, an I/O error) is: the
 * command's result was not printed, so a success becomes exit 7 (EXIT.output) with a message on stderr that says
 * whether the game was saved. stderr failures are ignored: there is nowhere left to say anything, and the exit
 * code never changes because of them.
 */
const streams = { stdoutDone: false, stdoutError: null as NodeJS.ErrnoException | null, stderrDone: false };

function stdoutFailed(e: unknown): void {
  streams.stdoutDone = true;
  const err = e as NodeJS.ErrnoException;
  if (err?.code !== 'EPIPE' && streams.stdoutError === null) streams.stdoutError = err;
}

function stderrFailed(): void {
  streams.stderrDone = true;
}

/**
 * Node makes process.stdout, process.stderr and process.stdin on first use, and that costs start-up: a stream
 * class (node:stream, and node:net for a pipe, node:tty for a terminal) is loaded and built, about 3 ms each
 * (docs/development.md, Performance). So they are touched only when needed: a descriptor that fstat says is a
 * pipe, a socket or a file is no terminal, and text is written to it with fs.writeSync (whole, in order); a
 * terminal, anything else, or a pipe that would block (EAGAIN: a non-blocking pipe shared with another program)
 * goes through Node's stream as before.
 */
const plain: (boolean | undefined)[] = [];
function plainFd(fd: number): boolean {
  if (plain[fd] === undefined) {
    try {
      const s = fs.fstatSync(fd);
      plain[fd] = s.isFIFO() || s.isSocket() || s.isFile();
    } catch {
      plain[fd] = false;
    }
  }
  return plain[fd];
}

/** Node's stream for stdout or stderr, made on first use, with its error handler. */
const made: { out?: NodeJS.WriteStream; err?: NodeJS.WriteStream } = {};
function stdoutStream(): NodeJS.WriteStream {
  if (!made.out) (made.out = process.stdout).on('error', stdoutFailed);
  return made.out;
}
function stderrStream(): NodeJS.WriteStream {
  if (!made.err) (made.err = process.stderr).on('error', stderrFailed);
  return made.err;
}

/** Writes `s` to a plain descriptor; returns what would have blocked (for the stream), or null when all was written. */
function writeDirect(fd: number, s: string): Buffer | null {
  let buf = Buffer.from(s);
  while (buf.length > 0) {
    try {
      buf = buf.subarray(fs.writeSync(fd, buf));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      plain[fd] = false;
      return buf;
    }
  }
  return null;
}

function writeOut(s: string): void {
  if (streams.stdoutDone) return;
  try {
    const rest: string | Buffer | null = plainFd(1) ? writeDirect(1, s) : s;
    if (rest !== null) stdoutStream().write(rest);
  } catch (e) {
    // A file or /dev/full as stdout fails synchronously.
    stdoutFailed(e);
  }
}

function writeErr(s: string): void {
  if (streams.stderrDone) return;
  try {
    const rest: string | Buffer | null = plainFd(2) ? writeDirect(2, s) : s;
    if (rest !== null) stderrStream().write(rest);
  } catch {
    stderrFailed();
  }
}

/** Why stdout failed, in words (never the raw system message). */
function outputProblem(e: NodeJS.ErrnoException): string {
  switch (e.code) {
    case 'ENOSPC':
      return 'the disk or device it goes to is full';
    case 'EDQUOT':
      return 'the disk quota is used up';
    case 'EIO':
      return 'an input/output error (a terminal that closed, or a failing disk)';
    case 'EBADF':
      return 'standard output is closed';
    default:
      return `the system refused it (${e.code ?? 'an unknown error'})`;
  }
}

/**
 * The terminal is gone (SIGHUP, or end of input from a terminal) while `play` or a wizard waits at a prompt:
 * exit 1 at once. Every step already shown was saved when it was made, and a step whose answers were still
 * being typed was never made. The terminal's file descriptors are closed first, so that Node does not try to
 * restore the settings of a terminal that no longer exists (which aborts it with a core dump).
 */
function terminalGone(): void {
  const wasTTY = [process.stdin.isTTY, process.stdout.isTTY, process.stderr.isTTY];
  if (!wasTTY[2]) writeErr('badzone: the terminal was closed; every step already shown is saved.\n');
  for (let fd = 0; fd <= 2; fd++) {
    if (!wasTTY[fd]) continue;
    try {
      fs.closeSync(fd);
    } catch {
      /* already closed */
    }
  }
  process.exit(EXIT.refused);
}

/** The real process's IO. */
/** How ESM packages are loaded: the bin's import() when it gives one (see cli()), else this module's own. */
let esmImport: (specifier: string) => Promise<unknown> = (s) => import(s);

export function processIO(): IO {
  let name: string | undefined;
  return {
    // Looked up only when a text names a command (a few stat calls on the PATH's folders).
    get argv0() {
      return (name ??= commandName(process.env, {
        script: process.argv[1],
        execPath: process.execPath,
        cwd: process.cwd(),
      }));
    },
    cwd: process.cwd(),
    env: process.env,
    stdout: writeOut,
    stderr: writeErr,
    // Asked when a command needs them, never by making a stream for a pipe or a file (plainFd).
    get stdinIsTTY() {
      return !plainFd(0) && process.stdin.isTTY === true;
    },
    get stdoutIsTTY() {
      return !plainFd(1) && stdoutStream().isTTY === true;
    },
    get stderrIsTTY() {
      return !plainFd(2) && stderrStream().isTTY === true;
    },
    get columns() {
      return plainFd(1) ? undefined : stdoutStream().columns;
    },
    get rows() {
      return plainFd(1) ? undefined : stdoutStream().rows;
    },
    // node:crypto is loaded on first use only: most commands never need a fresh seed (start-up, `npm run bench`).
    randomSeed: () => osRandomSeed(),
    now: () => new Date(),
    // Prompts go to the terminal; when stdout is piped (e.g. --json into a script), to stderr, so the data stays clean.
    prompter: () =>
      inquirerPrompter(process.stdout.isTTY ? process.stdout : process.stderr, terminalGone, process.stdin, esmImport),
    // node:child_process is loaded only when a browser is opened (start-up).
    openBrowser: (url) =>
      new Promise((resolve, reject) => {
        const { spawn } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
        const [cmd, args] =
          process.platform === 'darwin'
            ? ['open', [url]]
            : process.platform === 'win32'
              ? ['cmd', ['/c', 'start', '""', url]]
              : ['xdg-open', [url]];
        const child = spawn(cmd, args, { detached: true, stdio: 'ignore' });
        child.once('error', reject);
        child.once('spawn', () => {
          child.unref();
          resolve();
        });
      }),
    onStop: (stop) => {
      const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
      for (const s of signals) process.once(s, stop);
      return () => {
        for (const s of signals) process.off(s, stop);
      };
    },
    onInterrupt: (handler) => {
      const once = (): void => {
        process.removeListener('SIGINT', once);
        handler();
      };
      process.on('SIGINT', once);
      return () => process.removeListener('SIGINT', once);
    },
  };
}

/** Wait until everything written to `stream` has been handed to the system, or has failed (errors are emitted a tick later). */
async function flushed(stream: NodeJS.WriteStream | undefined): Promise<void> {
  if (!stream) return;
  if (!stream.destroyed && stream.writable && stream.writableLength > 0)
    await new Promise<void>((resolve) => stream.write('', () => resolve()));
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (stream.errored) stdoutFailed(stream.errored);
}

/**
 * Called by bin/badzone.js, which hands over its own `import()`: the bundle is run through a vm.Script (for the
 * V8 code cache), where a dynamic import() has no loader on Node 20 unless an experimental flag is used, so the
 * bundle itself contains none (scripts/build.mjs checks). The prompts library (ESM) is loaded through it.
 * `direct`: the command a per-command bundle runs without commander (src/cli/direct.ts).
 */
export async function cli(importModule?: (specifier: string) => Promise<unknown>, direct?: Direct): Promise<void> {
  if (importModule) esmImport = importModule;
  const argv = process.argv.slice(2);
  let code = await main(argv, processIO(), direct);
  await flushed(made.out);
  const e = streams.stdoutError;
  if (e && code === EXIT.ok) {
    const games = gamesSaved();
    const message = games.length
      ? `the game was saved (${games.join(', ')}), but its result could not be printed: ${outputProblem(e)}.`
      : `the result could not be printed: ${outputProblem(e)}. Nothing was changed.`;
    const hint = games.length ? 'Do not run the command again; `badzone status` shows the game.' : null;
    if (wantsJson(argv))
      writeErr(
        `${safeJsonLine({ error: { code: EXIT.output, kind: KIND_OF_CODE[EXIT.output], message, hint } } satisfies ErrorData)}\n`,
      );
    else writeErr(`badzone: ${safeText(message)}${hint ? ` ${hint}` : ''}\n`);
    code = EXIT.output;
  }
  const err = made.err;
  if (err && !err.destroyed && err.writable && err.writableLength > 0)
    await new Promise<void>((resolve) => err.write('', () => resolve()));
  // Done: exit now rather than when the event loop is empty. By then V8 has often scheduled a garbage collection
  // of the young objects (about 1 ms, on every command: docs/development.md, Performance); everything was written.
  process.exit(code);
}

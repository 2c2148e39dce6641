// The entry point: parse, run, print, and turn errors into exit codes. The only place that exits.
import { createRequire } from 'node:module';
import { CommanderError } from 'commander';
import { BadzoneError, EXIT } from '../errors.js';
import { renderText } from '../render/text.js';
import { safeJson, safeText } from '../render/safe.js';
import { makeStyle, wantColor } from '../render/style.js';
import type { IO } from './io.js';
import { buildProgram } from './program.js';
import { inquirerPrompter, PromptCancelled } from './prompts.js';
import type { View } from '../render/view.js';

declare const BADZONE_VERSION: string | undefined;
const VERSION = typeof BADZONE_VERSION === 'string' ? BADZONE_VERSION : '0.0.0-dev';

/** Run badzone with these arguments (without "node" and the script); returns the exit code. */
export async function main(argv: string[], io: IO): Promise<number> {
  let code: number = EXIT.ok;
  const emit = (view: View, json: boolean): void => {
    if (json) io.stdout(`${safeJson(view.data)}\n`);
    else {
      const color = wantColor(io.env, io.stdoutIsTTY, false);
      const width = Math.max(40, Math.min(io.stdoutIsTTY ? (io.columns ?? 80) : 80, 120));
      io.stdout(renderText(view, makeStyle(color, width)));
    }
    for (const w of view.warnings ?? []) io.stderr(`${safeText(w)}\n`);
    if (view.exitCode !== undefined) code = view.exitCode;
  };
  const program = buildProgram(io, emit, VERSION);
  program.exitOverride();
  program.configureOutput({
    writeOut: (s) => io.stdout(s),
    writeErr: (s) => io.stderr(s),
    outputError: (s, write) => write(`badzone: ${safeText(s.replace(/^error: /, ''))}`),
  });
  // The command whose arguments were wrong, so the hint can name its own --help.
  let failed: string | null = null;
  for (const sub of allCommands(program)) {
    sub.exitOverride();
    sub.configureOutput({
      writeOut: (s) => io.stdout(s),
      writeErr: (s) => io.stderr(s),
      outputError: (s, write) => {
        failed = commandPath(sub);
        write(`badzone: ${safeText(s.replace(/^error: /, ''))}`);
      },
    });
  }
  try {
    if (argv.length === 0) {
      io.stdout(program.helpInformation());
      return EXIT.ok;
    }
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (e) {
    return handle(e, io, failed);
  }
}

function commandPath(c: import('commander').Command): string {
  const names: string[] = [];
  for (let x: import('commander').Command | null = c; x && x.parent; x = x.parent) names.unshift(x.name());
  return names.join(' ');
}

function allCommands(c: import('commander').Command): import('commander').Command[] {
  return c.commands.flatMap((x) => [x, ...allCommands(x)]);
}

function handle(e: unknown, io: IO, failed: string | null): number {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return EXIT.ok;
    // `badzone help` exits 0; `badzone events` with no subcommand shows the help on stderr as an error: a usage error.
    if (e.code === 'commander.help') return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (e.code === 'commander.executeSubCommandAsync') return EXIT.ok;
    // commander has already printed its message; add what to do.
    if (e.code === 'commander.missingMandatoryOptionValue' || e.code === 'commander.unknownOption' || e.code === 'commander.unknownCommand' || e.code === 'commander.missingArgument' || e.code === 'commander.invalidArgument' || e.code === 'commander.optionMissingArgument' || e.code === 'commander.excessArguments') {
      io.stderr(failed ? `Run \`badzone ${failed} --help\` to see its arguments, flags and examples.\n` : 'Run `badzone --help` (or `badzone <command> --help`) to see the commands and flags.\n');
    }
    return EXIT.usage;
  }
  if (e instanceof BadzoneError) {
    io.stderr(`badzone: ${safeText(e.message)}\n`);
    return e.exitCode;
  }
  if (e instanceof PromptCancelled) {
    io.stderr('badzone: cancelled; nothing was changed by the unanswered step.\n');
    return EXIT.refused;
  }
  if (io.env.BADZONE_DEBUG === '1') io.stderr(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  else io.stderr(`badzone: internal error: ${safeText(e instanceof Error ? e.message : String(e))}. Please report it; run with BADZONE_DEBUG=1 for details.\n`);
  return EXIT.refused;
}

/** The real process's IO. */
export function processIO(): IO {
  return {
    argv0: 'badzone',
    cwd: process.cwd(),
    env: process.env,
    stdout: (s) => {
      process.stdout.write(s);
    },
    stderr: (s) => {
      process.stderr.write(s);
    },
    stdinIsTTY: process.stdin.isTTY === true,
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    columns: process.stdout.columns,
    // node:crypto is loaded on first use only: most commands never need a fresh seed (start-up, `npm run bench`).
    randomSeed: () => (createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto')).randomInt(-2147483648, 2147483647),
    now: () => new Date(),
    // Prompts go to the terminal; when stdout is piped (e.g. --json into a script), to stderr, so the data stays clean.
    prompter: () => inquirerPrompter(process.stdout.isTTY ? process.stdout : process.stderr),
  };
}

/** Called by bin/badzone.js. */
export async function cli(): Promise<void> {
  const quietPipe = (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  };
  process.stdout.on('error', quietPipe);
  process.stderr.on('error', quietPipe);
  const code = await main(process.argv.slice(2), processIO());
  process.exitCode = code;
}

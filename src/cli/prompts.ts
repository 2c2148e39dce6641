// Prompts, behind a small interface so that tests can answer them and other commands never load inquirer.
import { createRequire } from 'node:module';
import { safeText } from '../render/safe.js';
import { wrap } from '../render/style.js';
export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
}

export interface Prompter {
  select<T>(message: string, choices: Choice<T>[], defaultValue?: T): Promise<T>;
  checkbox<T>(message: string, choices: Choice<T>[]): Promise<T[]>;
  /**
   * A line of text. `keys`: single keys that answer at once, without Enter (a die prompt's `r`: roll the rest);
   * the prompt returns the key's `answer`, and shows `shown` as the answer when given (else it is erased).
   */
  input(
    message: string,
    opts?: {
      default?: string;
      validate?: (v: string) => true | string;
      keys?: Record<string, { answer: string; shown?: string }>;
    },
  ): Promise<string>;
  confirm(message: string, defaultValue?: boolean): Promise<boolean>;
  /** From now on, erase each prompt once answered (on) or leave it on screen (off, the default). */
  clearAnswered?(on: boolean): void;
}

/** Raised when the user presses Ctrl-C or closes the terminal at a prompt. */
export class PromptCancelled extends Error {
  override name = 'PromptCancelled';
}

/**
 * Raised when the user presses Escape at a prompt: back to the prompt before, nothing changed. Where nothing
 * comes before (a command's own first question), it is a cancellation like Ctrl-C.
 */
export class PromptBack extends PromptCancelled {
  override name = 'PromptBack';
}

/**
 * A prompt's message as the terminal shows it: escaped, and broken between words to fit `columns` (inquirer
 * breaks a long line at the last column, inside a word). The first line follows the prompt's `? ` mark, so every
 * line after it is indented two spaces to start under the first word; one column is kept free, since some
 * terminals move to the next line as soon as the last column is written.
 */
export function promptMessage(message: string, columns: number | undefined): string {
  const width = Math.max(20, (columns && columns > 0 ? columns : 80) - 1);
  return wrap(safeText(message), width, '  ', '  ')
    .map((line, i) => (i === 0 ? line.slice(2) : line))
    .join('\n');
}

/** How long keys typed before a prompt appeared are read and dropped before it is drawn (ms). */
export const TYPE_AHEAD_MS = 40;

/**
 * Drop the keys typed before a prompt appeared (an Enter pressed twice must not also answer the next question):
 * read the terminal in raw mode for a moment, discard what arrives, then let the prompt start. Node reads a
 * terminal only in its poll phase, so waiting on a timer guarantees that whatever the kernel holds is read here.
 */
async function dropTypeAhead(input: NodeJS.ReadStream): Promise<void> {
  if (!input.isTTY || typeof input.setRawMode !== 'function') return;
  const wasRaw = input.isRaw;
  const sink = (): void => {};
  const ignore = (): void => {};
  try {
    input.setRawMode(true);
  } catch {
    return;
  }
  input.on('error', ignore);
  input.on('data', sink);
  input.resume();
  try {
    await new Promise((resolve) => setTimeout(resolve, TYPE_AHEAD_MS));
  } finally {
    input.off('data', sink);
    input.pause();
    input.off('error', ignore);
    try {
      input.setRawMode(wasRaw);
    } catch {
      /* the terminal went away: the prompt that follows says so */
    }
  }
}

/**
 * The real prompter, built on @inquirer/prompts (imported only when a prompt is shown). Before each prompt, keys
 * typed ahead are dropped; during it, Escape backs out (PromptBack) and Ctrl-C cancels (PromptCancelled).
 * `onTerminalGone` is called when the terminal goes away while badzone waits for an answer (SIGHUP, or the end of
 * input that a closed terminal gives): main.ts exits quietly. It is called before the prompt library sees the end
 * of input, which would otherwise fail restoring the closed terminal (EIO) and take the process down.
 */
export async function inquirerPrompter(
  output: NodeJS.WritableStream,
  onTerminalGone?: () => void,
  input: NodeJS.ReadStream = process.stdin,
  importModule: (specifier: string) => Promise<unknown> = (s) => import(s),
): Promise<Prompter> {
  if (onTerminalGone) watchTerminal(onTerminalGone);
  const p = (await importModule('@inquirer/prompts')) as typeof import('@inquirer/prompts');
  // Escape arrives as a lone ESC byte, which readline holds for escapeCodeTimeout (500 ms by default) in case an
  // arrow key's sequence follows; a terminal sends a whole sequence at once, so 50 ms tells them apart. The
  // decoder is installed once per stream: the readline interfaces the prompts create then reuse it.
  if (input.isTTY)
    (createRequire(import.meta.url)('node:readline') as typeof import('node:readline')).emitKeypressEvents(input, {
      escapeCodeTimeout: 50,
    } as never);
  let clearAnswered = false;
  const fit = (message: string): string => promptMessage(message, (output as NodeJS.WriteStream).columns);
  const guard = async <T>(
    f: (ctx: {
      input: NodeJS.ReadStream;
      output: NodeJS.WritableStream;
      clearPromptOnDone: boolean;
      signal: AbortSignal;
    }) => Promise<T>,
    keys: Record<string, { answer: T; shown?: string }> = {},
    message = '',
  ): Promise<T> => {
    await dropTypeAhead(input);
    const onEscape = new AbortController();
    // inquirer reads clearPromptOnDone when the prompt ends: a prompt left with Escape is erased, an answered one
    // stays; with clearAnswered (the setup wizard) an answered one is erased too, so answered lines do not pile up.
    const ctx = { input, output, clearPromptOnDone: clearAnswered, signal: onEscape.signal };
    let pressed: { answer: T; shown?: string } | null = null;
    const onKey = (_s: unknown, key: { name?: string; ctrl?: boolean; meta?: boolean } | undefined): void => {
      const name = key?.name;
      if (name === undefined) return;
      if (!key?.ctrl && !key?.meta && Object.hasOwn(keys, name)) pressed = keys[name]!;
      else if (name !== 'escape') return;
      ctx.clearPromptOnDone = true;
      onEscape.abort();
    };
    input.on('keypress', onKey);
    try {
      return await f(ctx);
    } catch (e) {
      const key = pressed as { answer: T; shown?: string } | null;
      if (key && e instanceof Error && e.name === 'AbortPromptError') {
        // Shown as an answered prompt would be (unless answered lines are being cleared).
        if (key.shown !== undefined && !clearAnswered) output.write(`✔ ${fit(message)} ${safeText(key.shown)}\n`);
        return key.answer;
      }
      if (onEscape.signal.aborted && e instanceof Error && e.name === 'AbortPromptError') throw new PromptBack('back');
      if (e instanceof Error && (e.name === 'ExitPromptError' || e.name === 'AbortPromptError'))
        throw new PromptCancelled('cancelled');
      throw e;
    } finally {
      input.off('keypress', onKey);
    }
  };
  // Messages and choices quote names and table text: shown escaped, like everything else on the terminal.
  const safe = <T>(choices: Choice<T>[]) =>
    choices.map((c) => ({
      ...c,
      name: safeText(c.name),
      ...(c.description !== undefined ? { description: safeText(c.description) } : {}),
    }));
  const check = (validate?: (v: string) => true | string) =>
    validate
      ? {
          validate: (v: string) => {
            const r = validate(v);
            return r === true ? true : safeText(r);
          },
        }
      : {};
  return {
    clearAnswered: (on) => {
      clearAnswered = on;
    },
    // No "↑↓ navigate • ⏎ select" line under a menu: on a 24-row terminal every line counts.
    select: (message, choices, defaultValue) =>
      guard((ctx) =>
        p.select(
          {
            message: fit(message),
            choices: safe(choices),
            default: defaultValue,
            pageSize: 14,
            theme: { style: { keysHelpTip: () => undefined } },
          },
          ctx,
        ),
      ),
    checkbox: (message, choices) =>
      guard((ctx) => p.checkbox({ message: fit(message), choices: safe(choices), pageSize: 14 }, ctx)),
    input: (message, opts = {}) =>
      guard(
        (ctx) =>
          p.input(
            {
              message: fit(message),
              ...(opts.default !== undefined ? { default: opts.default } : {}),
              ...check(opts.validate),
            },
            ctx,
          ),
        opts.keys,
        message,
      ),
    confirm: (message, defaultValue) =>
      guard((ctx) =>
        p.confirm({ message: fit(message), ...(defaultValue !== undefined ? { default: defaultValue } : {}) }, ctx),
      ),
  };
}

let watching = false;
/** Listen (once per process, before any prompt's own listeners) for the terminal going away. */
function watchTerminal(onGone: () => void): void {
  if (watching) return;
  watching = true;
  process.once('SIGHUP', onGone);
  process.stdin.once('end', onGone);
  process.stdin.once('error', onGone);
}

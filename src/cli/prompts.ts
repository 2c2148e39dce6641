// Prompts, behind a small interface so that tests can answer them and other commands never load inquirer.
import { safeText } from '../render/safe.js';
export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
}

export interface Prompter {
  select<T>(message: string, choices: Choice<T>[], defaultValue?: T): Promise<T>;
  checkbox<T>(message: string, choices: Choice<T>[]): Promise<T[]>;
  input(message: string, opts?: { default?: string; validate?: (v: string) => true | string }): Promise<string>;
  confirm(message: string, defaultValue?: boolean): Promise<boolean>;
}

/** Raised when the user presses Ctrl-C or closes the terminal at a prompt. */
export class PromptCancelled extends Error {
  override name = 'PromptCancelled';
}

/**
 * The real prompter, built on @inquirer/prompts (imported only when a prompt is shown). `onTerminalGone` is
 * called when the terminal goes away while badzone waits for an answer (SIGHUP, or the end of input that a
 * closed terminal gives): main.ts exits quietly. It is called before the prompt library sees the end of input,
 * which would otherwise fail restoring the closed terminal (EIO) and take the process down.
 */
export async function inquirerPrompter(output: NodeJS.WritableStream, onTerminalGone?: () => void): Promise<Prompter> {
  if (onTerminalGone) watchTerminal(onTerminalGone);
  const p = await import('@inquirer/prompts');
  const ctx = { output, clearPromptOnDone: false };
  const guard = async <T>(f: () => Promise<T>): Promise<T> => {
    try {
      return await f();
    } catch (e) {
      if (e instanceof Error && (e.name === 'ExitPromptError' || e.name === 'AbortPromptError')) throw new PromptCancelled('cancelled');
      throw e;
    }
  };
  // Messages and choices quote names and table text: shown escaped, like everything else on the terminal.
  const safe = <T>(choices: Choice<T>[]) => choices.map((c) => ({ ...c, name: safeText(c.name), ...(c.description !== undefined ? { description: safeText(c.description) } : {}) }));
  const check = (validate?: (v: string) => true | string) => (validate ? { validate: (v: string) => { const r = validate(v); return r === true ? true : safeText(r); } } : {});
  return {
    select: (message, choices, defaultValue) => guard(() => p.select({ message: safeText(message), choices: safe(choices), default: defaultValue, pageSize: 14 }, ctx)),
    checkbox: (message, choices) => guard(() => p.checkbox({ message: safeText(message), choices: safe(choices), pageSize: 14 }, ctx)),
    input: (message, opts = {}) =>
      guard(() => p.input({ message: safeText(message), ...(opts.default !== undefined ? { default: opts.default } : {}), ...check(opts.validate) }, ctx)),
    confirm: (message, defaultValue) => guard(() => p.confirm({ message: safeText(message), ...(defaultValue !== undefined ? { default: defaultValue } : {}) }, ctx)),
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

// A Prompter that answers from a script, for prompt flows without a human. Each answer names the kind of prompt
// it expects and a pattern its message must match, so a test fails loudly when the flow asks something else.
// select answers must be among the choices offered; input answers must pass the prompt's own validation
// (or, with `invalid`, must be refused by it).
import { PromptBack, PromptCancelled, type Choice, type Prompter } from '../../src/cli/prompts.js';

/** Take the prompt's default (like pressing Enter). */
export const ENTER = Symbol('enter');

export type Answer =
  /** value: the choice's value, ENTER for the default, or a function picking a value from the choices offered. */
  | { select: RegExp; value: unknown }
  | { input: RegExp; value: string | typeof ENTER; invalid?: RegExp }
  | { confirm: RegExp; value: boolean | typeof ENTER }
  | { checkbox: RegExp; value: unknown[] }
  /** Ctrl-C at a prompt whose message matches. */
  | { cancel: RegExp }
  /** Escape at a prompt whose message matches: back to the one before. */
  | { back: RegExp };

export interface Scripted extends Prompter {
  /** Every prompt shown, in order: "select: message". */
  asked: string[];
  /** The choices of every select shown, in order. */
  menus: Choice<unknown>[][];
  /** The default each select or confirm was shown with, in order ("select: message" -> default). */
  defaults: [string, unknown][];
  left(): number;
}

export function scripted(script: Answer[]): Scripted {
  const queue = [...script];
  const asked: string[] = [];
  const menus: Choice<unknown>[][] = [];
  const defaults: [string, unknown][] = [];
  const next = (kind: string, message: string): Answer => {
    asked.push(`${kind}: ${message}`);
    const a = queue.shift();
    if (!a) throw new Error(`script ran out at ${kind} "${message}"`);
    if ('cancel' in a) {
      if (!a.cancel.test(message)) throw new Error(`expected to cancel at ${a.cancel}, got ${kind} "${message}"`);
      throw new PromptCancelled('cancelled');
    }
    if ('back' in a) {
      if (!a.back.test(message)) throw new Error(`expected Escape at ${a.back}, got ${kind} "${message}"`);
      throw new PromptBack('back');
    }
    const [k, re] = Object.entries(a)[0] as [string, RegExp];
    if (k !== kind || !re.test(message)) throw new Error(`expected ${k} ${re}, got ${kind} "${message}"`);
    return a;
  };
  return {
    asked,
    menus,
    defaults,
    left: () => queue.length,
    async select<T>(message: string, choices: Choice<T>[], defaultValue?: T): Promise<T> {
      menus.push(choices as Choice<unknown>[]);
      defaults.push([`select: ${message}`, defaultValue]);
      const a = next('select', message) as { value: unknown };
      if (a.value === ENTER) return defaultValue ?? choices[0]!.value;
      const want = typeof a.value === 'function' ? (a.value as (c: Choice<T>[]) => unknown)(choices) : a.value;
      const hit = choices.find((c) => c.value === want);
      if (!hit)
        throw new Error(
          `"${String(want)}" is not offered at "${message}": ${choices.map((c) => String(c.value)).join(', ')}`,
        );
      return hit.value;
    },
    async checkbox<T>(message: string, choices: Choice<T>[]): Promise<T[]> {
      const a = next('checkbox', message) as { value: unknown[] };
      for (const v of a.value)
        if (!choices.some((c) => c.value === v)) throw new Error(`"${String(v)}" is not offered at "${message}"`);
      return a.value as T[];
    },
    async input(message, opts = {}): Promise<string> {
      const a = next('input', message) as { value: string | typeof ENTER; invalid?: RegExp };
      const value = a.value === ENTER ? (opts.default ?? '') : a.value;
      const verdict = opts.validate ? opts.validate(value) : true;
      if (a.invalid) {
        if (verdict === true || !a.invalid.test(verdict))
          throw new Error(`"${value}" should be refused at "${message}" with ${a.invalid}, got ${String(verdict)}`);
        // Refused, as a terminal would: the same prompt asks again.
        return this.input(message, opts);
      }
      if (verdict !== true) throw new Error(`"${value}" is refused at "${message}": ${verdict}`);
      return value;
    },
    async confirm(message, defaultValue): Promise<boolean> {
      defaults.push([`confirm: ${message}`, defaultValue]);
      const a = next('confirm', message) as { value: boolean | typeof ENTER };
      return a.value === ENTER ? (defaultValue ?? false) : a.value;
    },
  };
}

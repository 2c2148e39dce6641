// Colour and layout. Colour carries meaning but never alone: every coloured thing also has a word or a mark,
// so the same output with NO_COLOR (or piped) reads the same. Without colour the output is plain ASCII
// (tables, rules and marks alike); with colour it uses box-drawing characters.
import { Chalk, type ChalkInstance } from 'chalk';

export interface Marks {
  /** Before each of the tool's own rolls and picks. */
  tool: string;
  /** The left bar of an event card. */
  bar: string;
  /** The horizontal rule of a heading. */
  hr: string;
  /** A list item. */
  bullet: string;
  /** "becomes", "moves to". */
  arrow: string;
}

export interface Style {
  color: boolean;
  /** Plain ASCII tables and marks (used whenever colour is off). */
  ascii: boolean;
  width: number;
  /** Show hints naming the next command to run (off inside `badzone play`, whose menu does that). */
  hints: boolean;
  /**
   * How the person runs badzone ("badzone", or "npx badzone" when it is not on their PATH), asked only when a
   * line names a command: text naming `badzone ...` is written with it before it is fitted to the width.
   */
  commandName?: () => string;
  /** The --session argument the person gave (quoted for the shell): commands named in text that act on a game get it. */
  session?: string;
  /**
   * The rows a round's card may take on screen (`badzone play`: the terminal's rows less its menu's): a card that
   * would take more has its per-tile results folded into one line; the map's board (`badzone map` on a terminal,
   * play's Battlefield) is drawn in screens of this many rows. Absent: any length.
   */
  rows?: number;
  c: ChalkInstance;
  marks: Marks;
  heading: (s: string) => string;
  /** Once events (magenta; the word "Once" is always printed too). */
  once: (s: string) => string;
  /** Persistent events (blue; the word "Persistent" is always printed too). */
  persistent: (s: string) => string;
  /** The tool's own rolls and picks (cyan; always after the tool mark). */
  tool: (s: string) => string;
  /** Rules text quoted from the tables (plain). */
  rule: (s: string) => string;
  /** Discarded (red; the word DISCARDED is printed too). */
  discarded: (s: string) => string;
  /** Kept (green; the words "stays in play" are printed too). */
  kept: (s: string) => string;
  /** A new event (yellow; the word NEW is printed too). */
  fresh: (s: string) => string;
  dim: (s: string) => string;
  warn: (s: string) => string;
  bold: (s: string) => string;
}

const UNICODE_MARKS: Marks = { tool: '»', bar: '┃', hr: '━', bullet: '•', arrow: '→' };
const ASCII_MARKS: Marks = { tool: '>', bar: '|', hr: '=', bullet: '-', arrow: '->' };

/**
 * Without colour: what chalk gives at level 0 for the calls badzone makes (`c.dim(s)`, `c.red.bold(s)`), the text
 * as it is, without making a chalk. The command line's bundle loads chalk on first use (scripts/bundle.mjs,
 * lazyChalk), so text to a pipe or a file never pays for it (test/e2e/lazy-modules.test.ts).
 */
const PLAIN: ChalkInstance = new Proxy((...text: unknown[]) => (text.length === 1 ? `${text[0]}` : text.join(' ')), {
  get: (_f, key) => (key === 'level' ? 0 : PLAIN),
}) as unknown as ChalkInstance;

export function makeStyle(
  color: boolean,
  width: number,
  opts: { ascii?: boolean; hints?: boolean; commandName?: () => string; session?: string } = {},
): Style {
  const c = color ? new Chalk({ level: 1 }) : PLAIN;
  const ascii = opts.ascii ?? !color;
  return {
    color,
    ascii,
    width,
    hints: opts.hints ?? true,
    ...(opts.commandName ? { commandName: opts.commandName } : {}),
    ...(opts.session !== undefined ? { session: opts.session } : {}),
    c,
    marks: ascii ? ASCII_MARKS : UNICODE_MARKS,
    heading: (s) => c.bold(s),
    once: (s) => c.magenta(s),
    persistent: (s) => c.blue(s),
    tool: (s) => c.cyan(s),
    rule: (s) => s,
    discarded: (s) => c.red.bold(s),
    kept: (s) => c.green(s),
    fresh: (s) => c.yellow.bold(s),
    dim: (s) => c.dim(s),
    warn: (s) => c.yellow(s),
    bold: (s) => c.bold(s),
  };
}

/** Whether to use colour: never with --json or NO_COLOR; FORCE_COLOR turns it on; else only on a terminal. */
export function wantColor(env: NodeJS.ProcessEnv, isTTY: boolean, json: boolean): boolean {
  if (json) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return isTTY && env.TERM !== 'dumb';
}

/** The width to lay out for: 80 columns when not on a terminal, else the terminal's (40 to 120). */
export function layoutWidth(isTTY: boolean, columns: number | undefined): number {
  return Math.max(40, Math.min(isTTY ? (columns ?? 80) : 80, 120));
}

/** The style for a terminal (or pipe) as main.ts chooses it for text output. */
export function terminalStyle(
  env: NodeJS.ProcessEnv,
  isTTY: boolean,
  columns: number | undefined,
  opts: { hints?: boolean; commandName?: () => string; session?: string } = {},
): Style {
  return makeStyle(wantColor(env, isTTY, false), layoutWidth(isTTY, columns), opts);
}

const ANSI = /\u001b\[[0-9;]*m/g;

/** Columns a line takes on the terminal (colour codes take none; each code point one). */
export function visibleWidth(s: string): number {
  // Colour codes are taken out first (a pair of surrogates they split counts one). Plain text, most of it, is
  // counted in place: a list of its characters per call was most of a long status's layout garbage.
  if (s.includes('\u001b')) return [...s.replace(ANSI, '')].length;
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Wrap plain text to `width` columns, each line after the first starting with `indent`. */
export function wrap(text: string, width: number, indent = '', firstIndent = indent): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    const words = keepSpans(
      para.split(/\s+/).filter((w) => w !== ''),
      width - indent.length,
    );
    let line = out.length === 0 ? firstIndent : indent;
    let empty = true;
    for (const w of words) {
      const room = width - line.length - (empty ? 0 : 1);
      if (!empty && w.length > room) {
        out.push(line);
        line = indent;
        empty = true;
      }
      if (empty && line.length + w.length > width) {
        // A single word longer than the line: cut it.
        let rest = w;
        while (line.length + rest.length > width) {
          const cut = Math.max(1, width - line.length);
          out.push(line + rest.slice(0, cut));
          rest = rest.slice(cut);
          line = indent;
        }
        line += rest;
        empty = false;
        continue;
      }
      line += (empty ? '' : ' ') + w;
      empty = false;
    }
    out.push(line);
  }
  return out;
}

/**
 * Words of a code span (`badzone verify --commitment`) joined into one, so a line never breaks inside a command a
 * person may copy (and the hint that names it, `npx badzone ...`, still finds it); a span wider than `room` keeps
 * its breaks.
 */
function keepSpans(words: string[], room: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (backticks(w) % 2 === 1) {
      let j = i + 1;
      while (j < words.length && backticks(words[j]!) % 2 === 0) j++;
      if (j < words.length) {
        const span = words.slice(i, j + 1).join(' ');
        if (span.length <= room) {
          out.push(span);
          i = j;
          continue;
        }
      }
    }
    out.push(w);
  }
  return out;
}

/** How many backticks `w` holds (counted in place: a match list per word was garbage for every line laid out). */
function backticks(w: string): number {
  let n = 0;
  for (let i = w.indexOf('`'); i >= 0; i = w.indexOf('`', i + 1)) n++;
  return n;
}

/** Cut a one-line text to `width` columns, ending with "..." when cut. */
export function clip(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  return `${chars.slice(0, Math.max(0, width - 3)).join('')}...`;
}

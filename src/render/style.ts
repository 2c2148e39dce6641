// Colour and layout. Colour carries meaning but never alone: every coloured thing also has a word or a mark.
import { Chalk, type ChalkInstance } from 'chalk';

export interface Style {
  color: boolean;
  width: number;
  c: ChalkInstance;
  heading: (s: string) => string;
  once: (s: string) => string;
  persistent: (s: string) => string;
  /** The tool's own rolls and picks. */
  tool: (s: string) => string;
  /** Rules text quoted from the tables. */
  rule: (s: string) => string;
  discarded: (s: string) => string;
  kept: (s: string) => string;
  dim: (s: string) => string;
  warn: (s: string) => string;
  bold: (s: string) => string;
}

export function makeStyle(color: boolean, width: number): Style {
  const c = new Chalk({ level: color ? 1 : 0 });
  return {
    color,
    width,
    c,
    heading: (s) => c.bold.cyan(s),
    once: (s) => c.magenta(s),
    persistent: (s) => c.blue(s),
    tool: (s) => c.green(s),
    rule: (s) => s,
    discarded: (s) => c.red(s),
    kept: (s) => c.green(s),
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

/** Wrap plain text to `width` columns, each line after the first starting with `indent`. */
export function wrap(text: string, width: number, indent = '', firstIndent = indent): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    const words = para.split(/\s+/).filter((w) => w !== '');
    let line = firstIndent;
    let empty = true;
    const lead = () => (out.length === 0 ? firstIndent : indent);
    line = lead();
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

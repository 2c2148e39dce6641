// The game commands run without commander, for start-up (issue 23; docs/development.md, Performance). The build
// (scripts/build.mjs) makes a bundle per command played every round (`status`, `round`, `end`) holding that
// command, its renderer and this file, but not commander, the other commands or the other renderers; bin/badzone.js
// runs it when its arguments are the command and its own flags, each well formed (`accepts`), and runs the whole
// command line otherwise (help, a mistake, another command), so every message about the arguments is commander's.
//
// What the flags are is not written here: the build asks commander (src/cli/program.ts, the only file that knows
// the flags) and hands the answer in as a DirectSpec, so the two cannot disagree.
import type { Command } from 'commander';
import type { Renderers } from '../render/text.js';
import { renderWith } from '../render/text.js';
import type { View } from '../render/view.js';
import type { IO } from './io.js';
import { cli, type Direct, main, processIO } from './main.js';

/** One command's flags, as commander defines them (made by scripts/bundle.mjs, `directSpec`). */
export interface DirectSpec {
  command: string;
  /** The options commander gives the command when no flag is given (`--no-input` alone makes `input` true). */
  defaults: Record<string, unknown>;
  /** Each long flag: the option it sets, whether it takes a value, and whether repeating it makes a list. */
  flags: Record<string, { key: string; value: boolean; list: boolean; negate: boolean }>;
}

/**
 * The DirectSpec of a command as commander defines it (scripts/bundle.mjs calls this on src/cli/program.ts's
 * definition when it builds the bundles). A flag direct bundles cannot read (a value with choices, an optional
 * value, a parser other than a list's) or an operand throws, and fails the build: teach directOptions to read it,
 * or give that command no bundle of its own.
 */
export function directSpec(cmd: Command): DirectSpec {
  const flags: DirectSpec['flags'] = {};
  for (const o of cmd.options) {
    if (!o.long) continue;
    const list: unknown = o.parseArg ? (o.parseArg as (v: string, p: unknown) => unknown)('x', undefined) : undefined;
    if (o.argChoices || o.variadic || o.optional || (o.parseArg && !Array.isArray(list)))
      throw new Error(`${cmd.name()} ${o.long}: src/cli/direct.ts cannot read this flag`);
    flags[o.long] = { key: o.attributeName(), value: o.required, list: Array.isArray(list), negate: o.negate };
  }
  if (cmd.registeredArguments.length > 0) throw new Error(`${cmd.name()} takes operands: src/cli/direct.ts reads none`);
  return { command: cmd.name(), defaults: { ...cmd.opts() }, flags };
}

/**
 * The options commander would give the command for `argv`, or null when argv is anything but the command and its
 * own long flags, each once well formed: a value that is missing, empty or starts with `-`, an operand, `--`,
 * a short flag, `--help` or an unknown flag is left to commander (and its messages).
 */
export function directOptions(argv: readonly string[], spec: DirectSpec): Record<string, unknown> | null {
  if (argv[0] !== spec.command) return null;
  const opts: Record<string, unknown> = { ...spec.defaults };
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const flag = name.startsWith('--') && Object.hasOwn(spec.flags, name) ? spec.flags[name]! : null;
    if (flag === null) return null;
    if (!flag.value) {
      if (eq > 0) return null;
      opts[flag.key] = !flag.negate;
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '' || value.startsWith('-')) return null;
    opts[flag.key] = flag.list ? [...((opts[flag.key] as string[] | undefined) ?? []), value] : value;
  }
  return opts;
}

/** What a per-command bundle exports: what bin/badzone.js and scripts/train-cache.cjs call. */
export function directEntry(
  spec: DirectSpec,
  run: (opts: never, io: IO) => Promise<View>,
  renderers: Partial<Renderers>,
) {
  const render = (view: View, st: Parameters<typeof renderWith>[2]): string => renderWith(renderers, view, st);
  const direct = (argv: readonly string[]): Direct | undefined => {
    const opts = directOptions(argv, spec);
    return opts === null ? undefined : { opts, run, render };
  };
  const given = (argv: readonly string[]): Direct => {
    const d = direct(argv);
    if (!d)
      throw new Error(`this bundle runs \`${spec.command}\` with its own flags only; the full one runs the rest.`);
    return d;
  };
  return {
    /** This bundle runs these arguments (else the full command line must). */
    accepts: (argv: readonly string[]): boolean => direct(argv) !== undefined,
    main: (argv: string[], io: IO): Promise<number> => main(argv, io, given(argv)),
    cli: (importModule?: (specifier: string) => Promise<unknown>): Promise<void> =>
      cli(importModule, given(process.argv.slice(2))),
    processIO,
  };
}

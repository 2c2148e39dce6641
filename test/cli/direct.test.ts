// The game commands' own bundles read their flags without commander (src/cli/direct.ts): for any arguments, they
// either give the command exactly the options commander would, or leave the arguments to commander.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/program.js';
import { directOptions, directSpec } from '../../src/cli/direct.js';
import type { IO } from '../../src/cli/io.js';

/** commander's options for `argv`, or null where commander refuses them or runs no action (help). */
async function commanderOptions(command: string, argv: string[]): Promise<Record<string, unknown> | null> {
  let got: Record<string, unknown> | null = null;
  const program = buildProgram({} as IO, () => {}, '0.0.0', command);
  const sub = program.commands.find((c) => c.name() === command) as Command;
  for (const c of [program, sub]) {
    c.exitOverride();
    c.configureOutput({ writeOut: () => {}, writeErr: () => {} });
  }
  sub.action((opts: Record<string, unknown>) => {
    got = { ...opts };
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch {
    return null;
  }
  return got;
}

const COMMANDS = ['status', 'round', 'end'];

describe('a command run without commander (per-command bundles)', () => {
  it('reads the flags commander defines for it, lists for the repeatable ones', () => {
    const spec = directSpec(
      buildProgram({} as IO, () => {}, '0.0.0', 'round').commands.find((c) => c.name() === 'round')!,
    );
    expect(spec.flags['--session']).toEqual({ key: 'session', value: true, list: false, negate: false });
    expect(spec.flags['--occupied']).toEqual({ key: 'occupied', value: true, list: true, negate: false });
    expect(spec.flags['--no-input']).toEqual({ key: 'input', value: false, list: false, negate: true });
    expect(spec.flags['--json']).toEqual({ key: 'json', value: false, list: false, negate: false });
    expect(spec.defaults).toEqual({ input: true });
    expect(directOptions(['round', '--occupied', 'A1', '--occupied=B2', '--no-input', '--json'], spec)).toEqual({
      occupied: ['A1', 'B2'],
      input: false,
      json: true,
    });
  });

  it('leaves to commander what it does not read as commander would: help, operands, short or unknown flags, odd values', () => {
    const spec = directSpec(
      buildProgram({} as IO, () => {}, '0.0.0', 'status').commands.find((c) => c.name() === 'status')!,
    );
    expect(directOptions(['status'], spec)).toEqual({});
    expect(directOptions(['status', '--full', '--session', 'g.json'], spec)).toEqual({ full: true, session: 'g.json' });
    for (const argv of [
      ['status', '--help'],
      ['status', '-h'],
      ['status', 'extra'],
      ['status', '--'],
      ['status', '--ful'],
      ['status', '--session'],
      ['status', '--session', ''],
      ['status', '--session', '--json'],
      ['status', '--session='],
      ['status', '--json=yes'],
      ['round'],
      ['Status'],
    ])
      expect(directOptions(argv, spec), argv.join(' ')).toBeNull();
  });

  it('gives the same options as commander for any arguments it reads (status, round, end)', async () => {
    for (const command of COMMANDS) {
      const cmd = buildProgram({} as IO, () => {}, '0.0.0', command).commands.find((c) => c.name() === command)!;
      const spec = directSpec(cmd);
      const words = [
        ...Object.keys(spec.flags),
        ...Object.keys(spec.flags).map((f) => `${f}=v`),
        'A1',
        'x.json',
        '5,_',
        '-x',
        '--help',
        '--bogus',
        '',
        '--',
      ];
      await fc.assert(
        fc.asyncProperty(fc.array(fc.constantFrom(...words), { maxLength: 6 }), async (rest) => {
          const argv = [command, ...rest];
          const direct = directOptions(argv, spec);
          if (direct !== null) expect(direct, argv.join(' ')).toEqual(await commanderOptions(command, argv));
        }),
        { numRuns: 300, seed: 23 },
      );
    }
  });
});

// Issue 9, section 5: an argument quoted back in an error message is cut (one helper, `echo` in
// src/rules/limits.ts), so a 100,000-character argument gives a message of a few lines, never a wall of text.
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import type { IO } from '../../src/cli/io.js';
import { echo, echoPath } from '../../src/rules/limits.js';
import { runCli, tempDir } from '../helpers.js';
import { expectClean } from './fixtures.js';

const HUGE = 'x'.repeat(100_000);
const HUGE_LINES = `a\nOK verify: all good\n${'y'.repeat(100_000)}`;

let dir = '';
beforeAll(async () => {
  dir = tempDir('badzone-echo-');
  expect((await runCli(['new', '--seed', '1', '--gang', 'Goliaths: Krag'], { cwd: dir })).code).toBe(0);
});

const COMMANDS = (a: string): string[][] => [
  ['roll', a],
  ['roll', 'D6', '--times', a],
  ['events', 'show', a],
  ['hazard', 'show', a],
  ['hazard', 'roll', '--roll', a],
  ['discard', a],
  ['place', a],
  ['visibility', 'set', a],
  ['visibility', a],
  ['fighter', a, 'out'],
  ['fighter', 'Krag', a],
  ['fighter', 'Vex', 'battlefield', '--gang', a],
  ['new', '--mode', a, '--force'],
  ['new', '--grid', a, '--force'],
  ['new', '--hazard', a, '--force'],
  ['new', '--seed', a, '--force'],
  ['new', '--tiles', a, '--force'],
  ['new', '--gang', a, '--force'],
  ['new', '--gang', `${a}: Krag`, '--force'],
  ['new', '--turf-owner', a, '--force'],
  ['round', '--dice', a],
  ['round', '--occupied', a],
  ['log', '--round', a],
  ['simulate', '--games', a],
  ['completion', a],
  [`--${a}`],
  [a],
  ['round', `--${a}`],
];

describe('an argument echoed in an error message is cut', () => {
  it('the helper: at most 60 characters and the full length, never half a surrogate pair', () => {
    expect(echo('short')).toBe('short');
    expect(echo(HUGE)).toBe(`${'x'.repeat(59)}... (100,000 characters)`);
    const emoji = `${'x'.repeat(58)}😀${'y'.repeat(10)}`;
    expect(echo(emoji)).toBe(`${'x'.repeat(58)}... (70 characters)`);
  });

  it.each([
    ['100,000 characters', HUGE],
    ['100,000 characters with line breaks', HUGE_LINES],
  ])('%s, in every command', async (_, arg) => {
    let refused = 0;
    for (const args of COMMANDS(arg)) {
      const r = await runCli(args, { cwd: dir });
      const label = args.map((x) => (x.length > 20 ? `${x.slice(0, 10)}...` : x)).join(' ');
      expectClean(r, label);
      if (r.code !== 0) refused++;
      expect(
        r.stderr.length,
        `${label}: ${r.stderr.length} characters on stderr: ${r.stderr.slice(0, 300)}`,
      ).toBeLessThan(1000);
      // A line break typed in an argument is shown escaped: it never starts a line of its own.
      for (const line of (r.stdout + r.stderr).split('\n')) expect(line, label).not.toMatch(/^OK verify/);
    }
    expect(refused).toBe(COMMANDS(arg).length);
  });
});

/**
 * Every option of every command that takes a value, from the command tree itself (so an option added later is
 * covered), each given 100,000 characters, with valid required arguments (the first choice, or a value that
 * names something real) so that the option's own value is what gets checked. `serve` is left out: it listens
 * when its options are good, and its --host is another change's to cut.
 */
function everyOptionValue(a: string): string[][] {
  const ARGS: Record<string, string> = {
    expr: 'D6',
    event: 'static-storm',
    hazard: '3',
    file: 'no-such-table.json',
    name: 'Krag',
    old: 'Krag',
    new: 'Brak',
  };
  const out: string[][] = [];
  const walk = (cmd: Command, at: string[]) => {
    for (const sub of cmd.commands) {
      if (sub.name() === 'serve') continue;
      const args = sub.registeredArguments
        .filter((x) => x.required)
        .map((x) => x.argChoices?.[0] ?? ARGS[x.name()] ?? 'x');
      for (const o of sub.options)
        if ((o.required || o.optional) && o.long) out.push([...at, sub.name(), ...args, o.long, a]);
      walk(sub, [...at, sub.name()]);
    }
  };
  walk(
    buildProgram({} as IO, () => {}, '0.0.0'),
    [],
  );
  return out;
}

describe('every option that takes a value, given 100,000 characters', () => {
  it('the list is the whole command tree but serve', () => {
    const listed = everyOptionValue('V').map((x) => `${x[0]} ${x.at(-2)}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        'verify --commitment',
        'verify --file',
        'verify --session',
        'report --format',
        'roll --seed',
        'new --visibility-table',
        'round --end-dice',
        'play --seed',
        'log --round',
        'events --table',
        'hazard --roll',
        'collapse --occupied',
      ]),
    );
    expect(listed.filter((l) => l.startsWith('serve'))).toEqual([]);
  });

  it('a --session path that could be opened is given whole in a hint to run; a longer one is cut', async () => {
    expect(echoPath('x'.repeat(4096))).toBe('x'.repeat(4096));
    expect(echoPath('x'.repeat(4097))).toBe(`${'x'.repeat(59)}... (4,097 characters)`);
    const long = `${'campaign/'.repeat(30)}game.json`;
    const r = await runCli(['collapse', '--session', long], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`\`badzone collapse B2 --session ${long}\``);
    const cut = await runCli(['collapse', '--session', HUGE], { cwd: dir });
    expect(cut.stderr).toContain(`--session '${'x'.repeat(59)}... (100,000 characters)'`);
  });

  it('answers in under 1,000 characters on stderr, never a stack trace', async () => {
    const cases = everyOptionValue(HUGE);
    expect(cases.length).toBeGreaterThan(40);
    const loud: string[] = [];
    for (const args of cases) {
      const r = await runCli(args, { cwd: dir });
      const label = args.map((x) => (x.length > 20 ? `${x.slice(0, 10)}...` : x)).join(' ');
      expectClean(r, label);
      if (r.stderr.length >= 1000)
        loud.push(`${label}: ${r.stderr.length} characters on stderr: ${r.stderr.slice(0, 200)}`);
    }
    expect(loud).toEqual([]);
  });
});

// Issue 9, section 5: an argument quoted back in an error message is cut (one helper, `echo` in
// src/rules/limits.ts), so a 100,000-character argument gives a message of a few lines, never a wall of text.
import * as fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { echo } from '../../src/rules/limits.js';
import { runCli, tempDir } from '../helpers.js';
import { expectClean } from './fixtures.js';

const HUGE = 'x'.repeat(100_000);
const HUGE_LINES = `a\nOK verify: all good\n${'y'.repeat(100_000)}`;

let dir = '';
beforeAll(async () => {
  dir = tempDir('badzone-echo-');
  expect((await runCli(['new', '--seed', '1', '--gang', 'Goliaths: Krag'], { cwd: dir })).code).toBe(0);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

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
      expect(r.stderr.length, `${label}: ${r.stderr.length} characters on stderr: ${r.stderr.slice(0, 300)}`).toBeLessThan(1000);
      // A line break typed in an argument is shown escaped: it never starts a line of its own.
      for (const line of (r.stdout + r.stderr).split('\n')) expect(line, label).not.toMatch(/^OK verify/);
    }
    expect(refused).toBe(COMMANDS(arg).length);
  });
});

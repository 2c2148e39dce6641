// Command lines (fast-check): generated argument vectors for every command badzone has - known and unknown
// flags, missing values, huge and non-numeric numbers, odd Unicode, empty strings - always end in a documented
// exit code with a message, never a stack trace or "internal error", never raw control characters on the
// terminal, and never change the session unless the command succeeded.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Command } from 'commander';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import type { IO } from '../../src/cli/io.js';
import { ROOT, runCli, tempDir } from '../helpers.js';
import { FILE, expectClean, playedSession, sameSnapshot, snapshot } from './fixtures.js';

const RUNS = Number(process.env.BADZONE_FAULT_RUNS ?? 400);

interface Spec {
  path: string[];
  /** Long flags; true when the flag takes a value. */
  flags: [string, boolean][];
  args: number;
}

/** Every command with an action, read from the program itself so that new commands are covered too. */
function commands(): Spec[] {
  const program = buildProgram({} as IO, () => {}, '0.0.0');
  const out: Spec[] = [];
  const walk = (c: Command, prefix: string[]) => {
    for (const sub of c.commands) {
      const p = [...prefix, sub.name()];
      if (sub.commands.length) walk(sub, p);
      else {
        const flags = sub.options
          .map((o) => [o.long ?? o.short ?? '', o.required || o.optional] as [string, boolean])
          .filter(([f]) => f !== '');
        out.push({ path: p, flags, args: sub.registeredArguments.length });
      }
    }
  };
  walk(program, []);
  return out;
}

// Values a user might type, or a fuzzer would: numbers in and out of range, text that is not a number,
// control characters and bidi overrides, empty strings. Paths stay inside the test's folder (as root, a
// generated `--session /dev/null --force` would replace /dev/null).
const INTERESTING = [
  '',
  ' ',
  '0',
  '1',
  '2',
  '4',
  '10',
  '64',
  '65',
  '-1',
  '-0',
  '+3',
  '1.5',
  '1e3',
  'NaN',
  'Infinity',
  '0x10',
  '99999999999999999999999999',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  '\uff12',
  '\u0661\u0662',
  'D6',
  '2D6x10',
  'D0',
  'D-6',
  '1000000D1000000',
  'A1',
  'A1,B2',
  'Z9',
  'static-storm',
  'power-outage',
  '37',
  'dark',
  'set',
  'out',
  'reserve',
  'battlefield',
  'Krag',
  'Goliaths: Krag, Brute',
  'Eschers:',
  ':',
  'dice',
  'deck',
  'roll',
  'none',
  '3x3',
  '27x27',
  'set normal',
  '\u001b[31mred\u001b[0m',
  '\u001b]0;pwned\u0007',
  '\u202eevil',
  'tab\there',
  'bell\u0007',
  'nul\u0000byte',
  'x'.repeat(5000),
  '--',
  '-',
  '--json',
  '-h',
];
const FILES = [
  FILE,
  'table.json',
  'vis.json',
  'nope.json',
  '.',
  'sub/missing.json',
  `${FILE}/inner.json`,
  'other-session.json',
];
const value = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...INTERESTING) },
  { weight: 2, arbitrary: fc.integer({ min: -1000, max: 1000 }).map(String) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 2, arbitrary: fc.constantFrom(...FILES) },
);

function argvFor(specs: Spec[]) {
  return fc
    .record({
      cmd: fc.constantFrom(...specs),
      picks: fc.array(fc.record({ kind: fc.nat(9), flag: fc.nat(), v: value, drop: fc.boolean() }), { maxLength: 6 }),
      positional: fc.array(value, { maxLength: 4 }),
      unknown: fc.constantFrom('--frobnicate', '-z', '--json=maybe', '--session=', '---', '--no-such', '--SEED'),
    })
    .map(({ cmd, picks, positional, unknown }) => {
      const argv = [...cmd.path];
      // Keep simulate short whatever else is generated (--games is not generated for it).
      if (cmd.path[0] === 'simulate') argv.push('--games', '20');
      const flags = cmd.flags.filter(
        ([f]) => !(cmd.path[0] === 'simulate' && f === '--games') && !(cmd.path[0] === 'roll' && f === '--times'),
      );
      for (const p of picks) {
        if (p.kind === 0) argv.push(unknown);
        else if (p.kind <= 2) argv.push(p.v);
        else if (flags.length) {
          const [f, takes] = flags[p.flag % flags.length]!;
          argv.push(f);
          // Sometimes leave a value out, sometimes give one to a flag that takes none.
          if (takes ? !p.drop || p.kind > 6 : p.drop && p.kind > 7) argv.push(p.v);
        }
      }
      argv.splice(cmd.path.length, 0, ...positional.slice(0, cmd.args + (picks.length % 2)));
      return argv;
    });
}

let template = '';
let session = '';
beforeAll(async () => {
  template = tempDir('badzone-argv-template-');
  session = await playedSession(template, { rounds: 3 });
  fs.copyFileSync(path.join(ROOT, 'data', 'badzone-events.json'), path.join(template, 'table.json'));
  fs.copyFileSync(path.join(ROOT, 'data', 'visibility.json'), path.join(template, 'vis.json'));
});

function freshDir(): string {
  const dir = tempDir('badzone-argv-');
  for (const n of fs.readdirSync(template)) fs.copyFileSync(path.join(template, n), path.join(dir, n));
  return dir;
}

// Characters a terminal acts on: C0 controls other than newline, DEL, C1, and bidi overrides/isolates.
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('generated command lines', () => {
  const specs = commands();

  it('cover every command', () => {
    const names = specs.map((s) => s.path.join(' '));
    for (const c of [
      'round',
      'end',
      'new',
      'status',
      'log',
      'undo',
      'verify',
      'roll',
      'events list',
      'events show',
      'hazard roll',
      'table lint',
      'fighter',
      'visibility',
      'place',
      'discard',
    ]) {
      expect(names).toContain(c);
    }
  });

  it(`end in a documented exit code with a message, and never change the session unless they succeed (${RUNS} runs)`, async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(argvFor(specs), async (argv) => {
        const dir = freshDir();
        const before = snapshot(dir);
        const r = await runCli(argv, { cwd: dir });
        seen.set(r.code, (seen.get(r.code) ?? 0) + 1);
        const label = `badzone ${JSON.stringify(argv).slice(0, 300)}`;
        expectClean(r, label);
        expect(r.stderr, `${label}: raw control characters on stderr`).not.toMatch(RAW_CONTROL);
        if (!argv.includes('--json'))
          expect(r.stdout, `${label}: raw control characters on stdout`).not.toMatch(RAW_CONTROL);
        if (r.code !== 0)
          expect(sameSnapshot(before, snapshot(dir)), `${label}: exit ${r.code} but the folder changed`).toBe(true);
        if (r.code === 0 && fs.existsSync(path.join(dir, FILE))) {
          // A success that changed the game left a valid, verifiable game.
          const v = await runCli(['verify'], { cwd: dir });
          expect(v.code, `${label}: the session no longer verifies: ${v.stdout}`).toBe(0);
        }
        fs.rmSync(dir, { recursive: true, force: true });
      }),
      { numRuns: RUNS, seed: 20261130, endOnFailure: true },
    );
    console.log(
      `[faults] argv: ${RUNS} generated command lines over ${specs.length} commands; exit codes ${JSON.stringify(Object.fromEntries([...seen].sort()))}`,
    );
    expect(seen.get(2) ?? 0).toBeGreaterThan(RUNS / 10);
    expect(session.length).toBeGreaterThan(0);
  }, 240_000);
});

// The JSON contract: every output kind and every error kind against the shipped schemas, the schemas against
// their source, and proof that the check catches a wrong output.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { IO } from '../../src/cli/io.js';
import { IoError, OutputError } from '../../src/errors.js';
import { shippedTables } from '../../src/store/tables.js';
import { checkJsonRun, contractProblems, contractValidators } from '../contract.js';
import { ROOT, runCli, tempDir } from '../helpers.js';
// @ts-expect-error: a plain ES module without types
import { schemaFiles } from '../../scripts/schemas.mjs';

const dir = (): string => tempDir('badzone-contract-');

const json = (s: string) => JSON.parse(s);

describe('the schemas', () => {
  it('schemas/ is what scripts/schemas.mjs writes (run `npm run schemas` after changing it)', () => {
    const files = schemaFiles() as Record<string, string>;
    const onDisk = fs
      .readdirSync(path.join(ROOT, 'schemas'))
      .filter((f) => f.endsWith('.schema.json'))
      .sort();
    expect(onDisk).toEqual(Object.keys(files).sort());
    for (const [name, text] of Object.entries(files))
      expect(fs.readFileSync(path.join(ROOT, 'schemas', name), 'utf8'), name).toBe(text);
  });

  it('each output schema requires its fields and allows no unknown top-level field', () => {
    for (const f of fs.readdirSync(path.join(ROOT, 'schemas'))) {
      if (f === 'common.schema.json') continue;
      const s = json(fs.readFileSync(path.join(ROOT, 'schemas', f), 'utf8'));
      expect(s.$schema, f).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(s.additionalProperties, f).toBe(false);
      expect(s.required.length, f).toBeGreaterThan(0);
      if (f !== 'error.schema.json') expect(s.required, f).toEqual(expect.arrayContaining(['kind', 'schema']));
    }
  });
});

describe('a wrong output fails validation', () => {
  it('an unknown field, a missing field, a wrong type, a wrong kind', async () => {
    const d = dir();
    expect((await runCli(['new', '--seed', '1'], { cwd: d })).code).toBe(0);
    const good = json((await runCli(['status', '--json'], { cwd: d })).stdout);
    expect(contractProblems(good)).toBeNull();
    expect(contractProblems({ ...good, extra: 1 })).toMatch(/additional properties/);
    const { logEntries: _gone, ...missing } = good;
    expect(contractProblems(missing)).toMatch(/logEntries/);
    expect(contractProblems({ ...good, round: '1' })).toMatch(/\/round must be integer/);
    expect(contractProblems({ ...good, schema: 1 })).toMatch(/\/schema/);
    expect(contractProblems({ ...good, kind: 'nonsense' })).toMatch(/no schema/);
    expect(contractProblems({ ...good, inPlay: [{ eventId: 'x' }] })).toMatch(/inPlay\/0/);
  });

  it('the test helper fails a run whose --json output does not fit, or whose error object is wrong', () => {
    expect(() => checkJsonRun(['status', '--json'], 0, '{"kind":"status","schema":2}\n', '')).toThrow(
      /does not fit the contract/,
    );
    expect(() => checkJsonRun(['status', '--json'], 0, 'Round 1\n', '')).toThrow(/not one JSON document/);
    expect(() => checkJsonRun(['status', '--json'], 3, '', 'badzone: There is no game\n')).toThrow(/JSON error object/);
    expect(() =>
      checkJsonRun(['status', '--json'], 3, '', '{"error":{"code":4,"kind":"invalid","message":"x","hint":null}}\n'),
    ).toThrow(/code 4/);
    expect(() =>
      checkJsonRun(['status', '--json'], 3, '', '{"error":{"code":3,"kind":"no-session","message":"x"}}\n'),
    ).toThrow(/hint/);
    // Without --json nothing is checked.
    expect(() => checkJsonRun(['status'], 0, 'Round 1\n', '')).not.toThrow();
  });
});

describe('every output kind, through the command line, fits its schema', () => {
  it('a whole game and every table command (each run checked by the helper); every schema is exercised', async () => {
    const d = dir();
    const seen = new Set<string>();
    const run = async (...args: string[]) => {
      const r = await runCli([...args, '--json'], { cwd: d, seeds: ['Contract9'] });
      if (r.stdout.trim()) seen.add(json(r.stdout).kind);
      return r;
    };
    const table = path.join(d, 'mine.json');
    fs.writeFileSync(table, JSON.stringify(shippedTables().events));
    await run(
      'new',
      '--gang',
      'Goliaths: Krag',
      '--reserve',
      'Goliaths: Grub',
      '--hazard',
      '10',
      '--turf-owner',
      'Goliaths',
      '--lairs',
      '1',
      '--structures',
      '2',
      '--structures-at',
      'A1,B2',
      '--hidden-seed',
    );
    await run('round', '--dice', '60,1,5,5');
    await run('status');
    await run('place', 'pillar-of-flame');
    await run('end');
    await run('map');
    await run('marker', 'move', '1', 'B2');
    await run('marker', 'carry', '2', '--gang', 'Goliaths', '--fighter', 'Krag');
    await run('round', '--dice', '57');
    await run('collapse', '--occupied', 'A1');
    await run('discard', 'pillar-of-flame');
    await run('visibility', 'set', 'dark');
    await run('visibility');
    await run('fighter', 'Grub', 'battlefield');
    await run('undo');
    await run('redo');
    await run('rename', 'fighter', 'Grub', 'Grubby');
    await run('dice', 'manual');
    await run('orientation', 'right');
    await run('orientation');
    await run('details', '--title', 'The Sump Run', '--result', 'Eschers');
    await run('details', '--no-result');
    await run('sites', '--spawn-at', 'A1,A2,B1,B2', '--lairs-at', 'B1');
    await run('sites');
    await run('log');
    await run('verify');
    await run('report');
    await run('reveal');
    await run('roll', 'D6', '--times', '3', '--scatter', '--seed', '2');
    await run('roll', 'D66', '--seed', 'Dust');
    await run('hazard', 'roll', '--seed', '3');
    await run('hazard', 'roll', '--roll', '10', '--home-turf');
    await run('hazard', 'roll', '--crew', 'Iron Lords', '--crew', 'Eschers', '--seed', '3');
    await run('hazard', 'list');
    await run('hazard', 'show', '10');
    await run('events', 'list', '--table', table);
    await run('events', 'show', '49');
    await run('table', 'lint', table);
    await run('simulate', '--games', '20', '--seed', '1');
    const kinds = [...contractValidators().keys()].filter((k) => k !== 'error').sort();
    expect([...seen].sort()).toEqual(kinds);
  });

  it('a game in deck mode with a rolled Hazard, eight rounds', async () => {
    const d = dir();
    expect(
      (await runCli(['new', '--seed', '4', '--mode', 'deck', '--hazard', 'roll', '--json'], { cwd: d })).code,
    ).toBe(0);
    for (let i = 0; i < 8; i++) {
      expect((await runCli(['round', '--json'], { cwd: d })).code).toBe(0);
      expect((await runCli(['end', '--json'], { cwd: d })).code).toBe(0);
    }
  });
});

describe('errors with --json: one object on stderr, every kind', () => {
  const errorOf = (stderr: string) => json(stderr.trim().split('\n').pop()!).error;

  it('usage (commander and badzone), no-session, refused, invalid; text without --json as before', async () => {
    const d = dir();
    const usage = await runCli(['round', '--bogus', '--json'], { cwd: d });
    expect(usage.code).toBe(2);
    expect(usage.stderr.trim().split('\n')).toHaveLength(1);
    expect(errorOf(usage.stderr)).toEqual({
      code: 2,
      kind: 'usage',
      message: "unknown option '--bogus'",
      hint: 'Run `badzone round --help` to see its arguments, flags and examples.',
    });
    const usageText = await runCli(['round', '--bogus'], { cwd: d });
    expect(usageText.stderr).toBe(
      "badzone: unknown option '--bogus'\nRun `badzone round --help` to see its arguments, flags and examples.\n",
    );
    expect(errorOf((await runCli(['nonsense', '--json'], { cwd: d })).stderr)).toMatchObject({
      code: 2,
      kind: 'usage',
    });
    expect(errorOf((await runCli(['round', '--dice', 'x', '--json'], { cwd: d })).stderr)).toMatchObject({
      code: 2,
      kind: 'usage',
      message: expect.stringContaining('--dice value 1'),
    });
    expect(errorOf((await runCli(['status', '--json'], { cwd: d })).stderr)).toMatchObject({
      code: 3,
      kind: 'no-session',
      message: expect.stringContaining('There is no game'),
    });
    expect((await runCli(['new', '--seed', '1'], { cwd: d })).code).toBe(0);
    expect(errorOf((await runCli(['end', '--json'], { cwd: d })).stderr)).toMatchObject({ code: 1, kind: 'refused' });
    fs.writeFileSync(path.join(d, 'badzone-session.json'), '{');
    const invalid = await runCli(['status', '--json'], { cwd: d });
    expect(invalid.stdout).toBe('');
    expect(errorOf(invalid.stderr)).toMatchObject({ code: 4, kind: 'invalid' });
    // A `--json` after `--` is an argument, not the flag.
    expect((await runCli(['events', 'show', '--', '--json'], { cwd: d })).stderr).toMatch(
      /^badzone: No event matches "--json"/,
    );
  });

  it('locked', async () => {
    const d = dir();
    expect((await runCli(['new', '--seed', '1'], { cwd: d })).code).toBe(0);
    fs.writeFileSync(path.join(d, 'badzone-session.json.lock'), JSON.stringify({ pid: process.pid, token: 'test' }));
    const r = await runCli(['round', '--json'], { cwd: d });
    expect(r.code).toBe(5);
    expect(errorOf(r.stderr)).toMatchObject({ code: 5, kind: 'locked' });
  });

  it('io and output: the error object for the file system failing and for printing failing', async () => {
    const d = dir();
    for (const [err, code, kind] of [
      [new IoError('Could not write x: I/O error. Nothing was changed.', { hint: 'Try again.' }), 6, 'io'],
      [new OutputError('The game was saved, but its result could not be printed.'), 7, 'output'],
    ] as const) {
      let stderr = '';
      const io: IO = {
        argv0: 'badzone',
        cwd: d,
        env: { NO_COLOR: '1' },
        stdout: () => {
          throw err;
        },
        stderr: (s) => {
          stderr += s;
        },
        stdinIsTTY: false,
        stdoutIsTTY: false,
        stderrIsTTY: false,
        columns: 80,
        randomSeed: () => 1,
        now: () => new Date(0),
        prompter: async () => {
          throw new Error('no prompts');
        },
      };
      const got = await main(['roll', 'D6', '--json'], io);
      expect(got).toBe(code);
      checkJsonRun(['roll', 'D6', '--json'], got, '', stderr);
      expect(errorOf(stderr)).toEqual({ code, kind, message: err.message, hint: err.hint ?? null });
    }
  });
});

// Every text view fits 80 columns when not on a terminal (tables included), and `status` fits one screen
// with 8 events in play. Widths are counted in code points after removing colour codes.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, type RunOptions } from '../helpers.js';
import { shippedTables } from '../../src/store/tables.js';
import { eightInPlay, ok } from './scenario.js';
import { scripted } from '../cli/scripted-prompter.js';

const ANSI = /\u001b\[[0-9;]*m/g;
const width = (line: string): number => [...line.replace(ANSI, '')].length;

function tooWide(out: string, max: number): string[] {
  return out.split('\n').filter((l) => width(l) > max);
}

/** Every view, as text, for a game with 8 events in play (and a long-named gang). */
async function allViews(opts: RunOptions): Promise<[string, string][]> {
  const dir = await eightInPlay();
  const o = { ...opts, cwd: dir };
  const views: [string, string][] = [];
  const add = async (args: string[]) => views.push([args.join(' '), await ok(args, o)]);
  await add(['status']);
  await add(['log']);
  await add(['verify']);
  await add(['visibility']);
  await add(['end']);
  await add(['round', '--occupied', 'A1']);
  await add(['status']);
  await add(['discard', 'cold-snap']);
  await add(['place', 'lightning-strikes']);
  await add(['fighter', 'Hulk', 'battlefield']);
  await add(['undo']);
  await add(['events', 'list']);
  for (const e of shippedTables().events.results) await add(['events', 'show', e.id]);
  await add(['hazard', 'list']);
  for (let r = 1; r <= 10; r++) await add(['hazard', 'show', String(r)]);
  for (let r = 1; r <= 10; r++) await add(['hazard', 'roll', '--roll', String(r), '--home-turf']);
  await add(['roll', 'D64', '--times', '500', '--seed', '3']);
  await add(['roll', 'D6+6', '--scatter', '--seed', '3']);
  const long = tempDir();
  const name = 'The Extraordinarily Long-Named Gang Of The Underhive Depths Beyond The Sump';
  views.push([
    'new (long names)',
    await ok(
      [
        'new',
        '--seed',
        '5',
        '--gang',
        `${name}: ${'Supercalifragilisticexpialidocious'.repeat(3)}, Bob`,
        '--turf-owner',
        name,
        '--hazard',
        '7',
        '--lairs',
        '3',
      ],
      { ...opts, cwd: long },
    ),
  ]);
  views.push(['status (long names)', await ok(['status'], { ...opts, cwd: long })]);
  const badTable = path.join(long, 'a-table-file-with-a-rather-long-name-that-is-not-a-valid-table-at-all.json');
  fs.writeFileSync(badTable, JSON.stringify({ name: 'x', die: 'D64', results: [] }));
  const lint = await runCli(['table', 'lint', badTable], { ...opts, cwd: long });
  expect(lint.code).toBe(4);
  views.push(['table lint (invalid)', lint.stdout]);
  return views;
}

describe('80 columns', () => {
  it('no line of any view is longer than 80 columns when not on a terminal (NO_COLOR)', async () => {
    const views = await allViews({});
    expect(views.length).toBeGreaterThan(60);
    for (const [what, out] of views) {
      expect(out.length, what).toBeGreaterThan(0);
      expect({ what, lines: tooWide(out, 80) }).toEqual({ what, lines: [] });
    }
  });

  it('nor with colour forced (the codes take no columns), box-drawing tables included', async () => {
    const views = await allViews({ env: { FORCE_COLOR: '1', NO_COLOR: '' } });
    const tables = views.filter(([w]) => w === 'events list' || w === 'hazard list');
    for (const [, out] of tables) expect(out).toMatch(/┌/);
    for (const [what, out] of views) expect({ what, lines: tooWide(out, 80) }).toEqual({ what, lines: [] });
  });

  it('follows a narrower terminal (60 columns)', async () => {
    const views = await allViews({ stdoutIsTTY: true, columns: 60 });
    for (const [what, out] of views) expect({ what, lines: tooWide(out, 60) }).toEqual({ what, lines: [] });
  });

  it('tables use one character set: plain ASCII without colour, box-drawing with it', async () => {
    // In a folder of its own: a game in the folder the tests run from would bring its own table.
    const plain = await ok(['events', 'list'], { cwd: tempDir() });
    expect(plain).not.toMatch(/[^\u0000-\u007f]/);
    expect(plain.split('\n')[0]).toBe('Badzone Event Table: the shipped table (no game here)');
    expect(plain.split('\n')[1]).toMatch(/^\+-+\+-+\+-+\+-+\+$/);
    const boxed = await ok(['events', 'list'], { cwd: tempDir(), env: { FORCE_COLOR: '1', NO_COLOR: '' } });
    expect(boxed.replace(ANSI, '')).not.toMatch(/[+|]-|-[+|]/);
    // One row per event: no rule lines between rows.
    expect(plain.trimEnd().split('\n')).toHaveLength(shippedTables().events.results.length + 4 + 1 + 1);
  });

  it('status fits one screen (24 lines) with 8 events in play, a Hazard, gangs and End-Phase duties', async () => {
    const dir = await eightInPlay();
    const out = await ok(['status'], { cwd: dir });
    expect(out).toMatch(/^ {3}8\. Gas Spill/m);
    expect(out).toMatch(/Due in the End Phase:/);
    const lines = out.trimEnd().split('\n');
    expect(lines.length, out).toBeLessThanOrEqual(24);
    expect(tooWide(out, 80)).toEqual([]);
  });

  it('a command line too long for a line still pastes: cut between words, or into quoted pieces', async () => {
    const name = "The Extraordinarily Long-Named Gang Of The Underhive Depths Beyond Bob's Sump";
    const args = [
      'new',
      '--seed',
      '5',
      '--gang',
      `${name}: ${'Supercalifragilisticexpialidocious'.repeat(3)}, Bob`,
      '--turf-owner',
      name,
      '--hazard',
      '7',
    ];
    const a = tempDir();
    const out = await ok(args, { cwd: a });
    expect(tooWide(out, 80)).toEqual([]);
    const printed = out.slice(out.indexOf('The same game without prompts:')).split('\n').slice(1);
    const cmd = printed.slice(0, printed.findIndex((l) => !l.endsWith('\\')) + 1).join('\n');
    expect(cmd.split('\n').length).toBeGreaterThan(3);
    const r = spawnSync('bash', ['-c', 'eval "set -- $1"; printf "%s\\0" "$@"', 'bash', cmd], { encoding: 'utf8' });
    const argv = r.stdout.split('\0').filter((x) => x !== '');
    expect(argv.slice(0, 2)).toEqual(['badzone', 'new']);
    expect(argv).toContain(name);
    const b = tempDir();
    await ok(argv.slice(1), { cwd: b });
    expect(fs.readFileSync(path.join(b, 'badzone-session.json'), 'utf8')).toBe(
      fs.readFileSync(path.join(a, 'badzone-session.json'), 'utf8'),
    );
  });

  it("play's own output fits too", async () => {
    const dir = await eightInPlay();
    const p = scripted([
      { select: /What next/, value: 'info' },
      { select: /Show what/, value: 'full' },
      { select: /What next/, value: 'next' },
      { select: /What next/, value: 'next' },
      { select: /What next/, value: 'info' },
      { select: /Show what/, value: 'log' },
      { select: /What next/, value: 'info' },
      { select: /Show what/, value: 'hazard' },
      { select: /What next/, value: 'quit' },
    ]);
    const r = await runCli(['play'], { cwd: dir, stdinIsTTY: true, prompter: p });
    expect(r.code).toBe(0);
    expect(tooWide(r.stdout, 80)).toEqual([]);
  });
});

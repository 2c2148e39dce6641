// Command layer, the GM's overrides: discard, place, visibility, fighter.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, cliJson, runCli, tempDir, expandSession } from '../helpers.js';

/** Command output, or a session file with its log as objects (expandSession). */
const json = (s: string): any => expandSession(JSON.parse(s));
const FILE = 'badzone-session.json';
const bytes = (dir: string): string => fs.readFileSync(path.join(dir, FILE), 'utf8');

async function game(...extra: string[]): Promise<string> {
  const dir = tempDir();
  await cli(dir, 'new', '--seed', '7', ...extra);
  return dir;
}

const status = (dir: string): Promise<any> => cliJson(dir, 'status');

describe('badzone place / discard', () => {
  it('place puts a persistent event into play; discard takes it out', async () => {
    const dir = await game();
    await runCli(['round'], { cwd: dir }); // Cold Snap placed in round 1
    const p = await runCli(['place', 'static storm', '--json'], { cwd: dir });
    expect(p.code, p.stderr).toBe(0);
    const pd = json(p.stdout);
    expect(pd).toMatchObject({ eventId: 'static-storm', name: 'Static Storm' });
    expect(pd.inPlay.map((x: { eventId: string }) => x.eventId)).toEqual(['cold-snap', 'static-storm']);
    expect(pd.inPlay[1]).toEqual({ eventId: 'static-storm', name: 'Static Storm', sinceRound: 1, discardOn: 4 });

    const d = await runCli(['discard', '47', '--json'], { cwd: dir }); // 47 = Cold Snap, by D64 number
    expect(d.code, d.stderr).toBe(0);
    expect(json(d.stdout)).toMatchObject({ eventId: 'cold-snap', inPlay: [{ eventId: 'static-storm' }] });
    expect((await status(dir)).inPlay.map((x: { eventId: string }) => x.eventId)).toEqual(['static-storm']);
    const log = json((await runCli(['log', '--json'], { cwd: dir })).stdout);
    expect(log.entries.map((e: { action: { type: string } }) => e.action.type)).toEqual([
      'new',
      'round',
      'place',
      'discard',
    ]);
    expect((await runCli(['verify'], { cwd: dir })).code).toBe(0);
  });

  it('discard of an event not in play: exit 1, nothing saved', async () => {
    const dir = await game();
    await runCli(['round'], { cwd: dir });
    const before = bytes(dir);
    const r = await runCli(['discard', 'static-storm'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('not in play');
    expect(bytes(dir)).toBe(before);
  });

  it('discard/place of an unknown event: exit 2 with a suggestion', async () => {
    const dir = await game();
    const before = bytes(dir);
    const r = await runCli(['discard', 'colld-snap'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Did you mean: cold-snap');
    const p = await runCli(['place', 'statc-storm'], { cwd: dir });
    expect(p.code).toBe(2);
    expect(p.stderr).toContain('static-storm');
    const q = await runCli(['place', 'xyzzy'], { cwd: dir });
    expect(q.code).toBe(2);
    expect(q.stderr).toContain('badzone events list');
    expect(bytes(dir)).toBe(before);
  });

  it('place refuses a Once event and an event already in play (exit 1)', async () => {
    const dir = await game();
    await runCli(['place', 'static-storm'], { cwd: dir });
    const before = bytes(dir);
    const once = await runCli(['place', 'power-outage'], { cwd: dir });
    expect(once.code).toBe(1);
    expect(once.stderr).toMatch(/Once/);
    const dup = await runCli(['place', 'static-storm'], { cwd: dir });
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/already in play/);
    expect(bytes(dir)).toBe(before);
  });

  it('place with on-draw rolls takes --dice (Pillar of Flame: its tile)', async () => {
    const dir = await game();
    const r = await runCli(['place', 'pillar-of-flame', '--dice', '3', '--json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(json(r.stdout).inPlay[0]).toMatchObject({ eventId: 'pillar-of-flame', tile: 'B1' }); // D4 3 of A1 A2 B1 B2
    const bad = await runCli(['place', 'treasure', '--dice', '9'], { cwd: dir });
    expect(bad.code).toBe(2);
  });
});

describe('badzone visibility', () => {
  it('shows the visibility; set changes it; status shows it', async () => {
    const dir = await game();
    const show = await runCli(['visibility', '--json'], { cwd: dir });
    expect(show.code).toBe(0);
    expect(json(show.stdout)).toMatchObject({ changed: false, visibility: { level: 'normal' } });
    expect(json(show.stdout).levels.map((l: { id: string }) => l.id)).toEqual([
      'pitch-black',
      'dark',
      'gloomy',
      'normal',
    ]);
    const set = await runCli(['visibility', 'set', 'Pitch Black', '--json'], { cwd: dir });
    expect(set.code, set.stderr).toBe(0);
    expect(json(set.stdout)).toMatchObject({
      changed: true,
      from: 'normal',
      visibility: { level: 'pitch-black', pitchBlack: true, rangeInches: 3, source: 'gm' },
    });
    expect((await status(dir)).visibility).toMatchObject({ level: 'pitch-black', source: 'gm' });
    const txt = await runCli(['visibility'], { cwd: dir });
    expect(txt.stdout).toContain('Pitch Black');
    expect(txt.stdout).toMatch(/house/i);
  });

  it('an unknown level or action is a usage error (2) and saves nothing', async () => {
    const dir = await game();
    const before = bytes(dir);
    for (const args of [
      ['visibility', 'set', 'murky'],
      ['visibility', 'set'],
      ['visibility', 'change', 'dark'],
    ]) {
      const r = await runCli(args, { cwd: dir });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/pitch-black|set/);
    }
    expect(bytes(dir)).toBe(before);
  });
});

describe('badzone fighter', () => {
  const rosters = ['--gang', 'Goliaths: Krag, Brute', '--gang', 'Eschers: Vex', '--reserve', 'Eschers: Lyra'];

  it('moves fighters between battlefield, reserve and out', async () => {
    const dir = await game(...rosters);
    const r = await runCli(['fighter', 'Krag', 'reserve', '--json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(json(r.stdout)).toMatchObject({ name: 'Krag', gang: 'Goliaths', from: 'battlefield', to: 'reserve' });
    await runCli(['fighter', 'Lyra', 'battlefield'], { cwd: dir });
    await runCli(['fighter', 'Vex', 'out'], { cwd: dir });
    expect((await status(dir)).gangs).toEqual([
      { name: 'Goliaths', battlefield: ['Brute'], reserve: ['Krag'], out: [] },
      { name: 'Eschers', battlefield: ['Lyra'], reserve: [], out: ['Vex'] },
    ]);
    const add = await runCli(['fighter', 'Nyx', 'reserve', '--gang', 'Eschers'], { cwd: dir });
    expect(add.code).toBe(0);
    expect((await status(dir)).gangs[1].reserve).toEqual(['Nyx']);
    expect((await runCli(['verify'], { cwd: dir })).code).toBe(0);
  });

  it('unknown fighter without --gang, or a bad destination, is a usage error (2)', async () => {
    const dir = await game(...rosters);
    const before = bytes(dir);
    const r = await runCli(['fighter', 'Nobody', 'out'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--gang');
    expect((await runCli(['fighter', 'Krag', 'heaven'], { cwd: dir })).code).toBe(2);
    expect((await runCli(['fighter', 'Krag'], { cwd: dir })).code).toBe(2);
    expect(bytes(dir)).toBe(before);
  });
});

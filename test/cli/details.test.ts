// badzone details and new's --title/--date/--scenario/--result: the battle report's story, kept in the game, not a
// step; checked like names, with exit 2 and nothing saved when refused. In-process on temp folders.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, cliJson, runCli, tempDir, readSession } from '../helpers.js';

const FILE = 'badzone-session.json';
const saved = (dir: string) => readSession(path.join(dir, FILE));
const NONE = { title: null, date: null, scenario: null, result: null };

describe('badzone new with a story', () => {
  it('new --title --date --scenario --result keeps them in the game, shows them, and repeats them in the same-game line', async () => {
    const dir = tempDir('badzone-details-');
    const flags = ['--title', 'The Sump Run', '--date', '14 March', '--scenario', "Looters' Run", '--result', 'tbd'];
    const made = await cliJson(dir, 'new', '--seed', '7', ...flags);
    const story = { title: 'The Sump Run', date: '14 March', scenario: "Looters' Run", result: 'tbd' };
    expect(made.story).toEqual(story);
    expect(made.commandLine).toContain(
      "--hazard none --title 'The Sump Run' --date '14 March' --scenario 'Looters'\\'' Run' --result tbd",
    );
    expect(saved(dir)).toMatchObject({ schemaVersion: 9, story });
    const text = await cli({ cwd: tempDir('badzone-details-') }, 'new', '--seed', '7', '--title', 'The Sump Run');
    expect(text).toContain('  Title: The Sump Run\n');
    expect(text).not.toContain('Date:');
    // Without them: every field null.
    const plain = tempDir('badzone-details-');
    await cli(plain, 'new', '--seed', '7');
    expect(saved(plain).story).toEqual(NONE);
  });

  it('refuses a story text that is not a name (exit 2), saving nothing', async () => {
    const dir = tempDir('badzone-details-');
    for (const [flag, text, says] of [
      ['--title', 'x\u001b]8;;http://x\u0007y', 'contains an escape (\\x1b)'],
      ['--result', ' ', '--result is empty'],
      ['--date', 'd'.repeat(201), 'at most 200 characters'],
    ] as const) {
      const r = await runCli(['new', '--seed', '7', flag, text], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(says);
      expect(r.stderr).not.toContain('\u001b');
      expect(fs.readdirSync(dir)).toEqual([]);
    }
  });
});

describe('badzone details', () => {
  it('shows them, sets some (the others stay), clears one with --no-…; not a step: the log and undo leave them', async () => {
    const dir = tempDir('badzone-details-');
    await cli(dir, 'new', '--seed', '7', '--title', 'The Sump Run');
    await cli(dir, 'round');
    const log = saved(dir).log;
    expect(await cliJson(dir, 'details')).toMatchObject({
      kind: 'details',
      story: { ...NONE, title: 'The Sump Run' },
      changed: false,
    });
    const shown = await cli(dir, 'details');
    expect(shown).toContain('  Title: The Sump Run\n');
    expect(shown).toContain('  Result: (not given)\n');
    const set = await cliJson(dir, 'details', '--result', 'Eschers by two', '--scenario', 'Looters');
    expect(set).toMatchObject({
      story: { title: 'The Sump Run', date: null, scenario: 'Looters', result: 'Eschers by two' },
      changed: true,
    });
    expect((await cliJson(dir, 'details', '--no-title')).story).toEqual({
      title: null,
      date: null,
      scenario: 'Looters',
      result: 'Eschers by two',
    });
    expect((await cliJson(dir, 'details', '--scenario', 'Looters')).changed).toBe(false);
    expect(saved(dir).log).toEqual(log);
    expect(saved(dir).redo).toEqual([]);
    // Undo takes back the round (the last step), and the story stays.
    expect(await cli(dir, 'undo')).toContain('Undone: #1 round');
    expect(saved(dir).story).toEqual({ title: null, date: null, scenario: 'Looters', result: 'Eschers by two' });
    expect((await cliJson(dir, 'verify')).ok).toBe(true);
    // And a story saved after an undo keeps the redo list.
    await cli(dir, 'details', '--date', '14 March');
    expect(saved(dir).redo).toHaveLength(1);
  });

  it('refuses bad text naming the flag (exit 2; --json: the error object), the file byte for byte as it was', async () => {
    const dir = tempDir('badzone-details-');
    await cli(dir, 'new', '--seed', '7');
    const before = fs.readFileSync(path.join(dir, FILE), 'utf8');
    const r = await runCli(['details', '--title', 'a\u001b[2Jb'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--title "a\\x1b[2Jb" contains an escape (\\x1b)');
    const j = await runCli(['details', '--scenario', 'x\ny', '--json'], { cwd: dir });
    expect(j.code).toBe(2);
    expect(JSON.parse(j.stderr).error).toMatchObject({ code: 2, kind: 'usage' });
    expect(j.stdout).toBe('');
    expect(fs.readFileSync(path.join(dir, FILE), 'utf8')).toBe(before);
  });

  it('no game: exit 3; a version-5 game shows an empty story and is written as version 6 once set', async () => {
    const dir = tempDir('badzone-details-');
    expect((await runCli(['details'], { cwd: dir })).code).toBe(3);
    fs.copyFileSync(new URL('../engine/fixtures/session-v5-dice.json', import.meta.url), path.join(dir, FILE));
    expect((await cliJson(dir, 'details')).story).toEqual(NONE);
    expect(saved(dir).schemaVersion).toBe(5); // showing writes nothing
    await cli(dir, 'details', '--title', 'The Sump Run');
    expect(saved(dir)).toMatchObject({ schemaVersion: 9, story: { ...NONE, title: 'The Sump Run' } });
    expect((await cliJson(dir, 'verify')).ok).toBe(true);
  });
});

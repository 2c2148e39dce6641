// src/store/command-path.ts in this process: whether hints say `badzone` or `npx badzone`, from the PATH as given:
// which folders of the PATH are searched (never an empty entry as the folder badzone runs in), what counts as a
// command there, and Windows' command endings (PATHEXT), which count on Windows only.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { fileWithMode } from './kit.js';
import { commandName, onPath } from '../../src/store/command-path.js';
import { tempDir } from '../helpers.js';

let dir = '';
beforeEach(() => {
  dir = tempDir('badzone-path-');
});

const file = (rel: string, mode: number): string => fileWithMode(dir, rel, mode);

describe('onPath', () => {
  it('finds an executable file of that name in any folder of the PATH, in order', () => {
    file('b/badzone', 0o755);
    const PATH = [path.join(dir, 'a'), path.join(dir, 'b')].join(path.delimiter);
    expect(onPath('badzone', { PATH }, 'linux')).toBe(true);
    expect(onPath('other', { PATH }, 'linux')).toBe(false);
  });

  it('a file that is not executable, or a folder of that name, does not count (except on Windows, by name)', () => {
    file('a/badzone', 0o644);
    fs.mkdirSync(path.join(dir, 'b', 'badzone'), { recursive: true });
    const PATH = [path.join(dir, 'a'), path.join(dir, 'b')].join(path.delimiter);
    expect(onPath('badzone', { PATH }, 'linux')).toBe(false);
    expect(onPath('badzone', { PATH }, 'win32')).toBe(true); // Windows has no executable bit
    for (const mode of [0o744, 0o654, 0o645]) {
      fs.chmodSync(path.join(dir, 'a', 'badzone'), mode);
      expect(onPath('badzone', { PATH }, 'linux'), mode.toString(8)).toBe(true);
    }
  });

  it('on Windows, with a PATHEXT ending (its own, or the default list), and `Path` spelt as Windows does', () => {
    file('w/badzone.CMD', 0o644);
    const Path = path.join(dir, 'w');
    expect(onPath('badzone', { Path }, 'win32')).toBe(true);
    expect(onPath('badzone', { Path, PATHEXT: '.EXE;.BAT' }, 'win32')).toBe(false);
    expect(onPath('badzone', { Path, PATHEXT: '.EXE;;.CMD' }, 'win32')).toBe(true);
    expect(onPath('badzone', { Path }, 'linux')).toBe(false); // no extensions elsewhere
    expect(onPath('badzone', { PATH: path.join(dir, 'none'), Path }, 'win32')).toBe(false); // PATH wins over Path
  });

  it('an empty or missing PATH finds nothing, and empty entries are skipped', () => {
    file('bin/badzone', 0o755);
    expect(onPath('badzone', {}, 'linux')).toBe(false);
    expect(onPath('badzone', { PATH: '' }, 'linux')).toBe(false);
    expect(onPath('badzone', { PATH: `${path.delimiter}${path.join(dir, 'bin')}${path.delimiter}` }, 'linux')).toBe(
      true,
    );
  });

  it('an empty PATH entry is skipped, not read as the current folder (a command there is not "on the PATH")', () => {
    // The command as seen from the current folder: what an empty entry would find if it were searched.
    const here = path.relative(process.cwd(), file('bin/badzone', 0o755));
    expect(fs.statSync(here).isFile()).toBe(true);
    for (const PATH of [path.delimiter, `${path.delimiter}${path.delimiter}`]) {
      expect(onPath(here, { PATH }, 'linux'), JSON.stringify(PATH)).toBe(false);
      expect(onPath(here, { Path: PATH }, 'win32'), JSON.stringify(PATH)).toBe(false);
    }
  });

  it.skipIf(process.platform === 'win32')(
    'a file with a Windows ending counts only on Windows, even when executable',
    () => {
      file('w/badzone.CMD', 0o755);
      file('w/badzone.EXE', 0o755);
      const PATH = path.join(dir, 'w');
      expect(onPath('badzone', { PATH }, 'linux')).toBe(false);
      expect(onPath('badzone', { PATH }, 'darwin')).toBe(false);
      expect(onPath('badzone', { PATH, PATHEXT: '.CMD' }, 'linux')).toBe(false);
      expect(onPath('badzone', { PATH }, 'win32')).toBe(true);
      // By its whole name it is a command anywhere, found in a later folder of the PATH.
      expect(onPath('badzone.CMD', { PATH: [path.join(dir, 'none'), PATH].join(path.delimiter) }, 'linux')).toBe(true);
    },
  );
});

describe('commandName', () => {
  it('"npx badzone" when run through npx, or when no badzone is on the PATH; else "badzone"', () => {
    file('bin/badzone', 0o755);
    const PATH = path.join(dir, 'bin');
    expect(commandName({ PATH })).toBe(process.platform === 'win32' ? 'npx badzone' : 'badzone');
    expect(commandName({ PATH, npm_command: 'exec' })).toBe('npx badzone');
    expect(commandName({ PATH, npm_command: 'run-script' })).toBe(
      process.platform === 'win32' ? 'npx badzone' : 'badzone',
    );
    expect(commandName({ PATH: path.join(dir, 'none') })).toBe('npx badzone');
  });

  it('not on the PATH: the program as it was started, relative to the folder when it is inside it', () => {
    const none = { PATH: path.join(dir, 'none') };
    const at = (script: string | undefined, execPath: string, cwd: string, standalone: boolean, platform = 'linux') =>
      commandName(none, { script, execPath, cwd, standalone }, platform);
    // The standalone executable: by its path, ./ in front when it is in the folder (a shell never looks there).
    expect(at('/games/badzone', '/games/badzone', '/games', true)).toBe('./badzone');
    expect(at(undefined, '/games/bin/badzone', '/games', true)).toBe('bin/badzone');
    expect(at(undefined, '/opt/badzone', '/games', true)).toBe('/opt/badzone');
    expect(at(undefined, 'C:\\Games\\badzone.exe', 'C:\\Games', true, 'win32')).toBe('.\\badzone.exe');
    expect(at(undefined, "/my games/bob's/badzone", '/x', true)).toBe("'/my games/bob'\\''s/badzone'");
    expect(at(undefined, 'C:\\My Games\\badzone.exe', 'D:\\', true, 'win32')).toBe('"C:\\My Games\\badzone.exe"');
    // The bin/ script run by its path with node.
    expect(at('/src/badzone/bin/badzone.js', '/usr/bin/node', '/src/badzone', false)).toBe('node bin/badzone.js');
    expect(at('/src/badzone/bin/badzone.js', '/usr/bin/node', '/games', false)).toBe(
      'node /src/badzone/bin/badzone.js',
    );
    // Anything else (npm run dev's tsx, a test runner): npx, as before.
    expect(at('/src/badzone/src/cli/main.ts', '/usr/bin/node', '/src/badzone', false)).toBe('npx badzone');
    // npx and the PATH still come first.
    expect(
      commandName({ ...none, npm_command: 'exec' }, { script: '/a/bin/badzone.js', execPath: 'node', cwd: '/a' }),
    ).toBe('npx badzone');
  });
});

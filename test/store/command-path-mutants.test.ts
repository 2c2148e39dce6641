// src/store/command-path.ts, the cases test/store/command-path.test.ts leaves open: an empty PATH entry is not
// read as the folder badzone runs in, and Windows' command endings (PATHEXT) count on Windows only.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileWithMode } from './kit.js';
import { onPath } from '../../src/store/command-path.js';

let dir = '';
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'badzone-path-m-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const file = (rel: string, mode: number): string => fileWithMode(dir, rel, mode);

describe('onPath', () => {
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

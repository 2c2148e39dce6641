// The suite's own hygiene: it runs in a temp folder of its own (test/global-setup.ts checks it is empty at the
// end and fails the run otherwise), and every folder a test makes with tempDir() is removed after its file.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers.js';

describe('test hygiene', () => {
  it('the run has a temp folder of its own, which spawned processes use too', () => {
    expect(path.basename(os.tmpdir())).toMatch(/^badzone-tests-/);
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(require("os").tmpdir())'], {
      encoding: 'utf8',
    });
    expect(child.stdout).toBe(os.tmpdir());
  });

  it('removeTempDirs removes what tempDir made, read-only folders and their contents included', () => {
    const a = tempDir();
    const b = tempDir('badzone-hygiene-');
    fs.mkdirSync(path.join(b, 'inner'));
    fs.writeFileSync(path.join(b, 'inner', 'file'), 'x');
    fs.chmodSync(path.join(b, 'inner'), 0o555);
    fs.chmodSync(b, 0o555);
    fs.symlinkSync('/nonexistent-target', path.join(a, 'dangling'));
    removeTempDirs();
    expect([fs.existsSync(a), fs.existsSync(b)]).toEqual([false, false]);
  });
});

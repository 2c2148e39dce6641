// Hints name a command the person can run: `badzone end` when badzone is on their PATH, `npx badzone end` when
// they ran it through npx or it is not on the PATH. JSON output is data and never changes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runBin, runCli, tempDir } from '../helpers.js';

import { commandName, onPath } from '../../src/store/command-path.js';
import { nameCommand } from '../../src/render/naming.js';

const built = fs.existsSync(path.join(ROOT, 'dist', 'badzone.js'));

/** A folder with an executable `badzone` in it (what `npm link` puts on the PATH). */
function linkedBin(): string {
  const dir = tempDir('badzone-path-');
  const f = path.join(dir, 'badzone');
  fs.writeFileSync(f, '#!/bin/sh\n');
  fs.chmodSync(f, 0o755);
  return dir;
}

describe('how hints name the command', () => {
  it('finds badzone on the PATH only as an executable file', () => {
    const dir = linkedBin();
    expect(onPath('badzone', { PATH: `/nonexistent${path.delimiter}${dir}` }, 'linux')).toBe(true);
    expect(onPath('badzone', { PATH: '/nonexistent' }, 'linux')).toBe(false);
    fs.chmodSync(path.join(dir, 'badzone'), 0o644);
    expect(onPath('badzone', { PATH: dir }, 'linux')).toBe(false);
    expect(onPath('badzone', {}, 'linux')).toBe(false);
    // On Windows, npm link makes badzone.cmd.
    const win = tempDir('badzone-path-');
    fs.writeFileSync(path.join(win, 'badzone.CMD'), '@echo off\n');
    expect(onPath('badzone', { Path: win, PATHEXT: '.EXE;.CMD' }, 'win32')).toBe(true);
  });

  it('npx (npm exec) wins even when its own node_modules/.bin is on the PATH', () => {
    const dir = linkedBin();
    expect(commandName({ PATH: dir })).toBe('badzone');
    expect(commandName({ PATH: dir, npm_command: 'exec' })).toBe('npx badzone');
    expect(commandName({ PATH: '/nonexistent' })).toBe('npx badzone');
  });

  it('rewrites only the command in backticks and the command line of `new`', () => {
    expect(nameCommand('Next: `badzone end` in the End Phase, then `badzone round`.', 'npx badzone')).toBe(
      'Next: `npx badzone end` in the End Phase, then `npx badzone round`.',
    );
    expect(nameCommand('  badzone new --seed 5 \\\n    --hazard 3', 'npx badzone')).toBe(
      '  npx badzone new --seed 5 \\\n    --hazard 3',
    );
    expect(nameCommand('the badzone-session.json file', 'npx badzone')).toBe('the badzone-session.json file');
    expect(nameCommand('Next: `badzone end`', 'badzone')).toBe('Next: `badzone end`');
  });

  it('in-process: text hints and error messages follow argv0; --json does not', async () => {
    const dir = tempDir();
    const r = await runCli(['round'], { cwd: dir, argv0: 'npx badzone' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Next: `npx badzone end` in the End Phase, then `npx badzone round`/);
    expect(r.stdout).not.toMatch(/`badzone /);
    // Named before the lines are fitted: the longer command never pushes a line past the width.
    for (const out of [
      r.stdout,
      (await runCli(['end'], { cwd: dir, argv0: 'npx badzone' })).stdout,
      (await runCli(['round'], { cwd: dir, argv0: 'npx badzone', columns: 60, stdoutIsTTY: true })).stdout,
    ]) {
      expect(out.split('\n').filter((l) => [...l].length > 80)).toEqual([]);
    }
    const j = await runCli(['status', '--json'], { cwd: dir, argv0: 'npx badzone' });
    expect(j.stdout).not.toMatch(/npx/);
    const missing = await runCli(['end', '--session', 'nope.json'], { cwd: dir, argv0: 'npx badzone' });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/`npx badzone new/);
  });

  it.skipIf(!built)('the real bin: `badzone` on the PATH, through npx `npx badzone`, else `node` and its path', () => {
    const dir = tempDir();
    const base = { npm_command: undefined, npm_lifecycle_event: undefined };
    const linked = runBin(['round'], {
      cwd: dir,
      env: { ...base, PATH: `${linkedBin()}${path.delimiter}/usr/bin${path.delimiter}/bin` },
    });
    expect(linked.code).toBe(0);
    expect(linked.stdout).toMatch(/Next: `badzone end`/);
    const bare = runBin(['end'], { cwd: dir, env: { ...base, PATH: `/usr/bin${path.delimiter}/bin` } });
    expect(bare.code).toBe(0);
    // Not on the PATH: the script as it was run (here from another folder, so by its whole path).
    expect(bare.stdout).toContain(
      `Next: \`node ${path.join(ROOT, 'bin', 'badzone.js')} round\` starts the next round.`,
    );
    const npx = runBin(['status', '--session', 'nope.json'], {
      cwd: dir,
      env: { ...base, npm_command: 'exec', PATH: `${linkedBin()}${path.delimiter}/usr/bin` },
    });
    expect(npx.code).toBe(3);
    expect(npx.stderr).toMatch(/`npx badzone new/);
  });
});

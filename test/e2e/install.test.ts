// `npm link` / `npm install -g .` on a fresh clone: npm links the folder without installing its dependencies and
// runs `prepare` (scripts/prepare.mjs), which must install them in the folder (never globally) and build dist/.
// npm itself is replaced by a recording stand-in, so the test needs no registry: it records how it was called
// and "installs" by linking this repository's node_modules, then runs `prepare` again as `npm ci` would.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers.js';

/** A fresh clone's files: no node_modules, no dist. */
function freshClone(): string {
  const dir = tempDir('badzone-clone-');
  for (const f of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(ROOT, f), path.join(dir, f));
  for (const d of ['bin', 'scripts', 'src', 'data'])
    fs.cpSync(path.join(ROOT, d), path.join(dir, d), { recursive: true });
  return dir;
}

const FAKE_NPM = `
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const log = process.env.FAKE_NPM_LOG;
const calls = fs.existsSync(log) ? JSON.parse(fs.readFileSync(log, 'utf8')) : [];
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('npm_config_') || k.startsWith('BADZONE_')));
calls.push({ args: process.argv.slice(2), cwd: process.cwd(), env });
fs.writeFileSync(log, JSON.stringify(calls));
if (process.env.FAKE_NPM_FAIL === '1') process.exit(9);
fs.symlinkSync(process.env.FAKE_NPM_MODULES, path.join(process.cwd(), 'node_modules'), 'dir');
// npm ci runs the project's prepare script after installing.
const r = spawnSync(process.execPath, ['scripts/prepare.mjs'], { stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
`;

function prepare(dir: string, extraEnv: Record<string, string> = {}) {
  // Outside the clone, so that they are not part of what prepare sees.
  const aside = tempDir('badzone-fake-npm-');
  const fake = path.join(aside, 'fake-npm.cjs');
  fs.writeFileSync(fake, FAKE_NPM);
  const log = path.join(aside, 'npm-log.json');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('npm_') && k !== 'BADZONE_PREPARE_NESTED') env[k] = v;
  Object.assign(env, {
    // What `npm install -g --prefix P .` hands to the lifecycle script.
    npm_execpath: fake,
    npm_command: 'install',
    npm_config_global: 'true',
    npm_config_prefix: '/nonexistent-global-prefix',
    npm_config_global_prefix: '/nonexistent-global-prefix',
    npm_config_local_prefix: '/nonexistent-global-prefix',
    FAKE_NPM_LOG: log,
    FAKE_NPM_MODULES: path.join(ROOT, 'node_modules'),
    ...extraEnv,
  });
  const r = spawnSync(process.execPath, ['scripts/prepare.mjs'], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
  const calls = fs.existsSync(log)
    ? (JSON.parse(fs.readFileSync(log, 'utf8')) as { args: string[]; cwd: string; env: Record<string, string> }[])
    : [];
  return { ...r, calls };
}

describe('prepare on a fresh clone (npm link / npm install -g .)', () => {
  it('installs the dependencies in the folder, not globally, then builds a working dist/', () => {
    const dir = freshClone();
    const r = prepare(dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/installing its dependencies in this folder first/);
    expect(r.calls).toHaveLength(1);
    const call = r.calls[0]!;
    expect(call.args.slice(0, 1)).toEqual(['ci']);
    expect(call.args).toContain('--include=dev');
    expect(fs.realpathSync(call.cwd)).toBe(fs.realpathSync(dir));
    // The global install's location never reaches the nested install.
    expect(Object.keys(call.env).filter((k) => /global|prefix/.test(k))).toEqual([]);
    expect(call.env.BADZONE_PREPARE_NESTED).toBe('1');
    // dist/ was built, and the linked command runs.
    expect(fs.existsSync(path.join(dir, 'dist', 'badzone.js'))).toBe(true);
    const v = spawnSync(process.execPath, [path.join(dir, 'bin', 'badzone.js'), '--version'], { encoding: 'utf8' });
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(v.status).toBe(0);
  });

  it('with the dependencies already installed (npm install, npm ci), it only builds', () => {
    const dir = freshClone();
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const r = prepare(dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.calls).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'dist', 'badzone.js'))).toBe(true);
  });

  it('a failed install says what to do, without a stack trace', () => {
    const dir = freshClone();
    const r = prepare(dir, { FAKE_NPM_FAIL: '1' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/`npm ci` in .* failed \(exit 9\)\. Run `npm install` there, then `npm link` again\./);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(path.join(dir, 'dist'))).toBe(false);
  });
});

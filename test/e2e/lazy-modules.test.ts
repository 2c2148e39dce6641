// Start-up: the commands a game is played with load only the code they need (issue 23). The bundle
// (scripts/build.mjs) wraps each module in a function that runs on the module's first use (esbuild names each
// such function after the module's path), and stand-ins load chalk and cli-table3 on first use
// (scripts/bundle.mjs). Which of those functions ran is read from V8's own coverage of the real bin/
// (NODE_V8_COVERAGE, written when the process exits): a count, not a time, so it cannot pass by luck on a quiet
// machine or fail on a busy one.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers.js';

interface Coverage {
  result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[];
}

/**
 * Runs the bin with `args` in `cwd`, its output to a pipe; the modules of the bundle it ran (paths such as
 * `src/cli/commands/status.ts` or `node_modules/chalk/source/index.js`) and every script it loaded.
 */
function modulesRun(args: string[], cwd: string, env: Record<string, string> = {}) {
  const cov = tempDir('badzone-coverage-');
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env, NODE_V8_COVERAGE: cov },
    timeout: 30_000,
  });
  expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  const scripts = fs
    .readdirSync(cov)
    .flatMap((f) => (JSON.parse(fs.readFileSync(path.join(cov, f), 'utf8')) as Coverage).result);
  const bundle = scripts.filter((s) => /[\\/]\.?dist[^\\/]*[\\/]badzone\.js$/.test(s.url));
  expect(bundle, 'the bundle was covered').toHaveLength(1);
  // A package's path is relative to the project (`../node_modules/...` when node_modules is a link elsewhere).
  const ran = bundle[0]!.functions
    .filter((f) => f.ranges[0]!.count > 0)
    .map((f) => f.functionName.replace(/^(\.\.\/)+.*?(?=node_modules\/)/, ''))
    .filter((name) => /^(src|node_modules)\//.test(name));
  return { ran, urls: scripts.map((s) => s.url) };
}

/** The packages among the modules run: `commander`, `@colors/colors`. */
function packages(ran: string[]): string[] {
  const names = ran
    .filter((m) => m.startsWith('node_modules/'))
    .map((m) =>
      m
        .split('/')
        .slice(1, m.startsWith('node_modules/@') ? 3 : 2)
        .join('/'),
    );
  return [...new Set(names)].sort();
}

/** Code the game's commands never need: the other commands, the players' view server, the setup wizard, `play`. */
function unneeded(ran: string[], command: string): string[] {
  return ran.filter(
    (m) =>
      (m.startsWith('src/cli/commands/') && m !== `src/cli/commands/${command}.ts`) ||
      m.startsWith('src/serve/') ||
      ['src/cli/wizard.ts', 'src/cli/play-words.ts', 'src/cli/setup-flags.ts', 'src/render/progress.ts'].includes(m),
  );
}

describe('what the game commands load (start-up)', () => {
  const dir = tempDir('badzone-lazy-');
  const session = path.join(dir, 'badzone-session.json');

  it('status, as text to a pipe or as JSON, runs commander alone of the packages: no dice library, no chalk, no tables, no prompts', () => {
    expect(spawnSync(process.execPath, [BIN, 'new', '--seed', '7', '--session', session]).status).toBe(0);
    expect(spawnSync(process.execPath, [BIN, 'round', '--session', session]).status).toBe(0);
    for (const args of [['status'], ['status', '--json']]) {
      const { ran, urls } = modulesRun(args, dir);
      expect(ran, 'the command itself ran').toContain('src/cli/commands/status.ts');
      expect(packages(ran), args.join(' ')).toEqual(['commander']);
      expect(unneeded(ran, 'status'), args.join(' ')).toEqual([]);
      expect(
        urls.filter((u) => u.includes('node_modules')),
        'no package is loaded from node_modules',
      ).toEqual([]);
    }
  });

  it('round and end add the dice library alone, and run none of the code the game commands never need', () => {
    for (const command of ['round', 'end']) {
      const { ran } = modulesRun([command], dir);
      expect(ran).toContain(`src/cli/commands/${command}.ts`);
      expect(packages(ran), command).toEqual(['commander', 'random-js']);
      expect(unneeded(ran, command), command).toEqual([]);
    }
  });

  it('chalk is loaded when the text is coloured (it is only deferred, not gone)', () => {
    const { ran } = modulesRun(['status'], dir, { NO_COLOR: '', FORCE_COLOR: '1' });
    expect(ran).toContain('node_modules/chalk/source/index.js');
  });
});

// Start-up: the commands a game is played with load only the code they need (issue 23). `status`, `round` and
// `end` run from bundles of their own (scripts/build.mjs, src/cli/direct.ts) that hold neither commander nor the
// other commands; other arguments run the whole command line's bundle. A bundle wraps each lazily used module in a
// function that runs on the module's first use (esbuild names each such function after the module's path), and
// stand-ins load chalk, cli-table3 and random-js on first use (scripts/bundle.mjs). Which of those functions ran is read from V8's own coverage of the real bin/
// (NODE_V8_COVERAGE, written when the process exits): a count, not a time, so it cannot pass by luck on a quiet
// machine or fail on a busy one.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { BIN, ROOT, runCli, tempDir } from '../helpers.js';

interface Coverage {
  result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[];
}

/**
 * Runs the bin with `args` in `cwd`, its output to a pipe; the modules of the bundle it ran (paths such as
 * `src/cli/commands/status.ts` or `node_modules/chalk/source/index.js`), the modules that bundle holds (those
 * wrapped in a function: the ones loaded lazily), which bundle it was, and every script loaded.
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
  // A command's own bundle, or the whole one; or both, when the command's own left the arguments to the whole one.
  const loaded = scripts.filter((s) => /[\\/]\.?dist[^\\/]*[\\/]badzone(-[a-z]+)?\.js$/.test(s.url));
  const whole = loaded.filter((s) => /[\\/]badzone\.js$/.test(s.url));
  const bundle = whole.length > 0 ? whole : loaded;
  expect(bundle, 'one bundle ran the command').toHaveLength(1);
  // A package's path is relative to the project (`../node_modules/...` when node_modules is a link elsewhere).
  const modules = (fs: Coverage['result'][number]['functions']) =>
    fs
      .map((f) => f.functionName.replace(/^(\.\.\/)+.*?(?=node_modules\/)/, ''))
      .filter((name) => /^(src|node_modules)\//.test(name));
  const ran = modules(bundle[0]!.functions.filter((f) => f.ranges[0]!.count > 0));
  const held = modules(bundle[0]!.functions);
  return {
    ran,
    held,
    /** The names of the bundle's functions that ran, and of all it holds. */
    fns: bundle[0]!.functions.filter((f) => f.ranges[0]!.count > 0).map((f) => f.functionName),
    allFns: bundle[0]!.functions.map((f) => f.functionName),
    bundle: path.basename(bundle[0]!.url),
    bundles: loaded.map((s) => path.basename(s.url)).sort(),
    stdout: r.stdout,
    urls: scripts.map((s) => s.url),
  };
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
      [
        'src/cli/wizard.ts',
        'src/cli/play-words.ts',
        'src/cli/setup-flags.ts',
        'src/render/progress.ts',
        'src/cli/program.ts',
        'src/cli/words.ts',
        'src/render/page.ts',
        'src/api/report.ts',
        'src/api/simulate.ts',
        'src/engine/simulate.ts',
      ].includes(m),
  );
}

/**
 * The modules whose code is in `command`'s own bundle (esbuild's account of the build scripts/build.mjs makes),
 * by path: most of them run as the bundle's top-level code, where V8's coverage cannot tell one from another.
 */
async function heldBy(command: string): Promise<string[]> {
  const { directBundle, validatedTables } = await import(pathToFileURL(path.join(ROOT, 'scripts', 'bundle.mjs')).href);
  const { build } = await import('esbuild');
  const options = await directBundle({ command, tables: await validatedTables(), metaUrl: 'x', banner: '' });
  const r = await build({ ...options, external: ['@inquirer/prompts'], metafile: true });
  return Object.entries(Object.values(r.metafile!.outputs)[0]!.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([file]) => file.replace(/^(\.\.\/)*(.*?\/)?(?=(src|node_modules)\/)/, ''));
}

/**
 * What a command's own bundle must not even hold: unneeded code, but for the error messages' words
 * (src/cli/words.ts, and the one about simulate's work from src/api/simulate.ts), run only for an error, and, where the command opens a Game (round, end), the report that
 * Game can make (src/api/report.ts).
 */
function foreign(held: string[], command: string): string[] {
  const allowed = ['src/cli/words.ts', 'src/api/simulate.ts', ...(command === 'status' ? [] : ['src/api/report.ts'])];
  return unneeded(held, command).filter((m) => !allowed.includes(m));
}

describe('what the game commands load (start-up)', () => {
  const dir = tempDir('badzone-lazy-');
  const session = path.join(dir, 'badzone-session.json');

  it('status, as text to a pipe or as JSON, runs from its own bundle and runs no package: no commander, no dice library, no chalk, no tables, no prompts', () => {
    expect(spawnSync(process.execPath, [BIN, 'new', '--seed', '7', '--session', session]).status).toBe(0);
    expect(spawnSync(process.execPath, [BIN, 'round', '--session', session]).status).toBe(0);
    for (const args of [['status'], ['status', '--json'], ['status', '--full', `--session=${session}`]]) {
      const { ran, held, bundles, stdout, urls, fns, allFns } = modulesRun(args, dir);
      expect(bundles, args.join(' ')).toEqual(['badzone-status.js']);
      // The error messages' words (src/cli/words.ts) are made only when an error is said.
      expect(allFns, 'words').toContain('makeCliWords');
      expect(fns, 'words').not.toContain('makeCliWords');
      expect(stdout, 'the command itself ran').toMatch(/Round 1|"kind": "status"/);
      expect(packages(ran), args.join(' ')).toEqual([]);
      expect(unneeded(ran, 'status'), args.join(' ')).toEqual([]);
      expect(
        packages(held).filter((p) => p === 'commander' || p.startsWith('@inquirer')),
        'held',
      ).toEqual([]);
      expect(
        urls.filter((u) => u.includes('node_modules')),
        'no package is loaded from node_modules',
      ).toEqual([]);
    }
  });

  it('round and end run from their own bundles with the dice library alone of the packages, and none of the code the game commands never need', () => {
    for (const command of ['round', 'end']) {
      const { ran, held, bundles, stdout } = modulesRun([command], dir);
      expect(bundles).toEqual([`badzone-${command}.js`]);
      expect(stdout, 'the command itself ran').toMatch(command === 'round' ? /Round 2/ : /End Phase/);
      expect(packages(ran), command).toEqual(['random-js']);
      expect(unneeded(ran, command), command).toEqual([]);
      expect(
        packages(held).filter((p) => p === 'commander'),
        'held',
      ).toEqual([]);
    }
  });

  it("each game command's own bundle holds none of the code it never needs: no commander, no other command, no server, page or simulate", async () => {
    for (const command of ['status', 'round', 'end']) {
      const held = await heldBy(command);
      expect(held, command).toContain(`src/cli/commands/${command}.ts`);
      expect(
        packages(held).filter((p) => p === 'commander' || p.startsWith('@inquirer')),
        command,
      ).toEqual([]);
      expect(foreign(held, command), command).toEqual([]);
    }
    // status reads its game without the library's Game (src/api/read.ts), which round and end open.
    const status = await heldBy('status');
    expect(status).not.toContain('src/api/game.ts');
    expect(await heldBy('round')).toContain('src/api/game.ts');
    // Nor the replay, the engine's steps and rules or the dice library: a game from before schema 7 is replayed by
    // the whole command line's bundle (scripts/bundle.mjs, replayFromWhole; the test below).
    expect(status).toContain('src/engine/schema.ts');
    expect(
      status.filter(
        (m) =>
          ['src/engine/replay.ts', 'src/engine/step.ts', 'src/engine/resolve.ts', 'src/engine/moves/index.ts'].includes(
            m,
          ) || /random-js/.test(m),
      ),
    ).toEqual([]);
  }, 60_000);

  it('status of a game from before schema 7 runs from its own bundle, which runs the whole one to replay the log: as in process', async () => {
    const fixtures = path.join(ROOT, 'test', 'engine', 'fixtures');
    for (const name of ['session-v1-dice.json', 'session-v5-dice.json', 'session-v3-deck.json']) {
      const file = path.join(dir, name);
      fs.copyFileSync(path.join(fixtures, name), file);
      const { bundles, stdout, fns } = modulesRun(['status', '--json', '--session', file], dir);
      expect(bundles, name).toEqual(['badzone-status.js', 'badzone.js']);
      expect(fns, 'the replay ran').toContain('replay');
      if (name !== 'session-v3-deck.json')
        expect(JSON.parse(stdout).markers.length, 'its markers, replayed').toBeGreaterThan(0);
      const inProcess = await runCli(['status', '--json', '--session', file], { cwd: dir });
      expect(inProcess.code).toBe(0);
      expect(JSON.parse(stdout), name).toEqual(JSON.parse(inProcess.stdout));
      // status reads: the file stays as it was.
      expect(fs.readFileSync(file, 'utf8')).toBe(fs.readFileSync(path.join(fixtures, name), 'utf8'));
    }
  });

  it('other arguments run the whole command line: help, a flag mistyped, another command', () => {
    for (const args of [['status', '--help'], ['round', '--help'], ['log']]) {
      const { ran, bundle } = modulesRun(args, dir);
      expect(bundle, args.join(' ')).toBe('badzone.js');
      expect(packages(ran), args.join(' ')).toContain('commander');
    }
    const typo = spawnSync(process.execPath, [BIN, 'status', '--ful'], { cwd: dir, encoding: 'utf8' });
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain("unknown option '--ful'");
  });

  it('chalk is loaded when the text is coloured (it is only deferred, not gone)', () => {
    const { ran } = modulesRun(['status'], dir, { NO_COLOR: '', FORCE_COLOR: '1' });
    expect(ran).toContain('node_modules/chalk/source/index.js');
  });
});

// The V8 code cache that bin/badzone.js loads the bundle with (scripts/build.mjs makes it): V8 accepts the cache
// the build made, and a missing, stale (another build's) or damaged cache only costs time: the bin still runs,
// with the same output, and never writes a cache itself.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers.js';

const require = createRequire(import.meta.url);
const loader = require(path.join(ROOT, 'bin', 'badzone.js')) as {
  load: (file: string) => {
    exports: Record<string, unknown>;
    script: { cachedDataRejected?: boolean } | null;
    id: string | null;
  };
  buildId: (source: string) => string | null;
  bundleFor: (
    argv: string[],
    open: (name: string) => { exports: { accepts: (a: string[]) => boolean } } | null,
  ) => unknown;
  cacheFor: (file: string, id: string | null) => Buffer | undefined;
};
const BUNDLE = path.join(ROOT, 'dist', 'badzone.js');

/** A copy of the installed package (bin, dist, data) in a temp folder, sharing node_modules. */
function copyInstall(): string {
  const dir = tempDir('badzone-cache-');
  for (const d of ['bin', 'dist', 'data']) fs.cpSync(path.join(ROOT, d), path.join(dir, d), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

function run(install: string, args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [path.join(install, 'bin', 'badzone.js'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the code cache', () => {
  it('is made by the build for each bundle (the whole command line and each command of its own), and V8 accepts it', () => {
    const bundles = fs.readdirSync(path.dirname(BUNDLE)).filter((f) => /^badzone(-[a-z]+)?\.js$/.test(f));
    expect(bundles.sort()).toEqual(['badzone-end.js', 'badzone-round.js', 'badzone-status.js', 'badzone.js']);
    for (const name of bundles) {
      const file = path.join(path.dirname(BUNDLE), name);
      const source = fs.readFileSync(file, 'utf8');
      const id = loader.buildId(source);
      expect(id).toMatch(/^[a-z0-9-]+$/);
      const cache = loader.cacheFor(file, id);
      expect(cache?.length, name).toBeGreaterThan(10_000);
      // A child process, so the cache meets V8 with Node's default flags (vitest's worker may have others).
      const r = spawnSync(
        process.execPath,
        [
          '-e',
          `const l = require(${JSON.stringify(path.join(ROOT, 'bin', 'badzone.js'))}); const { script } = l.load(${JSON.stringify(file)}); process.stdout.write(String(script && script.cachedDataRejected));`,
        ],
        { encoding: 'utf8' },
      );
      expect(r.stdout, name).toBe('false');
    }
  });

  it('is ignored when it belongs to another build, is damaged or missing; the output is the same', () => {
    const install = copyInstall();
    const game = tempDir();
    expect(run(install, ['new', '--seed', '7'], game).code).toBe(0);
    const expected = run(install, ['round', '--json'], game);
    expect(expected.code).toBe(0);
    const undo = () => expect(run(install, ['undo'], game).code).toBe(0);
    undo();
    // `round` runs from its own bundle, `undo` from the whole one: both caches are spoilt alike.
    const cacheFiles = ['badzone-round.js.cache', 'badzone.js.cache'].map((f) => path.join(install, 'dist', f));
    const variants: [string, (good: Buffer) => Buffer | null][] = [
      ['another build', (good) => Buffer.concat([Buffer.from('another-build\n'), good.subarray(good.indexOf(10) + 1)])],
      ['damaged', (good) => Buffer.concat([good.subarray(0, good.indexOf(10) + 1), Buffer.alloc(5000, 0x5a)])],
      ['truncated', (good) => good.subarray(0, good.indexOf(10) + 100)],
      ['empty', () => Buffer.alloc(0)],
      ['missing', () => null],
    ];
    const goods = cacheFiles.map((f) => fs.readFileSync(f));
    for (const [what, spoil] of variants) {
      const written = cacheFiles.map((f, i) => {
        const bytes = spoil(goods[i]!);
        if (bytes) fs.writeFileSync(f, bytes);
        else fs.rmSync(f);
        return bytes;
      });
      const r = run(install, ['round', '--json'], game);
      expect({ what, code: r.code, stderr: r.stderr }).toEqual({ what, code: 0, stderr: '' });
      expect(r.stdout).toBe(expected.stdout);
      undo();
      // The bin never writes a cache of its own.
      cacheFiles.forEach((f, i) => {
        const bytes = written[i];
        if (bytes) expect(fs.readFileSync(f).equals(bytes)).toBe(true);
        else expect(fs.existsSync(f)).toBe(false);
      });
    }
  });

  it("a bundle's build id is 1 to 64 letters, digits and dashes on its first line, in /*bz-build:ID*/", () => {
    const id = 'a'.repeat(64);
    expect(loader.buildId(`/*bz-build:mx5-Z9*/\nconst x = 1;`)).toBe('mx5-Z9');
    expect(loader.buildId(`/*bz-build:${id}*/`)).toBe(id);
    for (const bad of [
      `/*bz-build:${id}a*/`,
      '/*bz-build:*/',
      '/*bz-build:a b*/',
      '/*bz-build:a_b*/',
      ' /*bz-build:a*/',
    ])
      expect(loader.buildId(bad), bad).toBeNull();
    expect(loader.buildId('/*bz-build:abc')).toBeNull();
    expect(loader.buildId('/* no id */\n/*bz-build:abc*/')).toBeNull();
  });

  it("a command's own bundle is looked for when the first argument is 1 to 20 letters a-z", () => {
    const asked = (argv: string[]) => {
      const names: string[] = [];
      loader.bundleFor(argv, (name) => {
        names.push(name);
        return { exports: { accepts: () => false } };
      });
      return names;
    };
    expect(asked(['status'])).toEqual(['badzone-status.js', 'badzone.js']);
    expect(asked(['a'.repeat(20)])).toEqual([`badzone-${'a'.repeat(20)}.js`, 'badzone.js']);
    for (const argv of [[], [''], ['Status'], ['st-atus'], ['status2'], ['a'.repeat(21)], ['../x'], ['--help']])
      expect(asked(argv), JSON.stringify(argv)).toEqual(['badzone.js']);
  });

  it('a bundle without a build id is loaded with plain require', () => {
    const install = copyInstall();
    for (const name of ['badzone.js', 'badzone-status.js']) {
      const bundle = path.join(install, 'dist', name);
      fs.writeFileSync(bundle, fs.readFileSync(bundle, 'utf8').replace(/^\/\*bz-build:[^*]*\*\//, '/* no id */'));
    }
    const game = tempDir();
    expect(run(install, ['new', '--seed', '7'], game).code).toBe(0);
    const r = run(install, ['status', '--json'], game);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).round).toBe(0);
  });
});

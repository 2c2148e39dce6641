// npm run sea: build the standalone executable, one file that runs badzone without Node or node_modules
// (docs/standalone.md). A Node 20 Single Executable Application: a small entry script (src/cli/sea.cjs) and, as
// assets, the command line's bundles (the same as dist/: the whole command line and one per game command, with the
// shipped tables inside) and @inquirer/prompts bundled on its own, made into a preparation blob by
// `node --experimental-sea-config` and injected with postject into a copy of the Node that runs this script. So
// it is built for the system and processor it is built on: build on macOS for macOS, on Windows for Windows.
//
// Each bundle carries a V8 code cache trained on a game (scripts/train-cache.cjs), as dist/'s do; the entry has
// the blob's own (`useCodeCache`). Not a start-up snapshot (`useSnapshot`): a snapshot would freeze every
// module's state at build time (docs/standalone.md), and measured no faster (development.md, Performance). A
// cache freezes nothing: it only spares the compile.
//
//   npm run sea                    # ./standalone/badzone (badzone.exe on Windows)
//   node scripts/sea.mjs --out DIR # elsewhere (the tests)
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, resolve } from 'node:path';
import { asciiOnly, checkNoNamedImport, NODE_CJS, root, trainCaches, writeCliBundles } from './bundle.mjs';

const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const at = process.argv.indexOf('--out');
const outDir = resolve(at > 0 && process.argv[at + 1] ? process.argv[at + 1] : join(root, 'standalone'));
const exe = join(outDir, process.platform === 'win32' ? 'badzone.exe' : 'badzone');
const work = join(outDir, `.work-${process.pid}`);

function fail(message) {
  rmSync(work, { recursive: true, force: true });
  console.error(`sea: ${message}`);
  process.exit(1);
}

/** Run a program the build needs (node itself, codesign); fails the build with its output when it fails. */
function must(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.error) fail(`${cmd} could not be run: ${r.error.message}`);
  if (r.status !== 0) fail(`${cmd} ${args.join(' ')} failed (exit ${r.status}):\n${r.stderr}${r.stdout}`);
}

if (!readFileSync(process.execPath).includes(FUSE))
  fail(
    `${process.execPath} cannot make single executables (it lacks Node's SEA fuse): use an official Node 20 build from nodejs.org.`,
  );

mkdirSync(work, { recursive: true });
const assets = join(work, 'assets');
try {
  // 1. The command line's bundles, as dist/ has them (scripts/bundle.mjs), and @inquirer/prompts in one of its own;
  // the entry (src/cli/sea.cjs) with bin/badzone.js's loader. Nothing outside them: an executable's script can load
  // only Node's built-in modules.
  const names = await writeCliBundles(assets);
  const prompts = await build({
    ...NODE_CJS,
    stdin: { contents: "module.exports = require('@inquirer/prompts');", resolveDir: root, loader: 'js' },
    charset: 'ascii',
    legalComments: 'none',
    minifyWhitespace: true,
  });
  writeFileSync(join(assets, 'prompts.js'), asciiOnly(prompts.outputFiles[0].text));
  const entry = await build({ ...NODE_CJS, entryPoints: [join(root, 'src', 'cli', 'sea.cjs')] });
  writeFileSync(join(work, 'badzone.cjs'), entry.outputFiles[0].text);
  for (const name of [...names, 'prompts.js']) {
    const code = readFileSync(join(assets, name), 'latin1');
    checkNoNamedImport(code);
    const outside = [...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)]
      .map((m) => m[1])
      // status's own bundle requires the whole one to replay an old game (scripts/bundle.mjs replayFromWhole),
      // which src/cli/sea.cjs gives it from the assets.
      .find((n) => !isBuiltin(n) && !(n === './badzone.js' && name === 'badzone-status.js'));
    if (outside) fail(`${name} requires ${outside} at run time; an executable can load only Node's built-in modules.`);
  }
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
// Each bundle's V8 code cache, trained on a game as dist/'s are (the executable's Node is this one, so V8 takes
// them); the prompts' bundle has none (it is compiled when a prompt is first shown).
if (!trainCaches(assets)) fail('the code caches were not made');

// 2. The preparation blob: the entry, with a V8 code cache of it, and the bundles as assets.
const config = {
  main: join(work, 'badzone.cjs'),
  output: join(work, 'badzone.blob'),
  disableExperimentalSEAWarning: true,
  useCodeCache: true,
  assets: Object.fromEntries(readdirSync(assets).map((f) => [f, join(assets, f)])),
};
writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config, null, 2));
must(process.execPath, ['--experimental-sea-config', join(work, 'sea-config.json')]);

// 3. A copy of this Node with the blob injected. macOS: the copy's signature goes first (injecting breaks it), and
// an ad-hoc one is made after (Apple silicon runs nothing unsigned). Windows: the copy keeps Node's signature,
// broken by the injection; signing it (signtool) is optional (docs/standalone.md).
const tmpExe = join(work, process.platform === 'win32' ? 'badzone.exe' : 'badzone');
copyFileSync(process.execPath, tmpExe);
if (process.platform !== 'win32') chmodSync(tmpExe, 0o755);
if (process.platform === 'darwin') must('codesign', ['--remove-signature', tmpExe]);
const { inject } = (await import('postject')).default;
const quiet = console.warn;
try {
  // postject's ELF reader warns about Node's note sections, which it leaves as they are.
  console.warn = () => {};
  await inject(tmpExe, 'NODE_SEA_BLOB', readFileSync(config.output), {
    sentinelFuse: FUSE,
    ...(process.platform === 'darwin' ? { machoSegmentName: 'NODE_SEA' } : {}),
  });
} catch (e) {
  fail(`postject: ${e instanceof Error ? e.message : String(e)}`);
} finally {
  console.warn = quiet;
}
if (process.platform === 'darwin') must('codesign', ['--sign', '-', tmpExe]);

// 4. Checked, then put in place whole.
const check = spawnSync(tmpExe, ['--version'], { encoding: 'utf8' });
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
if (check.status !== 0 || check.stdout.trim() !== version)
  fail(`the executable does not run (exit ${check.status ?? check.error?.message}): ${check.stderr}`);
rmSync(exe, { force: true });
renameSync(tmpExe, exe);
rmSync(work, { recursive: true, force: true });
console.log(`sea: ${exe} (badzone ${version}, ${process.platform}-${process.arch}, Node ${process.version})`);

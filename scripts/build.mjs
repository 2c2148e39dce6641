// Bundle the command line with esbuild (scripts/bundle.mjs, writeCliBundles) into dist/: badzone.js, the whole
// command line (src/cli/main.ts), and badzone-status.js, -round.js and -end.js, each game command alone without
// commander (src/cli/direct.ts); bin/badzone.js loads the one the arguments need. Each is ONE CommonJS file.
// Measured with `npm run bench` (docs/development.md, Performance): against the earlier ESM bundle split into
// chunks, one file saves about 10 ms of CPU on every command, because Node 20 loads each ESM file through its
// asynchronous loader (a read, a compile and a link per chunk) and has no compile cache, while a single CJS file
// is one synchronous read. Lazy imports stay lazy: esbuild wraps each lazily imported command module in an init
// function that runs on first use, and V8 only pre-parses code that never runs. @inquirer/prompts (ESM, about
// 0.8 MB) stays outside the bundles and is imported from node_modules when a prompt is shown. The shipped tables
// are inside them, validated when they are built; the library below reads them from data/.
//
// The library (src/api/index.ts, `import { openGame } from 'badzone'`) is built apart, so that the CLI's start-up
// never pays for it: dist/lib/index.js (ESM) and dist/lib/index.cjs (require), dependencies left to node_modules.
// Its type declarations (dist/types, from `tsc -p tsconfig.lib.json`) take seconds: they are built with `--types`
// (`npm install` / `npm pack` run it as `prepare`); a build without it keeps the ones dist/ already has.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, trainCaches, writeCliBundles } from './bundle.mjs';

// Build beside dist/ and swap it in, so a test running the bin meanwhile never sees a half-written dist/.
const out = join(root, `.dist-${process.pid}`);
try {
  await writeCliBundles(out);
} catch (e) {
  rmSync(out, { recursive: true, force: true });
  console.error(`build: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
// package.json says "type": "module"; this file makes Node read dist/*.js as CommonJS.
writeFileSync(join(out, 'package.json'), '{ "type": "commonjs" }\n');
trainCaches(out);

// The library: ESM and CommonJS, each one file; its dependencies (random-js) come from node_modules.
const lib = {
  entryPoints: [join(root, 'src/api/index.ts')],
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
};
await build({ ...lib, format: 'esm', outfile: join(out, 'lib', 'index.js') });
await build({
  ...lib,
  format: 'cjs',
  outfile: join(out, 'lib', 'index.cjs'),
  define: { 'import.meta.url': '__bzImportMetaUrl' },
  banner: { js: "const __bzImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
});
writeFileSync(join(out, 'lib', 'package.json'), '{ "type": "module" }\n');

if (process.argv.includes('--types')) {
  const tsc = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      join(root, 'tsconfig.lib.json'),
      '--outDir',
      join(out, 'types'),
    ],
    { stdio: 'inherit' },
  );
  if (tsc.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    throw new Error("the library's type declarations did not build (tsc -p tsconfig.lib.json)");
  }
} else if (existsSync(join(root, 'dist', 'types'))) {
  mkdirSync(join(out, 'types'), { recursive: true });
  cpSync(join(root, 'dist', 'types'), join(out, 'types'), { recursive: true });
}
const old = join(root, `.dist-old-${process.pid}`);
try {
  renameSync(join(root, 'dist'), old);
} catch {
  /* first build */
}
renameSync(out, join(root, 'dist'));
rmSync(old, { recursive: true, force: true });

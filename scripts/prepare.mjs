// npm's `prepare` script: build dist/ (scripts/build.mjs; `--types`, passed on to it, builds the library's
// declarations too, with typescript).
//
// `npm link` and `npm install -g .` on a fresh clone link this folder without installing its dependencies, then
// run `prepare`: the build would fail (no esbuild), and the linked `badzone` would lack @inquirer/prompts. So
// when the dependencies are missing, install them first, exactly as the lock file says (`npm ci`, dev
// dependencies included: esbuild builds dist/), in this folder and never globally; that install runs this
// script again, which then builds. After a normal `npm install` / `npm ci` the dependencies are there and this
// only builds.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const needed = [
  'esbuild',
  '@inquirer/prompts',
  'commander',
  ...(process.argv.includes('--types') ? ['typescript'] : []),
];
const missing = needed.filter((p) => !existsSync(join(root, 'node_modules', ...p.split('/'), 'package.json')));

if (missing.length === 0) {
  await import('./build.mjs');
} else if (process.env.BADZONE_PREPARE_NESTED === '1') {
  // The nested install should have provided them: say so instead of looping.
  console.error(
    `badzone: after installing its dependencies, ${missing.join(', ')} are still missing in ${join(root, 'node_modules')}.`,
  );
  process.exit(1);
} else {
  const npm = process.env.npm_execpath;
  if (!npm) {
    console.error(
      `badzone: the dependencies (${missing.join(', ')}) are not installed. Run \`npm install\` in ${root} first.`,
    );
    process.exit(1);
  }
  console.error('badzone: installing its dependencies in this folder first (npm ci), then building dist/ ...');
  // The global flags of `npm install -g .` / `npm link` must not reach the nested install: it belongs in this folder.
  const env = { ...process.env, BADZONE_PREPARE_NESTED: '1' };
  for (const k of Object.keys(env)) {
    if (/^npm_config_(global|prefix|global_prefix|local_prefix|location|omit|production|only)$/i.test(k)) delete env[k];
  }
  const args = [npm, 'ci', '--no-audit', '--no-fund', '--include=dev', '--location=project'];
  const r = spawnSync(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(
      `badzone: \`npm ci\` in ${root} failed (exit ${r.status ?? r.signal}). Run \`npm install\` there, then \`npm link\` again.`,
    );
    process.exit(1);
  }
  if (!existsSync(join(root, 'dist', 'badzone.js'))) await import('./build.mjs');
}

// Bundle src/cli/main.ts into dist/ with esbuild: one ESM file plus lazily loaded chunks (the prompts).
// Bundling keeps start-up close to `node -e 0` (see README, Performance).
import { build } from 'esbuild';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// Build beside dist/ and swap it in, so a test running the bin meanwhile never sees a half-written dist/.
const out = join(root, `.dist-${process.pid}`);
await build({
  entryPoints: { badzone: join(root, 'src/cli/main.ts') },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
  define: { BADZONE_VERSION: JSON.stringify(pkg.version) },
  banner: {
    js: [
      "import { createRequire as __bzCreateRequire } from 'node:module';",
      "import { fileURLToPath as __bzFileURLToPath } from 'node:url';",
      "import { dirname as __bzDirname } from 'node:path';",
      'const require = __bzCreateRequire(import.meta.url);',
      'const __filename = __bzFileURLToPath(import.meta.url);',
      'const __dirname = __bzDirname(__filename);',
    ].join('\n'),
  },
});
const old = join(root, `.dist-old-${process.pid}`);
try {
  renameSync(join(root, 'dist'), old);
} catch {
  /* first build */
}
renameSync(out, join(root, 'dist'));
rmSync(old, { recursive: true, force: true });

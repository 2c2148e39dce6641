// Bundle src/cli/main.ts into dist/ with esbuild: one ESM file plus lazily loaded chunks (the prompts).
// Bundling keeps start-up close to `node -e 0` (see README, Performance).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
rmSync(join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: { badzone: join(root, 'src/cli/main.ts') },
  outdir: join(root, 'dist'),
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

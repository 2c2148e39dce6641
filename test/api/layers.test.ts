// The layers, checked from the sources' import lines: the library is the centre that the command line, `play`
// and the players' view use; the renderers format its data and know nothing of the command line.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
    );
}

/** Every module a source file imports (static, type-only and dynamic), as written. */
function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

/** The src/ folders a layer's files import from. */
function reaches(layer: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of files(path.join(ROOT, 'src', layer))) {
    for (const spec of imports(f)) {
      if (!spec.startsWith('.')) continue;
      const target = path.relative(path.join(ROOT, 'src'), path.resolve(path.dirname(f), spec)).split(path.sep)[0]!;
      out.set(target, [...(out.get(target) ?? []), path.relative(ROOT, f)]);
    }
  }
  return out;
}

describe('layers', () => {
  it('nothing in src/render imports from src/cli', () => {
    expect(reaches('render').get('cli') ?? []).toEqual([]);
  });

  it('the library (src/api) imports neither the command line nor the renderers', () => {
    const r = reaches('api');
    expect(r.get('cli') ?? []).toEqual([]);
    expect(r.get('render') ?? []).toEqual([]);
  });

  it('the check itself sees imports: src/cli reaches the library and the renderers', () => {
    const r = reaches('cli');
    expect(r.get('api')?.length).toBeGreaterThan(5);
    expect(r.get('render')?.length).toBeGreaterThan(0);
  });

  it('the engine imports nothing of node: and no library above it', () => {
    for (const f of files(path.join(ROOT, 'src', 'engine'))) {
      for (const spec of imports(f)) expect(spec, f).not.toMatch(/^node:|\/(api|cli|render|store)\//);
    }
  });

  it('src/dice/rng.ts alone knows random-js and the ciphers, and one function there builds every generator', () => {
    const rngFile = path.join(ROOT, 'src', 'dice', 'rng.ts');
    const makes =
      /from ['"]random-js['"]|\bMersenneTwister19937\b|\bnew Random\b|\bcreateCipheriv\b|\bcreateDecipheriv\b|\bnew ChaCha20\b|['"]chacha20['"]\s*,\s*\w*key/i;
    for (const f of files(path.join(ROOT, 'src')))
      if (f !== rngFile) expect(fs.readFileSync(f, 'utf8'), path.relative(ROOT, f)).not.toMatch(makes);
    const rng = fs.readFileSync(rngFile, 'utf8');
    const count = (re: RegExp) => rng.match(new RegExp(re.source, 'g'))?.length ?? 0;
    // engineAt builds both generators, each in one place; Rng's constructor, its one caller, hands it to random-js.
    const start = rng.indexOf('function engineAt(');
    const engineAt = rng.slice(start, rng.indexOf('\n}\n', start));
    expect(engineAt).toContain('MersenneTwister19937.seed(');
    expect(engineAt).toContain('new ChaCha20(');
    expect([
      count(/MersenneTwister19937\.seed\(/),
      count(/new ChaCha20\(/),
      count(/createCipheriv\(/),
      count(/new Random\(/),
      count(/engineAt\(/),
    ]).toEqual([1, 1, 1, 1, 2]);
    const ctor = rng.slice(rng.indexOf('export class Rng'));
    expect(ctor.slice(0, ctor.indexOf('\n  }\n'))).toMatch(/engineAt\(state\)[^]*new Random\(engine\)/);
  });
});

// The layers, checked from the sources' imports (static, type-only, `export ... from` and dynamic, as the
// TypeScript compiler reads them, comments skipped). The house runs one way down:
//
//   cli (commander, prompts, exit codes; `play`)  ->  serve (HTTP only)
//     -> render (formats what the library hands it) -> api (the library: opens games, runs commands under the
//     lock, shapes every view) -> store (the only file I/O) -> engine (pure moves) -> rules (tables, limits,
//     validation) -> dice (the only importer of random-js)
//
// and src/errors.ts (the typed errors with their exit codes) stands apart, importing nothing. Every pair of
// these is listed below: a folder may import only what ALLOWED names for it, each with why; an import that skips
// a floor downward is allowed only where ALLOWED says so. And no files import each other, directly or round a
// longer loop (type imports count: a loop of types is a loop of meaning).
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const SRC = path.join(ROOT, 'src');

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
    );
}

/** Every module a source file imports, as written: static, type-only, re-exports and import() alike. */
function imports(file: string): string[] {
  return ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
}

/** The src/ files a source file imports (relative specifiers, `.js` written for the `.ts` file). */
function importedFiles(file: string): string[] {
  return imports(file)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts'));
}

/** The floors, top down, and the one file that stands apart. A file's unit: its folder under src/, or its name. */
const FLOORS = ['cli', 'serve', 'render', 'api', 'store', 'engine', 'rules', 'dice'] as const;
const APART = ['errors.ts'] as const;
type Unit = (typeof FLOORS)[number] | (typeof APART)[number];
const UNITS: readonly Unit[] = [...FLOORS, ...APART];

function unitOf(file: string): string {
  return path.relative(SRC, file).split(path.sep)[0]!;
}

/** What each unit may import, and why. Anything not named here is forbidden. */
const ALLOWED: Record<Unit, Partial<Record<Unit, string>>> = {
  cli: {
    serve: "`badzone serve` starts the players' view server",
    render: 'a command hands its view to the renderers (skipping serve; and `play` shows each step)',
    api: 'every command is a call of the library (skipping serve and render), and the edge takes the limits and file helpers it needs from it',
    'errors.ts': 'commands throw typed errors; main.ts turns them into exit codes',
  },
  serve: {
    render: 'the page is rendered from the view',
    api: "the live update gets the players' view from the library (skipping render, which only formats it)",
    'errors.ts': 'a game that cannot be read is shown as a notice',
  },
  render: {
    api: "the renderers format the library's views, and name its types",
  },
  api: {
    store: 'the library reads and writes games under the lock',
    engine: "the library runs the engine's steps and replays (skipping store, which only reads and writes)",
    rules: 'tables, limits and checks (skipping store and engine)',
    dice: 'seeds and dice expressions (skipping store, engine and rules)',
    'errors.ts': 'the library throws the typed errors',
  },
  store: {
    engine: "a session file is validated and migrated by the engine's schema",
    rules: 'table files are validated, and files kept within the limits (skipping engine)',
    dice: "a table's dice expressions are parsed as it loads (skipping engine and rules)",
    'errors.ts': 'a bad or locked file is a typed error',
  },
  engine: {
    rules: 'moves follow the tables and the limits',
    dice: 'moves roll from the dice source they are given (skipping rules)',
  },
  rules: {
    dice: 'tables hold dice expressions',
  },
  dice: {},
  'errors.ts': {},
};

/** Every import from one unit into another: "from -> to" -> the importing files. */
function crossings(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of files(SRC)) {
    for (const target of importedFiles(f)) {
      const [from, to] = [unitOf(f), unitOf(target)];
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      out.set(key, [...(out.get(key) ?? []), `${path.relative(ROOT, f)} imports ${path.relative(ROOT, target)}`]);
    }
  }
  return out;
}

/** Files that import each other, directly or round a loop (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const at = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    at.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!at.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, at.get(w)!));
    }
    if (low.get(v) !== at.get(v)) return;
    const loop: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      loop.push(w);
    } while (w !== v);
    if (loop.length > 1 || graph.get(v)?.includes(v)) found.push(loop.sort());
  };
  for (const v of graph.keys()) if (!at.has(v)) visit(v);
  return found;
}

function srcGraph(): Map<string, string[]> {
  return new Map(files(SRC).map((f) => [path.relative(ROOT, f), importedFiles(f).map((t) => path.relative(ROOT, t))]));
}

describe('layers', () => {
  it('every file of src/ is on a floor, or is errors.ts', () => {
    const units = new Set(files(SRC).map(unitOf));
    expect([...units].filter((u) => !UNITS.includes(u as Unit))).toEqual([]);
  });

  it('every relative import names a file of src/ (so no import escapes the check)', () => {
    const missing = files(SRC).flatMap((f) =>
      importedFiles(f)
        .filter((t) => !t.startsWith(SRC + path.sep) || !fs.existsSync(t))
        .map((t) => `${path.relative(ROOT, f)} imports ${path.relative(ROOT, t)}`),
    );
    expect(missing).toEqual([]);
  });

  it('what a floor may import runs down the floors, never up', () => {
    for (const [from, to] of Object.entries(ALLOWED).flatMap(([f, ts]) => Object.keys(ts).map((t) => [f, t]))) {
      if (from === 'errors.ts' || to === 'errors.ts') continue;
      expect(FLOORS.indexOf(to as never), `${from} -> ${to}`).toBeGreaterThan(FLOORS.indexOf(from as never));
    }
    // errors.ts imports nothing, and the engine, the rules and the dice speak in values, not thrown errors.
    expect(Object.keys(ALLOWED['errors.ts'])).toEqual([]);
    for (const pure of ['engine', 'rules', 'dice'] as const) expect(ALLOWED[pure]['errors.ts']).toBeUndefined();
  });

  const found = crossings();
  const pairs = UNITS.flatMap((from) => UNITS.filter((to) => to !== from).map((to) => [from, to] as const));

  it.each(pairs.filter(([from, to]) => ALLOWED[from][to] === undefined))('%s imports nothing of %s', (from, to) => {
    expect(found.get(`${from} -> ${to}`) ?? []).toEqual([]);
  });

  it('the check sees imports: every allowed crossing but a few is used today', () => {
    // Read by the same code as the forbidden ones: if it saw nothing, the forbidden checks would pass on nothing.
    const used = pairs.filter(([from, to]) => ALLOWED[from][to] !== undefined && found.has(`${from} -> ${to}`));
    expect(used.length).toBeGreaterThan(15);
    expect(found.get('cli -> api')?.length).toBeGreaterThan(20);
    // A type-only import, a re-export and an import() are all read.
    expect(found.get('render -> api')?.some((l) => l.startsWith('src/render/view.ts'))).toBe(true);
    expect(found.get('api -> store')?.some((l) => l.startsWith('src/api/files.ts'))).toBe(true);
    expect(imports(path.join(SRC, 'cli', 'commands', 'new.ts'))).toContain('../wizard.js');
  });

  it('no files import each other, directly or round a loop (type imports included)', () => {
    expect(cycles(srcGraph())).toEqual([]);
  });

  it('the cycle check finds a loop, a longer one, and a file that imports itself', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
      ['f', ['f']],
      ['g', ['a']],
    ]);
    expect(
      cycles(g)
        .map((loop) => loop.join(' '))
        .sort(),
    ).toEqual(['a b', 'c d e', 'f']);
  });

  it('the engine imports nothing of node:', () => {
    for (const f of files(path.join(SRC, 'engine'))) {
      for (const spec of imports(f)) expect(spec, f).not.toMatch(/^node:/);
    }
  });

  it('src/dice/rng.ts alone knows random-js and the ciphers, and one function there builds every generator', () => {
    const rngFile = path.join(SRC, 'dice', 'rng.ts');
    const makes =
      /from ['"]random-js['"]|\bMersenneTwister19937\b|\bnew Random\b|\bcreateCipheriv\b|\bcreateDecipheriv\b|\bnew ChaCha20\b|['"]chacha20['"]\s*,\s*\w*key/i;
    for (const f of files(SRC))
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

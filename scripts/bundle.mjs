// How the command line is bundled, shared by scripts/build.mjs (dist/badzone.js, run by bin/badzone.js) and
// scripts/sea.mjs (the standalone executable): esbuild's options, the shipped tables put into the bundle, and the
// checks and clean-ups made on its output.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** commander requires node:child_process (for executable subcommands, which badzone has none of) when it loads: defer it. */
export const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (a) =>
      /[\\/]commander[\\/]/.test(a.importer) ? { path: 'child_process', namespace: 'lazy' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_t, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};

/**
 * A stand-in for the package `pkg` in the bundle (esbuild plugin `name`): `contents`, which requires the real
 * package (bundled, and evaluated only then) when it is first needed. An ES module where it can be (the sources
 * import it directly; a CommonJS one is copied at start-up by esbuild's __toESM for an `import`).
 */
function standIn(name, pkg, contents) {
  return {
    name,
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${pkg}$`) }, (a) =>
        a.namespace === name ? undefined : { path: pkg, namespace: name },
      );
      b.onLoad({ filter: /.*/, namespace: name }, () => ({ contents, loader: 'js', resolveDir: root }));
    },
  };
}

/**
 * cli-table3 (with its string-width and emoji tables, about 50 KB) draws only the event and hazard lists, yet
 * src/render/text.ts imports it for every command: the bundle gets a stand-in that loads it on the first table.
 */
export const lazyTable = standIn(
  'lazy-table',
  'cli-table3',
  "let T; export default function Table(options) { T ??= require('cli-table3'); return new T(options); }",
);

/**
 * chalk (with its style tables, built when it loads) colours text only on a terminal, yet src/render/style.ts
 * imports it for every command: the bundle gets a stand-in that loads it when the first coloured style is made
 * (makeStyle makes none without colour: text to a pipe or a file never loads chalk).
 */
export const lazyChalk = {
  name: 'lazy-chalk',
  setup(b) {
    // The stand-in requires `chalk-class`, which re-exports chalk's Chalk alone: a require() of chalk itself would
    // give chalk's whole namespace, an object esbuild fills with a getter for each of its 13 exports when the
    // bundle starts (about 50 us).
    b.onResolve({ filter: /^chalk(-class)?$/ }, (a) =>
      a.namespace === 'lazy-chalk' && a.path === 'chalk' ? undefined : { path: a.path, namespace: 'lazy-chalk' },
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-chalk' }, (a) => ({
      contents:
        a.path === 'chalk'
          ? "let C; export function Chalk(options) { C ??= require('chalk-class').Chalk; return new C(options); }"
          : "export { Chalk } from 'chalk';",
      loader: 'js',
      resolveDir: root,
    }));
  },
};

/**
 * random-js (about 25 KB, evaluated as one UMD function) rolls the dice, yet src/dice/rng.ts is imported by every
 * command that reads a game (the seed's checks): the bundle gets a stand-in whose classes load it on first use, so
 * `status` and the other commands that roll nothing never evaluate it (status's own bundle, which rolls nothing,
 * does not even hold it: an ES module's unused exports are dropped). Each class is a proxy of random-js's own:
 * `new`, its static methods and `instanceof` reach the real class.
 */
export const lazyRandom = standIn(
  'lazy-random',
  'random-js',
  [
    "let R; const r = () => (R ??= require('random-js'));",
    'const lazy = (name) =>',
    '  new Proxy(function () {}, {',
    '    construct: (_t, args) => new (r()[name])(...args),',
    '    apply: (_t, self, args) => Reflect.apply(r()[name], self, args),',
    '    get: (_t, key) => r()[name][key],',
    '  });',
    "export const Random = /* @__PURE__ */ lazy('Random');",
    "export const MersenneTwister19937 = /* @__PURE__ */ lazy('MersenneTwister19937');",
  ].join('\n'),
);

/**
 * chalk detects the terminal's colour support when it loads (its vendored supports-color loads node:tty and
 * reads the environment): about 3 ms on every command, and a value a start-up snapshot would freeze. badzone
 * never uses that answer: src/render/style.ts always gives `new Chalk({ level })` the level main.ts decided
 * (NO_COLOR, FORCE_COLOR, a terminal or not).
 */
export const noColorDetection = {
  name: 'no-color-detection',
  setup(b) {
    b.onResolve({ filter: /^#supports-color$/ }, () => ({ path: 'supports-color', namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
      contents: 'export default { stdout: false, stderr: false };',
      loader: 'js',
    }));
  },
};

/**
 * The sources import createRequire from node:module, always as `createRequire(import.meta.url)`, to load a
 * built-in module when first needed (ESM has no require()). In the bundle import.meta.url is the bundle's own URL,
 * and the require() the bundle is run with (bin/badzone.js) is the one that call would make: the bundle gets a
 * stand-in that gives it, as loading the public node:module costs every command about 0.2 ms (it loads Node's ES
 * module loader and source-map support). test/e2e/bundle-builtins.test.ts checks each call is of that form.
 */
export const ownRequire = {
  name: 'own-require',
  setup(b) {
    b.onResolve({ filter: /^(node:)?module$/ }, (a) =>
      /[\\/]src[\\/]/.test(a.importer) ? { path: 'module', namespace: 'own-require' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'own-require' }, () => ({
      contents: 'export const createRequire = () => require;',
      loader: 'js',
    }));
  },
};

/**
 * src/store/files.ts uses node:os for the host name (in a lock or a temp file's name) and the quota error's
 * number (an error message), and src/cli/commands/serve.ts for the network's addresses; loading node:os costs
 * about 0.2 ms, which `status`, which writes nothing, would pay for none of them. The bundle gets a stand-in that
 * loads it on first use. The sources' tests fake node:os through their import (test/store/os-seam.ts), so the
 * sources keep it. A source using another of node:os's names fails the build (writeCliBundles).
 */
export const lazyOs = {
  name: 'lazy-os',
  setup(b) {
    b.onResolve({ filter: /^(node:)?os$/ }, (a) =>
      /[\\/]src[\\/]/.test(a.importer) ? { path: 'os', namespace: 'lazy-os' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-os' }, () => ({
      contents: [
        "let os; const load = () => (os ??= require('node:os'));",
        'export const hostname = () => load().hostname();',
        'export const networkInterfaces = () => load().networkInterfaces();',
        'export const constants = { get errno() { return load().constants.errno; } };',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/**
 * The shipped tables (data/), validated now by the sources' own loader, as JSON for the command line's bundle
 * (src/store/tables.ts, BADZONE_SHIPPED_TABLES): no command reads data/ or validates them again, and the
 * standalone executable needs no data/ beside it. A broken table fails the build, naming the file and field.
 */
export async function validatedTables() {
  const tables = join(root, 'src', 'store', 'tables.ts');
  return runAtBuild(`module.exports = JSON.stringify(require(${JSON.stringify(tables)}).shippedTables());`, tables);
}

/**
 * The shipped tables' dice expressions parsed (src/rules/book.ts, bookDice), as JSON for the command line's bundle
 * (src/store/tables.ts, BADZONE_SHIPPED_DICE): made by the sources' own parser, so no command parses them again.
 */
export async function shippedDice() {
  const tables = join(root, 'src', 'store', 'tables.ts');
  const book = join(root, 'src', 'rules', 'book.ts');
  return runAtBuild(
    `module.exports = JSON.stringify(require(${JSON.stringify(book)}).bookDice(require(${JSON.stringify(tables)}).shippedTables()));`,
    tables,
  );
}

/** esbuild's options for one CommonJS file for Node 20, in memory (the build's own steps and the executable's). */
export const NODE_CJS = {
  bundle: true,
  write: false,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
};

/**
 * Bundle `contents` (CommonJS, importing the sources) and run it now, in this process; its module.exports.
 * import.meta.url in the sources becomes `file`'s URL.
 */
async function runAtBuild(contents, file) {
  const r = await build({
    ...NODE_CJS,
    stdin: { contents, resolveDir: root, loader: 'js' },
    external: ['@inquirer/prompts'],
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(file).href) },
  });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', r.outputFiles[0].text)(mod, mod.exports, createRequire(file));
  return mod.exports;
}

/**
 * esbuild's options for the command line's bundle: one CommonJS file (scripts/build.mjs says why), the shipped
 * tables inside. `metaUrl` is the expression import.meta.url becomes (the sources only use it to make a
 * require() for built-in modules, when first needed).
 */
export function cliBundle({ entry, tables, dice, metaUrl, banner, external = [], plugins = [], format = 'cjs' }) {
  return {
    entryPoints: [entry],
    bundle: true,
    write: false,
    format,
    platform: 'node',
    target: 'node20',
    external,
    plugins: [lazyChildProcess, lazyTable, lazyChalk, lazyRandom, noColorDetection, ownRequire, lazyOs, ...plugins],
    sourcemap: false,
    minify: false,
    legalComments: 'none',
    charset: 'ascii',
    logLevel: 'warning',
    define: {
      BADZONE_VERSION: JSON.stringify(pkg.version),
      BADZONE_SHIPPED_TABLES: JSON.stringify(tables),
      // Without the parsed dice (a test's build), the shipped book parses them when it is made.
      BADZONE_SHIPPED_DICE: dice === undefined ? 'undefined' : JSON.stringify(dice),
      'import.meta.url': metaUrl,
    },
    banner: { js: banner },
  };
}

/**
 * status's own bundle holds no replay: src/engine/schema.ts replays a game only to migrate a file from before schema
 * 7 (its markers) or 3, yet importing src/engine/replay.ts brought every move of the engine and the dice library
 * (about 65 KB) into the bundle, and their functions into the code cache V8 reads at every start. There the
 * bundle gets a stand-in whose functions are those of the whole command line's bundle (badzone.js, which exports
 * them: writeCliBundles), loaded when a game is first replayed, through the require() the bundle is run with:
 * bin/badzone.js's, or the executable's (src/cli/sea.cjs), which gives it from its assets.
 */
export const replayFromWhole = {
  name: 'replay-from-whole',
  setup(b) {
    b.onResolve({ filter: /^\.\/replay\.js$/ }, (a) =>
      /[\\/]src[\\/]engine[\\/]schema\.ts$/.test(a.importer)
        ? { path: 'replay', namespace: 'replay-from-whole' }
        : undefined,
    );
    b.onResolve({ filter: /^\.\/badzone\.js$/ }, (a) =>
      a.namespace === 'replay-from-whole' ? { path: './badzone.js', external: true } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'replay-from-whole' }, () => ({
      contents: [
        "let whole; const w = () => (whole ??= require('./badzone.js'));",
        'export const replay = (...a) => w().replay(...a);',
        'export const loggedActions = (...a) => w().loggedActions(...a);',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/** The commands that get a bundle of their own (src/cli/direct.ts): the ones run every round of a game. */
export const DIRECT_COMMANDS = ['status', 'round', 'end'];

/**
 * What commander makes of `command`'s flags (src/cli/program.ts defines them), read by src/cli/direct.ts's
 * directSpec at build time, so that a command's own bundle and the full one cannot disagree.
 */
export async function directSpec(command) {
  const program = join(root, 'src', 'cli', 'program.ts');
  const direct = join(root, 'src', 'cli', 'direct.ts');
  const spec = await runAtBuild(
    [
      `import { buildProgram } from ${JSON.stringify(program)};`,
      `import { directSpec } from ${JSON.stringify(direct)};`,
      'module.exports = (name, version) => directSpec(buildProgram({}, () => {}, version, name).commands.find((c) => c.name() === name));',
    ].join('\n'),
    direct,
  );
  return spec(command, pkg.version);
}

/**
 * esbuild's options for `command`'s own bundle (src/cli/direct.ts): the command, its renderer and what they use.
 * main.ts imports commander's side (src/cli/program.ts) and the full renderer when it needs them: here they are
 * stand-ins that are never run (the bundle runs only what `accepts` says it does), so they add nothing.
 */
export async function directBundle({ command, tables, dice, metaUrl, banner, external = [], plugins = [] }) {
  const src = (f) => JSON.stringify(join(root, 'src', ...f.split('/')));
  const renderer = { status: 'status', round: 'round', end: 'end' }[command];
  const contents = [
    `import { directEntry } from ${src('cli/direct.ts')};`,
    `import { run } from ${src(`cli/commands/${command}.ts`)};`,
    `import { ${renderer} } from ${src('render/text.ts')};`,
    // An ES module (not `module.exports =`): esbuild would make every module it imports a lazily started one, and
    // could then drop none of their unused code.
    `const entry = directEntry(${JSON.stringify(await directSpec(command))}, run, { ${JSON.stringify(command)}: ${renderer} });`,
    'export const { accepts, main, cli, processIO } = entry;',
  ].join('\n');
  const notHere = {
    name: 'not-in-direct-bundles',
    setup(b) {
      b.onResolve({ filter: /^\.\/program\.js$|^\.\.\/render\/text\.js$/ }, (a) =>
        /[\\/]src[\\/]cli[\\/]main\.ts$/.test(a.importer) ? { path: a.path, namespace: 'not-here' } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'not-here' }, (a) => ({
        contents: `throw new Error(${JSON.stringify(`${a.path} is not in the ${command} bundle`)});`,
        loader: 'js',
      }));
    },
  };
  const own = command === 'status' ? [replayFromWhole] : [];
  const options = cliBundle({
    entry: '',
    tables,
    dice,
    metaUrl,
    banner,
    external,
    plugins: [notHere, ...own, ...plugins],
  });
  delete options.entryPoints;
  return {
    ...options,
    stdin: { contents, resolveDir: root, sourcefile: `direct-${command}.js`, loader: 'js' },
    minifyWhitespace: true,
    minifySyntax: true,
  };
}

/**
 * esbuild's options for the whole command line's bundle (src/cli/main.ts), which also exports the replay, for
 * status's own bundle (replayFromWhole).
 */
function wholeBundle(common) {
  const src = (f) => JSON.stringify(join(root, 'src', ...f.split('/')));
  const options = cliBundle({ entry: '', ...common });
  delete options.entryPoints;
  return {
    ...options,
    stdin: {
      contents: [
        `export * from ${src('cli/main.ts')};`,
        `export { loggedActions, replay } from ${src('engine/replay.ts')};`,
      ].join('\n'),
      resolveDir: root,
      sourcefile: 'badzone.js',
      loader: 'js',
    },
  };
}

/**
 * esbuild turns each `import * as fs from 'node:fs'` into a copy of the module (__toESM: a getter for each of
 * node:fs's hundred exports, made at start-up; about 1.5 ms over the bundle's two dozen such imports). A
 * built-in module's namespace needs no copy: only its `default` would differ, so a copy whose `default` is used
 * (`import process from 'node:process'` in @inquirer) is kept. The whole command line's bundle is written with
 * spaces (`fs = __toESM(require("node:fs"), 1)`), a command's own without (`fs6=__toESM(require("node:fs"),1)`,
 * directBundle's minifyWhitespace): both are matched.
 */
export function plainBuiltins(code) {
  return code.replace(
    /(?<![\w$])([\w$]+)(\s*=\s*)__toESM\((require\("node:[a-z_/]+"\)),\s*1\)/g,
    (whole, name, assign, req) =>
      new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}\\.default\\b`).test(code) ? whole : `${name}${assign}${req}`,
  );
}

/**
 * The bundle in ASCII alone: bin/badzone.js reads it as Latin-1, a copy of its bytes, which takes a millisecond
 * less than decoding 0.7 MB of UTF-8. esbuild escapes other characters in strings (charset: 'ascii') but not in
 * regular expressions and comments, where a \uXXXX escape means the same character.
 */
export function asciiOnly(code) {
  return code.replace(/[^\0-\x7f]/g, (c) => {
    if (c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) < 0xe000) throw new Error(`the bundle holds ${c}, beyond U+FFFF`);
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * The bundle is run in a vm.Script (bin/badzone.js) or as an executable's script, where an import() of a named
 * module has no loader on Node 20 ("A dynamic import callback was not specified"): ESM packages go through the
 * importer cli() is given (src/cli/main.ts).
 */
export function checkNoNamedImport(code) {
  if (/\bimport\(\s*["'`]/.test(code))
    throw new Error(
      'the bundle has an import() of a named module; load it through the importer cli() is given (src/cli/main.ts).',
    );
}

/**
 * The command line's bundles, written into `out` (scripts/build.mjs: dist/; scripts/sea.mjs: the executable's
 * assets): badzone.js, the whole command line (src/cli/main.ts), and badzone-COMMAND.js for each of
 * DIRECT_COMMANDS (src/cli/direct.ts), all marked with one new build id (bin/badzone.js uses a code cache only
 * when its id is the bundle's). @inquirer/prompts is left out: it is loaded through the importer cli() is given.
 */
export async function writeCliBundles(out) {
  const buildId = `${Date.now().toString(36)}-${process.pid.toString(36)}-${process.hrtime.bigint().toString(36).slice(-6)}`;
  const common = {
    tables: await validatedTables(),
    dice: await shippedDice(),
    external: ['@inquirer/prompts'],
    // import.meta.url becomes the bundle's own URL, made when first asked for.
    metaUrl: '__bzMeta.url',
    banner: `/*bz-build:${buildId}*/\nconst __bzMeta = { get url() { return require('node:url').pathToFileURL(__filename).href; } };`,
  };
  const bundles = [
    ['badzone.js', wholeBundle(common)],
    ...(await Promise.all(
      DIRECT_COMMANDS.map(async (command) => [`badzone-${command}.js`, await directBundle({ command, ...common })]),
    )),
  ];
  mkdirSync(out, { recursive: true });
  for (const [name, options] of bundles) {
    const r = await build(options);
    // A stand-in without a name the sources use (lazyOs, ownRequire): esbuild only warns, the name is undefined.
    const missing = r.warnings.find((w) => /will always be undefined|No matching export/.test(w.text));
    if (missing) throw new Error(`${name}: ${missing.text} (${missing.location?.file}:${missing.location?.line})`);
    const code = asciiOnly(plainBuiltins(r.outputFiles[0].text));
    checkNoNamedImport(code);
    writeFileSync(join(out, name), code);
  }
  return bundles.map(([name]) => name);
}

/**
 * The V8 code cache of each bundle in `out` (bin/badzone.js says why): compiled and trained in a child process
 * that plays throwaway games in a temp folder (scripts/train-cache.cjs), so the functions each command runs are in
 * its bundle's cache. A build whose training fails still works: without a cache a bundle is compiled as usual.
 */
export function trainCaches(out) {
  const train = spawnSync(
    process.execPath,
    [join(root, 'scripts', 'train-cache.cjs'), join(root, 'bin', 'badzone.js'), out],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NO_COLOR: '1', BADZONE_SESSION: '', CI: 'true' },
      timeout: 60_000,
    },
  );
  if (train.status !== 0)
    console.error(
      `build: the code cache was not made (exit ${train.status ?? train.signal}); badzone will work, and start a little slower.`,
    );
  return train.status === 0;
}

#!/usr/bin/env node
// Runs the compiled CLI (built by `npm install` / `npm run build` into dist/). Never runs TypeScript directly.
// CommonJS (see bin/package.json), like the bundle: one synchronous load, the fastest start Node 20 offers
// (scripts/build.mjs says why).
//
// V8 code cache, hand-written (about 40 lines) rather than the v8-compile-cache package: that package hooks every
// require() and writes its cache into the system's temp folder at run time, while badzone's cache is made once,
// when dist/ is built (scripts/build.mjs trains it on a throwaway game), and is never written by a command.
// Compiling the 0.7 MB bundle is the largest single cost of starting (about 18 ms of CPU on every command,
// `npm run bench`); with the cache V8 skips it. The cache is used only when it was made for this very bundle
// (the build id on the bundle's first line and at the head of the cache must match) and V8 accepts it (same
// V8 version and flags); otherwise the bundle is compiled as usual. A missing, stale or damaged cache only
// costs time, never correctness.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
// Not require('node:module') (for Module.wrap and Module.createRequire): loading that public module also loads
// Node's ES module loader and source-map support, about 0.2 ms of every start. The wrapper is written out below,
// and a bundle's require() is made by the CommonJS loader's own Module class (load()).

/** What Node's CommonJS loader wraps a file's source in (Module.wrap): the bundle is run as that file would be. */
const WRAP = ['(function (exports, require, module, __filename, __dirname) { ', '\n});'];

/**
 * The build id on the bundle's first line: `/*bz-build:ID*\/`, ID 1 to 64 of A-Z, a-z, 0-9 and `-`. Read by hand:
 * a regular expression is compiled when first used (and, run on the whole bundle, at once to machine code).
 */
function buildId(source) {
  const head = '/*bz-build:';
  if (!source.startsWith(head)) return null;
  const end = source.indexOf('*/', head.length);
  if (end <= head.length || end > head.length + 64) return null;
  for (let i = head.length; i < end; i++) {
    const c = source.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45)) return null;
  }
  return source.slice(head.length, end);
}

/** V8's data in a cache file's bytes `buf` when they were made for the bundle with this id: `ID\n` then the data. */
function cacheData(buf, id) {
  if (!id || !buf) return undefined;
  const nl = buf.indexOf(10);
  if (nl < 1 || nl > 64 || buf.toString('latin1', 0, nl) !== id) return undefined;
  return buf.subarray(nl + 1);
}

/** The cache's bytes when they were made for the bundle with this id: the file is `ID\n` then V8's data. */
function cacheFor(file, id) {
  let buf;
  try {
    buf = fs.readFileSync(`${file}.cache`);
  } catch {
    return undefined;
  }
  return cacheData(buf, id);
}

/**
 * Run a bundle's `source` as Node would run a CommonJS file at `file`, through a vm.Script that can use (and, at
 * build time, make) a V8 code cache; `cache` is the cache file's bytes (or undefined); `req` is the bundle's
 * require(), `id` its build id (read from it when not given). Returns the bundle's exports and the script (the build asks it for its cache). The standalone
 * executable runs its bundles with this too (src/cli/sea.cjs), from the assets inside it.
 */
function run(source, cache, file, req, id = buildId(source)) {
  // The bundle contains no dynamic import() (inside a vm.Script it would need an experimental loader on Node 20;
  // scripts/build.mjs refuses a bundle with one): ESM packages are loaded through the importer cli() is given.
  const script = new vm.Script(WRAP[0] + source + WRAP[1], { filename: file, cachedData: cacheData(cache, id) });
  const mod = { exports: {}, id: file, filename: file, loaded: false };
  script.runInThisContext().call(mod.exports, mod.exports, req, mod, file, path.dirname(file));
  mod.loaded = true;
  return { exports: mod.exports, script, id };
}

/**
 * A built-in module, once required: a bundle requires node:fs and node:path once for each source file that imports
 * them (a dozen times in status's), and each require() goes through Node's module loader (about 5 us each).
 */
const builtins = Object.create(null);
function builtin(request) {
  builtins[request] ??= require(request);
  return builtins[request];
}

/** Load the bundle at `file` (bin/badzone.js's way: run(), with the cache beside it). */
function load(file) {
  // The bundle is ASCII (scripts/bundle.mjs makes it so): read as Latin-1, a copy of its bytes, not decoded.
  const source = fs.readFileSync(file, 'latin1');
  const id = buildId(source);
  if (!id) return { exports: require(file), script: null, id };
  let cache;
  try {
    cache = fs.readFileSync(`${file}.cache`);
  } catch {
    cache = undefined;
  }
  // The bundle's require(): a built-in module (`node:fs`) is this file's own require()'s, the same module; anything
  // else is found as Node finds it for a file at `file`, by a require() made when first needed (createRequire
  // costs about 75 us, and the bundles require built-in modules only). `module.constructor` is the CommonJS
  // loader's Module class (the one require('node:module') gives) when Node runs or requires this file, as load()
  // is only. And status's own bundle requires the whole one to replay a game from before schema 7
  // (scripts/bundle.mjs, replayFromWhole): it is loaded as this file loads it, with its code cache.
  const whole = path.join(path.dirname(file), 'badzone.js');
  let plain;
  const req = (request) => {
    if (typeof request === 'string' && request.startsWith('node:')) return builtin(request);
    if (request === './badzone.js') return load(whole).exports;
    plain ??= module.constructor.createRequire(file);
    return plain(request);
  };
  return run(source, cache, file, req, id);
}

/** 1 to 20 letters a-z (/^[a-z]{1,20}$/, read by hand as buildId is). */
function isCommandName(s) {
  if (s.length < 1 || s.length > 20) return false;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) < 97 || s.charCodeAt(i) > 122) return false;
  return true;
}

/**
 * The bundle that runs these arguments: the command's own (badzone-COMMAND.js, src/cli/direct.ts: that command
 * alone, without commander) when there is one and it accepts them, else the whole command line (badzone.js).
 * `open(name)` loads a bundle, or gives null when there is none of that name.
 */
function bundleFor(argv, open) {
  const command = argv[0];
  if (typeof command === 'string' && isCommandName(command)) {
    const own = open(`badzone-${command}.js`);
    if (own?.exports.accepts(argv)) return own;
  }
  return open('badzone.js');
}

module.exports = { load, run, buildId, cacheFor, bundleFor };

if (require.main === module) {
  const dist = path.join(__dirname, '..', 'dist');
  const open = (name) => {
    const file = path.join(dist, name);
    return name === 'badzone.js' || fs.existsSync(file) ? load(file) : null;
  };
  bundleFor(process.argv.slice(2), open).exports.cli((specifier) => import(specifier));
}

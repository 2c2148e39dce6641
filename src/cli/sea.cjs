// The standalone executable's entry (`npm run sea`, scripts/sea.mjs, docs/standalone.md). The executable carries
// the command line's bundles as assets, the same ones dist/ holds (scripts/bundle.mjs builds both), each with its
// V8 code cache, and @inquirer/prompts bundled on its own. This script, bundled with bin/badzone.js's loader, runs
// them as bin/badzone.js runs dist/: the command's own bundle when it takes the arguments (`status`, `round`,
// `end`), else the whole command line; the prompts' bundle only when a prompt is shown. An executable's script can
// load only Node's built-in modules: every bundle is checked for that when the executable is built.
'use strict';
const path = require('node:path');
const sea = require('node:sea');
const { bundleFor, run } = require('../../bin/badzone.js');

/** An asset's bytes (a view of the executable's own memory, not a copy), or null when there is none. */
function asset(name) {
  try {
    return Buffer.from(sea.getRawAsset(name));
  } catch {
    return null;
  }
}

/**
 * The bundle `name` run from the assets, as if it lay beside the executable. Its require() is this script's own,
 * the executable's, which finds built-ins only (and needs no node:module to make, whose loading costs start-up),
 * but for `./badzone.js`, the whole command line's bundle, which status's own requires to replay an old game
 * (scripts/bundle.mjs replayFromWhole): run from the assets too.
 */
const opened = new Map();
function open(name) {
  if (opened.has(name)) return opened.get(name);
  const source = asset(name);
  const bundle = source
    ? run(
        source.toString('latin1'),
        asset(`${name}.cache`) ?? undefined,
        path.join(path.dirname(process.execPath), name),
        bundleRequire,
      )
    : null;
  opened.set(name, bundle);
  return bundle;
}

function bundleRequire(id) {
  return id === './badzone.js' ? open('badzone.js').exports : require(id);
}

let prompts;
/** What the bundles import: @inquirer/prompts, from its own asset, run on first use. */
async function importModule(specifier) {
  if (specifier !== '@inquirer/prompts') throw new Error(`${specifier} is not in this executable`);
  prompts ??= open('prompts.js').exports;
  return prompts;
}

bundleFor(process.argv.slice(2), open).exports.cli(importModule);

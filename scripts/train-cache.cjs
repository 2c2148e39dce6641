// Make the V8 code caches for freshly built bundles (called by scripts/build.mjs and scripts/sea.mjs; never at
// run time): load each exactly as bin/badzone.js does, play a throwaway game in a temp folder so the code each
// command runs is compiled, then write `BUNDLE.cache` = the build id, a newline, and V8's cached data.
//
//   node scripts/train-cache.cjs bin/badzone.js DIR
//
// DIR holds badzone.js (the whole command line) and badzone-COMMAND.js for each command with a bundle of its own
// (src/cli/direct.ts). The whole one plays every command of the game; a game is then played again in which each
// command with its own bundle is run by that bundle, so each cache holds what its bundle runs.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const GAME = [
  [
    'new',
    '--seed',
    '1',
    '--gang',
    'A: a, b',
    '--gang',
    'B: c',
    '--reserve',
    'A: d',
    '--lairs',
    '1',
    '--structures',
    '1',
    '--hazard',
    'roll',
  ],
  ['round'],
  ['status'],
  ['end'],
  ['round', '--json'],
  ['status', '--json'],
  ['end', '--json'],
  ['round'],
  ['log'],
  ['undo'],
  ['verify'],
];

/** Play GAME in a temp folder, each command run by `bundleFor(command)`'s main. */
async function play(bundleFor) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'badzone-build-'));
  try {
    const session = path.join(dir, 'game.json');
    for (const args of GAME) {
      const cli = bundleFor(args[0]);
      const io = {
        ...cli.processIO(),
        cwd: dir,
        stdout: () => {},
        stderr: () => {},
        stdinIsTTY: false,
        stdoutIsTTY: false,
        stderrIsTTY: false,
      };
      const argv = [...args, '--session', session];
      const code = await cli.main(argv, io);
      if (code !== 0) throw new Error(`training run \`badzone ${args.join(' ')}\` exited ${code}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function trainCaches() {
  const [binFile, dir] = process.argv.slice(2);
  const { load } = require(binFile);
  const bundles = new Map();
  for (const name of fs.readdirSync(dir).filter((f) => /^badzone(-[a-z-]+)?\.c?js$/.test(f))) {
    const loaded = load(path.join(dir, name));
    if (!loaded.script)
      throw new Error('this Node cannot load the bundle through a code cache (it needs Node 20.12 or later)');
    bundles.set(name, { file: path.join(dir, name), ...loaded });
  }
  const whole = [...bundles.values()].find((b) => /^badzone\.c?js$/.test(path.basename(b.file)));
  if (!whole) throw new Error(`no badzone.js in ${dir}`);
  const own = (command) =>
    [...bundles.values()].find((b) => new RegExp(`^badzone-${command}\\.c?js$`).test(path.basename(b.file)));
  await play(() => whole.exports);
  await play((command) => (own(command) ?? whole).exports);
  for (const b of bundles.values())
    fs.writeFileSync(
      `${b.file}.cache`,
      Buffer.concat([Buffer.from(`${b.id}\n`, 'latin1'), b.script.createCachedData()]),
    );
}

trainCaches().catch((e) => {
  console.error(`build: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});

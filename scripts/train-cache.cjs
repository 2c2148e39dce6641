// Make the V8 code cache for a freshly built bundle (called by scripts/build.mjs; never at run time):
// load it exactly as bin/badzone.js does, play a throwaway game in a temp folder so the code every command runs
// is compiled, then write `dist/badzone.js.cache` = the build id, a newline, and V8's cached data.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

async function trainCache() {
  const [binFile, bundle] = process.argv.slice(2);
  const { load } = require(binFile);
  const { exports: cli, script, id } = load(bundle);
  if (!script) throw new Error('this Node cannot load the bundle through a code cache (it needs Node 20.12 or later)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'badzone-build-'));
  try {
    const session = path.join(dir, 'game.json');
    const io = {
      ...cli.processIO(),
      cwd: dir,
      stdout: () => {},
      stderr: () => {},
      stdinIsTTY: false,
      stdoutIsTTY: false,
      stderrIsTTY: false,
    };
    const runs = [
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
      ['log'],
      ['undo'],
      ['verify'],
    ];
    for (const args of runs) {
      const code = await cli.main([...args, '--session', session], io);
      if (code !== 0) throw new Error(`training run \`badzone ${args.join(' ')}\` exited ${code}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const data = script.createCachedData();
  fs.writeFileSync(`${bundle}.cache`, Buffer.concat([Buffer.from(`${id}\n`, 'latin1'), data]));
}

trainCache().catch((e) => {
  console.error(`build: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});

// The package as a bot author gets it: `npm pack` (which builds the library and its types, as publishing would),
// the tarball installed in an empty project (from npm's cache where it can), then a whole game played through
// `import { ... } from 'badzone'`, the README's bot example run as it is, `require('badzone')`, and a TypeScript
// file type-checked against the shipped declarations.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractProblems } from '../contract.js';
import { ROOT, tempDir } from '../helpers.js';

const NPM_ENV = {
  ...process.env,
  NO_COLOR: '1',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

function sh(cmd: string, args: string[], cwd: string, timeout = 240_000): string {
  const r = spawnSync(cmd, args, { cwd, env: NPM_ENV, encoding: 'utf8', timeout });
  if (r.status !== 0)
    throw new Error(
      `${cmd} ${args.join(' ')} (in ${cwd}) failed with ${r.status ?? r.signal}:\n${r.stdout}\n${r.stderr}`,
    );
  return r.stdout;
}

const node = (file: string, cwd: string) => sh(process.execPath, [file], cwd, 60_000);

/** The README's bot example, as it is printed there. */
function botExample(): string {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const m = /<!-- bot-example[^>]*-->\s*```js\n([\s\S]*?)```/.exec(readme);
  if (!m) throw new Error('README.md has no bot example');
  return m[1]!;
}

let project = '';
let packed: { files: { path: string }[] } = { files: [] };

beforeAll(() => {
  // A copy of what `npm pack` needs to build the package, with the repository's node_modules (esbuild, tsc).
  const stage = tempDir('badzone-stage-');
  for (const f of [
    'src',
    'scripts',
    'bin',
    'data',
    'schemas',
    'README.md',
    'package.json',
    'tsconfig.json',
    'tsconfig.lib.json',
  ]) {
    fs.cpSync(path.join(ROOT, f), path.join(stage, f), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(stage, 'node_modules'), 'dir');
  const tarballs = tempDir('badzone-pack-');
  packed = JSON.parse(sh('npm', ['pack', '--json', '--pack-destination', tarballs], stage))[0];
  const tarball = path.join(tarballs, fs.readdirSync(tarballs).find((f) => f.endsWith('.tgz'))!);

  project = tempDir('badzone-consumer-');
  fs.writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'my-badzone-bot', private: true, type: 'module' }),
  );
  sh('npm', ['install', '--prefer-offline', '--ignore-scripts', '--no-package-lock', tarball], project);
}, 600_000);

describe('the packed package', () => {
  it('ships the CLI, the library, its types, the data and the JSON schemas, and no sources', () => {
    const files = packed.files.map((f) => f.path);
    for (const f of [
      'bin/badzone.js',
      'dist/badzone.js',
      'dist/lib/index.js',
      'dist/lib/index.cjs',
      'dist/types/api/index.d.ts',
      'data/badzone-events.json',
      'schemas/round.schema.json',
      'schemas/error.schema.json',
      'schemas/common.schema.json',
      'README.md',
    ]) {
      expect(files, f).toContain(f);
    }
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('test/'))).toEqual([]);
    expect(fs.existsSync(path.join(project, 'node_modules', 'badzone', 'schemas', 'status.schema.json'))).toBe(true);
  });

  it('plays a whole game through the library: every result fits the JSON contract', () => {
    fs.writeFileSync(
      path.join(project, 'game.mjs'),
      `import { newGame, openGame, NoSessionError, RefusedError, UsageError, rollDice, listEvents } from 'badzone';
const out = [];
const game = await newGame('campaign/game1.json', { hiddenSeed: true, randomSeed: () => 'GameOne2026', gangs: [{ name: 'Goliaths', battlefield: ['Krag', 'Brute'], reserve: ['Grub'] }, { name: 'Eschers', battlefield: ['Vex'] }], lairs: 2, structures: 2, hazard: 'roll', turfOwner: 'Goliaths' }).catch(async (e) => { throw e; });
out.push(game.created);
for (let i = 0; i < 6; i++) {
  out.push(await game.round());
  out.push(await game.end());
}
out.push(await game.place('pillar-of-flame'));
out.push(await game.discard('pillar-of-flame'));
out.push(await game.visibility({ set: 'dark' }));
out.push(await game.fighter('Grub', 'battlefield'));
out.push(await game.undo());
out.push(await game.status());
out.push(await game.log({ round: 6 }));
const again = await openGame('campaign/game1.json');
out.push(await again.verify());
const revealed = await again.reveal();
out.push(revealed);
out.push(await again.verify({ commitment: game.created.commitment }));
out.push(rollDice('D6', { times: 3, seed: 1 }));
out.push(listEvents());
const errors = [];
// redo re-applies the undone step (across handles: the list is in the file); a second one has nothing left to redo.
out.push(await again.redo());
for (const f of [() => openGame('nowhere.json'), () => game.end(), () => game.round({ dice: [0] }), () => again.redo()]) {
  try { await f(); errors.push(null); } catch (e) { errors.push({ kind: e.kind, exitCode: e.exitCode, no: e instanceof NoSessionError, refused: e instanceof RefusedError, usage: e instanceof UsageError }); }
}
console.log(JSON.stringify({ out, errors, seed: revealed.seed }));
`,
    );
    fs.mkdirSync(path.join(project, 'campaign'));
    const { out, errors, seed } = JSON.parse(node('game.mjs', project));
    expect(seed).toBe('GameOne2026');
    expect(out.map((o: { kind: string }) => o.kind)).toEqual([
      'new',
      ...Array.from({ length: 6 }, () => ['round', 'end']).flat(),
      'place',
      'discard',
      'visibility',
      'fighter',
      'undo',
      'status',
      'log',
      'verify',
      'reveal',
      'verify',
      'roll',
      'events-list',
      'redo',
    ]);
    // The library's `new` is `new --json` without `commandLine`: the flags that make the same game are the command
    // line's words (src/cli/command-line.ts), not the library's.
    expect(out[0]).not.toHaveProperty('commandLine');
    for (const o of out)
      expect(contractProblems(o.kind === 'new' ? { ...o, commandLine: 'badzone new' } : o), o.kind).toBeNull();
    // Hidden until reveal, then checked against the commitment.
    expect(out.slice(0, 13).every((o: { seed: unknown }) => o.seed === null)).toBe(true);
    expect(out.find((o: { kind: string }) => o.kind === 'status')).toMatchObject({ round: 6, phase: 'end' });
    expect(out[out.length - 4]).toMatchObject({
      kind: 'verify',
      ok: true,
      seed: 'GameOne2026',
      generator: 'chacha20',
      commitmentChecked: { matches: true },
    });
    expect(out[out.length - 1]).toMatchObject({
      kind: 'redo',
      redone: { action: { type: 'fighter', name: 'Grub', to: 'battlefield' } },
      redoable: 0,
    });
    expect(errors).toEqual([
      { kind: 'no-session', exitCode: 3, no: true, refused: false, usage: false },
      { kind: 'refused', exitCode: 1, no: false, refused: true, usage: false },
      { kind: 'usage', exitCode: 2, no: false, refused: false, usage: true },
      { kind: 'refused', exitCode: 1, no: false, refused: true, usage: false },
    ]);
    // The installed bin plays the same file: one engine, one lock, one format.
    const status = JSON.parse(
      sh(
        process.execPath,
        [
          path.join(project, 'node_modules', 'badzone', 'bin', 'badzone.js'),
          'status',
          '--session',
          'campaign/game1.json',
          '--json',
        ],
        project,
      ),
    );
    expect(status).toMatchObject({ kind: 'status', round: 6, seed: 'GameOne2026', generator: 'chacha20' });
  });

  it("runs the README's bot example as it is printed: round, End Phase, round, ...", () => {
    fs.writeFileSync(path.join(project, 'bot.mjs'), botExample());
    const said = [1, 2, 3, 4].map(() => node('bot.mjs', project).trim());
    expect(said[0]).toMatch(/^Round 1: .+\. Visibility: .+\.$/);
    expect(said[1]).toMatch(/^End Phase: /);
    expect(said[2]).toMatch(/^Round 2: /);
    expect(said[3]).toMatch(/^End Phase: /);
    const s = JSON.parse(fs.readFileSync(path.join(project, 'table-3.json'), 'utf8'));
    expect(s.setup.hiddenSeed.revealed).toBe(false);
  });

  it("require('badzone') works from CommonJS", () => {
    fs.writeFileSync(
      path.join(project, 'old.cjs'),
      "const b = require('badzone'); b.openGame('table-3.json').then((g) => g.status()).then((s) => console.log([s.kind, s.round, typeof b.newGame].join(' ')));",
    );
    expect(node('old.cjs', project).trim()).toBe('status 2 function');
  });

  it('type-checks a TypeScript bot against the shipped declarations (and a wrong use fails)', () => {
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    fs.writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          strict: true,
          noEmit: true,
          types: ['node'],
          typeRoots: [path.join(ROOT, 'node_modules', '@types')],
        },
        include: ['bot.ts'],
      }),
    );
    const good = `import { openGame, BadzoneError, type RoundData, type StatusData, type Ask } from 'badzone';
const ask: Ask = { die: (need) => (need.sides === 64 ? 37 : 1) };
const game = await openGame('table-3.json');
const s: StatusData = await game.status();
const r: RoundData = await game.round({ ask, occupied: ['A1'] });
const name: string | undefined = r.newEvent?.name;
try { await game.end({ dice: [4] }); } catch (e) { if (e instanceof BadzoneError) console.log(e.kind, e.exitCode, s.round, name); }
`;
    fs.writeFileSync(path.join(project, 'bot.ts'), good);
    sh(process.execPath, [tsc, '-p', 'tsconfig.json'], project, 120_000);
    fs.writeFileSync(
      path.join(project, 'bot.ts'),
      `${good}const wrong: number = r.newEvent;\nawait game.round({ dice: 'D6' });\n`,
    );
    const bad = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], {
      cwd: project,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toMatch(/bot\.ts\(8,7\): error TS2322/);
    expect(bad.stdout).toMatch(/bot\.ts\(9,\d+\): error TS2322/);
  });
});

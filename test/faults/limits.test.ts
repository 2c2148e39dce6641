// Issue 9, section 2: commands that exited 0 but wrote a game that could never be opened again. Each input
// past a limit is refused with exit 2, each step that would take the game past a limit with exit 1, both before
// anything is written and with a message that names the limit; and a game that badzone 0.1.0 already wrote past
// a limit (test/faults/old-games, written by 0.1.0 itself) still opens, verifies, undoes and plays on.
// And as a property: for any command badzone accepts (exit 0), the session file it wrote loads again; for any it
// refuses, the file is byte-for-byte what it was. Generated command sequences play games whose names, rosters,
// gangs and occupied lists sit just below, at and just past the limits (src/rules/limits.ts), with any Unicode in
// the names (control and format characters included), on small and 26x26 battlefields.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { replay, defaultSetup } from '../../src/engine/index.js';
import { gridTiles } from '../../src/engine/state.js';
import { LIMITS } from '../../src/rules/limits.js';
import { serialize, tryLoad } from '../../src/store/session.js';
import { bookFor, loadEventTable } from '../../src/store/tables.js';
import { BIN, ROOT, runCli, tempDir, type CliResult, readSession } from '../helpers.js';
import { FILE, ashTable, assertBuilt, expectClean, sameSnapshot, snapshot } from './fixtures.js';

const OLD = path.join(path.dirname(new URL(import.meta.url).pathname), 'old-games');

const dir = (): string => tempDir('badzone-limits-');

async function ok(args: string[], cwd: string): Promise<CliResult> {
  const r = await runCli(args, { cwd });
  expect(r.code, `${args.slice(0, 3).join(' ')}: ${r.stderr}`).toBe(0);
  return r;
}

/** Refused with `code` and a message naming the limit (`names`), nothing written, and the game still opens. */
async function refused(args: string[], cwd: string, code: 1 | 2, names: RegExp): Promise<void> {
  const before = snapshot(cwd);
  const r = await runCli(args, { cwd });
  expectClean(r, args.slice(0, 2).join(' '));
  expect(r.code, `${args.slice(0, 2).join(' ')}: ${r.stderr}`).toBe(code);
  expect(r.stderr).toMatch(/limit/i);
  expect(r.stderr.replace(/\s+/g, ' ')).toMatch(names);
  // The argument echoed in the message is cut: a 300-character name never fills the terminal.
  expect(r.stderr.length).toBeLessThan(600);
  expect(sameSnapshot(before, snapshot(cwd)), 'the folder changed').toBe(true);
  if (fs.existsSync(path.join(cwd, FILE))) await ok(['status'], cwd);
}

const roster = (name: string, n: number) => `${name}: ${Array.from({ length: n }, (_, i) => `F${i + 1}`).join(', ')}`;

describe('input past a limit is refused (exit 2) before anything is written', () => {
  it('new --turf-owner with a 201-character name', async () => {
    await refused(['new', '--turf-owner', 'o'.repeat(201)], dir(), 2, /200 characters/);
  });

  it('new --gang with 250 fighters', async () => {
    await refused(['new', '--gang', roster('Horde', 250)], dir(), 2, /200 fighters/);
  });

  it('new with 51 gangs', async () => {
    const args = ['new'];
    for (let i = 1; i <= 51; i++) args.push('--gang', `G${i}: F${i}`);
    await refused(args, dir(), 2, /50 gangs/);
  });

  it('a 300-character gang name in fighter', async () => {
    const d = dir();
    await ok(['new', '--seed', '1'], d);
    await refused(['fighter', 'X', 'battlefield', '--gang', 'g'.repeat(300)], d, 2, /200 characters/);
  });

  it('a 201-character fighter name in new --gang', async () => {
    await refused(['new', '--gang', `Goliaths: ${'k'.repeat(201)}`], dir(), 2, /200 characters/);
  });

  it('round --occupied with 700 tiles', async () => {
    const d = dir();
    await ok(['new', '--seed', '1', '--grid', '26x26'], d);
    await refused(['round', '--occupied', Array(700).fill('A1').join(',')], d, 2, /676/);
  });
});

describe('a step that would take the game past a limit is refused (exit 1) before anything is written', () => {
  it('the 201st fighter of a gang', async () => {
    const d = dir();
    await ok(['new', '--seed', '1', '--gang', roster('Horde', 200)], d);
    await refused(['fighter', 'F201', 'battlefield', '--gang', 'Horde'], d, 1, /200 fighters/);
    // Moving a fighter within the gang is still fine.
    await ok(['fighter', 'F200', 'reserve'], d);
  });

  it('a 51st gang via fighter --gang NewGang', async () => {
    const d = dir();
    const args = ['new', '--seed', '1'];
    for (let i = 1; i <= 50; i++) args.push('--gang', `G${i}: F${i}`);
    await ok(args, d);
    await refused(['fighter', 'X', 'battlefield', '--gang', 'NewGang'], d, 1, /50 gangs/);
  });
});

/** Spawn the built badzone with a bounded heap and a timeout. */
function bounded(args: string[], cwd: string, heapMb = 160, timeout = 20_000) {
  const r = spawnSync(process.execPath, [`--max-old-space-size=${heapMb}`, BIN, ...args], {
    cwd,
    encoding: 'utf8',
    timeout,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return Object.assign(r, { code: r.status ?? -1 });
}

describe('a custom table whose one round rolls too many dice (spawned: bounded heap and time)', () => {
  beforeAll(() => assertBuilt());

  it('table lint accepts it; on a 26x26 grid the round that would write 28 MB is refused (exit 1) at once, naming the limit', () => {
    const d = dir();
    const table = ashTable(d);
    expect(bounded(['table', 'lint', table], d).code).toBe(0);
    expect(bounded(['new', '--seed', '1', '--grid', '26x26', '--table', table], d).code).toBe(0);
    const before = snapshot(d);
    const t0 = Date.now();
    const r = bounded(['round'], d);
    const ms = Date.now() - t0;
    console.log(
      `[faults] limits: a round rolling 283,920 dice refused with exit ${r.code} in ${ms} ms (heap limit 160 MB)`,
    );
    expect(r.signal, 'killed by the timeout').toBeNull();
    expectClean({ code: r.code, stderr: r.stderr, stdout: r.stdout }, 'ash round');
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/limit/i);
    expect(r.stderr).toMatch(/100,000 dice/);
    expect(sameSnapshot(before, snapshot(d))).toBe(true);
    expect(bounded(['status'], d).code).toBe(0);
    // The same table on a small battlefield plays.
    expect(bounded(['new', '--seed', '1', '--force', '--table', table], d).code).toBe(0);
    expect(bounded(['round'], d).code).toBe(0);
  });
});

describe('a 26x26 battlefield', () => {
  it("a tile picked among 676 tiles (its roll's purpose lists them) leaves a game that opens", async () => {
    const d = dir();
    await ok(['new', '--seed', '17', '--grid', '26x26'], d);
    await ok(['place', 'pillar-of-flame'], d);
    for (const args of [['status'], ['verify'], ['log'], ['round'], ['undo']]) await ok(args, d);
  });
});

describe('a game that 0.1.0 wrote past a limit still opens, verifies, undoes and plays on', () => {
  const files = fs.readdirSync(OLD).filter((f) => f.endsWith('.json') && f !== 'control-characters.json');

  it('there are old games for every example of the issue', () => {
    expect(files.sort()).toEqual(
      [
        'fighter-201st.json',
        'gang-250-fighters.json',
        'gang-name-300.json',
        'gangs-51.json',
        'grid-26x26-tile-pick.json',
        'occupied-700.json',
        'turf-owner-201.json',
      ].sort(),
    );
  });

  it.each(files)('%s', async (name) => {
    const d = dir();
    fs.copyFileSync(path.join(OLD, name), path.join(d, FILE));
    for (const args of [['status'], ['verify'], ['log']]) await ok(args, d);
    const entries = () => readSession(path.join(d, FILE)).log.length;
    const n = entries();
    await ok(['round'], d);
    await ok(['end'], d);
    expect(entries()).toBe(n + 2);
    await ok(['undo'], d);
    await ok(['verify'], d);
    if (n > 1) await ok(['undo'], d);
    await ok(['round'], d);
    await ok(['verify'], d);
  });

  it('an old game over a roster limit may move fighters but not grow', async () => {
    const d = dir();
    fs.copyFileSync(path.join(OLD, 'gang-250-fighters.json'), path.join(d, FILE));
    await ok(['fighter', 'F1', 'reserve'], d);
    await refused(['fighter', 'F251', 'battlefield', '--gang', 'Horde'], d, 1, /200 fighters/);
  });

  it('the 28 MB game that one round of that table wrote opens, verifies and undoes', async () => {
    const d = dir();
    const table = loadEventTable(ashTable(d));
    const setup = defaultSetup(1, { table, tiles: gridTiles(26, 26) });
    // What 0.1.0 wrote (28 MB, its log as objects): the same engine with no limits (the replay of the log),
    // serialized as the store writes it (packed, still 25 MB: most of its rolls have a purpose of their own).
    const state = replay(setup, [{ type: 'round' }], bookFor(setup));
    expect(JSON.stringify(state).length).toBeGreaterThan(28_000_000);
    const text = serialize(state);
    expect(text.length).toBeGreaterThan(LIMITS.sessionBytes);
    // `table lint` foresaw it: the heaviest Event Phase on the largest battlefield, plus the D64 that drew it.
    const lint = await runCli(['table', 'lint', 'ash.json', '--json'], { cwd: d });
    expect(JSON.parse(lint.stdout).heaviest).toMatchObject({
      eventId: 'ash-storm',
      dice: 676 * 21 * 20,
      limit: 100_000,
    });
    expect(state.log[1]!.rolls.length).toBe(676 * 21 * 20 + 1);
    fs.writeFileSync(path.join(d, FILE), text);
    await ok(['status'], d);
    await ok(['verify'], d);
    // Another round would roll as much again: refused. Even a step that adds a few bytes would make a file already
    // past the size a session may be written larger still: refused, nothing changed.
    await refused(['round'], d, 1, /100,000 dice/);
    await refused(['fighter', 'Krag', 'battlefield', '--gang', 'Goliaths'], d, 1, /20 MB/);
    await ok(['undo'], d);
    expect(fs.statSync(path.join(d, FILE)).size).toBeLessThan(100_000);
  });
});

describe('table lint and the dice an event can roll', () => {
  it('warns of a table whose heaviest phase is past the limit on the largest battlefield, and says where it fits', async () => {
    const d = dir();
    ashTable(d);
    const r = await runCli(['table', 'lint', 'ash.json'], { cwd: d });
    expect(r.code).toBe(0);
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(
      /WARNING Ash Storm: one Event Phase can roll up to 283,920 dice .* \(limit: rolls per step\).* up to 238 tiles/,
    );
    // 238 tiles: 238 x (20D6 + D12) x 20 = 99,960 dice; 239 would be 100,380.
    expect(238 * 21 * 20).toBeLessThanOrEqual(100_000);
    expect(239 * 21 * 20).toBeGreaterThan(100_000);
  });

  it('refuses (exit 4, naming the limit) a table an event of which rolls too much even on one tile', async () => {
    const d = dir();
    const t = JSON.parse(fs.readFileSync(ashTable(d), 'utf8'));
    t.results[0].resolve.eachEventPhase = [
      { kind: 'pickTile', what: 'mines', place: { count: '20D1000x5', what: 'mine', scatterEach: '20D6' } },
    ];
    fs.writeFileSync(path.join(d, 'mines.json'), JSON.stringify(t));
    for (const args of [
      ['table', 'lint', 'mines.json'],
      ['new', '--table', 'mines.json'],
      ['simulate', '--table', 'mines.json'],
    ]) {
      const r = await runCli(args, { cwd: d });
      expect(r.code, args.join(' ')).toBe(4);
      expect((r.stdout + r.stderr).replace(/\s+/g, ' ')).toMatch(/2,100,020 dice .*limit: rolls per step/);
    }
    expect(fs.existsSync(path.join(d, FILE))).toBe(false);
  });

  it('the shipped table: its heaviest phase is well within the limit on the largest battlefield', async () => {
    const r = await runCli(['table', 'lint', path.join(ROOT, 'data', 'badzone-events.json'), '--json']);
    const h = JSON.parse(r.stdout).heaviest;
    // Disappearance rolls a die for each of 50 x 200 fighters.
    expect(h).toMatchObject({ eventId: 'disappearance', dice: 10_000, limit: 100_000, tilesThatFit: 676 });
  });
});

// The property: generated games near the limits.
const RUNS = Math.max(10, Math.round(Number(process.env.BADZONE_FAULT_RUNS ?? 400) / 4));

/** A length near a limit: mostly small, else just below or at it, now and then just past it. */
const near = (limit: number, small = 3) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: small }) },
    { weight: 3, arbitrary: fc.integer({ min: limit - 2, max: limit }) },
    { weight: 1, arbitrary: fc.integer({ min: limit + 1, max: limit + 2 }) },
  );

/** One character that is not a plain letter: any code unit, a control or format character, an astral one. */
const odd = fc
  .oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    fc.constantFrom('\n', '\u001b', '\u0085', '\u007f', '\u200b', '\u200d', '\u202e', '\u3164', '😀', 'é'),
  )
  .map((c) => c.replace(/[:,]/g, 'x'));

/** A name of `length` characters: letters, and now and then one odd character somewhere in it. */
function name(length: number): fc.Arbitrary<string> {
  const plain = 'Krag Brute '.repeat(Math.ceil(length / 11) + 1).slice(0, length);
  const safe = (t: string) => (length > 0 && t.trim() === '' ? `N${t.slice(1)}` : t);
  if (length === 0) return fc.constant('');
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(safe(plain)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(odd, fc.nat(length - 1))
        .map(([c, at]) => safe(`${plain.slice(0, at)}${c}${plain.slice(at + 1)}`)),
    },
  );
}

const setupArb = fc.record({
  grid: fc.constantFrom('2x2', '3x3', '26x26'),
  gangs: near(LIMITS.gangs, 2).chain((n) =>
    fc.array(
      fc.record({
        nameLength: near(LIMITS.name, 8),
        fighters: near(LIMITS.fightersPerGang, 3),
        fighterLength: near(LIMITS.name, 6),
      }),
      { minLength: n, maxLength: n },
    ),
  ),
  turfOwner: fc.option(near(LIMITS.name, 8).chain(name), { nil: undefined }),
});

const commandArb = fc.oneof(
  fc.constant(['round']),
  fc.constant(['end']),
  fc.constant(['undo']),
  near(LIMITS.occupied, 4).map((n) => [
    'round',
    '--occupied',
    Array.from({ length: n }, (_, i) => `A${(i % 26) + 1}`).join(','),
  ]),
  fc
    .tuple(near(LIMITS.name, 6).chain(name), fc.constantFrom('battlefield', 'reserve', 'out'))
    .map(([n, to]) => ['fighter', n, to]),
  fc
    .tuple(near(LIMITS.name, 6).chain(name), near(LIMITS.name, 6).chain(name))
    .map(([n, g]) => ['fighter', n, 'battlefield', '--gang', g]),
  fc
    .tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 3 }))
    .map(([g, f]) => ['fighter', `F${g}x${f}`, 'battlefield', '--gang', `G${g}`]),
  fc.constantFrom(
    ['place', 'treasure'],
    ['place', 'pillar-of-flame'],
    ['discard', 'static-storm'],
    ['visibility', 'set', 'dark'],
  ),
);

describe('for any accepted command, the file it wrote loads again', () => {
  it(`${RUNS} generated games near the limits`, async () => {
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(setupArb, fc.array(commandArb, { minLength: 1, maxLength: 8 }), async (setup, commands) => {
        const dir = tempDir('badzone-limits-prop-');
        const newArgs = ['new', '--seed', '7', '--grid', setup.grid];
        setup.gangs.forEach((g, i) => {
          // Distinct gang names (G0, G1, ... padded to the length) and fighters (F<gang>x<n> padded).
          const gname = `G${i}`.padEnd(Math.max(2, g.nameLength), 'g');
          const fighters = Array.from({ length: g.fighters }, (_, k) =>
            `F${i}x${k}`.padEnd(Math.max(4, g.fighterLength), 'f'),
          );
          newArgs.push('--gang', `${gname}: ${fighters.join(', ')}`);
        });
        if (setup.turfOwner !== undefined) newArgs.push('--turf-owner', setup.turfOwner);
        for (const args of [newArgs, ...commands] as string[][]) {
          const before = snapshot(dir);
          const r = await runCli(args, { cwd: dir });
          expectClean(r, args.slice(0, 2).join(' '));
          if (r.code === 0) {
            accepted++;
            // The file loads (no exception) and status reads it.
            expect(tryLoad(path.join(dir, FILE)), args.slice(0, 2).join(' ')).not.toBeNull();
            const st = await runCli(['status', '--json'], { cwd: dir });
            expect(st.code, `status after ${args.slice(0, 2).join(' ')}: ${st.stderr}`).toBe(0);
          } else {
            refused++;
            expect(
              sameSnapshot(before, snapshot(dir)),
              `${args.slice(0, 2).join(' ')} (exit ${r.code}) changed the folder`,
            ).toBe(true);
            if (args[0] === 'new') break;
          }
        }
      }),
      { numRuns: RUNS, seed: 20260901 },
    );
    console.log(
      `[faults] limits property: ${RUNS} games, ${accepted} commands accepted (each file loaded), ${refused} refused (each file unchanged)`,
    );
    expect(accepted).toBeGreaterThan(RUNS);
    expect(refused).toBeGreaterThan(RUNS / 4);
  });
});

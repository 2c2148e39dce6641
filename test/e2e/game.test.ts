// End-to-end: a whole game played through the built bin/, one process per command, compared with the same
// game played in this one process, and with the same game interrupted and resumed elsewhere; undo; a broken
// file; two `round`s at once. Run `node scripts/build.mjs` first (`npm test` does).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { Rng } from '../../src/dice/rng.js';
import { BIN, binWithTraceCheck, runCli, tempDir, expandSession } from '../helpers.js';

const FILE = 'badzone-session.json';
/** Command output, or a session file with its log as objects (expandSession). */
const json = (s: string): any => expandSession(JSON.parse(s));
const read = (dir: string): string => fs.readFileSync(path.join(dir, FILE), 'utf8');

/** Every stderr seen in this file: none may hold a stack trace. */
const { bin, checkNoTraces } = binWithTraceCheck();
afterEach(() => checkNoTraces((stderr) => expect(stderr).not.toContain('    at ')));

const SEED = 20260;
/** The game: 10 rounds, with `end` at the table in some of them, and a GM override. */
const GAME: string[][] = [
  ['round'],
  ['round'],
  ['end'],
  ['round'],
  ['round'],
  ['visibility', 'set', 'dark'],
  ['end'],
  ['round'],
  ['round', '--dice', '57'],
  ['round'],
  ['end'],
  ['round'],
  ['round'],
  ['round'],
  ['end'],
];

describe('a 10-round game through the built bin', () => {
  it('process per command == one process == interrupted and resumed in another folder; the dice stream resumes exactly', async () => {
    const newArgs = [
      'new',
      '--seed',
      String(SEED),
      '--gang',
      'Goliaths: Krag, Brute',
      '--reserve',
      'Goliaths: Mauler',
      '--spawn-points',
      '3',
    ];

    // A: every command its own process.
    const a = tempDir();
    expect(bin(newArgs, a).code).toBe(0);
    for (const args of GAME) {
      const r = bin(args, a);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }

    // B: the same game in this one process.
    const b = tempDir();
    expect((await runCli(newArgs, { cwd: b })).code).toBe(0);
    for (const args of GAME) expect((await runCli(args, { cwd: b })).code).toBe(0);

    // C: interrupted after 7 commands; the file is carried to another folder and the game resumed there.
    const c1 = tempDir();
    const c2 = tempDir();
    expect(bin(newArgs, c1).code).toBe(0);
    for (const args of GAME.slice(0, 7)) expect(bin(args, c1).code).toBe(0);
    fs.copyFileSync(path.join(c1, FILE), path.join(c2, FILE));
    for (const args of GAME.slice(7)) expect(bin(args, c2).code).toBe(0);

    const fileA = read(a);
    expect(read(b)).toBe(fileA);
    expect(read(c2)).toBe(fileA);

    const s = json(fileA);
    expect(s.round).toBe(10);
    expect(s.phase).toBe('end');
    expect(s.log).toHaveLength(1 + GAME.length);

    // The dice stream: every die badzone rolled (not the entered ones) is the next die of one seeded stream,
    // although it was rolled across 16 processes. (Dice mode, no hazard: no shuffles consume the stream.)
    const rng = new Rng({ seed: SEED, uses: 0 });
    let rolled = 0;
    for (const entry of s.log) {
      for (const roll of entry.rolls) {
        if (roll.entered) continue;
        expect(roll.value, `${roll.for}`).toBe(rng.die(roll.die));
        rolled++;
      }
    }
    expect(rolled).toBeGreaterThan(10);
    expect(s.rng).toEqual({ seed: SEED, uses: rng.uses });
    // The entered die was used where it was given.
    expect(s.log[9].rolls[0]).toMatchObject({ die: 64, value: 57, entered: true });

    const v = bin(['verify', '--json'], a);
    expect(v.code).toBe(0);
    expect(json(v.stdout)).toMatchObject({ ok: true, entries: 1 + GAME.length });
  });

  it('deck mode with a rolled hazard: process per command == one process (the shuffled deck resumes too)', async () => {
    const newArgs = ['new', '--seed', '-77', '--mode', 'deck', '--hazard', 'roll', '--grid', '3x3'];
    const deckGame = GAME.filter((args) => !args.includes('--dice'));
    const a = tempDir();
    const b = tempDir();
    expect(bin(newArgs, a).code).toBe(0);
    expect((await runCli(newArgs, { cwd: b })).code).toBe(0);
    for (const args of deckGame) {
      const r = bin(args, a);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect((await runCli(args, { cwd: b })).code).toBe(0);
    }
    expect(read(b)).toBe(read(a));
    const s = json(read(a));
    expect(s.round).toBe(deckGame.filter((x) => x[0] === 'round').length);
    expect(s.hazard.roll).toBe(new Rng({ seed: -77, uses: 0 }).die(10));
    // every card is somewhere: draw pile, discard pile or in play
    const cards = [...s.deck.drawPile, ...s.deck.discardPile, ...s.inPlay.map((p: { roll: number }) => p.roll)].sort(
      (x, y) => x - y,
    );
    expect(cards).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
    expect(bin(['verify'], a).code).toBe(0);
  });

  it('undo then round gives the same rolls as before the undo', () => {
    const dir = tempDir();
    expect(bin(['new', '--seed', '99'], dir).code).toBe(0);
    for (let i = 0; i < 3; i++) expect(bin(['round'], dir).code).toBe(0);
    const before = read(dir);
    const first = bin(['round', '--json'], dir);
    expect(first.code).toBe(0);
    const after = read(dir);
    const u = bin(['undo', '--json'], dir);
    expect(u.code).toBe(0);
    expect(json(u.stdout)).toMatchObject({ round: 3, undone: { action: { type: 'round' } } });
    // The state before, with the undone round kept for redo.
    const r4 = json(after).log[4];
    expect(json(read(dir))).toEqual({
      ...json(before),
      redo: [{ seq: 4, round: r4.round, action: r4.action, rolls: r4.rolls.length, uses: json(after).rng.uses }],
    });
    const again = bin(['round', '--json'], dir);
    expect(again.code).toBe(0);
    expect(json(again.stdout).eventPhase).toEqual(json(first.stdout).eventPhase);
    expect(json(again.stdout).endPhase).toEqual(json(first.stdout).endPhase);
    expect(read(dir)).toBe(after);
  });

  it('a truncated session file: exit 4, left byte-for-byte unchanged', () => {
    const dir = tempDir();
    expect(bin(['new', '--seed', '5'], dir).code).toBe(0);
    expect(bin(['round'], dir).code).toBe(0);
    const full = read(dir);
    const cut = full.slice(0, full.length - 40);
    fs.writeFileSync(path.join(dir, FILE), cut);
    for (const args of [['round'], ['end'], ['status'], ['undo'], ['verify'], ['log', '--json']]) {
      const r = bin(args, dir);
      expect(r.code, args.join(' ')).toBe(4);
      expect(r.stderr).toMatch(/not valid JSON/);
      expect(r.stdout).toBe('');
      expect(read(dir)).toBe(cut);
    }
    expect(fs.readdirSync(dir)).toEqual([FILE]);
  });
});

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
  /** When the process was started and when it ended (performance.now()). */
  started: number;
  ended: number;
}

function spawnBin(args: string[], cwd: string): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1' };
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, started, ended: performance.now() });
    });
  });
}

describe('two badzone commands at once', () => {
  it('two concurrent rounds: both rounds, or one round and a clean exit 5; the file is consistent', async () => {
    let both = 0;
    let locked = 0;
    for (let trial = 0; trial < 4; trial++) {
      const dir = tempDir();
      expect(bin(['new', '--seed', String(300 + trial)], dir).code).toBe(0);
      expect(bin(['round'], dir).code).toBe(0);
      const [x, y] = await Promise.all([spawnBin(['round', '--json'], dir), spawnBin(['round', '--json'], dir)]);
      // The two commands really ran at the same time: each started before the other ended.
      expect(x.started).toBeLessThan(y.ended);
      expect(y.started).toBeLessThan(x.ended);
      for (const e of [x.stderr, y.stderr]) expect(e).not.toContain('    at ');
      const codes = [x.code, y.code].sort();
      const s = json(read(dir));
      if (codes[0] === 0 && codes[1] === 0) {
        both++;
        expect(s.round).toBe(3);
        expect(s.log.map((e: { round: number }) => e.round)).toEqual([0, 1, 2, 3]);
        // Each process saw a different round: neither read the state the other was writing.
        expect([json(x.stdout).round, json(y.stdout).round].sort()).toEqual([2, 3]);
      } else {
        expect(codes).toEqual([0, 5]);
        locked++;
        const loser = x.code === 5 ? x : y;
        expect(loser.stderr).toMatch(/in use by another badzone/);
        expect(loser.stdout).toBe('');
        expect(s.round).toBe(2);
        expect(s.log).toHaveLength(3);
      }
      const v = bin(['verify'], dir);
      expect(v.code, v.stdout + v.stderr).toBe(0);
      expect(fs.readdirSync(dir)).toEqual([FILE]); // no lock or temp file left behind
    }
    console.log(`[e2e] two concurrent rounds, 4 trials: ${both} ran one after the other, ${locked} met the lock`);
  });

  it('a lock held by a live process: exit 5 after a short wait, with a message, file unchanged', () => {
    const dir = tempDir();
    expect(bin(['new', '--seed', '1'], dir).code).toBe(0);
    const before = read(dir);
    const lock = path.join(dir, `${FILE}.lock`);
    fs.writeFileSync(lock, JSON.stringify({ pid: process.pid, token: 'held-by-the-test' }));
    const r = bin(['round'], dir);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/in use by another badzone command \(process \d+\)/);
    expect(r.stderr).toContain(lock);
    expect(read(dir)).toBe(before);
    // Reads need no lock.
    expect(bin(['status', '--json'], dir).code).toBe(0);
    expect(fs.readFileSync(lock, 'utf8')).toContain('held-by-the-test');
  });

  it('a lock left by a process that is gone is taken over at once', () => {
    const dir = tempDir();
    expect(bin(['new', '--seed', '1'], dir).code).toBe(0);
    const gone = spawnSync(process.execPath, ['-e', ''], { encoding: 'utf8' });
    fs.writeFileSync(path.join(dir, `${FILE}.lock`), JSON.stringify({ pid: gone.pid, token: 'dead' }));
    const r = bin(['round'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(json(read(dir)).round).toBe(1);
    expect(fs.readdirSync(dir)).toEqual([FILE]);
  });
});

describe("the battle report's story through the built bin", () => {
  it('new --title, details in later processes, report headed with them (md, html, json), undo leaves them', () => {
    const dir = tempDir('badzone-e2e-story-');
    const ok = (args: string[]) => {
      const r = bin(args, dir);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      return r.stdout;
    };
    ok(['new', '--seed', 'STORYE2E', '--gang', 'Goliaths: Krag', '--gang', 'Eschers: Vex', '--title', 'The Sump Run']);
    ok(['round']);
    ok(['details', '--scenario', 'Looters', '--result', 'Eschers <b>by two</b>']);
    ok(['undo']);
    expect(json(ok(['details', '--json'])).story).toEqual({
      title: 'The Sump Run',
      date: null,
      scenario: 'Looters',
      result: 'Eschers <b>by two</b>',
    });
    const md = ok(['report']);
    expect(md.startsWith('# The Sump Run\n\n**Goliaths vs Eschers**\n')).toBe(true);
    expect(md).toContain('- Result: Eschers &lt;b&gt;by two&lt;/b&gt;\n');
    expect(ok(['report', '--format', 'html'])).toContain('<dt>Scenario</dt><dd><bdi>Looters</bdi></dd>');
    expect(json(ok(['report', '--json', '--title', 'Night Raid'])).story.title).toBe('Night Raid');
    const bad = bin(['details', '--title', 'x\u001b[2Jy'], dir);
    expect(bad.status).toBe(2);
    expect(json(read(dir)).story.title).toBe('The Sump Run');
  });
});

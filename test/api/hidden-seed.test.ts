// Fair dice: a hidden seed (a fresh ChaCha20 seed, never one picked) shows only its commitment until `reveal`;
// `verify --commitment` proves the rolls.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newGame, openGame, UsageError } from '../../src/api/index.js';
import { runCli, tempDir, readSession } from '../helpers.js';

/** The fresh seed these games get (as the operating system would give one): text that appears nowhere else. */
const SEED = 'HIDDENSEEDK4Q2Z7W';
const FILE = 'badzone-session.json';
const dir = (): string => tempDir('badzone-hidden-');
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('a hidden seed', () => {
  it('no output shows the seed until reveal; the commitment is SHA-256 of "chacha20:SEED:SALT"', async () => {
    const d = dir();
    const made = await runCli(['new', '--hidden-seed', '--gang', 'Goliaths: Krag, Brute', '--json'], {
      cwd: d,
      seeds: [SEED],
    });
    expect(made.code, made.stderr).toBe(0);
    const n = JSON.parse(made.stdout);
    expect(n).toMatchObject({ seed: null, commitment: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(n.commandLine).toContain('--hidden-seed');
    const commitment: string = n.commitment;
    const outputs: string[] = [made.stdout];
    const text = await runCli(['new', '--hidden-seed'], { cwd: dir(), seeds: [SEED] });
    expect(text.stdout).toMatch(/^Seed hidden, dice mode/m);
    expect(text.stdout).toMatch(/Commitment to the seed/);
    expect(text.stdout).toMatch(/^ {2}[0-9a-f]{64}$/m);
    outputs.push(text.stdout);
    for (const args of [['round'], ['status'], ['end'], ['round', '--dice', '49'], ['log'], ['verify'], ['undo']]) {
      const j = await runCli([...args, '--json'], { cwd: d });
      expect(j.code, `${args.join(' ')}: ${j.stderr}`).toBe(0);
      expect(JSON.parse(j.stdout), args.join(' ')).toMatchObject({ seed: null, commitment });
      const t = await runCli(args[0] === 'undo' ? ['status'] : args, { cwd: d });
      outputs.push(j.stdout, j.stderr, t.stdout, t.stderr);
    }
    expect((await runCli(['status'], { cwd: d })).stdout.replace(/\s+/g, ' ')).toContain(
      `seed hidden, commitment ${commitment}`,
    );
    const lib = await openGame(path.join(d, FILE));
    outputs.push(JSON.stringify([await lib.status(), await lib.log(), await lib.verify()]));
    for (const o of outputs) expect(o).not.toContain(String(SEED));
    // The file still holds it: badzone rolls from it (what the commitment does not protect against).
    const s = readSession(path.join(d, FILE));
    expect(s.setup.seed).toBe(SEED);
    expect(s.setup.hiddenSeed).toMatchObject({
      commitment,
      revealed: false,
      salt: expect.stringMatching(/^[0-9a-f]{32}$/),
    });

    // reveal: the seed and salt, which hash to the commitment.
    const rev = await runCli(['reveal', '--json'], { cwd: d });
    expect(rev.code, rev.stderr).toBe(0);
    const r = JSON.parse(rev.stdout);
    expect(r).toMatchObject({
      kind: 'reveal',
      seed: SEED,
      generator: 'chacha20',
      salt: s.setup.hiddenSeed.salt,
      commitment,
      hashed: `chacha20:${SEED}:${s.setup.hiddenSeed.salt}`,
      firstReveal: true,
    });
    expect(sha256(r.hashed)).toBe(commitment);
    // The generator is part of what is hashed: the same seed and salt without it (as a Twister seed's) is another hash.
    expect(sha256(`${SEED}:${s.setup.hiddenSeed.salt}`)).not.toBe(commitment);
    expect(JSON.parse((await runCli(['status', '--json'], { cwd: d })).stdout)).toMatchObject({
      seed: SEED,
      commitment,
    });
    expect(JSON.parse((await runCli(['reveal', '--json'], { cwd: d })).stdout).firstReveal).toBe(false);
    const revealed = await runCli(['reveal'], { cwd: d });
    expect(revealed.stdout).toContain(`the SHA-256 of:\n  chacha20:${SEED}:${s.setup.hiddenSeed.salt}\n`);
    expect(revealed.stdout.replace(/ \\\n +/g, ' ')).toContain(
      `  printf '%s' 'chacha20:${SEED}:${s.setup.hiddenSeed.salt}' | sha256sum\n`,
    );
    expect(revealed.stdout.split('\n').every((l) => l.length <= 80)).toBe(true);

    // verify --commitment: every die from the committed seed (none was entered by hand).
    const v = await runCli(['verify', '--commitment', commitment.toUpperCase(), '--json'], { cwd: d });
    expect(v.code, v.stdout).toBe(0);
    expect(JSON.parse(v.stdout)).toMatchObject({ ok: true, commitmentChecked: { given: commitment, matches: true } });
    expect((await runCli(['verify', '--commitment', commitment], { cwd: d })).stdout.replace(/\s+/g, ' ')).toContain(
      'every die came from the committed seed',
    );
  });

  it('a tampered reveal: another salt, another seed, another game are each found (exit 1)', async () => {
    const d = dir();
    const game = await newGame(d, { hiddenSeed: true, randomSeed: () => SEED });
    await game.round();
    await game.end();
    const commitment = game.created!.commitment!;
    const file = path.join(d, FILE);
    const original = fs.readFileSync(file, 'utf8');
    const edit = (f: (s: any) => void) => {
      const s = JSON.parse(original);
      f(s);
      fs.writeFileSync(file, JSON.stringify(s));
    };
    const check = async () => {
      const r = await runCli(['verify', '--commitment', commitment, '--json'], { cwd: d });
      return { code: r.code, out: JSON.parse(r.stdout) };
    };
    expect((await check()).code).toBe(0);

    // A salt changed to make another seed fit: the hash no longer matches, though every roll still follows.
    edit((s) => {
      s.setup.hiddenSeed.salt = '0'.repeat(32);
      s.setup.hiddenSeed.revealed = true;
    });
    let c = await check();
    expect(c.code).toBe(1);
    expect(c.out).toMatchObject({ ok: false, commitmentChecked: { matches: false } });
    expect(c.out.problem).toMatch(/do not hash to the commitment/);
    expect((await runCli(['verify', '--json'], { cwd: d })).code).toBe(0); // the rolls alone still follow

    // The seed swapped (in both places, so the file loads): neither the hash nor the rolls follow.
    edit((s) => {
      s.setup.seed = `${SEED}X`;
      s.rng.seed = `${SEED}X`;
    });
    c = await check();
    expect(c.code).toBe(1);
    expect(c.out.problem).toMatch(/do not hash to the commitment.*; and log entry/);

    // A new game with a new commitment: not the one the players noted.
    fs.writeFileSync(file, original);
    const other = await newGame(d, { hiddenSeed: true, force: true, randomSeed: () => SEED });
    expect(other.created!.commitment).not.toBe(commitment); // a fresh salt: the same seed, another commitment
    c = await check();
    expect(c.code).toBe(1);
    expect(c.out.problem).toMatch(/not the game that was committed to/);
  });

  it('a game whose seed was never hidden: reveal is refused, verify --commitment fails, a malformed hash is a usage error', async () => {
    const d = dir();
    expect((await runCli(['new', '--seed', '5'], { cwd: d })).code).toBe(0);
    const rev = await runCli(['reveal', '--json'], { cwd: d });
    expect(rev.code).toBe(1);
    expect(JSON.parse(rev.stderr).error).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('never hidden'),
    });
    const v = await runCli(['verify', '--commitment', 'a'.repeat(64), '--json'], { cwd: d });
    expect(v.code).toBe(1);
    expect(JSON.parse(v.stdout)).toMatchObject({
      ok: false,
      seed: '5',
      generator: 'mt19937',
      commitment: null,
      commitmentChecked: { matches: false },
    });
    const bad = await runCli(['verify', '--commitment', 'xyz'], { cwd: d });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('64 hex digits');
  });

  it('survives undo and every later step: the commitment is part of the setup', async () => {
    const d = dir();
    const game = await newGame(d, { hiddenSeed: true, randomSeed: () => 'SurvivesUndo77' });
    await game.round();
    await game.undo();
    const s = await game.status();
    expect(s).toMatchObject({ seed: null, commitment: game.created!.commitment });
    expect((await game.verify({ commitment: game.created!.commitment! })).ok).toBe(true);
  });

  it('is a fresh ChaCha20 seed: a seed picked for it is refused (exit 2), by the command line and the library', async () => {
    const d = dir();
    const r = await runCli(['new', '--hidden-seed', '--seed', 'MyPick'], { cwd: d });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'badzone: --hidden-seed draws a fresh seed that nobody knows in advance; a seed given with --seed could be known. Give --seed or --hidden-seed, not both.\n',
    );
    expect((await runCli(['new', '--hidden-seed', '--seed', '42'], { cwd: d })).code).toBe(2);
    await expect(newGame(d, { hiddenSeed: true, seed: 'MyPick' })).rejects.toThrow(
      /^A hidden seed is a fresh one that nobody knows in advance.*Give hiddenSeed or seed, not both\.$/,
    );
    await expect(newGame(d, { hiddenSeed: true, seed: 42 })).rejects.toBeInstanceOf(UsageError);
    // A fresh seed from a caller's own source must key ChaCha20 too: a Twister seed is found from a few rolls.
    await expect(newGame(d, { hiddenSeed: true, randomSeed: () => 12345 })).rejects.toThrow(
      /A hidden seed keys ChaCha20/,
    );
    expect(fs.readdirSync(d)).toEqual([]);
  });

  it('by default, 128 bits from the operating system in base32', async () => {
    const d = dir();
    const game = await newGame(d, { hiddenSeed: true });
    const s = readSession(path.join(d, FILE));
    expect(s.setup).toMatchObject({ generator: 'chacha20', seed: expect.stringMatching(/^[A-Z2-7]{26}$/) });
    expect(sha256(`chacha20:${s.setup.seed}:${s.setup.hiddenSeed.salt}`)).toBe(game.created!.commitment);
    expect(game.created).toMatchObject({ seed: null, generator: 'chacha20' });
  });
});

// The session file of schema 9 (src/store/session.ts, docs/json.md "The session file"): a path kept once (an event
// in play names its live marker), where a long path had got to (`pathMarks`, a cache read only from a file whose
// hash matches, checked by verify) and a hash of everything before the log. Each must give the same game and the
// same views as the file without it, and a hand edit of any of them must be found.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgetTwisterStates } from '../../src/dice/rng.js';
import { load, withHash } from '../../src/store/session.js';
import { longGame, runCli, tempDir } from '../helpers.js';

const FILE = 'badzone-session.json';
const raw = (file: string): any => JSON.parse(fs.readFileSync(file, 'utf8'));

/** `dir`'s game as a file written again from its JSON, `edit` applied, with a hash that matches (as badzone writes). */
function rewritten(dir: string, edit: (s: any) => void): string {
  const { hash: _hash, logBytes: _n, ...s } = raw(path.join(dir, FILE));
  edit(s);
  const d = tempDir('badzone-v9-');
  fs.writeFileSync(path.join(d, FILE), withHash(s));
  return d;
}

/** What `args --json` prints for the game in `dir` (a copy: `round` changes it), without the file's name. */
async function view(dir: string, ...args: string[]): Promise<unknown> {
  const d = tempDir('badzone-v9-');
  fs.copyFileSync(path.join(dir, FILE), path.join(d, FILE));
  const r = await runCli([...args, '--json'], { cwd: d });
  expect(r.code, r.stderr).toBe(0);
  const { session: _session, ...v } = JSON.parse(r.stdout);
  return v;
}

describe('a long game as schema 9 writes it', () => {
  // Seed 20261130: the Pillar of Flame enters play in round 33 and scatters in every End Phase after.
  const dir = longGame(150);
  const file = path.join(dir, FILE);

  it("keeps the Pillar's path once, with its marker, and where it had got to 16 or more scatters before its newest", () => {
    const s = raw(file);
    const live = s.markers.find((m: any) => m.live && m.eventId === 'pillar-of-flame');
    expect(live.scatters).toHaveLength(117);
    expect(s.inPlay.find((p: any) => p.eventId === 'pillar-of-flame').scatters).toEqual({ marker: live.id });
    expect(s.pathMarks).toEqual([[live.id, 96, expect.any(Number), expect.any(Number)]]);
    const l = load(file);
    expect(l.trusted).toBe(true);
    const pillar = l.state.inPlay.find((p) => p.eventId === 'pillar-of-flame')!;
    expect(pillar.scatters).toEqual(live.scatters.map((sc: number[]) => sc.slice(0, 3)));
    // The same game as the file read in full (no cache used), and as the same game with every path written out.
    expect(l.state).toEqual(load(file, { trust: false }).state);
    const twice = rewritten(dir, (g) => {
      g.inPlay.find((p: any) => p.eventId === 'pillar-of-flame').scatters = live.scatters;
    });
    expect(load(path.join(twice, FILE)).state).toEqual(l.state);
  });

  it('status, round, end and the map show the same with its pathMarks as without them', async () => {
    const without = rewritten(dir, (g) => delete g.pathMarks);
    expect(load(path.join(without, FILE)).trusted).toBe(true);
    for (const args of [['status'], ['round'], ['map'], ['report', '--format', 'json']]) {
      const a = await view(dir, ...args);
      expect(a, args.join(' ')).toEqual(await view(without, ...args));
    }
  });

  it('an in-play path naming a marker that is not its live marker is refused (exit 4), naming the field', async () => {
    for (const id of [1, 999]) {
      const bad = rewritten(dir, (g) => {
        g.inPlay.find((p: any) => p.eventId === 'pillar-of-flame').scatters = { marker: id };
      });
      const r = await runCli(['status'], { cwd: bad });
      expect(r.code).toBe(4);
      expect(r.stderr).toContain('inPlay[');
      expect(r.stderr).toContain(`.scatters.marker: marker ${id} is not the live marker of "pillar-of-flame"`);
    }
  });

  it('verify finds a pathMarks point that is not where the path leads, under a hash made to match', async () => {
    const forged = rewritten(dir, (g) => {
      g.pathMarks[0][2] += 1;
    });
    expect(load(path.join(forged, FILE)).trusted).toBe(true);
    const r = await runCli(['verify', '--json'], { cwd: forged });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: false,
      seq: null,
      problem: expect.stringMatching(/^pathMarks: marker \d+ was not at/),
    });
    const good = await runCli(['verify', '--json'], { cwd: dir });
    expect(JSON.parse(good.stdout)).toMatchObject({ ok: true });
  });
});

describe('the hash of schema 9', () => {
  const dir = longGame(40);
  const file = path.join(dir, FILE);
  const text = fs.readFileSync(file, 'utf8');
  const logAt = text.indexOf(',"log":[') + ',"log":'.length;

  it('is of everything before the log: the log last, its length in bytes before it', () => {
    const s = raw(file);
    expect(Object.keys(s).slice(-3)).toEqual(['logBytes', 'log', 'hash']);
    expect(s.logBytes).toBe(Buffer.byteLength(JSON.stringify(s.log)));
    expect(text.slice(logAt, logAt + s.logBytes)).toBe(JSON.stringify(s.log));
  });

  /** Whether the file, edited by `f`, is read as badzone wrote it. */
  const trustedAfter = (f: (t: string) => string): boolean => {
    const d = tempDir('badzone-v9-');
    fs.writeFileSync(path.join(d, FILE), f(text));
    return load(path.join(d, FILE)).trusted;
  };

  it('a byte changed before the log, or the log made longer or shorter, or a field after it: edited by hand', () => {
    expect(trustedAfter((t) => t)).toBe(true);
    expect(trustedAfter((t) => t.replace('"round":40,', '"round":41,'))).toBe(false);
    expect(trustedAfter((t) => t.replace(/"logBytes":(\d+)/, (_, n) => `"logBytes":${Number(n) + 1}`))).toBe(false);
    const last = raw(file).log.at(-1);
    expect(trustedAfter((t) => t.replace(`,${JSON.stringify(last)}]`, ']'))).toBe(false);
    expect(trustedAfter((t) => t.replace(`,${JSON.stringify(last)}]`, `,${JSON.stringify(last)},"40 - end"]`))).toBe(
      false,
    );
    expect(trustedAfter((t) => t.replace('],"hash":"', '],"round":3,"hash":"'))).toBe(false);
  });

  it('an entry changed to the same length is read when a command reads it: a broken one is then refused (exit 4)', async () => {
    // The first D64 of two digits in the log made 99: the same length, not a D64 result.
    const edited = text.slice(0, logAt) + text.slice(logAt).replace(/([ ,])64\.\d\d\./, '$164.99.');
    expect(edited).not.toBe(text);
    expect(edited).toHaveLength(text.length);
    const d = tempDir('badzone-v9-');
    fs.writeFileSync(path.join(d, FILE), edited);
    expect(load(path.join(d, FILE)).trusted).toBe(true);
    expect((await runCli(['status'], { cwd: d })).code).toBe(0); // status reads no old entry
    const log = await runCli(['log'], { cwd: d });
    expect(log.code).toBe(4);
    expect(log.stderr).toMatch(/log\[\d+\]\.rolls\[\d+\]\.value/);
    const v = await runCli(['verify'], { cwd: d });
    expect(v.code).toBe(4);
    expect(v.stderr).toMatch(/log\[\d+\]\.rolls\[\d+\]\.value/);
  });
});

describe("a Mersenne Twister game's generator state", () => {
  const dir = longGame(150);
  const file = path.join(dir, FILE);

  /** `round --json` on a copy of `from`, then `verify --json` of what it wrote. */
  async function roundThenVerify(from: string): Promise<{ round: any; verify: any }> {
    forgetTwisterStates(); // as a new process: nothing known but what the file gives
    const d = tempDir('badzone-v9-');
    fs.copyFileSync(path.join(from, FILE), path.join(d, FILE));
    const r = await runCli(['round', '--json'], { cwd: d });
    expect(r.code, r.stderr).toBe(0);
    forgetTwisterStates();
    const v = await runCli(['verify', '--json'], { cwd: d });
    const { session: _s, ...round } = JSON.parse(r.stdout);
    return { round, verify: JSON.parse(v.stdout) };
  }

  it('is kept (624 words in base64) where the seed is, and the next round rolls from it the dice the seed gives', async () => {
    const s = raw(file);
    expect(s.rng.uses).toBeGreaterThan(624);
    expect(s.twister).toMatch(/^[A-Za-z0-9+/]{3328}$/);
    const kept = await roundThenVerify(dir);
    const without = await roundThenVerify(rewritten(dir, (g) => delete g.twister));
    expect(kept.round).toEqual(without.round);
    expect(kept.verify).toMatchObject({ ok: true });
    // Nowhere but in the session file: not in the battle report (its session is the game, not the file).
    const report = await runCli(['report', '--format', 'json'], { cwd: dir });
    expect(report.code).toBe(0);
    expect(report.stdout).not.toContain(s.twister.slice(0, 40));
  });

  it('edited, under a hash made to match, gives other dice than the seed: verify names the round that rolled them', async () => {
    const forged = rewritten(dir, (g) => {
      g.twister = 'A'.repeat(g.twister.length); // a state of zeros: the Twister then makes zeros
    });
    const { verify } = await roundThenVerify(forged);
    expect(verify.ok).toBe(false);
    expect(verify.seq).toBe(raw(file).log.length);
  });

  it('is not kept for a ChaCha20 game, nor before the first 624 words', () => {
    expect(raw(path.join(longGame(40, 'Dust7'), FILE)).twister).toBeUndefined();
    expect(raw(path.join(longGame(20), FILE)).twister).toBeUndefined();
  });
});

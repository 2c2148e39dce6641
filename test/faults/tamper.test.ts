// Tamper evidence: a session edited by hand so that it still passes validation is caught by `badzone verify`
// (exit 1), which names the first log entry (or the part of the state) that does not follow from the seed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/dice/rng.js';
import { runCli, tempDir, readSession } from '../helpers.js';
import { FILE, NEW_ARGS, STACK_FRAME, dirWithSession } from './fixtures.js';

let good: any;
let deckGame: any;

beforeAll(async () => {
  const dir = tempDir('badzone-tamper-');
  // --hazard 4 is given, not rolled: the setup entry has no rolls, the first die is round 1's D64.
  expect((await runCli([...NEW_ARGS, '--mode', 'dice'], { cwd: dir })).code).toBe(0);
  for (let i = 0; i < 8; i++) {
    expect((await runCli(['round'], { cwd: dir })).code).toBe(0);
    if (i % 2) expect((await runCli(['end'], { cwd: dir })).code).toBe(0);
  }
  good = readSession(path.join(dir, FILE));
  const deck = tempDir('badzone-tamper-deck-');
  expect((await runCli([...NEW_ARGS, '--mode', 'deck'], { cwd: deck })).code).toBe(0);
  for (let i = 0; i < 4; i++) expect((await runCli(['round'], { cwd: deck })).code).toBe(0);
  deckGame = readSession(path.join(deck, FILE));
});

async function verify(s: unknown): Promise<{ code: number; data: any; text: string; file: Buffer; after: Buffer }> {
  const text = JSON.stringify(s);
  const dir = dirWithSession(text);
  const j = await runCli(['verify', '--json'], { cwd: dir });
  const t = await runCli(['verify'], { cwd: dir });
  expect(t.code).toBe(j.code);
  expect(t.stderr).not.toMatch(STACK_FRAME);
  return {
    code: j.code,
    data: j.code === 4 ? null : JSON.parse(j.stdout),
    text: (t.stdout + t.stderr).replace(/\s+/g, ' '),
    file: Buffer.from(text),
    after: fs.readFileSync(path.join(dir, FILE)),
  };
}

/** Index of the k-th log entry (from 1) that has at least one roll. */
function withRolls(s: any, k = 1): number {
  let n = 0;
  for (let i = 0; i < s.log.length; i++) if (s.log[i].rolls.length && ++n === k) return i;
  throw new Error('not enough entries with rolls');
}

describe('badzone verify', () => {
  it('passes the untouched game', async () => {
    const r = await verify(good);
    expect(r.code).toBe(0);
    expect(r.data.ok).toBe(true);
    expect(r.data.entries).toBe(good.log.length);
  });

  it('finds a hand-edited roll and names its entry', async () => {
    for (const k of [1, 3, 6]) {
      const i = withRolls(good, k);
      const s = structuredClone(good);
      const roll = s.log[i].rolls[0];
      roll.value = (roll.value % roll.die) + 1;
      const r = await verify(s);
      expect(r.code).toBe(1);
      expect(r.data.seq).toBe(i);
      expect(r.data.problem).toContain(`log entry ${i} `);
      expect(r.data.problem).toContain(`the file has ${roll.value}`);
      expect(r.text).toContain(`log entry ${i} `);
      expect(r.after.equals(r.file)).toBe(true);
    }
  });

  it('finds a roll made "entered" by hand, and a roll whose purpose was rewritten', async () => {
    const i = withRolls(good, 2);
    const a = structuredClone(good);
    a.log[i].rolls[0].entered = true;
    expect((await verify(a)).data.seq).toBe(i);
    const b = structuredClone(good);
    b.log[i].rolls[0].for = 'something else';
    const rb = await verify(b);
    expect(rb.code).toBe(1);
    expect(rb.data.seq).toBe(i);
  });

  it('finds an event added to play, and one removed from play', async () => {
    const inPlay = good.inPlay.map((p: any) => p.eventId);
    expect(inPlay.length).toBeGreaterThan(0);
    const added = structuredClone(good);
    const extra = ['static-storm', 'pillar-of-flame', 'treasure', 'ash-storm'].find((id) => !inPlay.includes(id))!;
    added.inPlay.push({ eventId: extra, sinceRound: added.round, roll: 64 });
    const ra = await verify(added);
    expect(ra.code, ra.text).toBe(1);
    expect(ra.data.seq).toBeNull();
    expect(ra.data.problem).toMatch(/^inPlay in the file/);

    const removed = structuredClone(good);
    removed.inPlay.shift();
    const rr = await verify(removed);
    expect(rr.code).toBe(1);
    expect(rr.data.problem).toMatch(/^inPlay in the file/);
  });

  it('finds a changed seed at the first roll, whose true value comes from the new seed', async () => {
    const first = withRolls(good);
    const firstDie = good.log[first].rolls[0];
    // A seed whose first D64 differs from the one in the file (computed with the dice layer, not the engine).
    let seed = good.setup.seed + 1;
    while (new Rng({ seed, uses: 0 }).die(firstDie.die) === firstDie.value) seed++;
    const s = structuredClone(good);
    s.setup.seed = seed;
    s.rng.seed = seed;
    const r = await verify(s);
    expect(r.code).toBe(1);
    expect(r.data.seq).toBe(first);
    expect(r.data.problem).toContain(`the seed gives ${new Rng({ seed, uses: 0 }).die(firstDie.die)}`);
    expect(r.text).toContain(`log entry ${first} `);
    // Only one of the two seeds changed: refused before replaying (exit 4, naming rng.seed).
    const half = structuredClone(good);
    half.rng.seed = seed;
    const rh = await verify(half);
    expect(rh.code).toBe(4);
    expect(rh.text).toContain('rng.seed');
  });

  it('finds a log entry taken out (and renumbered), or made up at the end', async () => {
    const i = withRolls(good, 3);
    const cut = structuredClone(good);
    cut.log.splice(i, 1);
    cut.log.forEach((r: any, n: number) => (r.seq = n));
    const rc = await verify(cut);
    expect(rc.code).toBe(1);
    expect(rc.data.seq).not.toBeNull();
    expect(rc.data.seq).toBeLessThanOrEqual(i);
    expect(rc.data.seq).toBeGreaterThan(0);

    const made = structuredClone(good);
    made.log.push({
      seq: made.log.length,
      round: made.round + 1,
      action: { type: 'round' },
      rolls: [{ die: 64, value: 1, for: 'Event Phase: event table' }],
    });
    const rm = await verify(made);
    expect(rm.code).toBe(1);
    expect(rm.data.seq).toBe(good.log.length);
  });

  it('finds a changed round of a log entry, a changed round number and an edited rng position', async () => {
    const i = withRolls(good, 2);
    const entry = structuredClone(good);
    entry.log[i].round += 1;
    const re = await verify(entry);
    expect(re.code).toBe(1);
    expect(re.data.seq).toBe(i);
    expect(re.data.problem).toBe(
      `log entry ${i} (${good.log[i].action.type}): round ${good.log[i].round + 1} in the file, but the log gives round ${good.log[i].round}`,
    );
    const round = structuredClone(good);
    round.round += 1;
    const rr = await verify(round);
    expect(rr.code).toBe(1);
    expect(rr.data.problem).toMatch(/^round in the file/);
    const uses = structuredClone(good);
    uses.rng.uses += 1;
    const ru = await verify(uses);
    expect(ru.code).toBe(1);
    expect(ru.data.problem).toMatch(/^rng in the file/);
  });

  it('a version-1 file with a rewritten note: the notes are not kept, so log shows what the dice say', async () => {
    const i = withRolls(good, 2);
    const dir = dirWithSession(JSON.stringify(good));
    const words = JSON.parse((await runCli(['log', '--json'], { cwd: dir })).stdout).entries.map((e: any) => e.notes);
    expect(words[i].length).toBeGreaterThan(0);
    const v1 = structuredClone(good);
    v1.schemaVersion = 1;
    v1.log.forEach((r: any, n: number) => (r.notes = [...words[n]]));
    v1.log[i].notes[0] = 'nothing happened';
    const r = await verify(v1);
    expect(r.code).toBe(0); // the rolls, the rounds and the state all follow from the seed
    const d1 = dirWithSession(JSON.stringify(v1));
    const log = await runCli(['log', '--json'], { cwd: d1 });
    expect(log.code, log.stderr).toBe(0);
    expect(JSON.parse(log.stdout).entries.map((e: any) => e.notes)).toEqual(words);
    expect((await runCli(['log'], { cwd: d1 })).stdout).not.toContain('nothing happened');
  });

  it('finds a reshuffled deck', async () => {
    const s = structuredClone(deckGame);
    const pile = s.deck.drawPile;
    [pile[0], pile[pile.length - 1]] = [pile[pile.length - 1], pile[0]];
    const r = await verify(s);
    expect(r.code).toBe(1);
    expect(r.data.problem).toMatch(/deck/);
  });
});

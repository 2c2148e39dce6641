// Concurrent commands and stale locks: ten `badzone round` at once on one session each either play their
// round or exit 5 saying why; a lock left by a dead process (or half written) is taken over.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBin, runCli, tempDir, readSession } from '../helpers.js';
import { FILE, NEW_ARGS, STACK_FRAME, assertBuilt, expectClean, started, type Ran } from './fixtures.js';

const PROCESSES = 10;

const start = (args: string[], cwd: string): Promise<Ran> => started(process.execPath, [BIN, ...args], cwd, 30_000);

/** A pid that is certainly not running: a child that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const pid = Number(r.stdout);
  expect(Number.isInteger(pid) && pid > 0).toBe(true);
  return pid;
}

beforeAll(() => assertBuilt());

describe(`${PROCESSES} \`badzone round\` started at once`, () => {
  for (const [existing, staleLock] of [
    [true, false],
    [false, false],
    [true, true],
  ] as const) {
    it(`${existing ? 'on an existing game' : 'in an empty folder (the first one starts the game)'}${staleLock ? ", with a dead process's lock to take over" : ''}`, async () => {
      const dir = tempDir('badzone-race-');
      const file = path.join(dir, FILE);
      let startRound = 0;
      let startLog = 0;
      if (existing) {
        expect((await runCli(NEW_ARGS, { cwd: dir })).code).toBe(0);
        expect((await runCli(['round'], { cwd: dir })).code).toBe(0);
        const s = readSession(file);
        startRound = s.round;
        startLog = s.log.length;
      }
      // All of them find the dead process's lock at once: only one may take it over.
      if (staleLock) fs.writeFileSync(`${file}.lock`, JSON.stringify({ pid: deadPid(), token: 'deaddeaddeaddead' }));
      const results = await Promise.all(Array.from({ length: PROCESSES }, () => start(['round', '--json'], dir)));
      const ok = results.filter((r) => r.code === 0);
      for (const r of results) {
        expectClean({ code: r.code ?? -1, stderr: r.stderr }, 'concurrent round');
        expect([0, 5], r.stderr).toContain(r.code);
        if (r.code === 5) expect(r.stderr).toMatch(/in use by another badzone command.*Wait for it to finish/s);
      }
      // Each success played its own round: the rounds reported are exactly the next ones, none twice.
      const rounds = ok.map((r) => JSON.parse(r.stdout).round as number).sort((a, b) => a - b);
      expect(rounds).toEqual(Array.from({ length: ok.length }, (_, i) => startRound + i + 1));
      const s = readSession(file);
      expect(s.round).toBe(startRound + ok.length);
      // An empty folder: the first success also wrote the "new" entry.
      expect(s.log.length).toBe((existing ? startLog : 1) + ok.length);
      if (!existing) expect(ok.filter((r) => JSON.parse(r.stdout).startedNew === true)).toHaveLength(1);
      const v = await runCli(['verify'], { cwd: dir });
      expect(v.code, v.stdout).toBe(0);
      expect(fs.readdirSync(dir)).toEqual([FILE]);
      console.log(
        `[faults] ${PROCESSES} concurrent rounds (${existing ? 'existing game' : 'empty folder'}${staleLock ? ', stale lock' : ''}): ${ok.length} played, ${PROCESSES - ok.length} exited 5`,
      );
    });
  }
});

describe('a stale lock', () => {
  async function game(): Promise<{ dir: string; file: string; lock: string; round: number }> {
    const dir = tempDir('badzone-lock-');
    expect((await runCli(NEW_ARGS, { cwd: dir })).code).toBe(0);
    const file = path.join(dir, FILE);
    return { dir, file, lock: `${file}.lock`, round: 0 };
  }

  function timedRound(dir: string): { code: number; ms: number; stderr: string } {
    const t0 = Date.now();
    const r = runBin(['round'], { cwd: dir, timeout: 20_000 });
    return { code: r.code, ms: Date.now() - t0, stderr: r.stderr };
  }

  it('of a dead process is taken over at once', async () => {
    const g = await game();
    fs.writeFileSync(g.lock, JSON.stringify({ pid: deadPid(), token: 'feedfacefeedface' }));
    const r = timedRound(g.dir);
    expect(r.code, r.stderr).toBe(0);
    expect(readSession(g.file).round).toBe(1);
    expect(fs.existsSync(g.lock)).toBe(false);
    // For the README: a plain `round` here takes about the same time.
    const plain = timedRound(g.dir);
    console.log(
      `[faults] stale lock of a dead pid: taken over, round took ${r.ms} ms (a round with no lock: ${plain.ms} ms)`,
    );
  });

  it('that cannot be read (unparseable, empty, binary, no pid) is taken over once it is 2 s old', async () => {
    const kinds: [string, string][] = [
      ['unparseable', '{"pid": 12'],
      ['empty', ''],
      ['binary', '\u0000\u00ff\u0001'],
      ['without a numeric pid', '{"pid":"me"}'],
    ];
    const games = await Promise.all(kinds.map(() => game()));
    kinds.forEach(([, content], i) => fs.writeFileSync(games[i]!.lock, content));
    // All four at once (each waits out the same 2 s).
    const results = await Promise.all(
      games.map(async (g) => {
        const t0 = Date.now();
        const r = await start(['round'], g.dir);
        return { ...r, ms: Date.now() - t0 };
      }),
    );
    results.forEach((r, i) => {
      const g = games[i]!;
      expect(r.code, `${kinds[i]![0]}: ${r.stderr}`).toBe(0);
      expect(readSession(g.file).round).toBe(1);
      expect(fs.existsSync(g.lock)).toBe(false);
      console.log(`[faults] fresh ${kinds[i]![0]} lock: taken over, round took ${r.ms} ms`);
    });
  });

  it('that is unreadable and already old is taken over at once', async () => {
    const g = await game();
    fs.writeFileSync(g.lock, 'garbage');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(g.lock, old, old);
    const r = timedRound(g.dir);
    expect(r.code, r.stderr).toBe(0);
    console.log(`[faults] old unreadable lock: taken over, round took ${r.ms} ms`);
  });

  it('held by a live process is respected: exit 5 naming the lock, the game untouched', async () => {
    const g = await game();
    fs.writeFileSync(g.lock, JSON.stringify({ pid: process.pid, token: 'cafebabecafebabe' }));
    const before = fs.readFileSync(g.file);
    const r = timedRound(g.dir);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain(`process ${process.pid}`);
    expect(r.stderr).toContain(g.lock);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(fs.readFileSync(g.file).equals(before)).toBe(true);
    expect(fs.readFileSync(g.lock, 'utf8')).toContain('cafebabe');
    console.log(`[faults] live lock: exit 5 after ${r.ms} ms`);
  });
});

// Hostile and broken session files: each is refused with exit 4 and a message naming the problem, the file
// is left byte for byte as it was, nothing else is written beside it, and nothing prints a stack trace.
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MUTATION_RUN,
  MUTATION_STRIDE,
  ROOT,
  expandSession,
  runBin,
  runCli,
  strided,
  tempDir,
  readSession,
} from '../helpers.js';
import { SCHEMA_VERSION } from '../../src/engine/state.js';
import {
  FILE,
  allPaths,
  assertBuilt,
  dirWithSession,
  expectClean,
  expectInvalid,
  getAt,
  otherType,
  pathText,
  playedSession,
  sameSnapshot,
  seeded,
  setAt,
  snapshot,
} from './fixtures.js';

let good = '';
let goodDeck = '';
let parsed: any;

beforeAll(async () => {
  good = await playedSession(tempDir(), { rounds: 4 });
  goodDeck = await playedSession(tempDir(), { rounds: 3, mode: 'deck' });
  parsed = expandSession(JSON.parse(good));
});

/** Write `text` as the session in a fresh dir; run each command; each must exit 4 and change nothing. */
async function refused(
  text: string | Buffer,
  label: string,
  names?: string | RegExp,
  commands: string[][] = [['status'], ['round']],
): Promise<void> {
  const dir = dirWithSession(text);
  const before = snapshot(dir);
  for (const args of commands) {
    const r = await runCli(args, { cwd: dir });
    expectInvalid(r, `${label} / ${args.join(' ')}`, names);
    expect(sameSnapshot(before, snapshot(dir)), `${label} / ${args.join(' ')}: the folder changed`).toBe(true);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

describe('a session file cut short', () => {
  it('is refused at every byte offset by status and round, and left as it was', async () => {
    const dir = dirWithSession(good);
    const file = path.join(dir, FILE);
    // Cut from the end, one byte at a time; the whole document without its final newline is not a cut.
    const whole = Buffer.byteLength(good.trimEnd());
    const bytes = Buffer.from(good);
    const fd = fs.openSync(file, 'r+');
    try {
      for (let k = whole - 1; k >= 0; k -= MUTATION_STRIDE) {
        fs.ftruncateSync(fd, k);
        for (const args of [['status'], ['round']]) {
          const r = await runCli(args, { cwd: dir });
          expectInvalid(r, `cut at ${k} / ${args[0]}`, /not valid JSON/);
          const now = fs.readFileSync(file);
          expect(now.length === k && now.equals(bytes.subarray(0, k)), `cut at ${k} / ${args[0]}: file changed`).toBe(
            true,
          );
        }
      }
    } finally {
      fs.closeSync(fd);
    }
    expect(fs.readdirSync(dir)).toEqual([FILE]);
    console.log(
      `[faults] truncation: ${whole} byte offsets x 2 commands (status, round), session file of ${bytes.length} bytes`,
    );
  });
});

describe('random and wrongly shaped content', () => {
  it('random bytes (seeded) are refused', async () => {
    const rnd = seeded(2026);
    for (let i = 0; i < 150; i++) {
      const len = Math.floor(rnd() * 3000);
      const buf = Buffer.alloc(len);
      for (let j = 0; j < len; j++) buf[j] = Math.floor(rnd() * 256);
      await refused(buf, `random bytes #${i} (${len} bytes)`);
    }
    // Bytes of a real session with some flipped: refused, or (when still a valid game) never a crash.
    for (let i = 0; i < 100; i++) {
      const buf = Buffer.from(good);
      for (let n = 0; n < 1 + Math.floor(rnd() * 4); n++) buf[Math.floor(rnd() * buf.length)] = Math.floor(rnd() * 256);
      const dir = dirWithSession(buf);
      const r = await runCli(['status'], { cwd: dir });
      expectClean(r, `flipped bytes #${i}`);
      expect([0, 4]).toContain(r.code);
      expect(fs.readFileSync(path.join(dir, FILE)).equals(buf)).toBe(true);
    }
  });

  it('any JSON value that is not a session (fast-check) is refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (v) => {
        await refused(JSON.stringify(v), `json ${JSON.stringify(v).slice(0, 60)}`, undefined, [['status']]);
      }),
      { numRuns: 200, seed: 6 },
    );
  });

  it.each([
    ['an array', '[]', /expected an object, found an array/],
    ['a number', '42', /expected an object, found a number/],
    ['a string', '"badzone"', /expected an object/],
    ['null', 'null', /expected an object, found null/],
    ['an empty object', '{}', /schemaVersion/],
    ['only a version', '{"schemaVersion":1}', /setup/],
    ['an event table instead of a session', null, /schemaVersion/],
    ['a session inside an array', 'WRAP', /expected an object, found an array/],
    ['deeply nested arrays', `{"schemaVersion":1,"setup":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, /setup/],
    ['an empty file', '', /not valid JSON/],
    ['whitespace', ' \n\t ', /not valid JSON/],
    ['a byte-order mark and JSON', 'BOM', /not valid JSON|expected/],
  ])('%s', async (_label, text, names) => {
    let t = text as string;
    if (text === null) t = fs.readFileSync(path.join(ROOT, 'data', 'badzone-events.json'), 'utf8');
    if (text === 'WRAP') t = `[${good}]`;
    if (text === 'BOM') t = `\ufeff${good}`;
    await refused(t, _label, names);
  });
});

describe('each field', () => {
  it('with a value of the wrong type is refused, naming the field', async () => {
    const paths = strided(allPaths(parsed));
    for (const keys of paths) {
      const bad = setAt(parsed, keys, otherType(getAt(parsed, keys)));
      await refused(JSON.stringify(bad), `${pathText(keys)} of the wrong type`, pathText(keys));
    }
    console.log(`[faults] wrong types: ${paths.length} fields x 2 commands`);
  });

  it('of a custom table kept in the session, with the wrong type, is refused naming the field', async () => {
    const dir = tempDir();
    fs.copyFileSync(path.join(ROOT, 'data', 'badzone-events.json'), path.join(dir, 'mine.json'));
    fs.copyFileSync(path.join(ROOT, 'data', 'visibility.json'), path.join(dir, 'vis.json'));
    const custom = JSON.parse(
      await playedSession(dir, { rounds: 2, extra: ['--table', 'mine.json', '--visibility-table', 'vis.json'] }),
    );
    expect(custom.setup.table).not.toBeNull();
    const paths = strided(allPaths(custom)).filter(
      (k) => k[0] === 'setup' && (k[1] === 'table' || k[1] === 'visibilityTable') && k.length > 2,
    );
    for (const keys of paths) {
      // A dice count may be a number or dice text, so a number becomes text that is no dice expression.
      const bad = setAt(custom, keys, otherType(getAt(custom, keys), 'seven'));
      await refused(JSON.stringify(bad), `${pathText(keys)} of the wrong type`, pathText(keys), [['status']]);
    }
    console.log(`[faults] wrong types in a session's own tables: ${paths.length} fields`);
  });

  it('missing is refused, naming the field (only a custom table may be left out)', async () => {
    // The only fields a session may leave out: without them the game uses the shipped tables.
    const OPTIONAL = ['setup.table', 'setup.visibilityTable'];
    const fields = allPaths(parsed).filter((k) => typeof k[k.length - 1] === 'string');
    const accepted: string[] = [];
    for (const keys of fields) {
      const bad = structuredClone(parsed);
      const parent = getAt(bad, keys.slice(0, -1)) as Record<string, unknown>;
      delete parent[keys[keys.length - 1] as string];
      const dir = dirWithSession(JSON.stringify(bad));
      const r = await runCli(['status', '--json'], { cwd: dir });
      expectClean(r, `${pathText(keys)} missing`);
      fs.rmSync(dir, { recursive: true, force: true });
      if (OPTIONAL.includes(pathText(keys))) {
        expect(r.code, `${pathText(keys)} missing: ${r.stderr}`).toBe(0);
        accepted.push(pathText(keys));
        continue;
      }
      expect(r.code, `${pathText(keys)} missing should be refused: ${r.stderr}`).toBe(4);
      expect(r.stderr).toContain(pathText(keys));
    }
    expect(accepted).toEqual(OPTIONAL);
    expect(fields.length).toBeGreaterThan(100);
  });

  it('negative, fractional and huge numbers are refused, naming the field', async () => {
    const numeric = strided(allPaths(parsed).filter((k) => typeof getAt(parsed, k) === 'number'));
    expect(numeric.length).toBeGreaterThan(20 / MUTATION_STRIDE);
    let tried = 0;
    for (const keys of numeric) {
      const old = getAt(parsed, keys) as number;
      for (const v of [-1, old + 0.5, 1e308, 2 ** 53 + 2, -(2 ** 31) - 1]) {
        // setup.seed and rng.seed may be any 32-bit integer, but then they no longer agree with each other.
        const isSeed = /seed$/.test(pathText(keys));
        await refused(
          JSON.stringify(setAt(parsed, keys, v)),
          `${pathText(keys)} = ${v}`,
          isSeed ? 'seed' : pathText(keys),
        );
        tried++;
      }
    }
    console.log(`[faults] numbers: ${tried} values tried`);
  });

  it.skipIf(MUTATION_RUN)(
    'a huge rng position is refused before anything tries to reach it (spawned, with a timeout)',
    () => {
      assertBuilt();
      // Resuming the dice stream means replaying `uses` words: 10^15 of them would take days.
      for (const uses of [1e15, 2 ** 53 - 1, 1e9]) {
        const dir = dirWithSession(JSON.stringify(setAt(parsed, ['rng', 'uses'], uses)));
        const before = snapshot(dir);
        for (const args of [['round'], ['undo'], ['verify'], ['end']]) {
          const r = runBin(args, { cwd: dir, timeout: 10_000 });
          expect(r.signal, `rng.uses ${uses} / ${args[0]}: killed by the timeout`).toBeNull();
          expectInvalid({ code: r.code, stderr: r.stderr }, `rng.uses ${uses} / ${args[0]}`, 'rng.uses');
        }
        expect(sameSnapshot(before, snapshot(dir))).toBe(true);
      }
    },
  );
});

describe('schema versions and keys', () => {
  it.each([SCHEMA_VERSION + 1, 99, 1e6])('a newer schemaVersion %s asks for a newer badzone', async (v) => {
    await refused(
      JSON.stringify({ ...parsed, schemaVersion: v }),
      `schemaVersion ${v}`,
      /newer badzone.*schemaVersion/,
    );
  });

  it.each([0, -1, 1.5, '1', null, 2 ** 60])('schemaVersion %s is refused by name', async (v) => {
    await refused(JSON.stringify({ ...parsed, schemaVersion: v }), `schemaVersion ${v}`, 'schemaVersion');
  });

  it('__proto__, constructor and prototype keys in any object are refused, and pollute nothing', async () => {
    const objects = [[] as (string | number)[], ...allPaths(parsed)].filter((k) => {
      const v = getAt(parsed, k);
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    });
    for (const keys of objects) {
      for (const key of ['__proto__', 'constructor', 'prototype']) {
        const text = JSON.stringify(parsed, (_k, v) =>
          v === getAt(parsed, keys) ? { ...v, [`@@${key}`]: { polluted: true } } : v,
        ).replace(`"@@${key}"`, `"${key}"`);
        await refused(text, `${key} in ${pathText(keys) || '(session)'}`, key, [['status']]);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('the game does not fit its table', () => {
  const cases: [string, (s: any) => void, string | RegExp][] = [
    [
      'an unknown event in play',
      (s) => s.inPlay.push({ eventId: 'no-such-event', sinceRound: 1, roll: 5 }),
      /inPlay\[\d+\]\.eventId.*no-such-event/,
    ],
    ['a Once event in play', (s) => s.inPlay.push({ eventId: 'power-outage', sinceRound: 1, roll: 2 }), /Once event/],
    ['an unknown event due in the End Phase', (s) => s.pendingEnd.push('made-up'), /pendingEnd\[0\].*made-up/],
    ['an unknown visibility level', (s) => (s.visibility.level = 'blinding'), /visibility\.level.*blinding/],
    ['an unknown hazard', (s) => (s.hazard = { roll: 4, id: 'lava', nomadic: false }), /hazard\.id.*lava/],
    ['rng.seed not the setup seed', (s) => (s.rng.seed = s.setup.seed + 1), /rng\.seed/],
    ['a log that does not start with "new"', (s) => s.log.shift(), /log\[0\]|seq/],
    ['log entries out of order', (s) => ([s.log[1], s.log[2]] = [s.log[2], s.log[1]]), /log\[1\]\.seq/],
    ['a dice game with a deck', (s) => (s.deck = { drawPile: [1], discardPile: [] }), /deck/],
    [
      'more than 64 events in play',
      (s) =>
        (s.inPlay = Array.from(
          { length: 65 },
          () => s.inPlay[0] ?? { eventId: 'static-storm', sinceRound: 1, roll: 9 },
        )),
      /inPlay/,
    ],
    [
      'a roll above its die',
      (s) => (s.log[1].rolls[0].value = s.log[1].rolls[0].die + 1),
      /log\[1\]\.rolls\[0\]\.value/,
    ],
    ['a die of 1 side', (s) => (s.log[1].rolls[0].die = 1), /log\[1\]\.rolls\[0\]\.die/],
    ['an unknown action', (s) => (s.log[1].action.type = 'teleport'), /log\[1\]\.action\.type/],
    ['a 10 000-character name', (s) => (s.gangs[0].name = 'x'.repeat(10_000)), /gangs\[0\]\.name.*too long/],
  ];
  it.each(cases)('%s', async (label, change, names) => {
    const bad = structuredClone(parsed);
    change(bad);
    await refused(JSON.stringify(bad), label, names);
  });

  it('deck games: a card twice or out of 1-64', async () => {
    const deck = expandSession(JSON.parse(goodDeck));
    const twice = structuredClone(deck);
    twice.deck.discardPile.push(twice.deck.drawPile[0]);
    await refused(JSON.stringify(twice), 'card twice', /card \d+ is in the deck twice/);
    const out = structuredClone(deck);
    out.deck.drawPile[0] = 65;
    await refused(JSON.stringify(out), 'card 65', 'deck.drawPile[0]');
  });
});

describe.skipIf(MUTATION_RUN)('big files (spawned, each bounded by a timeout)', () => {
  beforeAll(() => assertBuilt());

  it('a file over the size the loader reads (64 MB) is refused unread', () => {
    const dir = tempDir();
    const file = path.join(dir, FILE);
    const fd = fs.openSync(file, 'w');
    const chunk = Buffer.alloc(1_000_000, 0x20);
    for (let i = 0; i < 70; i++) fs.writeSync(fd, chunk);
    fs.closeSync(fd);
    const st = fs.statSync(file);
    for (const args of [['status'], ['round'], ['verify']]) {
      const t0 = Date.now();
      const r = runBin(args, { cwd: dir, timeout: 15_000 });
      console.log(`[faults] 70 MB session, ${args[0]}: exit ${r.code} in ${Date.now() - t0} ms`);
      expectInvalid({ code: r.code, stderr: r.stderr }, `70 MB / ${args[0]}`, /70\.0 MB/);
      const after = fs.statSync(file);
      expect(after.size).toBe(st.size);
      expect(after.mtimeMs).toBe(st.mtimeMs);
    }
    expect(fs.readdirSync(dir)).toEqual([FILE]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a 15 MB session whose roll purpose is too long is refused in seconds', () => {
    const bad = structuredClone(parsed);
    bad.log[1].rolls[0].for = 'n'.repeat(15_000_000);
    const dir = dirWithSession(JSON.stringify(bad));
    const before = snapshot(dir);
    for (const args of [['status'], ['round']]) {
      const r = runBin(args, { cwd: dir, timeout: 15_000 });
      expectInvalid({ code: r.code, stderr: r.stderr }, `15 MB / ${args[0]}`, 'log[1].rolls[0].for');
    }
    expect(sameSnapshot(before, snapshot(dir))).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a 15 MB version-1 session whose stored notes are long loads in seconds: the notes are dropped, not read', () => {
    const v1 = structuredClone(parsed);
    v1.schemaVersion = 1;
    v1.log.forEach((r: any) => (r.notes = []));
    v1.log[1].notes.push('n'.repeat(15_000_000));
    const dir = dirWithSession(JSON.stringify(v1));
    const before = snapshot(dir);
    const st = runBin(['status'], { cwd: dir, timeout: 15_000 });
    expect(st.signal, 'status was killed by the timeout').toBeNull();
    expectClean({ code: st.code, stderr: st.stderr, stdout: st.stdout }, '15 MB v1 / status');
    expect(st.code).toBe(0);
    expect(sameSnapshot(before, snapshot(dir))).toBe(true); // reading does not rewrite the file
    const r = runBin(['round'], { cwd: dir, timeout: 15_000 });
    expect(r.code, r.stderr).toBe(0);
    const after = readSession(path.join(dir, FILE));
    expect(after.schemaVersion).toBe(SCHEMA_VERSION);
    expect(after.log.length).toBe(parsed.log.length + 1);
    expect(after.log.some((e: any) => 'notes' in e)).toBe(false);
    expect(fs.statSync(path.join(dir, FILE)).size).toBeLessThan(1_000_000);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a hand-made log of 150 000 entries is refused; one of 30 000 loads, verifies and undoes in seconds', () => {
    const mk = (n: number) => {
      const s = structuredClone(parsed);
      s.log = [s.log[0]];
      for (let i = 1; i < n; i++) s.log.push({ seq: i, round: i, action: { type: 'round' }, rolls: [] });
      return JSON.stringify(s);
    };
    const dirBig = dirWithSession(mk(150_000));
    const before = snapshot(dirBig);
    const r = runBin(['undo'], { cwd: dirBig, timeout: 20_000 });
    expectInvalid({ code: r.code, stderr: r.stderr }, '150 000 entries / undo', /log: expected at most/);
    expect(sameSnapshot(before, snapshot(dirBig))).toBe(true);

    // 30 000: undo replays the made-up rounds with their rolls (about 600 bytes each), and the file it writes must
    // stay within the 20 MB a session may be written (40 000 would make 24.5 MB, and undo would be refused).
    const dir = dirWithSession(mk(30_000));
    for (const args of [['status'], ['verify'], ['undo']]) {
      const t0 = Date.now();
      const r2 = runBin(args, { cwd: dir, timeout: 20_000 });
      console.log(`[faults] 30 000-entry log, ${args[0]}: exit ${r2.code} in ${Date.now() - t0} ms`);
      expect(r2.signal, `${args[0]} was killed by the timeout`).toBeNull();
      expectClean({ code: r2.code, stderr: r2.stderr, stdout: r2.stdout }, `30 000 entries / ${args[0]}`);
      // The made-up log does not follow from the seed: verify says so (exit 1); undo replays it all and steps back.
      expect(r2.code).toBe(args[0] === 'verify' ? 1 : 0);
    }
  });
});

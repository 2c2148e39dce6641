// Custom tables are untrusted (downloaded from a forum): `new --table`, `table lint`, `events list --table`
// and `events show --table` refuse a broken one with exit 4 and a message naming the entry and the field,
// before anything is rolled: no session file is written, an existing game is not touched or backed up.
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { InvalidFileError } from '../../src/errors.js';
import { loadEventTable, loadVisibilityTable } from '../../src/store/tables.js';
import { MUTATION_RUN, MUTATION_STRIDE, ROOT, runCli, tempDir } from '../helpers.js';
import {
  FILE,
  allPaths,
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

const EVENTS_TEXT = fs.readFileSync(path.join(ROOT, 'data', 'badzone-events.json'), 'utf8');
const VIS_TEXT = fs.readFileSync(path.join(ROOT, 'data', 'visibility.json'), 'utf8');
const EVENTS = JSON.parse(EVENTS_TEXT);
const VIS = JSON.parse(VIS_TEXT);

/** Commands that take an event table, with the table file name. */
const EVENT_COMMANDS = (t: string): string[][] => [
  ['table', 'lint', t],
  ['new', '--seed', '1', '--table', t],
  ['events', 'list', '--table', t],
  ['events', 'show', '1', '--table', t],
];
const VIS_COMMANDS = (t: string): string[][] => [
  ['table', 'lint', t],
  ['new', '--seed', '1', '--visibility-table', t],
];

let gameDir = '';
beforeAll(async () => {
  // A folder with a game in it: `new --force --table bad.json` must leave it (and make no backup).
  gameDir = tempDir('badzone-tables-');
  await playedSession(gameDir, { rounds: 2 });
});

/** Run each command on the table text in the game folder; each must exit 4 and change nothing. */
async function refused(
  text: string | Buffer,
  label: string,
  names: string | RegExp | undefined,
  commands: (t: string) => string[][],
): Promise<void> {
  const t = path.join(gameDir, 'table.json');
  fs.writeFileSync(t, text);
  const before = snapshot(gameDir);
  for (const args of [
    ...commands('table.json'),
    ['new', '--seed', '1', '--force', ...commands('table.json')[1]!.slice(3)],
  ]) {
    const r = await runCli(args, { cwd: gameDir });
    expectInvalid(r, `${label} / ${args.join(' ')}`, names);
    expect(sameSnapshot(before, snapshot(gameDir)), `${label} / ${args.join(' ')}: the folder changed`).toBe(true);
  }
  const fresh = tempDir('badzone-tables-new-');
  fs.writeFileSync(path.join(fresh, 'table.json'), text);
  const r = await runCli(commands('table.json')[1]!, { cwd: fresh });
  expect(r.code).toBe(4);
  expect(fs.existsSync(path.join(fresh, FILE)), `${label}: a session was written`).toBe(false);
  fs.rmSync(fresh, { recursive: true, force: true });
}

describe('the shipped tables as custom tables', () => {
  it('are accepted (so the refusals below are about the breakage)', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'e.json'), EVENTS_TEXT);
    fs.writeFileSync(path.join(dir, 'v.json'), VIS_TEXT);
    for (const args of [
      ...EVENT_COMMANDS('e.json'),
      ...VIS_COMMANDS('v.json').map((a) => (a[0] === 'new' ? [...a, '--force'] : a)),
    ]) {
      const r = await runCli(args, { cwd: dir });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
  });
});

describe('a table cut short', () => {
  it('is refused at every byte offset by the table loader, and by every command at a stride (and near the end)', async () => {
    const dir = tempDir();
    const t = path.join(dir, 't.json');
    let runs = 0;
    let loads = 0;
    for (const [text, commands, load, stride] of [
      [EVENTS_TEXT, EVENT_COMMANDS, loadEventTable, 97],
      [VIS_TEXT, VIS_COMMANDS, loadVisibilityTable, 11],
    ] as const) {
      // Cut from the end, one byte at a time (ftruncate: writing each prefix anew would take far longer),
      // through multi-byte characters too; the whole document without its final newline is still valid.
      const whole = Buffer.byteLength(text.trimEnd());
      fs.writeFileSync(t, text);
      const fd = fs.openSync(t, 'r+');
      try {
        for (let k = whole - 1; k >= 0; k -= MUTATION_STRIDE) {
          fs.ftruncateSync(fd, k);
          // What every command calls first: it must refuse with an InvalidFileError (exit 4), never anything else.
          let err: unknown = null;
          try {
            load(t);
          } catch (e) {
            err = e;
          }
          loads++;
          expect(err, `cut at ${k}: ${String(err)}`).toBeInstanceOf(InvalidFileError);
          // A cut inside a multi-byte character leaves bytes that are not UTF-8: refused as such.
          expect((err as Error).message).toMatch(/not valid JSON|not UTF-8 text/);
          if (k % (stride * MUTATION_STRIDE) !== 0 && k < whole - 20) continue;
          for (const args of commands('t.json')) {
            const r = await runCli(args, { cwd: dir });
            runs++;
            expectInvalid(r, `cut at ${k} / ${args.join(' ')}`, /not valid JSON|not UTF-8 text/);
          }
        }
      } finally {
        fs.closeSync(fd);
      }
    }
    expect(fs.readdirSync(dir)).toEqual(['t.json']);
    console.log(
      `[faults] table truncation: ${Buffer.byteLength(EVENTS_TEXT.trimEnd())} + ${Buffer.byteLength(VIS_TEXT.trimEnd())} byte offsets loaded (${loads}), ${runs} command runs`,
    );
  });
});

describe('tables that are not tables', () => {
  it('random bytes (seeded) and random JSON (fast-check) are refused', async () => {
    const rnd = seeded(77);
    for (let i = 0; i < 60; i++) {
      const buf = Buffer.alloc(Math.floor(rnd() * 2000));
      for (let j = 0; j < buf.length; j++) buf[j] = Math.floor(rnd() * 256);
      await refused(buf, `random bytes #${i}`, undefined, EVENT_COMMANDS);
    }
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (v) => {
        await refused(JSON.stringify(v), `json ${JSON.stringify(v).slice(0, 50)}`, undefined, EVENT_COMMANDS);
      }),
      { numRuns: 60, seed: 64 },
    );
  });

  it('a 2 MB file is refused unread', async () => {
    await refused(`{"results":[${' '.repeat(2_000_000)}]}`, '2 MB table', /2\.0 MB/, EVENT_COMMANDS);
  });

  it('a missing table file is named', async () => {
    const dir = tempDir();
    for (const args of EVENT_COMMANDS('nope.json')) {
      const r = await runCli(args, { cwd: dir });
      expectInvalid(r, args.join(' '), 'nope.json');
    }
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('each field of an event table', () => {
  it('with a value of the wrong type is refused, naming the entry and field', async () => {
    const paths = allPaths(EVENTS);
    for (const keys of paths) {
      // A dice count may be a number or dice text, so a number becomes text that is no dice expression.
      const bad = setAt(EVENTS, keys, otherType(getAt(EVENTS, keys), 'seven'));
      // The lint's message names the path; `new` and the others name it too.
      // Under a mutation run, only the first two commands (`table lint`, `new`): every field still, at less cost.
      await refused(
        JSON.stringify(bad),
        `${pathText(keys)} of the wrong type`,
        pathText(keys),
        MUTATION_RUN ? (t) => EVENT_COMMANDS(t).slice(0, 2) : EVENT_COMMANDS,
      );
    }
    console.log(`[faults] event-table fields of the wrong type: ${paths.length} x 5 commands`);
  });

  it('with __proto__ / constructor keys in any object is refused', async () => {
    const objects = [[] as (string | number)[], ...allPaths(EVENTS)].filter((k) => {
      const v = getAt(EVENTS, k);
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    });
    for (const keys of objects) {
      for (const key of ['__proto__', 'constructor']) {
        const text = JSON.stringify(EVENTS, (_k, v) =>
          v === getAt(EVENTS, keys) ? { ...v, [`@@${key}`]: { polluted: 1 } } : v,
        ).replace(`"@@${key}"`, `"${key}"`);
        await refused(text, `${key} in ${pathText(keys) || '(table)'}`, key, (t) => EVENT_COMMANDS(t).slice(0, 2));
      }
    }
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('of the visibility table with the wrong type is refused, naming it', async () => {
    for (const keys of allPaths(VIS)) {
      const bad = setAt(VIS, keys, otherType(getAt(VIS, keys), 'seven'));
      await refused(JSON.stringify(bad), `visibility ${pathText(keys)}`, pathText(keys), VIS_COMMANDS);
    }
  });
});

describe('tables that break the rules of a table', () => {
  const idx = (id: string) => EVENTS.results.findIndex((e: any) => e.id === id);
  const withSteps = EVENTS.results.findIndex((e: any) => e.resolve?.onDraw?.some((s: any) => s.kind === 'spawn'));
  const spawnAt = EVENTS.results[withSteps].resolve.onDraw.findIndex((s: any) => s.kind === 'spawn');
  const cases: [string, (t: any) => void, string | RegExp][] = [
    [
      'overlapping ranges',
      (t) => {
        t.results[1].range = [t.results[0].range[0], t.results[1].range[1]];
        t.results[1].count = t.results[1].range[1] - t.results[1].range[0] + 1;
      },
      /results\[1\]\.range.*overlaps/,
    ],
    ['a gap', (t) => t.results.splice(1, 1), /no event covers/],
    ['a count that does not match its range', (t) => (t.results[0].count += 1), /results\[0\]\.count/],
    [
      'counts summing past 64 with an extra row',
      (t) => t.results.push({ ...t.results[0], id: 'extra' }),
      /overlaps|results/,
    ],
    ['a range beyond 64', (t) => (t.results[t.results.length - 1].range[1] = 65), /range\[1\].*64/],
    ['a range of 0', (t) => (t.results[0].range[0] = 0), /results\[0\]\.range\[0\]/],
    [
      'a backwards range',
      (t) => (t.results[0].range = [t.results[0].range[1] + 1, t.results[0].range[0]]),
      /results\[0\]\.range/,
    ],
    ['a duplicate id', (t) => (t.results[1].id = t.results[0].id), /already the id/],
    ['an id that is not a slug', (t) => (t.results[0].id = 'Bad Id!'), /not a slug/],
    ['discardOn on a Once event', (t) => (t.results[idx('power-outage')].discardOn = 4), /discardOn/],
    ['discardOn 7', (t) => (t.results[idx('static-storm')].discardOn = 7), /discardOn/],
    ['65 results', (t) => (t.results = [...t.results, ...t.results, ...t.results].slice(0, 65)), /results.*at most 64/],
    ['a die that is not D64', (t) => (t.die = 'D66'), /die/],
    ['an unknown step kind', (t) => (t.results[withSteps].resolve.onDraw[spawnAt].kind = 'nuke'), /kind/],
    [
      'an unknown visibility level',
      (t) => (t.results[idx('power-outage')].resolve.onDraw = [{ kind: 'visibilitySet', level: 'blinding' }]),
      /blinding/,
    ],
    ['a name of 100 000 characters', (t) => (t.results[0].name = 'n'.repeat(100_000)), /results\[0\]\.name.*too long/],
    [
      '30 steps',
      (t) => (t.results[withSteps].resolve.onDraw = Array(30).fill(t.results[withSteps].resolve.onDraw[spawnAt])),
      /onDraw.*at most/,
    ],
  ];
  it.each(cases)('%s', async (label, change, names) => {
    const bad = structuredClone(EVENTS);
    change(bad);
    await refused(JSON.stringify(bad), label, names, EVENT_COMMANDS);
  });

  const absurd: [string, string, RegExp][] = [
    ['1000000D1000000', '1000000D1000000', /not a dice expression|too long|dice/],
    ['D0', 'D0', /2 to 1000 sides/],
    ['D-6', 'D-6', /not a dice expression/],
    ['D1', 'D1', /2 to 1000 sides/],
    ['0D6', '0D6', /number of dice/],
    ['100D6', '100D6', /rolls 100 dice/],
    ['21D6', '21D6', /rolls 21 dice/],
    ['D1000x10000', 'D1000x10000', /can total/],
    ['D6-10', 'D6-10', /cannot be negative/],
    ['D6+', 'D6+', /not a dice expression/],
    ['2D6x0', '2D6x0', /a multiplier of 0 would make every total 0/],
    ['(empty)', '', /not a dice expression|non-empty|dice/],
    ['D6 with eighteen +1s', 'D6+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1', /too long|not a dice/],
    ['D6 then +1 five thousand times', `D6${'+1'.repeat(5000)}`, /too long/],
    ['D\u0666 (an Arabic-Indic six)', 'D\u0666', /not a dice expression/],
    ['NaN', 'NaN', /not a dice expression/],
  ];
  it.each(absurd)('the dice expression %s is refused, naming where it is', async (_label, expr, why) => {
    const bad = structuredClone(EVENTS);
    bad.results[withSteps].resolve.onDraw[spawnAt].count = expr;
    const where = `results[${withSteps}].resolve.onDraw[${spawnAt}].count`;
    await refused(JSON.stringify(bad), `count ${expr.slice(0, 30)}`, where, EVENT_COMMANDS);
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 't.json'), JSON.stringify(bad));
    const r = await runCli(['table', 'lint', 't.json'], { cwd: dir });
    expect((r.stdout + r.stderr).replace(/\s+/g, ' ')).toMatch(why);
  });

  it.each([
    ['a spawn count of -3', -3],
    ['a spawn count of 1e9', 1e9],
    ['a spawn count of 2.5', 2.5],
  ])('%s is refused', async (_label, n) => {
    const bad = structuredClone(EVENTS);
    bad.results[withSteps].resolve.onDraw[spawnAt].count = n;
    await refused(
      JSON.stringify(bad),
      _label,
      `results[${withSteps}].resolve.onDraw[${spawnAt}].count`,
      EVENT_COMMANDS,
    );
  });

  it.each([
    ['D100000', /not a dice expression|sides/],
    ['1000000D1000000', /dice/],
    ['20D1000x10000', /can total|modifiers|dice/],
    ['D6-100', /negative|can total/],
  ])('a visibility table whose die is %s is refused', async (die, why) => {
    await refused(JSON.stringify({ ...VIS, die }), `visibility die ${die}`, why, VIS_COMMANDS);
  });

  it('a visibility table with overlapping results or a gap is refused', async () => {
    const overlap = structuredClone(VIS);
    overlap.results[1].range = [overlap.results[0].range[0], overlap.results[1].range[1]];
    await refused(JSON.stringify(overlap), 'visibility overlap', /results\[1\]\.range.*overlaps/, VIS_COMMANDS);
    const gap = structuredClone(VIS);
    gap.results.splice(0, 1);
    await refused(JSON.stringify(gap), 'visibility gap', /no result for a roll/, VIS_COMMANDS);
  });
});

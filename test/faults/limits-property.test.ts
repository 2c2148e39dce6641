// Issue 9, section 2, as a property: for any command badzone accepts (exit 0), the session file it wrote loads
// again; for any it refuses, the file is byte-for-byte what it was. Generated command sequences play games whose
// names, rosters, gangs and occupied lists sit just below, at and just past the limits (src/rules/limits.ts),
// with any Unicode in the names (control and format characters included), on small and 26x26 battlefields.
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/rules/limits.js';
import { tryLoad } from '../../src/store/session.js';
import { runCli, tempDir } from '../helpers.js';
import { FILE, expectClean, sameSnapshot, snapshot } from './fixtures.js';

const RUNS = Math.max(10, Math.round(Number(process.env.BADZONE_FAULT_RUNS ?? 400) / 4));
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

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
        dirs.push(dir);
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
        fs.rmSync(dir, { recursive: true, force: true });
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

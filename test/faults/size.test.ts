// Session size: a 1000-round game (with End Phases) is generated with the engine and serialized as the
// store writes it; its size is reported, it grows linearly, and the commands still work on it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGame, defaultSetup, logNotes, step } from '../../src/engine/index.js';
import type { SessionState, Setup } from '../../src/engine/state.js';
import { serialize } from '../../src/store/session.js';
import { shippedBook } from '../../src/store/tables.js';
import { runCli, tempDir, readSession } from '../helpers.js';
import { FILE } from './fixtures.js';

const ROUNDS = 1000;
/**
 * The issue asks for "well under 1 MB" for 1000 rounds. Schema 1 stored each log entry's notes too: about
 * 1.07 MB with rosters, lairs and structures. Schema 2 keeps only the actions and the rolls (each with what it
 * was for); `badzone log` replays the words. Measured (schema 2): 650 KB plain, 694 KB with rosters, lairs and
 * structures in deck mode (about 400 KB of that is the rolls' purposes). Both games are seeded, so the sizes
 * are fixed. The bound catches a regression (notes stored again, longer purposes, a log that stops growing
 * linearly, a state copied into every entry).
 *
 * Schema 3 also keeps Pillar of Flame's path (each scatter's round, distance and direction): in these simulated
 * games the Pillar, which never discards itself, stays for hundreds of rounds and adds about 45 KB (694 KB plain,
 * 740 KB with rosters); at a real table it leaves the table after a few scatters.
 */
const LIMIT = 760_000;

function play(setup: Setup, rounds: number): { state: SessionState; sizes: number[] } {
  const book = shippedBook();
  let s = createGame(setup, book);
  const sizes: number[] = [];
  for (let i = 1; i <= rounds; i++) {
    const r = step(s, { type: 'round' }, book);
    if (!r.ok) throw new Error(`round ${i}: ${JSON.stringify(r)}`);
    s = r.state;
    // Most rounds close with an explicit `end`; the rest are closed by the next `round`.
    if (i % 4 !== 0) {
      const e = step(s, { type: 'end' }, book);
      if (!e.ok) throw new Error(`end ${i}: ${JSON.stringify(e)}`);
      s = e.state;
    }
    if (i === rounds / 2 || i === rounds) sizes.push(Buffer.byteLength(serialize(s)));
  }
  return { state: s, sizes };
}

describe(`a ${ROUNDS}-round session`, () => {
  const setups: [string, Setup][] = [
    ['plain (the defaults of `badzone round`)', defaultSetup(1)],
    [
      'rosters, lairs and structures, deck mode',
      defaultSetup(2, {
        mode: 'deck',
        gangs: [
          { name: 'Goliaths', battlefield: ['Krag', 'Brute', 'Mauler', 'Gor'], reserve: ['Hulk'] },
          { name: 'Eschers', battlefield: ['Vex', 'Nyx', 'Lyra'], reserve: ['Kya', 'Sable'] },
        ],
        lairs: 3,
        structures: 4,
        hazard: 'roll',
      }),
    ],
  ];

  it.each(setups)('%s: size reported, linear, under the bound', (label, setup) => {
    const { state, sizes } = play(setup, ROUNDS);
    const [half, full] = sizes as [number, number];
    console.log(
      `[faults] size: ${ROUNDS} rounds, ${label}: ${(full / 1e6).toFixed(3)} MB (${state.log.length} log entries, ${state.log.reduce((n, r) => n + r.rolls.length, 0)} rolls; ${Math.round(full / ROUNDS)} bytes a round; ${(half / 1e6).toFixed(3)} MB at ${ROUNDS / 2})`,
    );
    expect(state.round).toBe(ROUNDS);
    expect(state.log.length).toBe(1 + ROUNDS + (ROUNDS - ROUNDS / 4));
    // Linear: the second 500 rounds add about as much as the first.
    expect(full / half).toBeLessThan(2.2);
    expect(full).toBeLessThan(LIMIT);
  });

  it('loads, verifies, shows its log and undoes', async () => {
    const { state } = play(setups[1]![1], ROUNDS);
    const dir = tempDir('badzone-size-');
    fs.writeFileSync(path.join(dir, FILE), serialize(state));
    // The words of the last round are replayed through all 1000 rounds, and agree with the engine's own.
    const last = await runCli(['log', '--json', '--round', String(ROUNDS)], { cwd: dir });
    expect(last.code, last.stderr).toBe(0);
    const entries = JSON.parse(last.stdout).entries;
    expect(entries.map((e: { seq: number }) => e.seq)).toEqual([state.log.length - 1]); // round 1000 (4 | 1000: no explicit end)
    expect(entries[0].notes[0]).toBe(`Round ${ROUNDS}: Event Phase`);
    expect(entries.map((e: { notes: string[] }) => e.notes)).toEqual(logNotes(state, shippedBook()).slice(-1));
    for (const args of [['status'], ['verify'], ['log', '--round', String(ROUNDS)], ['undo'], ['round']]) {
      const r = await runCli(args, { cwd: dir });
      expect(r.code, `${args.join(' ')}: ${r.stderr}${r.stdout.slice(0, 300)}`).toBe(0);
    }
    const after = readSession(path.join(dir, FILE));
    // undo took back the last entry; round then played round 1000 again (the last entry was round 1000 itself: with 4 | 1000 it has no explicit end).
    expect(after.log.length).toBe(state.log.length);
  });
});

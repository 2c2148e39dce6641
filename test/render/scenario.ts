// Games for the presentation tests, set up through the CLI itself (in-process) with pinned seeds.
import { expect } from 'vitest';
import { runCli, tempDir, type RunOptions } from '../helpers.js';

export const GANGS = [
  '--gang',
  'Goliaths: Krag, Brute, Mauler, Gorgon, Skull',
  '--reserve',
  'Goliaths: Hulk',
  '--gang',
  'Eschers: Vex, Nyx, Lyra',
];
export const EIGHT = [
  'horde-of-rats',
  'static-storm',
  'headhunters',
  'wyld-magic',
  'pillar-of-flame',
  'treasure',
  'cold-snap',
  'gas-spill',
];

export async function ok(args: string[], opts: RunOptions): Promise<string> {
  const r = await runCli(args, opts);
  expect({ args, stderr: r.stderr, code: r.code }).toEqual({ args, stderr: '', code: 0 });
  return r.stdout;
}

/** A game (seed 1) with 8 events in play, visibility Pitch Black, a Hazard and its turf owner, mid-round 1. */
export async function eightInPlay(): Promise<string> {
  const dir = tempDir();
  await ok(
    ['new', '--seed', '1', ...GANGS, '--lairs', '2', '--structures', '3', '--hazard', '3', '--turf-owner', 'Goliaths'],
    { cwd: dir },
  );
  for (const e of EIGHT.slice(0, 7)) await ok(['place', e], { cwd: dir });
  // Round 1 draws Gas Spill (D64 45), the eighth.
  await ok(['round', '--dice', '45'], { cwd: dir });
  await ok(['visibility', 'set', 'pitch-black'], { cwd: dir });
  return dir;
}

// End-to-end: the built bin/ places the spawn points, Beast Lairs and large structures at setup and with
// `badzone sites`, refuses a tile the game does not have (exit 2, one line, no trace), and undo takes a change back.
import { afterEach, describe, expect, it } from 'vitest';
import { binWithTraceCheck, tempDir } from '../helpers.js';

const { bin, checkNoTraces } = binWithTraceCheck();
afterEach(() => checkNoTraces((stderr) => expect(stderr).not.toContain('    at ')));

describe('sites through the bin', () => {
  it('new --spawn-at, sites --lairs-at, status lists the tiles, a bad tile is exit 2, undo takes it back', () => {
    const dir = tempDir();
    const made = bin(['new', '--seed', '7', '--grid', '2x3', '--spawn-at', 'A1,B3', '--lairs', '2', '--json'], dir);
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout).setup).toMatchObject({ spawnPoints: 2, spawnAt: ['A1', 'B3'], lairs: 2 });
    const set = bin(['sites', '--lairs-at', 'a3,A3'], dir);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toBe('Spawn points: 1 at A1, 2 at B3\nBeast Lairs: 1 at A3, 2 at A3\n');
    const bad = bin(['sites', '--spawn-at', 'A1,C1'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'badzone: The tiles given for the spawn points name tiles this game does not have: C1. Tiles: A1, A2, A3, B1, B2, B3.\n',
    );
    const st = JSON.parse(bin(['status', '--json'], dir).stdout);
    expect(st.references.lairs.map((l: { tile?: string }) => l.tile)).toEqual(['A3', 'A3']);
    expect(bin(['undo'], dir).code).toBe(0);
    const after = JSON.parse(bin(['sites', '--json'], dir).stdout);
    expect(after.lairs).toEqual([
      { number: 1, tile: null, becomes: null },
      { number: 2, tile: null, becomes: null },
    ]);
    expect(after.spawnPoints).toEqual([
      { number: 1, tile: 'A1' },
      { number: 2, tile: 'B3' },
    ]);
  });
});

// src/engine/state.ts's tile names: `badzone new --tiles N` and `--grid RxC` lay out the battlefield with these.
import { describe, expect, it } from 'vitest';
import { countTiles, gridTiles } from '../../src/engine/state.js';

describe('gridTiles: rows A, B, C..., columns 1, 2, 3...', () => {
  it("row by row, each row's columns in order", () => {
    expect(gridTiles(2, 2)).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(gridTiles(1, 3)).toEqual(['A1', 'A2', 'A3']);
    expect(gridTiles(3, 1)).toEqual(['A1', 'B1', 'C1']);
    expect(gridTiles(0, 4)).toEqual([]);
    expect(gridTiles(4, 0)).toEqual([]);
  });

  it('after Z the rows go on as AA, AB ... AZ, BA ... ZZ, AAA, as spreadsheet columns do', () => {
    const rows = gridTiles(703, 1).map((t) => t.slice(0, -1));
    expect(rows.slice(0, 3)).toEqual(['A', 'B', 'C']);
    expect(rows.slice(24, 29)).toEqual(['Y', 'Z', 'AA', 'AB', 'AC']);
    expect(rows[51]).toBe('AZ');
    expect(rows[52]).toBe('BA');
    expect(rows[701]).toBe('ZZ');
    expect(rows[702]).toBe('AAA');
    expect(new Set(rows).size).toBe(703);
  });

  it('the largest battlefield, 26 by 26, ends at Z26', () => {
    const t = gridTiles(26, 26);
    expect(t).toHaveLength(676);
    expect(t[25]).toBe('A26');
    expect(t[26]).toBe('B1');
    expect(t[675]).toBe('Z26');
  });
});

describe('countTiles: N tiles as near-square rows', () => {
  it.each<[number, string[]]>([
    [1, ['A1']],
    [2, ['A1', 'A2']],
    [3, ['A1', 'A2', 'B1']],
    [4, ['A1', 'A2', 'B1', 'B2']],
    [5, ['A1', 'A2', 'A3', 'B1', 'B2']],
    [6, ['A1', 'A2', 'A3', 'B1', 'B2', 'B3']],
    [7, ['A1', 'A2', 'A3', 'B1', 'B2', 'B3', 'C1']],
    [10, ['A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4', 'C1', 'C2']],
  ])('%i tiles', (n, want) => {
    expect(countTiles(n)).toEqual(want);
  });

  it('676 tiles are the 26-by-26 grid', () => {
    expect(countTiles(676)).toEqual(gridTiles(26, 26));
  });
});

// Collapsed Section: a random tile with no player models leaves the pool for the rest of the game.
import { describe, expect, it } from 'vitest';
import { scriptedDice, step } from '../../src/engine/index.js';
import { as, book, play, start } from './arbitraries.js';

describe('Collapsed Section', () => {
  it('removes the picked tile from state.tiles, and later picks choose only among the rest', () => {
    let r = play(start(), { type: 'round' }, [57, 2]);
    const o = as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]!;
    expect(o).toMatchObject({ kind: 'pickTile', tile: 'A2', removed: true });
    expect(r.state.tiles).toEqual(['A1', 'B1', 'B2']);
    expect(r.state.setup.tiles).toEqual(['A1', 'A2', 'B1', 'B2']);
    // Mines Detected: a D3 among the three tiles left.
    r = play(r.state, { type: 'round' }, [44, 3, 1, 2, 6, 1, 12]);
    expect(r.record.rolls[1]).toEqual({ die: 3, value: 3, for: 'Mines Detected: tile (of A1 B1 B2)' });
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]).toMatchObject({
      tile: 'B2',
      placed: { count: 2 },
    });
    // Falling Crates: three tiles, three scatters.
    r = play(r.state, { type: 'round' }, [12, 1, 1, 2, 2, 3, 3]);
    const sc = as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]!;
    expect(sc.kind === 'scatterEachTile' && sc.scatters.map((x) => x.tile)).toEqual(['A1', 'B1', 'B2']);
  });

  it('never picks an occupied tile', () => {
    // Three of four occupied: the one free tile is taken without a die.
    let r = play(start(), { type: 'round', occupied: ['A1', 'A2', 'B1'] }, [57]);
    expect(r.state.tiles).toEqual(['A1', 'A2', 'B1']);
    // Two occupied: a D2 between the others.
    r = play(start(), { type: 'round', occupied: ['A1', 'B2'] }, [57, 2]);
    expect(r.record.rolls[1]).toEqual({ die: 2, value: 2, for: 'Collapsed Section: tile (of A2 B1)' });
    expect(r.state.tiles).toEqual(['A1', 'A2', 'B2']);
    expect(r.record.action).toEqual({ type: 'round', occupied: ['A1', 'B2'] });
  });

  it('with every tile occupied, no tile is picked and none removed', () => {
    const r = play(start(), { type: 'round', occupied: ['A1', 'A2', 'B1', 'B2'] }, [57]);
    expect(r.state.tiles).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]).toMatchObject({
      tile: null,
      removed: false,
      text: 'No tile picked: every tile left holds player models.',
    });
  });

  it('with no occupied tiles given, any tile may be picked, and it says the pick is unconfirmed (table-state.test.ts)', () => {
    const r = play(start(), { type: 'round' }, [57, 1]);
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]!.text).toMatch(
      /Unconfirmed: nobody said which tiles hold player models/,
    );
  });

  it('an empty occupied list means no tile holds models (no warning)', () => {
    const r = play(start(), { type: 'round', occupied: [] }, [57, 4]);
    expect(r.state.tiles).toEqual(['A1', 'A2', 'B1']);
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]!.text).not.toMatch(/Unconfirmed/);
  });

  it('askOccupied: needs the occupied tiles instead of picking; with them given it goes on', () => {
    const s = play(start(), { type: 'round' }, [25]).state;
    const need = step(s, { type: 'round' }, book, { askOccupied: true, source: scripted([57]) });
    expect(need).toEqual({ ok: false, needs: { kind: 'occupied', tiles: ['A1', 'A2', 'B1', 'B2'] } });
    const r = step(s, { type: 'round', occupied: ['B2'] }, book, { askOccupied: true, source: scripted([57, 3]) });
    expect(r.ok && r.state.tiles).toEqual(['A1', 'A2', 'B2']);
    // Other events never ask.
    const other = step(s, { type: 'round' }, book, { askOccupied: true, source: scripted([43, 1, 1, 1, 1, 1, 1]) });
    expect(other.ok).toBe(true);
  });

  it('the last tile can collapse; then tile picks and per-tile scatters find none', () => {
    let r = play(start({ tiles: ['A1'] }), { type: 'round' }, [57]);
    expect(r.state.tiles).toEqual([]);
    r = play(r.state, { type: 'round' }, [10]);
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]!.text).toBe(
      'No tiles left: no Loot Casket to place.',
    );
    r = play(r.state, { type: 'round' }, [43]);
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]!.text).toBe('No tile picked: no tiles are left.');
    const again = step(r.state, { type: 'round' }, book, { askOccupied: true, source: scripted([57]) });
    expect(again.ok).toBe(true);
  });
});

function scripted(values: number[]) {
  return scriptedDice(values, 777);
}

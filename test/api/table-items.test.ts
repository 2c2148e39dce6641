// The library's side of issue 10: endDice apart from dice, placeholders (null) given and answered, redo, rename,
// the Collapsed Section correction and the dice preference, each returning what `--json` prints.
import { describe, expect, it } from 'vitest';
import { newGame, openGame, RefusedError, UsageError, type DieNeed } from '../../src/api/index.js';
import { tempDir } from '../helpers.js';

const dir = (): string => tempDir('badzone-api-table-');

describe('the library, issue 10', () => {
  it('round: dice without endDice while the End Phase needs some is a UsageError; both lists, and null placeholders, work', async () => {
    const d = dir();
    const game = await newGame('g.json', { cwd: d, seed: 7 });
    await game.round({ dice: [60, 2, 3, 4] });
    await expect(game.round({ dice: [33] })).rejects.toThrow(UsageError);
    await expect(game.round({ dice: [33] })).rejects.toThrow(/End Phase: Treasure discard check \(2\+\) \(D6\)/);
    const r = await game.round({ endDice: [null], dice: [33] });
    expect(r.endPhase!.checks[0]!.roll).toEqual(expect.any(Number));
    expect(r.eventPhase.draws[0]).toMatchObject({ roll: 33, eventId: 'static-storm' });
    const log = await game.log({ round: 2 });
    expect(log.entries[0]!.action).toEqual({ type: 'round', dice: [33], endDice: [null] });
    expect(log.entries[0]!.rolls.map((x) => x.entered === true)).toEqual([false, true]);
    expect((await game.verify()).ok).toBe(true);
  });

  it('ask.die answers each die; null is a placeholder; End-Phase dice are asked first, marked endDice', async () => {
    const d = dir();
    const game = await newGame('g.json', { cwd: d, seed: 7 });
    await game.round({ dice: [60, 2, 3, 4] });
    const asked: DieNeed[] = [];
    const r = await game.round({ ask: { die: (need) => (asked.push(need), need.list === 'endDice' ? 1 : null) } });
    expect(asked.slice(0, 2).map((n) => [n.for, n.list ?? 'dice'])).toEqual([
      ['End Phase: Treasure discard check (2+)', 'endDice'],
      ['Event Phase: event table', 'dice'],
    ]);
    expect(asked.slice(1).every((n) => n.list === undefined)).toBe(true);
    expect(r.endPhase!.checks[0]).toMatchObject({ roll: 1, discarded: false });
    expect((await game.log({ round: 2 })).entries[0]!.action).toMatchObject({ type: 'round', endDice: [1] });
    await expect(game.end({ ask: { die: () => 7 as never } })).rejects.toThrow(/is not a D6 result/);
  });

  it('redo, rename, collapse and the dice preference', async () => {
    const d = dir();
    const game = await newGame('g.json', { cwd: d, seed: 7, gangs: [{ name: 'Goliaths', battlefield: ['Krag'] }] });
    const first = await game.round({ dice: [57, 2] });
    expect(first.battlefield.tilePicks[0]).toMatchObject({ tile: 'A2', confirmed: false });
    const u = await game.undo();
    expect(u.redoable).toBe(1);
    const again = await openGame('g.json', { cwd: d });
    const r = await again.redo();
    expect(r).toMatchObject({
      kind: 'redo',
      schema: 3,
      redone: { seq: 1, action: { type: 'round', dice: [57, 2] } },
      redoable: 0,
    });
    await expect(again.redo()).rejects.toThrow(RefusedError);
    const c = await game.collapse({ tile: 'B1' });
    expect(c).toMatchObject({ kind: 'collapse', schema: 3, from: 'A2', to: 'B1', tiles: ['A1', 'A2', 'B2'] });
    await expect(game.collapse({ tile: 'B1' })).rejects.toThrow(RefusedError);
    const n = await game.rename({ fighter: 'Krag', to: 'Krug' });
    expect(n).toMatchObject({
      kind: 'rename',
      what: 'fighter',
      from: 'Krag',
      to: 'Krug',
      gangs: [{ name: 'Goliaths', battlefield: ['Krug'] }],
    });
    await expect(game.rename({ to: 'X' })).rejects.toThrow(UsageError);
    expect(await game.diceMode()).toEqual({
      kind: 'dice',
      schema: 3,
      session: game.file,
      manualDice: false,
      changed: false,
    });
    expect(await game.diceMode({ manual: true })).toMatchObject({ manualDice: true, changed: true });
    expect(await game.prefersManualDice()).toBe(true);
    expect((await game.status()).manualDice).toBe(true);
    await expect(game.diceMode({ manual: 'yes' as never })).rejects.toThrow(UsageError);
    expect((await game.verify()).ok).toBe(true);
  });
});

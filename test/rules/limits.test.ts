// src/rules/limits.ts directly: each limit refuses one past it and accepts it exactly, every refusal names its
// limit and the number, typed input is echoed cut short, and the dice an event can roll are counted the way the
// engine rolls them. The module is loaded afresh in each test, so its constants are those `npm run mutation`
// changed (docs/development.md, Mutation testing).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseDice } from '../../src/dice/expression.js';

type Limits = typeof import('../../src/rules/limits.js');
let L: Limits;
beforeEach(async () => {
  vi.resetModules();
  L = await import('../../src/rules/limits.js');
});

const setup = (
  over: Partial<import('../../src/rules/limits.js').SetupShape> = {},
): import('../../src/rules/limits.js').SetupShape => ({
  tiles: ['A1', 'A2'],
  spawnPoints: 4,
  gangs: [{ name: 'Goliaths', battlefield: ['Krag'], reserve: ['Brak'] }],
  turfOwner: null,
  lairs: null,
  structures: null,
  ...over,
});
const names = (n: number, p = 'f') => Array.from({ length: n }, (_, i) => `${p}${i}`);

describe('the numbers', () => {
  it('are those docs/json.md lists (and READ is never below LIMITS)', () => {
    expect(L.LIMITS).toMatchObject({
      name: 200,
      gangs: 50,
      fightersPerGang: 200,
      tiles: 676,
      tileName: 10,
      spawnPoints: 100,
      lairs: 100,
      structures: 100,
      occupied: 676,
      enteredDice: 1000,
      rollsPerStep: 100_000,
      logEntries: 100_000,
      rngUses: 10_000_000,
      sessionBytes: 20_000_000,
      checkpoints: 10,
      seedLength: 64,
      echo: 60,
    });
    expect(L.READ).toEqual({
      name: 4000,
      gangs: 10_000,
      fightersPerList: 100_000,
      tiles: 676,
      tileName: 10,
      spawnPoints: 100,
      lairs: 100,
      structures: 100,
      occupied: 100_000,
      enteredDice: 10_000,
      rollsPerStep: 2_000_000,
      rollPurpose: 10_000,
      logEntries: 100_001,
      rngUses: 20_000_000,
      sessionBytes: 64_000_000,
      round: 10_000_000,
      seedLength: 64,
      checkpoints: 10,
      markers: 1_000_000,
    });
    expect(L.LARGEST).toEqual({ tiles: 676, gangs: 50, fighters: 10_000, spawnPoints: 100 });
    expect(L.SMALLEST).toEqual({ tiles: 1, gangs: 0, fighters: 0, spawnPoints: 1 });
  });
});

describe('numbers and text in messages', () => {
  it('count, roughly, megabytes', () => {
    expect(L.count(100000)).toBe('100,000');
    expect(L.roughly(259_872_061)).toBe('260,000,000');
    expect(L.roughly(1234)).toBe('1,230');
    expect(L.roughly(999.6)).toBe('1,000');
    expect(L.roughly(-123_456)).toBe('-123,000');
    expect(L.roughly(Infinity)).toBe('∞');
    expect(L.megabytes(20_000_000)).toBe('20 MB');
    expect(L.megabytes(28_012_345)).toBe('28.0 MB');
  });

  it('echo cuts a long argument at 60 characters with its length, and never splits a surrogate pair', () => {
    expect(L.echo('short')).toBe('short');
    expect(L.echo('x'.repeat(60))).toBe('x'.repeat(60));
    expect(L.echo('x'.repeat(61))).toBe(`${'x'.repeat(59)}... (61 characters)`);
    expect(L.echo('y'.repeat(100_000))).toBe(`${'y'.repeat(59)}... (100,000 characters)`);
    const emoji = `${'a'.repeat(57)}😀😀`; // the emoji's halves at 57-58 and 59-60
    expect(L.echo(emoji)).toBe(`${'a'.repeat(57)}😀... (61 characters)`.replace('😀...', '😀...'));
    const split = `${'a'.repeat(58)}😀b`; // the cut would fall between the halves
    expect(L.echo(split)).toBe(`${'a'.repeat(58)}... (61 characters)`);
    expect(L.echo('abcdef', 4)).toBe('abc... (6 characters)');
    expect(L.echo(42 as unknown as string)).toBe('42');
  });

  it('escaped shows a character as the terminal output does', () => {
    expect(L.escaped('\n')).toBe('\\x0a');
    expect(L.escaped('\u0085')).toBe('\\x85');
    expect(L.escaped('\u200b')).toBe('\\u200b');
    expect(L.escaped('\u{1F600}')).toBe('\\u1f600');
  });
});

describe('nameProblem', () => {
  it('accepts a name up to 200 characters, with format characters and any letters', () => {
    for (const n of ['Krag', 'x'.repeat(200), 'A\u200bB', 'Ünïcødé 😀', ' x '])
      expect(L.nameProblem(n, 'the gang name'), n).toBeNull();
  });

  it('refuses an empty name, one over 200 characters, and control characters, naming what and why', () => {
    expect(L.nameProblem('', 'the gang name')).toBe('the gang name is empty; give a name');
    expect(L.nameProblem('  \t', 'the gang name')).toBe('the gang name is empty; give a name');
    const long = L.nameProblem('z'.repeat(201), '--turf-owner')!;
    expect(long).toContain('--turf-owner');
    expect(long).toContain('201 characters');
    expect(long).toContain('at most 200');
    expect(long).toContain('(limit: name length)');
    expect(long).toContain(`"${'z'.repeat(59)}... (201 characters)"`);
    for (const [c, kind, shown] of [
      ['\t', 'a tab', '\\x09'],
      ['\n', 'a line break', '\\x0a'],
      ['\r', 'a carriage return', '\\x0d'],
      ['\u001b', 'an escape', '\\x1b'],
      ['\u007f', 'a delete', '\\x7f'],
      ['\u0000', 'a control character', '\\x00'],
      ['\u001f', 'a control character', '\\x1f'],
      ['\u0080', 'a control character', '\\x80'],
      ['\u009f', 'a control character', '\\x9f'],
    ] as const) {
      const p = L.nameProblem(`Go${c}liath`, 'the fighter name')!;
      expect(p, kind).toBe(
        `the fighter name "Go${c}liath" contains ${kind} (${shown}); a name may not contain control characters`,
      );
    }
    // Just outside the control ranges.
    for (const c of [' ', '~', '\u00a0', '\u00a1']) expect(L.nameProblem(`a${c}b`, 'x'), JSON.stringify(c)).toBeNull();
  });
});

describe('setupProblem', () => {
  it('accepts a setup at every limit', () => {
    expect(L.setupProblem(setup())).toBeNull();
    expect(
      L.setupProblem(
        setup({
          tiles: names(676, 't'),
          spawnPoints: 100,
          lairs: 100,
          structures: 100,
          turfOwner: 'Owner',
          gangs: Array.from({ length: 50 }, (_, i) => ({
            name: `G${i}`,
            battlefield: names(150),
            reserve: names(50, 'r'),
          })),
        }),
      ),
    ).toBeNull();
    expect(L.setupProblem(setup({ tiles: ['A1'], spawnPoints: 1, lairs: 0, structures: 0, gangs: [] }))).toBeNull();
    expect(L.setupProblem(setup({ tiles: ['Z26ABCDEFG'] }))).toBeNull();
  });

  it.each<[string, Partial<import('../../src/rules/limits.js').SetupShape>, RegExp]>([
    ['no tiles', { tiles: [] }, /from 1 to 676 tiles, not 0 \(limit: tiles\)/],
    ['677 tiles', { tiles: names(677, 't') }, /not 677 \(limit: tiles\)/],
    [
      'a tile name of 11 characters',
      { tiles: ['A1', 'ABCDEFGHIJK'] },
      /tile name "ABCDEFGHIJK" is not 1 to 10 characters \(limit: tile name\)/,
    ],
    ['a blank tile name', { tiles: ['A1', '  '] }, /\(limit: tile name\)/],
    ['0 spawn points', { spawnPoints: 0 }, /from 1 to 100 \(limit: spawn points\)/],
    ['101 spawn points', { spawnPoints: 101 }, /\(limit: spawn points\)/],
    ['1.5 spawn points', { spawnPoints: 1.5 }, /\(limit: spawn points\)/],
    ['-1 lairs', { lairs: -1 }, /from 0 to 100 \(limit: lairs\)/],
    ['101 lairs', { lairs: 101 }, /\(limit: lairs\)/],
    ['-1 structures', { structures: -1 }, /from 0 to 100 \(limit: structures\)/],
    ['101 structures', { structures: 101 }, /\(limit: structures\)/],
    [
      '51 gangs',
      { gangs: Array.from({ length: 51 }, (_, i) => ({ name: `G${i}`, battlefield: [], reserve: [] })) },
      /^51 gangs were given; a game may have at most 50 gangs \(limit: gangs\)$/,
    ],
    [
      '201 fighters in a gang',
      { gangs: [{ name: 'Big', battlefield: names(101), reserve: names(100, 'r') }] },
      /^Big has 201 fighters; a gang may have at most 200 fighters \(limit: fighters per gang\)$/,
    ],
    [
      'a gang name with a line break',
      { gangs: [{ name: 'A\nB', battlefield: [], reserve: [] }] },
      /^the gang name "A\nB" contains a line break/,
    ],
    ['an empty gang name', { gangs: [{ name: '', battlefield: [], reserve: [] }] }, /^the gang name is empty/],
    [
      'a fighter name with a tab',
      { gangs: [{ name: 'G', battlefield: ['ok'], reserve: ['x\ty'] }] },
      /^the fighter name \(in G\) "x\ty" contains a tab/,
    ],
    [
      'a fighter name of 201 characters',
      { gangs: [{ name: 'G', battlefield: ['y'.repeat(201)], reserve: [] }] },
      /^the fighter name \(in G\) .* \(limit: name length\)$/,
    ],
    [
      'a turf owner of 201 characters',
      { turfOwner: 'o'.repeat(201) },
      /^--?the turf owner|^the turf owner .* \(limit: name length\)$/,
    ],
    ['an empty turf owner', { turfOwner: ' ' }, /^the turf owner is empty/],
  ])('refuses %s, naming the limit', (_label, over, want) => {
    expect(L.setupProblem(setup(over))).toMatch(want);
  });

  it('names a long gang in a fighter problem cut to 30 characters', () => {
    const p = L.setupProblem(setup({ gangs: [{ name: 'g'.repeat(40), battlefield: ['\u0007'], reserve: [] }] }))!;
    expect(p).toContain(`(in ${'g'.repeat(29)}... (40 characters))`);
  });
});

describe('occupied tiles, entered dice and an action', () => {
  it('occupiedProblem: 676 tiles (repeats included) and names of 10 characters are fine; one more is not', () => {
    expect(L.occupiedProblem(names(676, 'A'))).toBeNull();
    expect(L.occupiedProblem(['ABCDEFGHIJ'])).toBeNull();
    expect(L.occupiedProblem(names(677, 'A'))).toEqual({
      limit: 'occupied',
      text: expect.stringMatching(
        /^the list of occupied tiles names 677 tiles; at most 676 .* \(limit: occupied tiles\)$/,
      ),
    });
    // The command line names its flag.
    expect(L.occupiedProblem(names(677, 'A'), '--occupied')?.text).toMatch(/^--occupied names 677 tiles; at most 676 /);
    expect(L.occupiedProblem(['A1', 'ABCDEFGHIJK'])).toEqual({
      limit: 'tileName',
      text: expect.stringMatching(/"ABCDEFGHIJK" longer than any tile name \(10 characters; limit: tile name\)/),
    });
  });

  it('enteredDiceProblem: 1000 dice are fine, 1001 not', () => {
    expect(L.enteredDiceProblem(1000)).toBeNull();
    expect(L.enteredDiceProblem(1001)).toEqual({
      limit: 'enteredDice',
      text: '1,001 dice were entered; a step takes at most 1,000 values (limit: entered dice)',
    });
    expect(L.enteredDiceProblem(1001, '--end-dice')?.text).toBe(
      '1,001 dice were entered; --end-dice takes at most 1,000 values (limit: entered dice)',
    );
  });

  it('actionProblem: occupied tiles first, then dice and End-Phase dice counted together', () => {
    expect(L.actionProblem({ type: 'round' })).toBeNull();
    expect(L.actionProblem({ type: 'round', occupied: ['A1'], dice: [1, null] })).toBeNull();
    expect(L.actionProblem({ type: 'round', occupied: names(677) })?.text).toMatch(/limit: occupied tiles/);
    expect(L.actionProblem({ type: 'round', occupied: names(677), dice: new Array(2000).fill(1) })?.limit).toBe(
      'occupied',
    );
    expect(
      L.actionProblem({ type: 'round', dice: new Array(600).fill(1), endDice: new Array(400).fill(null) }),
    ).toBeNull();
    expect(
      L.actionProblem({ type: 'round', dice: new Array(600).fill(1), endDice: new Array(401).fill(2) })?.text,
    ).toMatch(/^1,001 dice .*\(limit: entered dice\)$/);
    expect(L.actionProblem({ type: 'round', endDice: new Array(1001).fill(2) })?.text).toMatch(/limit: entered dice/);
    expect(L.actionProblem({ type: 'end', dice: new Array(1001).fill(2) })?.limit).toBe('enteredDice');
  });
});

describe('growthProblem: a step may not take a game past a limit, but a game already past one goes on', () => {
  const gangs = (n: number, fighters = 0) =>
    Array.from({ length: n }, (_, i) => ({ name: `G${i}`, battlefield: names(fighters), reserve: [], out: [] }));
  const state = (over: Partial<import('../../src/rules/limits.js').StateShape> = {}) => ({
    gangs: gangs(2),
    logEntries: 10,
    rngUses: 100,
    ...over,
  });

  it('up to each limit is fine', () => {
    expect(L.growthProblem(state(), state({ gangs: gangs(50), logEntries: 100_000, rngUses: 10_000_000 }))).toBeNull();
    expect(L.growthProblem(state(), state({ gangs: gangs(1, 200) }))).toBeNull();
  });

  it('a 51st gang, a 201st fighter (new gang or not), a full log, a dice position past ten million', () => {
    expect(L.growthProblem(state({ gangs: gangs(50) }), state({ gangs: gangs(51) }))).toEqual({
      limit: 'gangs',
      text: 'The game already has 50 gangs; a game may have at most 50 gangs (limit: gangs). Nothing was saved.',
    });
    expect(L.growthProblem(state({ gangs: gangs(1, 200) }), state({ gangs: gangs(1, 201) }))?.text).toMatch(
      /^G0 already has 200 fighters; .*\(limit: fighters per gang\)\. Nothing was saved\.$/,
    );
    expect(L.growthProblem(state({ gangs: [] }), state({ gangs: gangs(1, 201) }))?.text).toMatch(
      /^G0 already has 0 fighters; .*limit: fighters per gang/,
    );
    const out = { name: 'G0', battlefield: names(100), reserve: names(50, 'r'), out: names(51, 'o') };
    expect(L.growthProblem(state({ gangs: [] }), state({ gangs: [out] }))?.limit).toBe('fightersPerGang');
    expect(L.growthProblem(state({ logEntries: 100_000 }), state({ logEntries: 100_001 }))).toEqual({
      limit: 'logEntries',
      text: expect.stringMatching(/^The game's log is full: 100,000 entries; .*\(limit: log entries\)/),
    });
    expect(L.growthProblem(state({ rngUses: 9_999_999 }), state({ rngUses: 10_000_001 }))).toEqual({
      limit: 'rngUses',
      text: expect.stringMatching(
        /^This step would take the dice position to 10,000,001 random numbers; a game may draw at most 10,000,000 \(limit: dice position\)/,
      ),
    });
  });

  it('a game already past a limit goes on while the step does not grow it', () => {
    expect(L.growthProblem(state({ gangs: gangs(60) }), state({ gangs: gangs(60) }))).toBeNull();
    expect(L.growthProblem(state({ gangs: gangs(60) }), state({ gangs: gangs(59) }))).toBeNull();
    expect(L.growthProblem(state({ gangs: gangs(1, 250) }), state({ gangs: gangs(1, 250) }))).toBeNull();
    expect(L.growthProblem(state({ gangs: gangs(1, 250) }), state({ gangs: gangs(1, 249) }))).toBeNull();
    expect(L.growthProblem(state({ gangs: gangs(1, 250) }), state({ gangs: gangs(1, 251) }))?.text).toMatch(
      /^G0 already has 250 fighters/,
    );
    expect(L.growthProblem(state({ logEntries: 100_005 }), state({ logEntries: 100_005 }))).toBeNull();
    expect(L.growthProblem(state({ rngUses: 10_000_005 }), state({ rngUses: 10_000_005 }))).toBeNull();
    expect(L.growthProblem(state({ rngUses: 10_000_005 }), state({ rngUses: 10_000_006 }))?.text).toMatch(
      /limit: dice position/,
    );
  });
});

describe('sessionBytesProblem', () => {
  it('a session may be written up to 20 MB, or larger than before only if it does not grow', () => {
    expect(L.sessionBytesProblem(20_000_000, 0)).toBeNull();
    expect(L.sessionBytesProblem(20_000_001, 0)).toBe(
      'This step would make the session file 20.0 MB; a session may be written up to 20 MB (limit: session file size). Nothing was saved.',
    );
    expect(L.sessionBytesProblem(30_000_000, 30_000_000)).toBeNull();
    expect(L.sessionBytesProblem(30_000_000, 30_000_001)).toBeNull();
    expect(L.sessionBytesProblem(30_000_001, 30_000_000)).toMatch(/30\.0 MB.*\(limit: session file size\)/);
  });
});

describe('worstCaseDice: the most dice one run of an event can roll, the way the engine rolls them', () => {
  const d = parseDice;
  const b = (over: Partial<import('../../src/rules/limits.js').Battlefield> = {}) => ({
    tiles: 4,
    gangs: 2,
    fighters: 7,
    spawnPoints: 3,
    ...over,
  });

  it.each<
    [
      string,
      import('../../src/rules/limits.js').DiceStep[],
      Partial<import('../../src/rules/limits.js').Battlefield>,
      number,
    ]
  >([
    ['a spawn: its dice and a spawn-point pick', [{ kind: 'spawn', count: d('D2+1') }], {}, 2],
    ['a spawn at the only spawn point: no pick', [{ kind: 'spawn', count: d('2D3') }], { spawnPoints: 1 }, 2],
    ['a fixed count', [{ kind: 'spawn', count: d(3) }], { spawnPoints: 1 }, 0],
    ['a scatter on each tile: distance and direction', [{ kind: 'scatterEachTile', distance: d('D6+6') }], {}, 8],
    [
      'two dice of distance on each of 676 tiles',
      [{ kind: 'scatterEachTile', distance: d('2D6') }],
      { tiles: 676 },
      2028,
    ],
    ['a tile pick among several', [{ kind: 'pickTile' }], {}, 1],
    ['a tile pick on one tile', [{ kind: 'pickTile' }], { tiles: 1 }, 0],
    [
      'mines: the pick, D3+1, and each of up to 4 scattered',
      [{ kind: 'pickTile', place: { count: d('D3+1'), scatterEach: d('D3+3') } }],
      {},
      1 + 1 + 4 * 2,
    ],
    ['a placement without scatter', [{ kind: 'pickTile', place: { count: d('D3') } }], {}, 2],
    [
      'a negative count scatters nothing',
      [{ kind: 'pickTile', place: { count: d('D2-5'), scatterEach: d('D6') } }],
      {},
      2,
    ],
    ['a worth', [{ kind: 'pickTile', worth: d('2D6x10') }], {}, 3],
    ['a scatter', [{ kind: 'scatter', distance: d('D6+6') }], {}, 2],
    ['a fighter in each gang', [{ kind: 'pickFighter' }], {}, 2],
    ['a die for each fighter', [{ kind: 'rollEachFighter', dice: d('2D6') }], {}, 14],
    ['a lair', [{ kind: 'pickLair' }], {}, 1],
    ['a structure', [{ kind: 'pickStructure' }], {}, 1],
    ['the visibility table', [{ kind: 'visibilityRoll', die: d('2D3') }], {}, 2],
    ['a discard die', [{ kind: 'die' }], {}, 1],
    ['something that rolls nothing', [{ kind: 'other' }], {}, 0],
  ])('%s', (_label, steps, over, want) => {
    expect(L.worstCaseDice(steps, b(over))).toBe(want);
  });

  it('adds the steps up', () => {
    expect(
      L.worstCaseDice([{ kind: 'die' }, { kind: 'scatter', distance: d('D6') }, { kind: 'pickFighter' }], b()),
    ).toBe(1 + 2 + 2);
    expect(L.worstCaseDice([], b())).toBe(0);
  });

  it('tilesThatFit: the most tiles within 100,000 dice, 676 when any number fits, 0 when not even one', () => {
    // Each tile: 1 + 1 dice of scatter = 2; 100,000 / 2 = 50,000 >= 676.
    expect(L.tilesThatFit([{ kind: 'scatterEachTile', distance: d('D6') }])).toBe(676);
    // 20 dice of distance + a direction = 21 a tile, plus a lair: (100,000 - 1) / 21 = 4761 >= 676.
    // 200 a tile: 500 tiles fit exactly.
    const heavy: import('../../src/rules/limits.js').DiceStep[] = Array.from({ length: 10 }, () => ({
      kind: 'scatterEachTile',
      distance: d('19D6'),
    }));
    expect(L.worstCaseDice(heavy, { ...L.LARGEST, gangs: 0, fighters: 0, tiles: 500 })).toBe(100_000);
    expect(L.tilesThatFit(heavy)).toBe(500);
    expect(L.tilesThatFit([...heavy, { kind: 'die' }])).toBe(499);
    expect(L.tilesThatFit([{ kind: 'rollEachFighter', dice: d('20D6') }], { ...L.LARGEST })).toBe(0);
    expect(L.tilesThatFit([{ kind: 'rollEachFighter', dice: d('10D6') }], { ...L.LARGEST })).toBe(676);
  });
});

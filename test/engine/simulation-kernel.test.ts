// The simulation kernel (src/engine/simulation-kernel.ts) plays the engine's rules on flat data: a simulation must
// equal the same games played one round at a time with `step`, as `badzone round` plays them, on the same dice.
// Properties over random seeds (a whole number rolls with the Mersenne Twister, text with ChaCha20), game and
// round counts, modes (dice and deck), setups (tiles, rosters, lairs, structures, a rolled hazard), the shipped book
// and random tables made of every kind of step. The whole report is compared, random numbers drawn included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatorOf, Rng, type Seed } from '../../src/dice/rng.js';
import { defaultSetup, type Setup } from '../../src/engine/index.js';
import { simulate } from '../../src/engine/simulate.js';
import { SimulationKernel } from '../../src/engine/simulation-kernel.js';
import { compileBook, type RuleBook } from '../../src/rules/book.js';
import type { EventTable, Step } from '../../src/rules/types.js';
import { validateEventTable } from '../../src/rules/validate.js';
import { shippedTables } from '../../src/store/tables.js';
import { book as shipped, LEVELS, setupArb } from './arbitraries.js';
import { loudReport } from './loud-games.js';

/** A seed for either generator: a 32-bit whole number (MT19937) or letters and digits (ChaCha20). */
const seedArb: fc.Arbitrary<Seed> = fc.oneof(
  fc.integer({ min: -2147483648, max: 2147483647 }),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,11}$/),
);

const distance = fc.constantFrom('D6', '2D6', 'D3+3');
const count = fc.oneof(fc.constantFrom(1, 2), fc.constantFrom('D3', 'D2+1', 'D6', '2D3', 'D3x2', 'D66'));

/** One step of any kind, with its options drawn at random. */
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('spawn' as const),
    count,
    creature: fc.constantFrom(
      'rats' as const,
      'zombies' as const,
      'scum' as const,
      'genestealers' as const,
      'abomination' as const,
    ),
    what: fc.constant('things'),
  }),
  fc.record({ kind: fc.constant('scatterEachTile' as const), distance, what: fc.constant('a marker') }),
  fc.record(
    {
      kind: fc.constant('pickTile' as const),
      what: fc.constant('a thing'),
      avoidOccupied: fc.boolean(),
      removeTile: fc.boolean(),
      place: fc.record(
        { count: fc.constantFrom(1, 'D3', 'D3+1'), what: fc.constant('mine'), scatterEach: distance },
        { requiredKeys: ['count', 'what'] },
      ),
      worth: fc.record({ dice: fc.constantFrom('2D6x10', 'D6'), unit: fc.constant('credits') }),
      staysAfterDiscard: fc.boolean(),
    },
    { requiredKeys: ['kind', 'what'] },
  ),
  fc.record({ kind: fc.constant('scatter' as const), distance, what: fc.constant('the blast') }),
  fc.record(
    {
      kind: fc.constant('pickFighter' as const),
      from: fc.constantFrom('battlefield' as const, 'reserve' as const),
      moveTo: fc.constantFrom('battlefield' as const, 'reserve' as const),
      what: fc.constant('is picked'),
      condition: fc.record({
        name: fc.constant('Psyker'),
        lasts: fc.constantFrom('round' as const, 'event' as const, 'game' as const),
      }),
    },
    { requiredKeys: ['kind', 'from', 'what'] },
  ),
  fc.record({
    kind: fc.constant('rollEachFighter' as const),
    dice: fc.constantFrom('D6', 'D3'),
    on: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 3 }),
    moveTo: fc.constantFrom('reserve' as const, 'out' as const),
    what: fc.constant('leaves'),
  }),
  fc.record({ kind: fc.constant('pickLair' as const), becomes: fc.constant('Nest') }),
  fc.record({ kind: fc.constant('pickStructure' as const), what: fc.constant('large structure') }),
  fc.record({ kind: fc.constant('visibilitySet' as const), level: fc.constantFrom(...LEVELS) }),
  fc.record({ kind: fc.constant('visibilityRoll' as const) }),
  fc.record({ kind: fc.constant('visibilityClearPitchBlack' as const), otherwise: fc.constant('nothing') }),
);

const steps = fc.array(stepArb, { maxLength: 2 });

/** A D64 table of 1 to 6 events over random ranges, each Once or Persistent (maybe discarded on 2-6+), with random steps. */
const tableArb: fc.Arbitrary<EventTable> = fc
  .uniqueArray(fc.integer({ min: 2, max: 64 }), { maxLength: 5 })
  .chain((cuts) => {
    const starts = [1, ...[...cuts].sort((a, b) => a - b)];
    const ranges = starts.map((lo, i) => [lo, (starts[i + 1] ?? 65) - 1] as [number, number]);
    return fc.tuple(
      ...ranges.map((range, i) =>
        fc
          .record({
            persistent: fc.boolean(),
            discardOn: fc.option(fc.integer({ min: 2, max: 6 })),
            onDraw: steps,
            eachEventPhase: steps,
            endPhase: steps,
          })
          .map((e) => {
            // An event keeps one tile: a table allows one pickTile step an event, so later ones are dropped.
            let picks = 0;
            const one = (list: Step[]) => list.filter((st) => st.kind !== 'pickTile' || picks++ === 0);
            const onDraw = one(e.onDraw);
            const eachEventPhase = e.persistent ? one(e.eachEventPhase) : [];
            return {
              id: `event-${i + 1}`,
              name: `Event ${i + 1}`,
              range,
              count: range[1] - range[0] + 1,
              timing: e.persistent ? 'persistent' : 'once',
              ...(e.persistent && e.discardOn !== null ? { discardOn: e.discardOn } : {}),
              effect: '',
              resolve: { onDraw, eachEventPhase, endPhase: one(e.endPhase) },
            };
          }),
      ),
    );
  })
  .map((results) => validateEventTable({ name: 'Random table', die: 'D64', results }, 'random.json'));

/** A random setup (any mode, tiles, rosters, lairs, structures, hazard) on a seed of either generator. */
const runArb = fc.record({
  setup: setupArb,
  seed: seedArb,
  games: fc.integer({ min: 1, max: 4 }),
  // Long games too, so that decks run out and are reshuffled (more often when most cards are of events in play).
  rounds: fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 40, max: 80 })),
});

function expectSameAsLoud(setup: Setup, book: RuleBook, games: number, rounds: number): void {
  const loud = loudReport(setup, book, games, rounds, new Rng({ seed: setup.seed, uses: 0 }));
  expect(simulate(setup, book, { games, rounds })).toEqual(loud.report);
}

describe('the simulation kernel plays the same games as `badzone round`', () => {
  it('the shipped book: any setup, mode, seed (both generators), games and rounds', () => {
    fc.assert(
      fc.property(runArb, ({ setup, seed, games, rounds }) => {
        expectSameAsLoud(defaultSetup(seed, { ...setup, seed, generator: generatorOf(seed) }), shipped, games, rounds);
      }),
      { numRuns: 100 },
    );
  });

  it('random tables with every kind of step: any setup, mode, seed, games and rounds', () => {
    fc.assert(
      fc.property(runArb, tableArb, ({ setup, seed, games, rounds }, table) => {
        const book = compileBook({ ...shippedTables(), events: table });
        expectSameAsLoud(
          defaultSetup(seed, { ...setup, seed, generator: generatorOf(seed), table }),
          book,
          games,
          rounds,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('a number that rarely comes up: an Event Phase stops after 256 duplicates, as the engine does', () => {
    // "crowd" (1-63) stays in play from its first draw; then each Event Phase rolls until a 64, and about one in
    // 55 rolls 256 times without one (the engine's bound, phases.ts).
    const table = validateEventTable(
      {
        name: 'Crowded',
        results: [
          {
            id: 'crowd',
            name: 'Crowd',
            range: [1, 63],
            count: 63,
            timing: 'persistent',
            effect: '',
            // A die after each Event Phase's draws: a draw more or less shows in what it rolls.
            resolve: { eachEventPhase: [{ kind: 'spawn', count: 'D6', creature: 'rats', what: 'rats' }] },
          },
          { id: 'rare', name: 'Rare', range: [64, 64], count: 1, timing: 'once', effect: '' },
        ],
      },
      'crowded.json',
    );
    const book = compileBook({ ...shippedTables(), events: table });
    const setup = defaultSetup(64, { table });
    // Two rounds a game: a game whose second round stops at the bound may never have drawn the 64 at all.
    const loud = loudReport(setup, book, 400, 2, new Rng({ seed: 64, uses: 0 }));
    expect(loud.noNew).toBeGreaterThan(0);
    expect(simulate(setup, book, { games: 400, rounds: 2 })).toEqual(loud.report);
    expect(loud.report.events[1]!.appearedIn).toBeLessThan(1);
  });

  it('the random tables use every kind of step, and the kernel compiles each', () => {
    const kinds = new Set<string>();
    fc.assert(
      fc.property(tableArb, (table) => {
        for (const ev of table.results)
          for (const list of Object.values(ev.resolve)) for (const st of list) kinds.add(st.kind);
        expect(() => new SimulationKernel(compileBook({ ...shippedTables(), events: table }))).not.toThrow();
      }),
      { numRuns: 100 },
    );
    expect(kinds.size).toBe(11);
  });
});

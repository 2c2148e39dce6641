// eventDiceSteps (src/rules/validate.ts): each kind of step as the dice it rolls, for the table's dice budget.
import { describe, expect, it } from 'vitest';
import { eventDiceSteps } from '../../src/rules/validate.js';
import { parseDice } from '../../src/dice/expression.js';
import type { BadzoneEvent, Step } from '../../src/rules/types.js';

const vis = parseDice('D6');
const ev = (onDraw: Step[], eachEventPhase: Step[] = [], endPhase: Step[] = [], discardOn: number | null = null) =>
  ({ id: 'x', resolve: { onDraw, eachEventPhase, endPhase }, discardOn }) as unknown as BadzoneEvent;
const s = (x: Record<string, unknown>) => x as unknown as Step;

describe('eventDiceSteps', () => {
  it('each kind of step becomes the dice it rolls', () => {
    const steps = [
      s({ kind: 'spawn', count: 'D3' }),
      s({ kind: 'scatterEachTile', distance: 'D6' }),
      s({ kind: 'pickTile' }),
      s({ kind: 'pickTile', place: { count: 2 } }),
      s({ kind: 'pickTile', place: { count: 'D3', scatterEach: '2D6' }, worth: { dice: 'D6' } }),
      s({ kind: 'scatter', distance: '2D6' }),
      s({ kind: 'pickFighter' }),
      s({ kind: 'rollEachFighter', dice: 'D6' }),
      s({ kind: 'pickLair' }),
      s({ kind: 'pickStructure' }),
      s({ kind: 'visibilityRoll' }),
      s({ kind: 'visibilitySet', level: 'dark' }),
    ];
    expect(eventDiceSteps(ev(steps.slice(0, 6), steps.slice(6)), vis)).toEqual({
      eventPhase: [
        { kind: 'spawn', count: parseDice('D3') },
        { kind: 'scatterEachTile', distance: parseDice('D6') },
        { kind: 'pickTile' },
        { kind: 'pickTile', place: { count: parseDice(2) } },
        { kind: 'pickTile', place: { count: parseDice('D3'), scatterEach: parseDice('2D6') }, worth: parseDice('D6') },
        { kind: 'scatter', distance: parseDice('2D6') },
        { kind: 'pickFighter' },
        { kind: 'rollEachFighter', dice: parseDice('D6') },
        { kind: 'pickLair' },
        { kind: 'pickStructure' },
        { kind: 'visibilityRoll', die: vis },
        { kind: 'other' },
      ],
      endPhase: [],
    });
  });

  it('on-draw steps first, then every-Event-Phase steps; the End Phase adds a die for a discard roll', () => {
    const r = eventDiceSteps(
      ev([s({ kind: 'pickLair' })], [s({ kind: 'pickStructure' })], [s({ kind: 'scatter', distance: 'D6' })], 4),
      vis,
    );
    expect(r.eventPhase.map((x) => x.kind)).toEqual(['pickLair', 'pickStructure']);
    expect(r.endPhase).toEqual([{ kind: 'scatter', distance: parseDice('D6') }, { kind: 'die' }]);
    expect(eventDiceSteps(ev([], [], [s({ kind: 'pickFighter' })], null), vis).endPhase).toEqual([
      { kind: 'pickFighter' },
    ]);
  });
});

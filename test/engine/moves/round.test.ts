// The `round` move (src/engine/moves/round.ts): the dice an open End Phase still needs (endPhaseNeeds, probed on a
// copy with every die a 1), which the round names when it is given the new round's dice only.

import { describe, expect, it } from 'vitest';
import {
  Dice,
  createGame,
  defaultSetup,
  endPhaseNeeds,
  scriptedDice,
  step,
  type Ctx,
  type SessionState,
} from '../../../src/engine/index.js';
import { book, nameOf, ok, oneEventBook, pillarAndTreasure, play, refusal } from '../arbitraries.js';

function ctxFor(s: SessionState, b = book): Ctx {
  return {
    s,
    book: b,
    dice: new Dice(scriptedDice([])),
    loud: true,
    notes: [],
    occupied: undefined,
    askOccupied: false,
  };
}

describe('endPhaseNeeds: the open End Phase, probed on a copy with every die a 1', () => {
  it("lists the dice in order and leaves the game (a scattered blast's path included) untouched", () => {
    let s = pillarAndTreasure();
    s = play(s, { type: 'end' }, [2, 7, 1]).state; // Treasure stays (1 on its 2+)
    s = play(s, { type: 'round' }, [25]).state;
    const before = structuredClone(s);
    const pillar = `${nameOf('pillar-of-flame')}: Large Blast`;
    expect(endPhaseNeeds(ctxFor(s))).toStrictEqual([
      { die: 6, value: 1, for: `${pillar}: scatter distance (D6+6")` },
      { die: 12, value: 1, for: `${pillar}: scatter direction` },
      { die: 6, value: 1, for: `End Phase: ${nameOf('treasure')} discard check (2+)` },
    ]);
    expect(s).toStrictEqual(before);
    // A round typed with dice for its Event Phase only is refused, naming the three rolls, and changes nothing.
    const no = refusal(step(s, { type: 'round', dice: [5] }, book, { source: scriptedDice([]) }));
    expect(no.usage).toBe(true);
    expect(no.message).toContain(`round ${s.round}`);
    expect(no.message).toContain(`${pillar}: scatter distance (D6+6")`);
    expect(no.message).toContain(`${pillar}: scatter direction (D12)`);
    expect(no.message).toContain(`End Phase: ${nameOf('treasure')} discard check (2+) (D6)`);
    expect(s).toStrictEqual(before);
  });

  it('follows the 1s through (one mine to scatter) and keeps none of its tile pick', () => {
    // Each End Phase: pick a tile (among all: nobody said which hold models, so the pick is recorded unconfirmed)
    // and place D3 mines, each scattering D3"; then the discard check (2+).
    const { book: mines } = oneEventBook({
      id: 'mine-layer',
      timing: 'persistent',
      discardOn: 2,
      resolve: {
        onDraw: [],
        eachEventPhase: [],
        endPhase: [
          {
            kind: 'pickTile',
            what: 'Frag Mines',
            avoidOccupied: true,
            place: { count: 'D3', what: 'Frag Mine', scatterEach: 'D3' },
          },
        ],
      },
    } as never);
    let s = createGame(defaultSetup(4), mines, scriptedDice([]));
    s = ok(step(s, { type: 'round' }, mines, { source: scriptedDice([9]) })).state;
    const before = structuredClone(s);
    expect(endPhaseNeeds(ctxFor(s, mines))).toStrictEqual([
      { die: 4, value: 1, for: 'MINE-LAYER: tile (of A1 A2 B1 B2)' },
      { die: 3, value: 1, for: 'MINE-LAYER: how many Frag Mines (D3)' },
      { die: 3, value: 1, for: 'MINE-LAYER: Frag Mine 1: scatter distance (D3")' },
      { die: 12, value: 1, for: 'MINE-LAYER: Frag Mine 1: scatter direction' },
      { die: 6, value: 1, for: 'End Phase: MINE-LAYER discard check (2+)' },
    ]);
    expect(s).toStrictEqual(before);
    expect(s.tilePicks).toEqual([]);
    // The End Phase itself records the one pick.
    const end = ok(step(s, { type: 'end' }, mines, { source: scriptedDice([3, 2, 1, 1, 1, 1, 4]) }));
    expect(end.state.inPlay).toEqual([]); // 4 on its 2+: discarded
    expect(end.state.tilePicks).toEqual([
      {
        eventId: 'mine-layer',
        what: 'Frag Mines',
        round: 1,
        tile: 'B1',
        among: ['A1', 'A2', 'B1', 'B2'],
        confirmed: false,
        removesTile: false,
      },
    ]);
  });
});

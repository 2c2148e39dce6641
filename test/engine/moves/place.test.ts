// The `place` move (src/engine/moves/place.ts): an event put into play by hand, refused when the table does not
// have it, when it is a Once event or already in play; its tile and worth kept only when it has them.

import { describe, expect, it } from 'vitest';
import { step } from '../../../src/engine/index.js';
import { book, nameOf, play, refusal, start } from '../arbitraries.js';

describe('the events in play: a tile and a worth are kept only when the event has them', () => {
  it('a tile and a worth are in the state only when the event has them', () => {
    let s = start();
    s = play(s, { type: 'round' }, [5]).state; // Critters Attack: no tile, no worth
    s = play(s, { type: 'place', eventId: 'pillar-of-flame' }, [3]).state; // B1, no worth
    const r = play(s, { type: 'place', eventId: 'treasure' }, [4, 6, 5]); // B2, (6+5)x10
    expect(r.state.inPlay).toStrictEqual([
      { eventId: 'critters-attack', sinceRound: 1, roll: 5 },
      { eventId: 'pillar-of-flame', sinceRound: 1, roll: 49, tile: 'B1' },
      { eventId: 'treasure', sinceRound: 1, roll: 60, tile: 'B2', worth: 110 },
    ]);
  });
});

describe('place: refusals and the report', () => {
  it('placing an unknown event, a Once event, or one already in play is refused, naming it', () => {
    const s = play(start(), { type: 'round' }, [5]).state;
    const unknown = refusal(step(s, { type: 'place', eventId: 'no-such-event' }, book));
    expect(unknown.usage).toBe(true);
    expect(unknown.message).toContain('no-such-event');
    const once = refusal(step(s, { type: 'place', eventId: 'power-outage' }, book));
    expect(once.usage).toBe(false);
    expect(once.message).toContain(nameOf('power-outage'));
    const twice = refusal(step(s, { type: 'place', eventId: 'critters-attack' }, book));
    expect(twice.usage).toBe(false);
    expect(twice.message).toContain(nameOf('critters-attack'));
  });

  it('placing an event reports it with its outcomes and what is in play', () => {
    const r = play(start(), { type: 'place', eventId: 'howling-wind' });
    expect(r.report).toStrictEqual({
      kind: 'place',
      eventId: 'howling-wind',
      name: nameOf('howling-wind'),
      outcomes: [],
    });
    expect(r.state.inPlay).toEqual([{ eventId: 'howling-wind', sinceRound: 0, roll: 27 }]);
  });
});

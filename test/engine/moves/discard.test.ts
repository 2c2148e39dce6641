// The `discard` move (src/engine/moves/discard.ts): an event taken out of play by hand, what it leaves on the
// battlefield, and what an event no longer in play left there.

import { describe, expect, it } from 'vitest';
import { objectText, step } from '../../../src/engine/index.js';
import { as, book, nameOf, oneEventBook, pillarAndTreasure, play, refusal, start } from '../arbitraries.js';

describe('discard: an event in play, or what it left', () => {
  it('discarding an event the table does not have is refused, naming it', () => {
    const no = refusal(step(start(), { type: 'discard', eventId: 'no-such-event' }, book));
    expect(no.usage).toBe(false);
    expect(no.message).toContain('no-such-event');
  });

  it('discarding an event in play notes it and what it leaves; one that leaves nothing has no stays', () => {
    let s = pillarAndTreasure();
    s = play(s, { type: 'place', eventId: 'critters-attack' }).state;
    const t = play(s, { type: 'discard', eventId: 'treasure' });
    const casket = {
      eventId: 'treasure',
      what: 'golden Loot Casket',
      tile: 'A2',
      sinceRound: 2,
      worth: { value: 70, unit: 'credits' },
    };
    const tr = as(t.report, 'discard');
    expect(tr.stays).toEqual([casket]);
    expect(t.notes).toHaveLength(1);
    expect(t.notes[0]).toContain(nameOf('treasure'));
    expect(t.notes[0]).toContain(objectText(casket));
    expect(t.state.objects).toEqual([casket]);
    const c = play(t.state, { type: 'discard', eventId: 'critters-attack' });
    expect(c.report).toStrictEqual({
      kind: 'discard',
      eventId: 'critters-attack',
      name: nameOf('critters-attack'),
    });
    expect(c.notes).toHaveLength(1);
    expect(c.notes[0]).toMatch(new RegExp(`${nameOf('critters-attack')}$`));
    expect(c.state.inPlay.map((p) => p.eventId)).toEqual(['pillar-of-flame']);
    expect(c.state.objects).toEqual([casket]);
  });

  it('an event that would leave two things is refused when its table is read: it keeps one tile, so both would stay on the last', () => {
    // Before this was refused, a Crate picked on A1 and a Banner on B2 were both left on B2 when it was discarded.
    const twoPicks = () =>
      oneEventBook({
        id: 'supply-drop',
        timing: 'persistent',
        discardOn: null,
        resolve: {
          onDraw: [
            { kind: 'pickTile', what: 'Crate', staysAfterDiscard: true },
            { kind: 'pickTile', what: 'Banner', staysAfterDiscard: true },
          ],
          eachEventPhase: [],
          endPhase: [],
        },
      } as never);
    expect(twoPicks).toThrow(/results\[0\]\.resolve\.onDraw\[1\].*second pickTile step in "SUPPLY-DROP"/);
  });

  it("discarding an event not in play leaves another event's object on the battlefield", () => {
    let s = pillarAndTreasure();
    s = play(s, { type: 'discard', eventId: 'treasure' }).state;
    const before = structuredClone(s);
    const no = refusal(step(s, { type: 'discard', eventId: 'critters-attack' }, book));
    expect(no.message).toContain(nameOf('critters-attack'));
    expect(s).toStrictEqual(before);
    // Its own object is what a discard of the event takes away.
    const r = play(s, { type: 'discard', eventId: 'treasure' });
    expect(r.state.objects).toEqual([]);
  });
});

// A new game (src/engine/setup.ts): createGame's state and first log entry, and setupNotes, the words for it.

import { describe, expect, it } from 'vitest';
import { createGame, defaultSetup, scriptedDice, setupNotes } from '../../src/engine/index.js';
import { book } from './arbitraries.js';

describe('createGame and setupNotes', () => {
  it('a Nomadic hazard roll (10, no row in the Hazard Table) is noted by name as no hazard', () => {
    const s = createGame(defaultSetup(5, { hazard: 10 }), book, scriptedDice([]));
    expect(s.hazard).toEqual({ roll: 10, id: null, nomadic: true });
    const notes = setupNotes(s, book);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('Hazard 10');
    expect(notes[0]).toContain(book.hazards.nomadic.name);
  });

  it("a rolled hazard is the first log record's only roll", () => {
    const s = createGame(defaultSetup(5, { hazard: 'roll' }), book, scriptedDice([3]));
    expect(s.log).toEqual([
      { seq: 0, round: 0, action: { type: 'new' }, rolls: [{ die: 10, value: 3, for: 'Setup: Hazard Table (D10)' }] },
    ]);
  });
});

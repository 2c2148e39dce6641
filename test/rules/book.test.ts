// src/rules/book.ts directly: finding an event by number, id or name; suggestions; the dice each kind of step names.
import { describe, expect, it } from 'vitest';
import { bookDice, compileBook, findEvent, stepDice, suggestEvents, type RuleBook } from '../../src/rules/book.js';
import { shippedBook, shippedTables } from '../../src/store/tables.js';
import type { BadzoneEvent, Step } from '../../src/rules/types.js';

const book = shippedBook();
const id = (q: string) => findEvent(book, q)?.id;

/** A book of hand-made events whose names do not slug to their ids (as a custom table may have). */
function handMade(events: { id: string; name: string; roll: number }[]): RuleBook {
  const results = events.map((e) => ({ id: e.id, name: e.name, range: [e.roll, e.roll] }) as unknown as BadzoneEvent);
  const byRoll: BadzoneEvent[] = [];
  for (const e of results) byRoll[e.range[0]] = e;
  return { events: { results }, byId: new Map(results.map((e) => [e.id, e])), byRoll } as unknown as RuleBook;
}

describe('findEvent', () => {
  it('by D64 number: 1 and 64 are the edges, 0 and 65 find nothing; spaces around are ignored', () => {
    expect([id('1'), id('37'), id(' 38 '), id('64'), id('064')]).toEqual([
      'power-outage',
      'collapsed-structure',
      'collapsed-structure',
      'sludge-jelly',
      'sludge-jelly',
    ]);
    expect([id('0'), id('65'), id('100')]).toEqual([undefined, undefined, undefined]);
  });

  it('by id in any case, by name in any case, by the name written loosely (punctuation, spaces)', () => {
    expect(id('COLD-SNAP')).toBe('cold-snap');
    expect(id('  Cold Snap  ')).toBe('cold-snap');
    expect(id('the beast awakens!')).toBe('the-beast-awakens');
    expect(id('-Pillar  of__Flame-')).toBe('pillar-of-flame');
    expect(id('cold')).toBeUndefined();
    expect(id('')).toBeUndefined();
  });

  it('a name that does not slug to its id is found by the name itself; a slug finds only an id', () => {
    const b = handMade([
      { id: 'ev-1', name: 'Rain of Frogs', roll: 1 },
      { id: 'acid-rain', name: 'Sour Skies', roll: 2 },
    ]);
    expect(findEvent(b, 'rain of frogs')?.id).toBe('ev-1');
    expect(findEvent(b, 'RAIN OF FROGS')?.id).toBe('ev-1');
    expect(findEvent(b, 'rain-of-frogs')).toBeUndefined();
    expect(findEvent(b, 'Acid Rain')?.id).toBe('acid-rain');
    expect(findEvent(b, 'sour skies')?.id).toBe('acid-rain');
    expect(findEvent(b, '2')?.id).toBe('acid-rain');
    expect(findEvent(b, '3')).toBeUndefined();
  });
});

describe('suggestEvents', () => {
  it('events whose id or name holds the query, any case, at most 5; under 2 letters, none', () => {
    expect(suggestEvents(book, 'RATS').map((e) => e.id)).toEqual(['horde-of-rats', 'rats-awaken']);
    expect(suggestEvents(book, ' haunting ').map((e) => e.id)).toEqual(['haunting-whispers']);
    expect(suggestEvents(book, 'of').map((e) => e.id)).toEqual(['horde-of-rats', 'pillar-of-flame']);
    expect(suggestEvents(book, 'er')).toHaveLength(5);
    expect(suggestEvents(book, 'r')).toEqual([]);
    expect(suggestEvents(book, 'zz')).toEqual([]);
    const b = handMade([
      { id: 'ev-1', name: 'Rain of Frogs', roll: 1 },
      { id: 'frog-2', name: 'Toads', roll: 2 },
    ]);
    // By name only, by id only.
    expect(suggestEvents(b, 'frogs').map((e) => e.id)).toEqual(['ev-1']);
    expect(suggestEvents(b, 'frog').map((e) => e.id)).toEqual(['ev-1', 'frog-2']);
    expect(suggestEvents(b, 'ev-').map((e) => e.id)).toEqual(['ev-1']);
  });
});

describe('stepDice', () => {
  const s = (x: Record<string, unknown>) => x as unknown as Step;
  it('names the dice of each kind of step, and none for the others', () => {
    expect(stepDice(s({ kind: 'spawn', count: 'D3' }))).toEqual(['D3']);
    expect(stepDice(s({ kind: 'scatter', distance: '2D6' }))).toEqual(['2D6']);
    expect(stepDice(s({ kind: 'scatterEachTile', distance: 'D6' }))).toEqual(['D6']);
    expect(stepDice(s({ kind: 'rollEachFighter', dice: 'D6' }))).toEqual(['D6']);
    expect(stepDice(s({ kind: 'pickTile' }))).toEqual([]);
    expect(stepDice(s({ kind: 'pickTile', place: { count: 'D3' } }))).toEqual(['D3']);
    expect(stepDice(s({ kind: 'pickTile', place: { count: 2, scatterEach: 'D6' } }))).toEqual([2, 'D6']);
    expect(stepDice(s({ kind: 'pickTile', worth: { dice: '2D6' } }))).toEqual(['2D6']);
    expect(stepDice(s({ kind: 'pickTile', place: { count: 1, scatterEach: 'D6' }, worth: { dice: 'D6' } }))).toEqual([
      1,
      'D6',
      'D6',
    ]);
    for (const kind of [
      'pickFighter',
      'pickLair',
      'pickStructure',
      'visibilitySet',
      'visibilityRoll',
      'visibilityClearPitchBlack',
    ])
      expect(stepDice(s({ kind }))).toEqual([]);
  });

  it('the shipped book has every expression its steps name, parsed', () => {
    const named = new Set<string>();
    for (const ev of book.events.results)
      for (const list of [ev.resolve.onDraw, ev.resolve.eachEventPhase, ev.resolve.endPhase])
        for (const st of list) for (const d of stepDice(st)) named.add(String(d));
    expect([...book.dice.keys()].sort()).toEqual([...named].sort());
    expect(named.size).toBeGreaterThan(3);
  });
});

describe('compileBook', () => {
  it('with the dice parsed before, and passed as JSON (as the build puts the shipped ones in the bundle), makes the same book', () => {
    const t = shippedTables();
    const again = (parsed: unknown) => compileBook(t, {}, JSON.parse(JSON.stringify(parsed)));
    expect(again(bookDice(t))).toEqual(compileBook(t));
    expect(again(bookDice(t))).toEqual(shippedBook());
    // A D66 (tens and units) stays one, and a legacy game's D66 a 66-sided die.
    const ev = t.events.results.find((e) => e.resolve.onDraw.some((st) => st.kind === 'rollEachFighter'))!;
    const d66 = structuredClone(t);
    const step = d66.events.results
      .find((e) => e.id === ev.id)!
      .resolve.onDraw.find((st) => st.kind === 'rollEachFighter') as { dice: string };
    step.dice = 'D66';
    for (const opts of [{}, { legacyD66: true }]) {
      const book = compileBook(d66, opts, JSON.parse(JSON.stringify(bookDice(d66, opts))));
      expect(book).toEqual(compileBook(d66, opts));
      expect(book.dice.get('D66')?.tensUnits).toBe('legacyD66' in opts ? undefined : true);
    }
  });

  it('uses the dice it is given, and parses none', () => {
    const t = shippedTables();
    const given = bookDice(t);
    given.visibilityDie = { ...given.visibilityDie, text: 'given' };
    given.dice = given.dice.map(([k, d]) => [k, { ...d, text: `given ${k}` }]);
    const book = compileBook(t, {}, given);
    expect(book.visibilityDie.text).toBe('given');
    expect([...book.dice.values()].every((d) => d.text.startsWith('given '))).toBe(true);
  });
});

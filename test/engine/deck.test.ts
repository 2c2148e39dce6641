// Deck mode: 64 cards from the table's counts, shuffled with the seeded dice; duplicates go to the
// discard pile; an empty deck reshuffles the discard pile, never the cards in play.
import { describe, expect, it } from 'vitest';
import { createGame, defaultSetup, step, type SessionState } from '../../src/engine/index.js';
import { compileBook } from '../../src/rules/book.js';
import { shippedTables } from '../../src/store/tables.js';
import type { Seed } from '../../src/dice/rng.js';
import { referenceDie, referenceMt } from '../dice/reference-mt.js';
import { as, book, highest, ids, play, start } from './arbitraries.js';

const ALL = Array.from({ length: 64 }, (_, i) => i + 1);

function cardsOf(s: SessionState): number[] {
  return [...s.deck!.drawPile, ...s.deck!.discardPile, ...s.inPlay.map((p) => p.roll)];
}

/** Put these cards on top of the draw pile, in this order (the deck stays a permutation of all 64). */
function stack(s: SessionState, top: number[]): SessionState {
  const copy = structuredClone(s);
  copy.deck!.drawPile = [...top, ...copy.deck!.drawPile.filter((c) => !top.includes(c))];
  return copy;
}

describe('building the deck', () => {
  it('holds 64 cards, each event as many times as its count says', () => {
    const s = createGame(defaultSetup(777, { mode: 'deck' }), book);
    expect([...s.deck!.drawPile].sort((a, b) => a - b)).toEqual(ALL);
    expect(s.deck!.discardPile).toEqual([]);
    const per = new Map<string, number>();
    for (const c of s.deck!.drawPile) per.set(book.byRoll[c]!.id, (per.get(book.byRoll[c]!.id) ?? 0) + 1);
    // Written from the printed "# in Deck" column.
    expect(Object.fromEntries(per)).toEqual({
      'power-outage': 3,
      'critters-attack': 3,
      'horde-of-rats': 3,
      'falling-crates': 3,
      'grid-overload': 3,
      reinforcements: 3,
      'grid-fluctuation': 3,
      'vent-rupture': 3,
      'dome-quake': 2,
      'howling-wind': 2,
      'toxic-downpour': 2,
      'gunk-downpour': 2,
      'static-storm': 2,
      'haunting-whispers': 2,
      'collapsed-structure': 2,
      headhunters: 2,
      'wyld-magic': 2,
      'mines-detected': 2,
      'gas-spill': 2,
      'cold-snap': 2,
      'pillar-of-flame': 2,
      'rats-awaken': 2,
      'zombies-awaken': 2,
      'zombie-horde': 1,
      'the-beast-awakens': 1,
      'collapsed-section': 1,
      'lightning-strikes': 1,
      'genestealer-awakens': 1,
      treasure: 1,
      disappearance: 1,
      'wild-snake-spill': 1,
      'bounty-hunter': 1,
      'sludge-jelly': 1,
    });
  });

  it('is shuffled by Fisher-Yates with the seeded dice (checked against the reference MT19937)', () => {
    const s = createGame(defaultSetup(777, { mode: 'deck' }), book);
    const next = referenceMt(777);
    const a = [...ALL];
    for (let i = a.length - 1; i > 0; i--) {
      const j = referenceDie(next, i + 1) - 1;
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    expect(s.deck!.drawPile).toEqual(a);
    expect(s.deck!.drawPile.slice(0, 10)).toEqual([30, 23, 25, 15, 60, 52, 18, 46, 59, 14]); // pinned
    expect(s.rng).toEqual({ seed: 777, uses: 63 });
  });

  it('different seeds give different orders', () => {
    const a = createGame(defaultSetup(1, { mode: 'deck' }), book).deck!.drawPile;
    const b = createGame(defaultSetup(2, { mode: 'deck' }), book).deck!.drawPile;
    expect(a).not.toEqual(b);
  });
});

describe('drawing', () => {
  it('a card is drawn from the top, reported as its roll, and a Once card goes to the discard pile', () => {
    const s = start({ mode: 'deck' }); // in order 1..64
    expect(s.deck!.drawPile).toEqual(ALL);
    const r = play(s, { type: 'round' });
    expect(as(r.report, 'round').eventPhase.draws).toEqual([{ roll: 1, eventId: 'power-outage', outcome: 'once' }]);
    expect(r.record.rolls).toEqual([{ die: 64, value: 1, for: 'Event Phase: card drawn', card: true }]);
    expect(r.state.deck).toEqual({ drawPile: ALL.slice(1), discardPile: [1] });
  });

  it('a duplicate card goes to the discard pile and the next card is drawn', () => {
    let s = stack(start({ mode: 'deck' }), [4, 5, 25]);
    s = play(s, { type: 'round' }).state; // Critters Attack (card 4) into play
    expect(s.inPlay).toEqual([{ eventId: 'critters-attack', sinceRound: 1, roll: 4 }]);
    const r = play(s, { type: 'round' }, [1]); // End Phase: critters stays on a 1
    expect(as(r.report, 'round').eventPhase.draws).toEqual([
      { roll: 5, eventId: 'critters-attack', outcome: 'duplicate' },
      { roll: 25, eventId: 'dome-quake', outcome: 'once' },
    ]);
    expect(r.state.deck!.discardPile).toEqual([5, 25]);
    expect(r.state.inPlay.map((p) => p.roll)).toEqual([4]);
    expect([...cardsOf(r.state)].sort((a, b) => a - b)).toEqual(ALL);
  });

  it('a discarded event card goes to the discard pile (End Phase check and GM discard)', () => {
    let s = stack(start({ mode: 'deck' }), [30, 64, 25]);
    s = play(s, { type: 'round' }).state; // Toxic Downpour (30)
    s = play(s, { type: 'round' }, [2]).state; // it is discarded on 2+; Sludge Jelly (64) placed
    expect(s.deck!.discardPile).toEqual([30]);
    s = play(s, { type: 'discard', eventId: 'sludge-jelly' }).state;
    expect(s.deck!.discardPile).toEqual([30, 64]);
    expect(s.inPlay).toEqual([]);
  });

  it('`place` takes the card from the draw pile (or the discard pile) so the deck stays whole', () => {
    let s = start({ mode: 'deck' });
    s = play(s, { type: 'place', eventId: 'static-storm' }).state;
    expect(s.inPlay).toEqual([{ eventId: 'static-storm', sinceRound: 0, roll: 33 }]);
    expect(s.deck!.drawPile).not.toContain(33);
    s = play(s, { type: 'discard', eventId: 'static-storm' }).state;
    s = structuredClone(s);
    s.deck!.drawPile = s.deck!.drawPile.filter((c) => c !== 34);
    s.deck!.discardPile.push(34);
    s = play(s, { type: 'place', eventId: 'static-storm' }).state; // both cards in the discard pile now
    expect(s.inPlay[0]!.roll).toBe(33);
    expect([...cardsOf(s)].sort((a, b) => a - b)).toEqual(ALL);
  });
});

describe('reshuffling', () => {
  it('an empty deck reshuffles the discard pile, never the cards in play, and says so', () => {
    let s = stack(start({ mode: 'deck' }), [6, 49]);
    s = play(s, { type: 'round' }).state; // Critters Attack (6)
    s = play(s, { type: 'end' }, [1]).state;
    s = play(s, { type: 'round' }, [2]).state; // Pillar of Flame (49) on A2
    s = play(s, { type: 'end' }, [1, 1, 2]).state; // Pillar scatter, critters stays
    // Play the deck out: every card not in play is in the discard pile.
    s = structuredClone(s);
    s.deck!.discardPile = [...s.deck!.discardPile, ...s.deck!.drawPile];
    s.deck!.drawPile = [];
    const src = highest();
    const r = step(s, { type: 'round' }, book, { source: src });
    if (!r.ok) throw new Error('round refused');
    const rep = as(r.report, 'round');
    expect(rep.eventPhase.reshuffled).toBe(true);
    // The shuffle used the tool's dice for 62 cards (D62 .. D2), then the card was drawn without a die.
    expect(src.calls.slice(0, 61)).toEqual(Array.from({ length: 61 }, (_, i) => 62 - i));
    expect(r.state.deck!.drawPile).not.toContain(6);
    expect(r.state.deck!.drawPile).not.toContain(49);
    expect(r.state.deck!.discardPile.length + r.state.deck!.drawPile.length).toBe(62);
    expect([...cardsOf(r.state)].sort((a, b) => a - b)).toEqual(ALL);
    expect(ids(r.state).slice(0, 2)).toEqual(['critters-attack', 'pillar-of-flame']);
    expect(r.notes).toContain('The deck ran out: the discard pile (62 cards) was shuffled into a new deck.');
  });

  it("a reshuffle with the seeded dice is Fisher-Yates over the discard pile from the game's dice position (reference MT19937)", () => {
    for (const [seed, uses] of [
      [4242, 63],
      [4242, 500],
      [-17, 63],
      [99, 1000],
    ] as const) {
      const s = structuredClone(createGame(defaultSetup(seed, { mode: 'deck' }), book));
      s.rng = { seed, uses };
      s.deck = {
        drawPile: [],
        discardPile: s.deck!.drawPile.filter((c) => book.byRoll[c]!.timing === 'once').slice(0, 20),
      };
      const r = step(s, { type: 'round' }, book);
      if (!r.ok) throw new Error('round refused');
      const next = referenceMt(seed);
      for (let k = 0; k < uses; k++) next();
      const a = [...s.deck.discardPile];
      for (let i = a.length - 1; i > 0; i--) {
        const j = referenceDie(next, i + 1) - 1;
        [a[i], a[j]] = [a[j]!, a[i]!];
      }
      const ep = as(r.report, 'round').eventPhase;
      expect(ep.reshuffled).toBe(true);
      expect(ep.draws).toEqual([{ roll: a[0], eventId: book.byRoll[a[0]!]!.id, outcome: 'once' }]);
      expect(r.state.deck).toEqual({ drawPile: a.slice(1), discardPile: [a[0]] });
      expect(a).not.toEqual(s.deck.discardPile);
    }
  });

  it.each([
    ['the Mersenne Twister', (k: number): Seed => k],
    ['ChaCha20', (k: number): Seed => `Shuffle${k}`],
  ])(
    'reshuffles are unbiased (%s): over 3000 games the first card after a reshuffle of ten is spread evenly',
    (_g, seedOf) => {
      const pile = book.events.results
        .filter((e) => e.timing === 'once')
        .slice(0, 10)
        .map((e) => e.range[0]);
      const first = new Map<number, number>(pile.map((c) => [c, 0]));
      for (let seed = 1; seed <= 3000; seed++) {
        const s = structuredClone(createGame(defaultSetup(seedOf(seed)), book));
        s.setup.mode = 'deck';
        s.deck = { drawPile: [], discardPile: [...pile] };
        const r = step(s, { type: 'round' }, book);
        if (!r.ok) throw new Error('round refused');
        const card = as(r.report, 'round').eventPhase.draws[0]!.roll;
        first.set(card, first.get(card)! + 1);
      }
      // Chi-square with 9 degrees of freedom: above 27.88 has a chance of 1 in 1000 for a fair shuffle.
      const chi = [...first.values()].reduce((sum, n) => sum + (n - 300) ** 2 / 300, 0);
      expect(chi).toBeLessThan(27.88);
      expect(Math.min(...first.values())).toBeGreaterThan(200);
    },
  );

  it('the next draw after a normal round is not a reshuffle', () => {
    const r = play(start({ mode: 'deck' }), { type: 'round' });
    expect(as(r.report, 'round').eventPhase.reshuffled).toBe(false);
  });

  it('a seeded deck game of 150 rounds reshuffles, and the 64 cards stay whole every round', () => {
    let s = createGame(
      defaultSetup(31337, {
        mode: 'deck',
        gangs: [{ name: 'G', battlefield: ['a', 'b'], reserve: ['c'] }],
        lairs: 2,
        structures: 2,
      }),
      book,
    );
    let reshuffles = 0;
    for (let round = 1; round <= 150; round++) {
      const r = step(s, { type: round % 3 === 0 ? 'end' : 'round' }, book);
      if (!r.ok) throw new Error(`refused in round ${round}`);
      s = r.state;
      if (r.report.kind === 'round' && r.report.eventPhase.reshuffled) reshuffles++;
      expect([...cardsOf(s)].sort((a, b) => a - b)).toEqual(ALL);
      expect(new Set(ids(s)).size).toBe(s.inPlay.length);
    }
    expect(reshuffles).toBeGreaterThan(0);
  });

  it('a custom table whose every event is in play: no new event, and the game goes on', () => {
    const table = {
      name: 'Two events',
      die: 'D64' as const,
      results: [
        { ...book.byId.get('sludge-jelly')!, id: 'low', name: 'Low', range: [1, 32] as [number, number], count: 32 },
        { ...book.byId.get('sludge-jelly')!, id: 'high', name: 'High', range: [33, 64] as [number, number], count: 32 },
      ],
    };
    const custom = compileBook({ ...shippedTables(), events: table });
    for (const mode of ['dice', 'deck'] as const) {
      let s = createGame(defaultSetup(5, { mode, table }), custom);
      for (let i = 0; i < 3; i++) {
        const r = step(s, { type: 'round' }, custom);
        if (!r.ok) throw new Error('refused');
        s = r.state;
      }
      expect(s.inPlay.map((p) => p.eventId).sort()).toEqual(['high', 'low']);
      const r = step(s, { type: 'round' }, custom);
      if (!r.ok) throw new Error('refused');
      expect(as(r.report, 'round').eventPhase.noNewEvent).toBe('every event of the table is already in play');
      expect(r.notes).toContain('No new event: every event of the table is already in play');
    }
  });
});

describe('entered cards', () => {
  it('an entered card must be in the draw pile; it is drawn from wherever it is and marked entered', () => {
    const s = start({ mode: 'deck' });
    const r = play(s, { type: 'round', dice: [25] });
    expect(r.record.rolls).toEqual([{ die: 64, value: 25, for: 'Event Phase: card drawn', card: true, entered: true }]);
    expect(r.state.deck!.drawPile).not.toContain(25);
    expect(r.state.deck!.drawPile[0]).toBe(1);
    const again = step(r.state, { type: 'round', dice: [25] }, book);
    expect(again).toMatchObject({ ok: false, refusal: { usage: true } });
    expect(!again.ok && 'refusal' in again && again.refusal.message).toMatch(
      /card 25 you entered is not in the draw pile/,
    );
  });

  it('asking for a card names the cards left', () => {
    const s = start({ mode: 'deck' });
    const r = step(s, { type: 'round' }, book, { whenOut: 'ask' });
    expect(r).toEqual({
      ok: false,
      needs: { kind: 'die', sides: 64, for: 'Event Phase: card drawn', index: 0, cards: ALL },
    });
  });
});

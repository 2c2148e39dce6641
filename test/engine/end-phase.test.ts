// The End Phase with scripted dice: triggers first, then one D6 per event with an X, in play order;
// once per round; and `round` resolving an End Phase left open.
import { describe, expect, it } from 'vitest';
import { step, type SessionState } from '../../src/engine/index.js';
import { as, book, bySides, ids, play, start } from './arbitraries.js';

const GANGS = [{ name: 'Goliaths', battlefield: ['Krag'], reserve: ['Gor', 'Hak'] }];

/** A game in round 1 (Dome Quake drawn) with these events placed by hand, their on-draw dice all 1s. */
function withInPlay(eventIds: string[], over = {}): SessionState {
  let s = play(start(over), { type: 'round' }, [25]).state;
  for (const id of eventIds) {
    const r = step(s, { type: 'place', eventId: id }, book, { source: bySides({}) });
    if (!r.ok) throw new Error(`place ${id} refused`);
    s = r.state;
  }
  return s;
}

describe('discard on X+', () => {
  const withX = book.events.results.filter((e) => e.discardOn !== null);

  it('the shipped table has the thresholds the rules print', () => {
    expect(Object.fromEntries(withX.map((e) => [e.id, e.discardOn]))).toEqual({
      'critters-attack': 3,
      'howling-wind': 3,
      'toxic-downpour': 2,
      'gunk-downpour': 2,
      'static-storm': 4,
      'haunting-whispers': 5,
      headhunters: 4,
      'wyld-magic': 3,
      'gas-spill': 4,
      'cold-snap': 4,
      'lightning-strikes': 4,
      'genestealer-awakens': 2,
      treasure: 2,
    });
  });

  it.each(withX.map((e) => [e.id, e.discardOn!] as const))(
    '%s (X = %i): X-1 and lower keep it, X and higher discard it',
    (id, x) => {
      for (let roll = 1; roll <= 6; roll++) {
        const s = withInPlay([id]);
        const src = bySides({ 6: roll });
        const r = step(s, { type: 'end' }, book, { source: src });
        if (!r.ok) throw new Error('end refused');
        const rep = as(r.report, 'end');
        const stays = r.state.objects.length ? { stays: r.state.objects } : {};
        expect(rep.checks).toEqual([
          { eventId: id, name: book.byId.get(id)!.name, roll, discardOn: x, discarded: roll >= x, ...stays },
        ]);
        // Only Treasure leaves something behind (its casket), and only when discarded.
        expect(r.state.objects.length).toBe(id === 'treasure' && roll >= x ? 1 : 0);
        expect(ids(r.state)).toEqual(roll >= x ? [] : [id]);
        expect(src.calls.filter((d) => d === 6)).toHaveLength(1);
      }
    },
  );

  it('checks run in play order, each with its own die', () => {
    const s = withInPlay(['critters-attack', 'toxic-downpour', 'haunting-whispers', 'static-storm']);
    const r = play(s, { type: 'end' }, [2, 2, 4, 4]);
    expect(as(r.report, 'end').checks.map((c) => [c.eventId, c.roll, c.discarded])).toEqual([
      ['critters-attack', 2, false],
      ['toxic-downpour', 2, true],
      ['haunting-whispers', 4, false],
      ['static-storm', 4, true],
    ]);
    expect(ids(r.state)).toEqual(['critters-attack', 'haunting-whispers']);
    expect(r.record.rolls.map((x) => x.for)).toEqual([
      'End Phase: Critters Attack discard check (3+)',
      'End Phase: Toxic Downpour discard check (2+)',
      'End Phase: Haunting Whispers discard check (5+)',
      'End Phase: Static Storm discard check (4+)',
    ]);
  });

  it('events without X never discard themselves and roll no D6 of their own, round after round', () => {
    const noX = book.events.results.filter((e) => e.timing === 'persistent' && e.discardOn === null).map((e) => e.id);
    expect(noX).toEqual(['horde-of-rats', 'pillar-of-flame', 'zombie-horde', 'sludge-jelly']);
    let s = withInPlay(noX);
    for (let round = 0; round < 10; round++) {
      const src = bySides({ 6: 6, 64: 25 });
      const e = step(s, { type: 'end' }, book, { source: src });
      if (!e.ok) throw new Error('end refused');
      expect(as(e.report, 'end').checks).toEqual([]);
      // The only D6 is the Pillar of Flame's scatter distance; then its direction.
      expect(src.calls).toEqual([6, 12]);
      expect(ids(e.state)).toEqual(noX);
      const r = step(e.state, { type: 'round' }, book, { source: bySides({ 6: 6, 64: 25 }) });
      if (!r.ok) throw new Error('round refused');
      s = r.state;
    }
    expect(ids(s)).toEqual(noX);
  });

  it('only the GM discards them: `discard` removes one, and `discard` of an event not in play is refused', () => {
    const s = withInPlay(['sludge-jelly', 'horde-of-rats']);
    const r = play(s, { type: 'discard', eventId: 'sludge-jelly' });
    expect(ids(r.state)).toEqual(['horde-of-rats']);
    const again = step(r.state, { type: 'discard', eventId: 'sludge-jelly' }, book);
    expect(again).toMatchObject({ ok: false, refusal: { usage: false } });
    expect(!again.ok && 'refusal' in again && again.refusal.message).toMatch(/Sludge Jelly is not in play/);
  });
});

describe('End-Phase triggers come before the discard checks', () => {
  it('Reinforcements drawn this round, then Pillar of Flame and Headhunters in play order, then the checks', () => {
    let s = start({ gangs: GANGS });
    s = play(s, { type: 'round' }, [39]).state; // Headhunters
    s = play(s, { type: 'end' }, [1, 1, 1]).state; // D3, D4, check 1 < 4
    s = play(s, { type: 'round' }, [50, 3]).state; // Pillar of Flame on B1
    s = play(s, { type: 'end' }, [1, 1, 1, 1, 1]).state; // Headhunters D3 D4, Pillar D6 D12, check
    const r = play(s, { type: 'round' }, [18]); // Reinforcements (Once, End Phase)
    const e = play(r.state, { type: 'end' }, [2, 3, 2, 5, 9, 3]);
    const rep = as(e.report, 'end');
    expect(rep.triggers.map((t) => [t.eventId, t.rolls.map((x) => x.value)])).toEqual([
      ['reinforcements', [2]],
      ['headhunters', [3, 2]],
      ['pillar-of-flame', [5, 9]],
    ]);
    expect(rep.triggers[2]!.outcomes[0]).toMatchObject({ from: 'B1', distance: 11, direction: 9 });
    expect(rep.checks.map((c) => [c.eventId, c.roll])).toEqual([['headhunters', 3]]);
    expect(e.record.rolls.map((x) => x.die)).toEqual([2, 3, 4, 6, 12, 6]);
    expect(e.state.gangs[0]!.battlefield).toEqual(['Krag', 'Hak']);
  });
});

describe('the End Phase runs once per round', () => {
  it('a second `end` in the same round is refused and changes nothing', () => {
    const s0 = play(start(), { type: 'round' }, [4]).state;
    const e = play(s0, { type: 'end' }, [1]);
    expect(e.state.phase).toBe('end');
    const before = JSON.stringify(e.state);
    const again = step(e.state, { type: 'end' }, book, { source: bySides({}) });
    expect(again.ok).toBe(false);
    if (again.ok || !('refusal' in again)) throw new Error('expected a refusal');
    expect(again.refusal).toEqual({
      code: 'end-phase-resolved',
      facts: { round: 1 },
      usage: false,
      message: 'The End Phase of round 1 is already resolved.',
    });
    // What to run next (`badzone round`) is the command line's to say, not the engine's.
    expect(again.refusal.message).not.toMatch(/badzone/);
    expect(JSON.stringify(e.state)).toBe(before);
  });

  it('`round` after `end` does not run the End Phase again', () => {
    let s = play(start(), { type: 'round' }, [4]).state;
    s = play(s, { type: 'end' }, [1]).state;
    const r = play(s, { type: 'round' }, [25]); // only the D64: no second discard check
    expect(as(r.report, 'round').endPhase).toBeNull();
    expect(r.state.round).toBe(2);
    expect(r.state.phase).toBe('round');
  });

  it('`round` with the End Phase still open resolves it first, and reports it', () => {
    const s = play(start(), { type: 'round' }, [5]).state; // Critters Attack
    const r = play(s, { type: 'round' }, [3, 25]); // End Phase of round 1: 3 discards; then round 2 draws Dome Quake
    const rep = as(r.report, 'round');
    expect(rep.endPhase).toEqual({
      round: 1,
      triggers: [],
      checks: [{ eventId: 'critters-attack', name: 'Critters Attack', roll: 3, discardOn: 3, discarded: true }],
    });
    expect(rep.round).toBe(2);
    expect(r.state.inPlay).toEqual([]);
    expect(r.notes[0]).toBe('End Phase of round 1 resolved before the new round');
    expect(r.record.rolls.map((x) => x.die)).toEqual([6, 64]);
  });

  it('round 1 has no End Phase to report, and `end` before round 1 is refused', () => {
    const s = start();
    const r = play(s, { type: 'round' }, [25]);
    expect(as(r.report, 'round').endPhase).toBeNull();
    const e = step(s, { type: 'end' }, book);
    expect(e).toMatchObject({ ok: false, refusal: { usage: false } });
    expect(!e.ok && 'refusal' in e && e.refusal.message).toMatch(/No round has been played yet/);
  });

  it('phase and round move together: setup/0, round/n, end/n', () => {
    let s = start();
    expect([s.phase, s.round]).toEqual(['setup', 0]);
    s = play(s, { type: 'round' }, [25]).state;
    expect([s.phase, s.round]).toEqual(['round', 1]);
    s = play(s, { type: 'end' }).state;
    expect([s.phase, s.round]).toEqual(['end', 1]);
    s = play(s, { type: 'round' }, [26]).state;
    expect([s.phase, s.round]).toEqual(['round', 2]);
    s = play(s, { type: 'round' }, [62]).state;
    expect([s.phase, s.round]).toEqual(['round', 3]);
  });

  it('step never changes the state it is given', () => {
    const s = withInPlay(['critters-attack', 'pillar-of-flame', 'treasure'], { gangs: GANGS, lairs: 2 });
    const before = JSON.stringify(s);
    play(s, { type: 'end' }, [1, 1, 1, 1]);
    play(s, { type: 'round' }, [1, 1, 1, 1, 61, 1]);
    play(s, { type: 'fighter', name: 'Krag', to: 'out' });
    play(s, { type: 'discard', eventId: 'treasure' });
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('a Pillar of Flame that could not be placed', () => {
  it('does not scatter: no tile was left, so no dice are rolled for a blast that is not there', () => {
    let s = start({ tiles: ['A1'] });
    s = play(s, { type: 'round' }, [57]).state; // Collapsed Section: the only tile (no die for a pick of one)
    expect(s.tiles).toEqual([]);
    const r = play(s, { type: 'round' }, [49]); // Pillar of Flame: no tile to place it on
    expect(r.state.inPlay).toEqual([{ eventId: 'pillar-of-flame', sinceRound: 2, roll: 49, tile: null }]);
    const e = play(r.state, { type: 'end' }, []); // no scatter dice at all
    const end = as(e.report, 'end');
    expect(end.triggers).toEqual([
      {
        eventId: 'pillar-of-flame',
        name: 'Pillar of Flame',
        rolls: [],
        outcomes: [
          {
            kind: 'scatter',
            what: 'Large Blast',
            from: null,
            distance: null,
            direction: null,
            text: 'No Large Blast was placed (no tile was left), so nothing scatters.',
          },
        ],
      },
    ]);
  });

  it('placed on a tile, it scatters D6+6" and a D12 direction each End Phase', () => {
    let s = start({ tiles: ['A1', 'A2'] });
    s = play(s, { type: 'round' }, [50, 2]).state; // Pillar of Flame on A2 (a D2)
    const e = play(s, { type: 'end' }, [3, 11]);
    const out = as(e.report, 'end').triggers[0]!.outcomes[0]!;
    expect(out).toMatchObject({ kind: 'scatter', from: 'A2', distance: 9, direction: 11 });
  });
});

describe('events placed once (Treasure, Pillar of Flame) in later phases', () => {
  it('Treasure: the next Event Phase reminds where the casket is (gmInPlay) instead of placing another', () => {
    let s = start({ tiles: ['A1', 'A2'] });
    const drawn = play(s, { type: 'round' }, [60, 1, 3, 4]); // Treasure on A1, worth (3+4)x10
    expect(drawn.state.inPlay).toEqual([{ eventId: 'treasure', sinceRound: 1, roll: 60, tile: 'A1', worth: 70 }]);
    const fresh = as(drawn.report, 'round').eventPhase.resolved[0]!;
    expect(fresh.text).toBe(book.byId.get('treasure')!.gm);
    s = play(drawn.state, { type: 'end' }, [1]).state; // kept (needs 2+)
    const later = play(s, { type: 'round' }, [25]); // Dome Quake
    const r = as(later.report, 'round').eventPhase.resolved.find((x) => x.eventId === 'treasure')!;
    expect(r.source).toBe('in-play');
    expect(r.rolls).toEqual([]);
    expect(r.text).toBe(book.byId.get('treasure')!.gmInPlay);
    expect(r.text).toMatch(/stays where it was placed/);
  });
});

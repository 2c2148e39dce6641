// The Event Phase with scripted dice (src/engine/phases.ts): each rule of the Badzone Event Phase, every step kind's
// rolls, and the notes both phases leave, naming each event drawn or checked, its roll, and what became of it.
import { describe, expect, it } from 'vitest';
import { createGame, defaultSetup, step, type DiceSource, type Outcome } from '../../src/engine/index.js';
import { as, book, ids, play, start, SEED } from './arbitraries.js';

/** The D64 roll first, then a 1 on every die after it. */
function rollThenOnes(first: number): DiceSource {
  let n = 0;
  return { die: (sides) => (n++ === 0 ? (expect(sides).toBe(64), first) : 1), state: () => ({ seed: SEED, uses: n }) };
}

const GANGS = [
  { name: 'Goliaths', battlefield: ['Krag', 'Brak'], reserve: ['Gor', 'Hak'] },
  { name: 'Eschers', battlefield: ['Ana', 'Bea', 'Cyd'], reserve: [] },
];

describe('Once and Persistent', () => {
  it('for every D64 result: a Once event is resolved and never enters play; a persistent one is placed', () => {
    let once = 0;
    for (let roll = 1; roll <= 64; roll++) {
      const ev = book.byRoll[roll]!;
      const r = step(start({ gangs: GANGS, lairs: 2, structures: 2 }), { type: 'round' }, book, {
        source: rollThenOnes(roll),
      });
      if (!r.ok) throw new Error(`roll ${roll} refused`);
      const rep = as(r.report, 'round');
      expect(rep.eventPhase.draws).toEqual([
        { roll, eventId: ev.id, outcome: ev.timing === 'once' ? 'once' : 'placed' },
      ]);
      if (ev.timing === 'once') {
        once++;
        expect(r.state.inPlay).toEqual([]);
        expect(rep.eventPhase.resolved.map((x) => [x.eventId, x.source, x.timing])).toEqual([[ev.id, 'new', 'once']]);
      } else {
        expect(r.state.inPlay.map((p) => [p.eventId, p.sinceRound, p.roll])).toEqual([[ev.id, 1, roll]]);
      }
    }
    // Once: 1-3, 10-26, 37-38, 43-44, 51-54, 56-57, 61-63 = 3 + 17 + 2 + 2 + 4 + 2 + 3 = 33 results
    expect(once).toBe(33);
  });

  it('a Once event drawn while events are in play resolves first, then those in play', () => {
    let s = play(start(), { type: 'round' }, [7, 1, 2]).state; // Horde of Rats
    s = play(s, { type: 'end' }, []).state;
    // Falling Crates (10): a D6+6 and a D12 for each of the four tiles, then the rats (D2, D4)
    const r = play(s, { type: 'round' }, [10, 1, 12, 2, 3, 3, 6, 6, 9, 2, 4]);
    const rep = as(r.report, 'round');
    expect(rep.eventPhase.resolved.map((x) => [x.eventId, x.source])).toEqual([
      ['falling-crates', 'new'],
      ['horde-of-rats', 'in-play'],
    ]);
    expect(rep.eventPhase.resolved[1]!.rolls.map((x) => x.value)).toEqual([2, 4]);
    expect(ids(r.state)).toEqual(['horde-of-rats']);
  });
});

describe('a duplicate persistent event', () => {
  it('is discarded and re-rolled; both draws are recorded, and it is not resolved twice', () => {
    let s = play(start(), { type: 'round' }, [7, 1, 1]).state; // Horde of Rats (7)
    // Round 2: the End Phase of round 1 runs first (Horde has no X: no die), then D64 8 = Horde again,
    // then 25 = Dome Quake; then the Horde resolves once (D2 2, D4 4).
    const r = play(s, { type: 'round' }, [8, 25, 2, 4]);
    const rep = as(r.report, 'round');
    expect(rep.eventPhase.draws).toEqual([
      { roll: 8, eventId: 'horde-of-rats', outcome: 'duplicate' },
      { roll: 25, eventId: 'dome-quake', outcome: 'once' },
    ]);
    expect(ids(r.state)).toEqual(['horde-of-rats']);
    expect(r.state.inPlay[0]!.sinceRound).toBe(1);
    expect(rep.eventPhase.resolved.map((x) => x.eventId)).toEqual(['dome-quake', 'horde-of-rats']);
    expect(r.record.rolls.map((x) => [x.die, x.value])).toEqual([
      [64, 8],
      [64, 25],
      [2, 2],
      [4, 4],
    ]);
    expect(r.notes.some((n) => /already in play, discarded; drawing again/.test(n))).toBe(true);
    s = r.state;
    void s;
  });

  it('re-rolls as often as it takes, placing the first event not in play', () => {
    let s = play(start(), { type: 'round' }, [4]).state; // Critters Attack
    s = play(s, { type: 'round' }, [1, 27]).state; // critters stays (1 < 3); Howling Wind
    const r = play(s, { type: 'round' }, [1, 1, 5, 28, 6, 29]); // both stay; 5 critters dup, 28 howling dup, 6 critters dup, 29 Toxic
    const rep = as(r.report, 'round');
    expect(rep.eventPhase.draws.map((d) => d.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate', 'placed']);
    expect(ids(r.state)).toEqual(['critters-attack', 'howling-wind', 'toxic-downpour']);
  });
});

describe('resolution order', () => {
  it('events in play resolve oldest first, in the order drawn, the new one last', () => {
    let s = play(start(), { type: 'round' }, [7, 1, 1]).state; // r1 Horde of Rats
    s = play(s, { type: 'end' }).state;
    s = play(s, { type: 'round' }, [4, 1, 2]).state; // r2 Critters Attack; rats D2 1 D4 2
    s = play(s, { type: 'end' }, [2]).state; // critters 2 < 3 stays
    // r3: Zombie Horde (55) placed. Rats first (D2 2, D4 3), critters (no dice), zombies last (D2 1, D4 4).
    const r = play(s, { type: 'round' }, [55, 2, 3, 1, 4]);
    const rep = as(r.report, 'round');
    expect(rep.eventPhase.resolved.map((x) => [x.eventId, x.source])).toEqual([
      ['horde-of-rats', 'in-play'],
      ['critters-attack', 'in-play'],
      ['zombie-horde', 'new'],
    ]);
    const spawns = rep.eventPhase.resolved.map((x) =>
      x.outcomes.map((o) => (o.kind === 'spawn' ? [o.count, o.spawnPoint] : o.kind)),
    );
    expect(spawns).toEqual([[[3, 3]], [], [[2, 4]]]);
    expect(r.state.inPlay.map((p) => [p.eventId, p.sinceRound, book.byId.get(p.eventId)!.discardOn])).toEqual([
      ['horde-of-rats', 1, null],
      ['critters-attack', 2, 3],
      ['zombie-horde', 3, null],
    ]);
  });

  it("a new event's on-draw rolls are made when drawn, before those in play resolve", () => {
    let s = play(start(), { type: 'round' }, [7, 1, 1]).state; // Horde of Rats
    // Treasure (60): its tile (D4 3) and worth (2D6: 5, 6) on draw, then the rats (D2 2, D4 1).
    const r = play(s, { type: 'round' }, [60, 3, 5, 6, 2, 1]);
    const rep = as(r.report, 'round');
    expect(rep.eventPhase.resolved.map((x) => x.eventId)).toEqual(['horde-of-rats', 'treasure']);
    expect(rep.eventPhase.resolved[1]!.rolls.map((x) => x.value)).toEqual([3, 5, 6]);
    expect(r.state.inPlay[1]).toEqual({ eventId: 'treasure', sinceRound: 2, roll: 60, tile: 'B1', worth: 110 });
    s = r.state;
    void s;
  });
});

describe('visibility is most-recent-wins', () => {
  it('Power Outage, Grid Fluctuation, Power Outage, Grid Overload, Grid Overload', () => {
    let s = start();
    expect(s.visibility).toEqual({ level: 'normal', sinceRound: 0, source: 'start' });
    s = play(s, { type: 'round' }, [1]).state; // Power Outage: 3" = Pitch Black
    expect(s.visibility).toEqual({ level: 'pitch-black', sinceRound: 1, source: 'power-outage' });
    s = play(s, { type: 'round' }, [19, 3]).state; // Grid Fluctuation, visibility D6 3 = Gloomy
    expect(s.visibility).toEqual({ level: 'gloomy', sinceRound: 2, source: 'grid-fluctuation' });
    s = play(s, { type: 'round' }, [2]).state; // Power Outage again
    expect(s.visibility).toEqual({ level: 'pitch-black', sinceRound: 3, source: 'power-outage' });
    let r = play(s, { type: 'round' }, [14]); // Grid Overload: removes Pitch Black
    expect(r.state.visibility).toEqual({ level: 'normal', sinceRound: 4, source: 'grid-overload' });
    const o = as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0] as Extract<Outcome, { kind: 'visibility' }>;
    expect([o.from, o.to, o.changed]).toEqual(['pitch-black', 'normal', true]);
    s = play(r.state, { type: 'round' }, [19, 2]).state; // Grid Fluctuation: 2 = Dark
    expect(s.visibility.level).toBe('dark');
    r = play(s, { type: 'round' }, [15]); // Grid Overload with no Pitch Black: visibility unchanged
    expect(r.state.visibility).toEqual({ level: 'dark', sinceRound: 5, source: 'grid-fluctuation' });
    const o2 = as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0] as Extract<Outcome, { kind: 'visibility' }>;
    expect([o2.from, o2.to, o2.changed]).toEqual(['dark', 'dark', false]);
    expect(o2.text).toMatch(/Initiative test/);
  });

  it('each face of the visibility die gives the level of the house table', () => {
    const want = ['pitch-black', 'dark', 'gloomy', 'gloomy', 'normal', 'normal'];
    for (let face = 1; face <= 6; face++) {
      const s = play(start(), { type: 'round' }, [20, face]).state;
      expect(s.visibility.level).toBe(want[face - 1]);
    }
  });

  it('a GM setting is replaced by the next event, and an event by the next GM setting', () => {
    let s = play(start(), { type: 'visibility', level: 'dark' }).state;
    expect(s.visibility).toEqual({ level: 'dark', sinceRound: 0, source: 'gm' });
    s = play(s, { type: 'round' }, [3]).state;
    expect(s.visibility.level).toBe('pitch-black');
    s = play(s, { type: 'visibility', level: 'gloomy' }).state;
    expect(s.visibility).toEqual({ level: 'gloomy', sinceRound: 1, source: 'gm' });
    s = play(s, { type: 'visibility', level: 'pitch-black' }).state;
    s = play(s, { type: 'round' }, [13]).state; // Grid Overload clears a GM-set Pitch Black too
    expect(s.visibility.level).toBe('normal');
  });
});

describe('every step kind makes its rolls', () => {
  it('Horde of Rats: D2+1 rats and a spawn point, every Event Phase while in play', () => {
    let r = play(start({ spawnPoints: 6 }), { type: 'round' }, [9, 2, 5]);
    let o = as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]!;
    expect(o).toMatchObject({ kind: 'spawn', creature: 'rats', count: 3, spawnPoint: 5 });
    expect(r.record.rolls.map((x) => [x.die, x.value, x.for])).toEqual([
      [64, 9, 'Event Phase: event table'],
      [2, 2, 'Horde of Rats: how many Underhive Rats (D2+1)'],
      [6, 5, 'Horde of Rats: spawn point'],
    ]);
    r = play(r.state, { type: 'round' }, [26, 1, 6]);
    o = as(r.report, 'round').eventPhase.resolved[1]!.outcomes[0]!;
    expect(o).toMatchObject({ kind: 'spawn', count: 2, spawnPoint: 6 });
  });

  it('a single spawn point needs no die', () => {
    const r = play(start({ spawnPoints: 1 }), { type: 'round' }, [55, 2]);
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]).toMatchObject({
      creature: 'zombies',
      count: 3,
      spawnPoint: 1,
    });
  });

  it('The Beast Awakens and Genestealer Awakens: a fixed one, at a rolled spawn point', () => {
    let r = play(start(), { type: 'round' }, [56, 3]);
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]).toMatchObject({
      creature: 'abomination',
      count: 1,
      spawnPoint: 3,
    });
    r = play(start(), { type: 'round' }, [59, 2]);
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]).toMatchObject({
      creature: 'genestealers',
      count: 1,
      spawnPoint: 2,
    });
  });

  it('Falling Crates and Vent Rupture: a D6+6 scatter and a D12 direction for each tile in play', () => {
    const r = play(start({ tiles: ['A1', 'A2', 'B1'] }), { type: 'round' }, [11, 1, 12, 6, 1, 3, 7]);
    const o = as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]!;
    expect(o).toMatchObject({
      kind: 'scatterEachTile',
      what: 'Loot Casket',
      scatters: [
        { tile: 'A1', distance: 7, direction: 12 },
        { tile: 'A2', distance: 12, direction: 1 },
        { tile: 'B1', distance: 9, direction: 7 },
      ],
    });
    const v = play(start({ tiles: ['C3'] }), { type: 'round' }, [24, 4, 5]);
    expect(as(v.report, 'round').eventPhase.resolved[0]!.outcomes[0]).toMatchObject({
      what: 'Smoke Marker',
      scatters: [{ tile: 'C3', distance: 10, direction: 5 }],
    });
  });

  it('Mines Detected: a tile, D3+1 mines, and a D3+3 scatter and direction for each mine', () => {
    const r = play(start(), { type: 'round' }, [43, 4, 2, 1, 9, 3, 3, 2, 11]);
    const o = as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]!;
    expect(o).toMatchObject({
      kind: 'pickTile',
      tile: 'B2',
      removed: false,
      placed: {
        what: 'Frag Mine',
        count: 3,
        scatters: [
          { distance: 4, direction: 9 },
          { distance: 6, direction: 3 },
          { distance: 5, direction: 11 },
        ],
      },
    });
    expect(r.state.tiles).toEqual(['A1', 'A2', 'B1', 'B2']);
  });

  it('Pillar of Flame: a tile when drawn, a D6+6 scatter in every End Phase, never re-placed', () => {
    let r = play(start(), { type: 'round' }, [49, 2]);
    expect(r.state.inPlay[0]).toEqual({ eventId: 'pillar-of-flame', sinceRound: 1, roll: 49, tile: 'A2' });
    const e1 = play(r.state, { type: 'end' }, [3, 7]);
    const end1 = as(e1.report, 'end');
    expect(end1.triggers).toHaveLength(1);
    expect(end1.triggers[0]!.outcomes[0]).toMatchObject({ kind: 'scatter', from: 'A2', distance: 9, direction: 7 });
    expect(end1.checks).toEqual([]);
    // Round 2: no new tile for the Pillar (only the D64); End Phase: another scatter.
    r = play(e1.state, { type: 'round' }, [25]);
    expect(as(r.report, 'round').eventPhase.resolved.map((x) => [x.eventId, x.rolls.length])).toEqual([
      ['dome-quake', 0],
      ['pillar-of-flame', 0],
    ]);
    const e2 = play(r.state, { type: 'end' }, [6, 12]);
    expect(as(e2.report, 'end').triggers[0]!.outcomes[0]).toMatchObject({ distance: 12, direction: 12 });
    expect(ids(e2.state)).toEqual(['pillar-of-flame']);
  });

  it('Treasure: a tile and a 2D6x10 worth once, when drawn', () => {
    let r = play(start(), { type: 'round' }, [60, 1, 6, 6]);
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]).toMatchObject({
      tile: 'A1',
      worth: { value: 120, unit: 'credits' },
    });
    r = play(r.state, { type: 'round' }, [1, 25]); // discard check 1 (needs 2+): stays; no new rolls for it
    expect(r.state.inPlay[0]).toMatchObject({ eventId: 'treasure', tile: 'A1', worth: 120 });
    expect(r.record.rolls.map((x) => x.die)).toEqual([6, 64]);
  });

  it('Headhunters: D3 Hive Scum at a spawn point in each End Phase while in play, before its discard check', () => {
    let s = play(start(), { type: 'round' }, [39]).state;
    const e = play(s, { type: 'end' }, [2, 4, 3]);
    const rep = as(e.report, 'end');
    expect(rep.triggers.map((t) => t.outcomes[0])).toMatchObject([
      { kind: 'spawn', creature: 'scum', count: 2, spawnPoint: 4 },
    ]);
    expect(rep.checks).toEqual([
      { eventId: 'headhunters', name: 'Headhunters', roll: 3, discardOn: 4, discarded: false },
    ]);
    s = play(e.state, { type: 'round' }, [25]).state;
    const e2 = play(s, { type: 'end' }, [3, 1, 4]);
    expect(as(e2.report, 'end').triggers[0]!.outcomes[0]).toMatchObject({ count: 3, spawnPoint: 1 });
    expect(as(e2.report, 'end').checks[0]).toMatchObject({ roll: 4, discarded: true });
    expect(e2.state.inPlay).toEqual([]);
  });

  it('Wyld Magic: a random fighter in each gang, every Event Phase', () => {
    let r = play(start({ gangs: GANGS }), { type: 'round' }, [41, 2, 3]);
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]).toMatchObject({
      kind: 'pickFighter',
      picks: [
        { gang: 'Goliaths', fighter: 'Brak', moved: false },
        { gang: 'Eschers', fighter: 'Cyd', moved: false },
      ],
    });
    expect(r.record.rolls.slice(1).map((x) => [x.die, x.for])).toEqual([
      [2, 'Wyld Magic: fighter of Goliaths'],
      [3, 'Wyld Magic: fighter of Eschers'],
    ]);
    r = play(r.state, { type: 'round' }, [2, 25, 1, 1]); // check 2 < 3 stays; Dome Quake; Wyld Magic again
    expect(as(r.report, 'round').eventPhase.resolved[1]!.outcomes[0]).toMatchObject({
      picks: [{ fighter: 'Krag' }, { fighter: 'Ana' }],
    });
    expect(r.state.gangs).toEqual(start({ gangs: GANGS }).gangs);
  });

  it('Reinforcements: in the End Phase, one fighter from each reserve to the battlefield', () => {
    let r = play(start({ gangs: GANGS }), { type: 'round' }, [16]);
    expect(r.state.pendingEnd).toEqual(['reinforcements']);
    expect(r.state.gangs[0]!.reserve).toEqual(['Gor', 'Hak']);
    const e = play(r.state, { type: 'end' }, [2]); // Goliaths D2 = Hak; Eschers have no reserve: no die
    expect(as(e.report, 'end').triggers[0]!.outcomes[0]).toMatchObject({
      picks: [
        { gang: 'Goliaths', fighter: 'Hak', moved: true },
        { gang: 'Eschers', fighter: null, moved: false },
      ],
    });
    expect(e.state.gangs[0]).toEqual({
      name: 'Goliaths',
      battlefield: ['Krag', 'Brak', 'Hak'],
      reserve: ['Gor'],
      out: [],
    });
    expect(e.state.pendingEnd).toEqual([]);
    // Only the round it was drawn: the next End Phase brings no one.
    r = play(e.state, { type: 'round' }, [25]);
    expect(as(play(r.state, { type: 'end' }).report, 'end').triggers).toEqual([]);
  });

  it('Reinforcements drawn in a round whose End Phase is resolved by the next `round`', () => {
    const s = play(start({ gangs: GANGS }), { type: 'round' }, [17]).state;
    const r = play(s, { type: 'round' }, [1, 25]);
    expect(as(r.report, 'round').endPhase!.triggers[0]!.outcomes[0]).toMatchObject({
      picks: [{ fighter: 'Gor', moved: true }, { fighter: null }],
    });
    expect(r.state.gangs[0]!.battlefield).toEqual(['Krag', 'Brak', 'Gor']);
  });

  it('Disappearance: a D6 per fighter on the battlefield; those on a 1 go to the reserve', () => {
    const r = play(start({ gangs: GANGS }), { type: 'round' }, [61, 1, 4, 6, 1, 2]);
    const o = as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]!;
    expect(o).toMatchObject({
      kind: 'rollEachFighter',
      rolls: [
        { gang: 'Goliaths', fighter: 'Krag', roll: 1, moved: true },
        { gang: 'Goliaths', fighter: 'Brak', roll: 4, moved: false },
        { gang: 'Eschers', fighter: 'Ana', roll: 6, moved: false },
        { gang: 'Eschers', fighter: 'Bea', roll: 1, moved: true },
        { gang: 'Eschers', fighter: 'Cyd', roll: 2, moved: false },
      ],
    });
    expect(r.state.gangs).toEqual([
      { name: 'Goliaths', battlefield: ['Brak'], reserve: ['Gor', 'Hak', 'Krag'], out: [] },
      { name: 'Eschers', battlefield: ['Ana', 'Cyd'], reserve: ['Bea'], out: [] },
    ]);
  });

  it('Rats Awaken and Zombies Awaken: a random Beast Lair not yet replaced', () => {
    let r = play(start({ lairs: 3 }), { type: 'round' }, [51, 2]);
    expect(r.state.lairs).toEqual([
      { name: 'Beast Lair 1', becomes: null },
      { name: 'Beast Lair 2', becomes: 'Monster Nest (Underhive Rats)' },
      { name: 'Beast Lair 3', becomes: null },
    ]);
    r = play(r.state, { type: 'round' }, [54, 2]); // D2 among lairs 1 and 3
    expect(r.state.lairs![2]).toEqual({ name: 'Beast Lair 3', becomes: 'Monster Nest (Underhive Zombies)' });
    r = play(r.state, { type: 'round' }, [52]); // one lair left: no die
    expect(r.state.lairs!.every((l) => l.becomes !== null)).toBe(true);
    r = play(r.state, { type: 'round' }, [53]);
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]!.text).toBe('No Beast Lair left to replace.');
  });

  it('Collapsed Structure: a random large structure is removed', () => {
    let r = play(start({ structures: 3 }), { type: 'round' }, [38, 3]);
    expect(r.state.structures).toEqual(['Large structure 1', 'Large structure 2']);
    r = play(r.state, { type: 'round' }, [37, 1]);
    expect(r.state.structures).toEqual(['Large structure 2']);
  });

  it('without rosters, lairs or structures counted: the instruction, and no dice', () => {
    const cases: [number, RegExp][] = [
      [41, /^No rosters given: pick a random fighter in each gang/],
      [61, /^No rosters given: roll D6 for each fighter; on 1/],
      [51, /^Beast Lairs were not counted at setup: replace a random Beast Lair/],
      [37, /^Large structures were not counted at setup: remove a random large structure/],
    ];
    for (const [roll, text] of cases) {
      const r = play(start(), { type: 'round' }, [roll]);
      const res = as(r.report, 'round').eventPhase.resolved[0]!;
      expect(res.outcomes[0]!.text).toMatch(text);
      expect(res.rolls).toEqual([]);
    }
    const s = play(start(), { type: 'round' }, [16]).state;
    const e = play(s, { type: 'end' });
    expect(as(e.report, 'end').triggers[0]!.outcomes[0]!.text).toMatch(
      /^No rosters given: pick a random fighter from the reserve of each gang/,
    );
  });

  it('a hazard rolled at setup is a D10 in the first log entry', () => {
    const s = createGame(defaultSetup(SEED, { hazard: 'roll' }), book, {
      die: () => 10,
      state: () => ({ seed: SEED, uses: 1 }),
    });
    expect(s.hazard).toEqual({ roll: 10, id: null, nomadic: true });
    expect(s.log[0]!.rolls).toEqual([{ die: 10, value: 10, for: 'Setup: Hazard Table (D10)' }]);
    expect(start({ hazard: 3 }).hazard).toEqual({ roll: 3, id: 'bog', nomadic: false });
  });
});

describe('the notes name each event drawn and what became of it', () => {
  it('Once, Persistent placed, a duplicate re-rolled; discard checks that keep and that discard (with what stays)', () => {
    let r = play(start(), { type: 'round' }, [60, 2, 3, 4]); // Treasure on A2, worth (3+4)x10
    expect(r.notes).toContain('Drew Treasure (60): Persistent, placed in play');
    r = play(r.state, { type: 'round' }, [1, 61]); // the End Phase first: Treasure 1 (needs 2+) stays; Disappearance
    expect(r.notes).toContain('End Phase: Treasure discard check 1 (needs 2+): stays in play');
    expect(r.notes).toContain('Drew Disappearance (61): Once');
    expect(r.notes.filter((n) => n.startsWith('Drew '))).toHaveLength(1);
    r = play(r.state, { type: 'round' }, [1, 60, 41]); // Treasure again: a duplicate; Wyld Magic placed
    const drew = r.notes.filter((n) => n.startsWith('Drew '));
    expect(drew).toEqual([
      'Drew Treasure (60): already in play, discarded; drawing again',
      'Drew Wyld Magic (41): Persistent, placed in play',
    ]);
    expect(as(r.report, 'round').eventPhase.draws).toEqual([
      { roll: 60, eventId: 'treasure', outcome: 'duplicate' },
      { roll: 41, eventId: 'wyld-magic', outcome: 'placed' },
    ]);
    const e = play(r.state, { type: 'end' }, [2, 6]);
    expect(e.notes).toEqual([
      'End Phase: Treasure discard check 2 (needs 2+): discarded; the golden Loot Casket stays on A2 (worth 70 credits)',
      'End Phase: Wyld Magic discard check 6 (needs 3+): discarded',
    ]);
    expect(as(e.report, 'end').checks).toEqual([
      {
        eventId: 'treasure',
        name: 'Treasure',
        roll: 2,
        discardOn: 2,
        discarded: true,
        stays: [
          {
            eventId: 'treasure',
            what: 'golden Loot Casket',
            tile: 'A2',
            sinceRound: 1,
            worth: { value: 70, unit: 'credits' },
          },
        ],
      },
      { eventId: 'wyld-magic', name: 'Wyld Magic', roll: 6, discardOn: 3, discarded: true },
    ]);
    expect(e.state.inPlay).toEqual([]);
    expect(e.state.objects).toEqual([
      {
        eventId: 'treasure',
        what: 'golden Loot Casket',
        tile: 'A2',
        sinceRound: 1,
        worth: { value: 70, unit: 'credits' },
      },
    ]);
  });
});

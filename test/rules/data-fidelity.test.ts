// Data fidelity: the shipped rule tables match the printed rules.
// Every expectation below is written out by hand from the source texts
// (not derived from the data), so a wrong range, name, count or timing fails.
import { describe, expect, it } from 'vitest';
import eventsJson from '../../data/badzone-events.json' with { type: 'json' };
import hazardsJson from '../../data/hazards.json' with { type: 'json' };
import visibilityJson from '../../data/visibility.json' with { type: 'json' };
import type { EventTable, HazardTable, StepKind, Timing, VisibilityTable } from '../../src/rules/types.js';

const events = eventsJson as unknown as EventTable;
const hazards = hazardsJson as unknown as HazardTable;
const visibility = visibilityJson as unknown as VisibilityTable;

type Row = [id: string, name: string, lo: number, hi: number, count: number, timing: Timing, discardOn: number | null];

// The Badzone Table as printed (33 rows, D64 order).
const EXPECTED_EVENTS: Row[] = [
  ['power-outage', 'Power Outage', 1, 3, 3, 'once', null],
  ['critters-attack', 'Critters Attack', 4, 6, 3, 'persistent', 3],
  ['horde-of-rats', 'Horde of Rats', 7, 9, 3, 'persistent', null],
  ['falling-crates', 'Falling Crates', 10, 12, 3, 'once', null],
  ['grid-overload', 'Grid Overload', 13, 15, 3, 'once', null],
  ['reinforcements', 'Reinforcements', 16, 18, 3, 'once', null],
  ['grid-fluctuation', 'Grid Fluctuation', 19, 21, 3, 'once', null],
  ['vent-rupture', 'Vent Rupture', 22, 24, 3, 'once', null],
  ['dome-quake', 'Dome Quake', 25, 26, 2, 'once', null],
  ['howling-wind', 'Howling Wind', 27, 28, 2, 'persistent', 3],
  ['toxic-downpour', 'Toxic Downpour', 29, 30, 2, 'persistent', 2],
  ['gunk-downpour', 'Gunk Downpour', 31, 32, 2, 'persistent', 2],
  ['static-storm', 'Static Storm', 33, 34, 2, 'persistent', 4],
  ['haunting-whispers', 'Haunting Whispers', 35, 36, 2, 'persistent', 5],
  ['collapsed-structure', 'Collapsed Structure', 37, 38, 2, 'once', null],
  ['headhunters', 'Headhunters', 39, 40, 2, 'persistent', 4],
  ['wyld-magic', 'Wyld Magic', 41, 42, 2, 'persistent', 3],
  ['mines-detected', 'Mines Detected', 43, 44, 2, 'once', null],
  ['gas-spill', 'Gas Spill', 45, 46, 2, 'persistent', 4],
  ['cold-snap', 'Cold Snap', 47, 48, 2, 'persistent', 4],
  ['pillar-of-flame', 'Pillar of Flame', 49, 50, 2, 'persistent', null],
  ['rats-awaken', 'Rats Awaken', 51, 52, 2, 'once', null],
  ['zombies-awaken', 'Zombies Awaken', 53, 54, 2, 'once', null],
  ['zombie-horde', 'Zombie Horde', 55, 55, 1, 'persistent', null],
  ['the-beast-awakens', 'The Beast Awakens', 56, 56, 1, 'once', null],
  ['collapsed-section', 'Collapsed Section', 57, 57, 1, 'once', null],
  ['lightning-strikes', 'Lightning Strikes', 58, 58, 1, 'persistent', 4],
  ['genestealer-awakens', 'Genestealer Awakens', 59, 59, 1, 'persistent', 2],
  ['treasure', 'Treasure', 60, 60, 1, 'persistent', 2],
  ['disappearance', 'Disappearance', 61, 61, 1, 'once', null],
  ['wild-snake-spill', 'Wild Snake Spill', 62, 62, 1, 'once', null],
  ['bounty-hunter', 'Bounty Hunter', 63, 63, 1, 'once', null],
  ['sludge-jelly', 'Sludge Jelly', 64, 64, 1, 'persistent', null],
];

interface Kinds {
  onDraw?: StepKind[];
  eachEventPhase?: StepKind[];
  endPhase?: StepKind[];
}

// What the tool rolls, and when (EVENTS-CHECKLIST.md "Rolls (when)"). Omitted = [].
const EXPECTED_STEPS: Record<string, Kinds> = {
  'power-outage': { onDraw: ['visibilitySet'] },
  'critters-attack': {},
  'horde-of-rats': { eachEventPhase: ['spawn'] },
  'falling-crates': { onDraw: ['scatterEachTile'] },
  'grid-overload': { onDraw: ['visibilityClearPitchBlack'] },
  reinforcements: { endPhase: ['pickFighter'] },
  'grid-fluctuation': { onDraw: ['visibilityRoll'] },
  'vent-rupture': { onDraw: ['scatterEachTile'] },
  'dome-quake': {},
  'howling-wind': {},
  'toxic-downpour': {},
  'gunk-downpour': {},
  'static-storm': {},
  'haunting-whispers': {},
  'collapsed-structure': { onDraw: ['pickStructure'] },
  headhunters: { endPhase: ['spawn'] },
  'wyld-magic': { eachEventPhase: ['pickFighter'] },
  'mines-detected': { onDraw: ['pickTile'] },
  'gas-spill': {},
  'cold-snap': {},
  'pillar-of-flame': { onDraw: ['pickTile'], endPhase: ['scatter'] },
  'rats-awaken': { onDraw: ['pickLair'] },
  'zombies-awaken': { onDraw: ['pickLair'] },
  'zombie-horde': { eachEventPhase: ['spawn'] },
  'the-beast-awakens': { onDraw: ['spawn'] },
  'collapsed-section': { onDraw: ['pickTile'] },
  'lightning-strikes': {},
  'genestealer-awakens': { eachEventPhase: ['spawn'] },
  treasure: { onDraw: ['pickTile'] },
  disappearance: { onDraw: ['rollEachFighter'] },
  'wild-snake-spill': {},
  'bounty-hunter': {},
  'sludge-jelly': {},
};

function eventAt(roll: number) {
  return events.results.find((e) => e.range[0] <= roll && roll <= e.range[1]);
}

describe('Badzone Event Table', () => {
  it('is the D64 table', () => {
    expect(events.name).toBe('Badzone Event Table');
    expect(events.die).toBe('D64');
    expect(events.results).toHaveLength(33);
  });

  it('has every row as printed: id, name, range, count, timing, discardOn', () => {
    const actual = events.results.map((e) => ({
      id: e.id,
      name: e.name,
      range: e.range,
      count: e.count,
      timing: e.timing,
      discardOn: e.discardOn,
    }));
    const expected = EXPECTED_EVENTS.map(([id, name, lo, hi, count, timing, discardOn]) => ({
      id,
      name,
      range: [lo, hi],
      count,
      timing,
      discardOn,
    }));
    expect(actual).toEqual(expected);
  });

  it('counts sum to 64 and each count is the width of its range', () => {
    expect(events.results.reduce((sum, e) => sum + e.count, 0)).toBe(64);
    for (const e of events.results) expect(e.count, e.id).toBe(e.range[1] - e.range[0] + 1);
  });

  it('ranges cover 1..64 in order with no gap or overlap', () => {
    let next = 1;
    for (const e of events.results) {
      expect(e.range[0], e.id).toBe(next);
      expect(e.range[1], e.id).toBeGreaterThanOrEqual(e.range[0]);
      next = e.range[1] + 1;
    }
    expect(next).toBe(65);
    for (let roll = 1; roll <= 64; roll++) {
      expect(
        events.results.filter((e) => e.range[0] <= roll && roll <= e.range[1]),
        `roll ${roll}`,
      ).toHaveLength(1);
    }
  });

  it('maps every D64 value to the right name', () => {
    for (const [, name, lo, hi] of EXPECTED_EVENTS) {
      for (let roll = lo; roll <= hi; roll++) expect(eventAt(roll)?.name, `roll ${roll}`).toBe(name);
    }
    expect(eventAt(1)?.name).toBe('Power Outage');
    expect(eventAt(24)?.name).toBe('Vent Rupture');
    expect(eventAt(37)?.name).toBe('Collapsed Structure');
    expect(eventAt(50)?.name).toBe('Pillar of Flame');
    expect(eventAt(57)?.name).toBe('Collapsed Section');
    expect(eventAt(60)?.name).toBe('Treasure');
    expect(eventAt(64)?.name).toBe('Sludge Jelly');
  });

  it('ids are unique kebab slugs', () => {
    const ids = events.results.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('effects drop the keyword parenthesis; every event has GM text', () => {
    for (const e of events.results) {
      expect(e.effect, e.id).not.toMatch(/\((Once|Persistent)[^)]*\)\s*$/i);
      expect(e.effect, e.id).not.toMatch(/under under|in under/);
      expect(e.effect.length, e.id).toBeGreaterThan(20);
      expect(e.gm.length, e.id).toBeGreaterThan(10);
    }
  });

  it('each event rolls the right kinds of step at the right time', () => {
    expect(Object.keys(EXPECTED_STEPS).sort()).toEqual(EXPECTED_EVENTS.map((r) => r[0]).sort());
    for (const e of events.results) {
      const want = EXPECTED_STEPS[e.id] ?? {};
      expect(
        {
          onDraw: e.resolve.onDraw.map((s) => s.kind),
          eachEventPhase: e.resolve.eachEventPhase.map((s) => s.kind),
          endPhase: e.resolve.endPhase.map((s) => s.kind),
        },
        e.id,
      ).toEqual({
        onDraw: want.onDraw ?? [],
        eachEventPhase: want.eachEventPhase ?? [],
        endPhase: want.endPhase ?? [],
      });
    }
  });

  it('once events roll nothing each Event Phase', () => {
    for (const e of events.results.filter((x) => x.timing === 'once')) {
      expect(e.resolve.eachEventPhase, e.id).toEqual([]);
      expect(e.discardOn, e.id).toBeNull();
    }
  });

  it('steps carry the printed dice and targets', () => {
    const step = (id: string, when: 'onDraw' | 'eachEventPhase' | 'endPhase') =>
      events.results.find((e) => e.id === id)?.resolve[when][0];
    expect(step('power-outage', 'onDraw')).toMatchObject({ kind: 'visibilitySet', level: 'pitch-black' });
    expect(step('horde-of-rats', 'eachEventPhase')).toEqual({
      kind: 'spawn',
      count: 'D2+1',
      creature: 'rats',
      what: 'Underhive Rats',
    });
    expect(step('zombie-horde', 'eachEventPhase')).toEqual({
      kind: 'spawn',
      count: 'D2+1',
      creature: 'zombies',
      what: 'Underhive Zombies',
    });
    expect(step('genestealer-awakens', 'eachEventPhase')).toEqual({
      kind: 'spawn',
      count: 1,
      creature: 'genestealers',
      what: 'Malstrain Genestealer',
    });
    expect(step('headhunters', 'endPhase')).toEqual({
      kind: 'spawn',
      count: 'D3',
      creature: 'scum',
      what: 'Hive Scum with Autoguns',
    });
    expect(step('the-beast-awakens', 'onDraw')).toEqual({
      kind: 'spawn',
      count: 1,
      creature: 'abomination',
      what: 'Abomination of Badzone 12',
    });
    expect(step('falling-crates', 'onDraw')).toEqual({
      kind: 'scatterEachTile',
      distance: 'D6+6',
      what: 'Loot Casket',
    });
    expect(step('vent-rupture', 'onDraw')).toEqual({ kind: 'scatterEachTile', distance: 'D6+6', what: 'Smoke Marker' });
    expect(step('reinforcements', 'endPhase')).toMatchObject({
      kind: 'pickFighter',
      from: 'reserve',
      moveTo: 'battlefield',
    });
    expect(step('wyld-magic', 'eachEventPhase')).toMatchObject({ kind: 'pickFighter', from: 'battlefield' });
    expect(step('wyld-magic', 'eachEventPhase')).not.toHaveProperty('moveTo');
    expect(step('mines-detected', 'onDraw')).toMatchObject({
      kind: 'pickTile',
      place: { count: 'D3+1', what: 'Frag Mine', scatterEach: 'D3+3' },
    });
    expect(step('pillar-of-flame', 'onDraw')).toEqual({ kind: 'pickTile', what: 'Large Blast' });
    expect(step('pillar-of-flame', 'endPhase')).toEqual({ kind: 'scatter', distance: 'D6+6', what: 'Large Blast' });
    expect(step('rats-awaken', 'onDraw')).toEqual({ kind: 'pickLair', becomes: 'Monster Nest (Underhive Rats)' });
    expect(step('zombies-awaken', 'onDraw')).toEqual({ kind: 'pickLair', becomes: 'Monster Nest (Underhive Zombies)' });
    expect(step('collapsed-section', 'onDraw')).toMatchObject({
      kind: 'pickTile',
      avoidOccupied: true,
      removeTile: true,
    });
    expect(step('treasure', 'onDraw')).toMatchObject({ kind: 'pickTile', worth: { dice: '2D6x10', unit: 'credits' } });
    expect(step('disappearance', 'onDraw')).toMatchObject({
      kind: 'rollEachFighter',
      dice: 'D6',
      on: [1],
      moveTo: 'reserve',
    });
  });

  it('every visibilitySet names a level of the visibility table', () => {
    const levels = new Set(visibility.levels.map((l) => l.id));
    for (const e of events.results) {
      for (const s of [...e.resolve.onDraw, ...e.resolve.eachEventPhase, ...e.resolve.endPhase]) {
        if (s.kind === 'visibilitySet') expect(levels.has(s.level), e.id).toBe(true);
      }
    }
  });

  it('records the rulings it embodies', () => {
    const rulings = (id: string) => events.results.find((e) => e.id === id)?.rulings?.join(' ') ?? '';
    expect(rulings('power-outage')).toMatch(/Pitch Black/);
    expect(rulings('pillar-of-flame')).toMatch(/placed once/);
    expect(rulings('pillar-of-flame')).toMatch(/discard it by hand when the Blast leaves the table/);
    expect(rulings('treasure')).toMatch(/placed once/);
  });
});

describe('Hazard Table', () => {
  it('is the D10 Fallout: Factions table', () => {
    expect(hazards.die).toBe('D10');
    expect(hazards.source).toBe('Fallout: Factions');
    expect(hazards.intro).toMatch(/^Hazards apply special rules/);
  });

  it('has the nine hazards with their Home Turf Ploys', () => {
    const actual = hazards.hazards.map((h) => [h.roll, h.id, h.name, h.ploy.name, h.ploy.when]);
    expect(actual).toEqual([
      [1, 'irradiated', 'Irradiated', 'Flareup', 'at the start of any Round'],
      [2, 'minefield', 'Minefield', 'Defuse', 'when one of your models has Stepped on a Mine'],
      [3, 'bog', 'Bog', 'Easy Target', 'at the start of any Round'],
      [4, 'security-turrets', 'Security Turrets', 'Verification', 'at the start of any Round'],
      [5, 'low-visibility', 'Low Visibility', 'Floodlights', 'at the start of any Round'],
      [6, 'barren', 'Barren', 'Still and Clear', 'at the start of any Round'],
      [7, 'city-ruins', 'City Ruins', 'Dead Drop', 'at the start of any Round'],
      [8, 'unstable-fuel', 'Unstable Fuel', 'Remote Explosives', 'at the start of your Turn'],
      [9, 'harrowed', 'Harrowed', 'Theatrics', 'after any model fails a Confusion Test'],
    ]);
    for (const h of hazards.hazards) {
      expect(h.ploy.text, h.id).toMatch(/^You may [Ee]nact this [Pp]loy /);
      expect(h.ploy.text, h.id).toContain(h.ploy.when);
      expect(h.effect, h.id).not.toContain('[Rulebook');
    }
    expect(hazards.hazards.find((h) => h.id === 'barren')?.page).toBe('Rulebook pg. 51, Errata Q2 2026');
  });

  it('10 is Nomadic: Rating Limit 300 instead of 250', () => {
    expect(hazards.nomadic).toMatchObject({
      roll: 10,
      name: 'Nomadic',
      ratingLimit: 300,
      standardRatingLimit: 250,
      page: 'Rulebook pg. 30',
    });
    expect(hazards.nomadic.effect).toContain('300');
    expect(hazards.nomadic.effect).toContain('250');
  });

  it('rolls 1..10 are each covered exactly once', () => {
    const rolls = [...hazards.hazards.map((h) => h.roll), hazards.nomadic.roll].sort((a, b) => a - b);
    expect(rolls).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('Visibility table', () => {
  it('is marked as a house table', () => {
    expect(visibility.house).toBe(true);
    expect(visibility.name).toBe('House Visibility Table');
    expect(visibility.die).toBe('D6');
    expect(visibility.normal).toBe('normal');
  });

  it('has the four levels, only Pitch Black counting as Pitch Black', () => {
    expect(visibility.levels.map((l) => [l.id, l.rangeInches, l.pitchBlack])).toEqual([
      ['pitch-black', 3, true],
      ['dark', 12, false],
      ['gloomy', 24, false],
      ['normal', null, false],
    ]);
  });

  it('results cover 1..6 once each and name known levels', () => {
    expect(visibility.results).toEqual([
      { range: [1, 1], level: 'pitch-black' },
      { range: [2, 2], level: 'dark' },
      { range: [3, 4], level: 'gloomy' },
      { range: [5, 6], level: 'normal' },
    ]);
    const ids = new Set(visibility.levels.map((l) => l.id));
    for (let roll = 1; roll <= 6; roll++) {
      const hits = visibility.results.filter((r) => r.range[0] <= roll && roll <= r.range[1]);
      expect(hits, `roll ${roll}`).toHaveLength(1);
      expect(ids.has(hits[0]!.level)).toBe(true);
    }
    expect(ids.has(visibility.normal)).toBe(true);
  });
});

// The views the library shapes from the game's state (src/api/views.ts): the events in play as people see them,
// and the battlefield a round's view shows. The engine reports what happened; it carries no view of its own.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newGame } from '../../src/api/index.js';
import { inPlayView } from '../../src/api/views.js';
import { as, book, play, start } from '../engine/arbitraries.js';
import { ROOT, tempDir } from '../helpers.js';

const nameOf = (id: string): string => book.byId.get(id)!.name;

describe('inPlayView: what each event in play shows', () => {
  it('an event the book does not know shows its id as its name and no discard threshold', () => {
    const s = start();
    s.inPlay = [{ eventId: 'retired-event', sinceRound: 2, roll: 7 }];
    expect(inPlayView(s, book)).toStrictEqual([
      { eventId: 'retired-event', name: 'retired-event', sinceRound: 2, discardOn: null },
    ]);
  });

  it('a tile and a worth show only when the event has them', () => {
    let s = start();
    s = play(s, { type: 'round' }, [5]).state; // Critters Attack: no tile, no worth
    s = play(s, { type: 'place', eventId: 'pillar-of-flame' }, [3]).state; // B1, no worth
    const r = play(s, { type: 'place', eventId: 'treasure' }, [4, 6, 5]); // B2, (6+5)x10
    expect(inPlayView(r.state, book)).toStrictEqual([
      { eventId: 'critters-attack', name: nameOf('critters-attack'), sinceRound: 1, discardOn: 3 },
      { eventId: 'pillar-of-flame', name: nameOf('pillar-of-flame'), sinceRound: 1, discardOn: null, tile: 'B1' },
      {
        eventId: 'treasure',
        name: nameOf('treasure'),
        sinceRound: 1,
        discardOn: 2,
        tile: 'B2',
        worth: { value: 110, unit: 'credits' },
      },
    ]);
  });

  it('a Pillar of Flame is shown as scattered once an End Phase has passed, not before', () => {
    let s = start({ tiles: ['A1', 'A2'] });
    s = play(s, { type: 'round' }, [49, 2]).state;
    expect(inPlayView(s, book)[0]).toEqual({
      eventId: 'pillar-of-flame',
      name: 'Pillar of Flame',
      sinceRound: 1,
      discardOn: null,
      tile: 'A2',
    });
    s = play(s, { type: 'end' }, [1, 1]).state;
    expect(inPlayView(s, book)[0]).toMatchObject({ tile: 'A2', scattered: true });
  });

  it("a marker's scatters show in order, each with its round, distance and direction", () => {
    let s = play(start(), { type: 'place', eventId: 'pillar-of-flame' }, [3]).state; // B1
    s = play(s, { type: 'round' }, [25]).state;
    s = play(s, { type: 'end' }, [3, 7]).state; // 3+6" toward 7 o'clock
    s = play(s, { type: 'round', endDice: [], dice: [25] }).state;
    s = play(s, { type: 'round', endDice: [1, 12], dice: [25] }).state; // 1+6" toward 12 o'clock
    expect(s.inPlay[0]!.scatters).toEqual([
      [1, 9, 7],
      [2, 7, 12],
    ]);
    expect(inPlayView(s, book)[0]).toMatchObject({
      tile: 'B1',
      scattered: true,
      scatters: [
        { round: 1, distance: 9, direction: 7 },
        { round: 2, distance: 7, direction: 12 },
      ],
    });
  });

  it('placed but not yet scattered: not marked as scattered', () => {
    const s = play(start(), { type: 'place', eventId: 'pillar-of-flame' }, [3]).state;
    const v = inPlayView(play(s, { type: 'round' }, [25]).state, book)[0]!;
    expect(v.scattered).toBeUndefined();
    expect(v.scatters).toBeUndefined();
  });

  it('the engine reports no view of its own: a place, discard, round or end report holds what happened only', () => {
    let s = start();
    const placed = play(s, { type: 'place', eventId: 'treasure' }, [2, 3, 4]);
    expect(placed.report).not.toHaveProperty('inPlay');
    s = play(placed.state, { type: 'round' }, [25]).state;
    const round = play(s, { type: 'end' }, [1]);
    expect(as(round.report, 'end')).not.toHaveProperty('battlefield');
  });
});

describe("a round's battlefield", () => {
  it('is the one right after the round: replaying the current round does not show what the GM did since', async () => {
    const dir = tempDir('badzone-views-');
    const game = await newGame(`${dir}/game.json`, { seed: '7' });
    const r = await game.round({ dice: [60, 2, 3, 4] }); // Treasure on A2, worth (3+4)x10
    expect(r.battlefield).toEqual({ objects: [], conditions: [], tilePicks: [] });
    await game.discard('treasure'); // the casket stays on A2
    const casket = { eventId: 'treasure', what: 'golden Loot Casket', tile: 'A2', sinceRound: 1 };
    expect((await game.status()).battlefield.objects).toMatchObject([casket]);
    const again = await game.currentRound();
    expect(again.battlefield).toEqual(r.battlefield);
    expect(again.inPlay).toEqual([]);
  });
});

describe('visibilityView: the rules an event gives the level it sets', () => {
  it('Power Outage: exactly the rules\' 3" for every fighter, still Pitch Black (Grid Overload ends it)', async () => {
    const d = tempDir();
    const game = await newGame('g.json', { cwd: d, seed: 1 });
    await game.round({ dice: [1] }); // Power Outage
    expect((await game.status()).visibility).toMatchObject({
      level: 'pitch-black',
      rangeInches: 3,
      pitchBlack: true,
      rules: 'Visibility is reduced to 3".',
      source: 'power-outage',
    });
    await game.round({ dice: [13] }); // Grid Overload: Pitch Black is removed
    expect((await game.status()).visibility).toMatchObject({ level: 'normal', source: 'grid-overload' });
    // Pitch Black rolled on the visibility table (Grid Fluctuation) keeps the house level's own rules.
    await game.round({ dice: [19, 1] });
    expect((await game.status()).visibility.rules).toMatch(/12" with photo-goggles, infra-sights or photo-lumens/);
  });

  it("a group's own table without the step's rules: Power Outage brings in the level's exception for photo-goggles", async () => {
    const d = tempDir();
    const events = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'badzone-events.json'), 'utf8'));
    const outage = events.results.find((e: { id: string }) => e.id === 'power-outage');
    delete outage.resolve.onDraw[0].rules;
    fs.writeFileSync(path.join(d, 'photo-goggles.json'), JSON.stringify(events));
    const game = await newGame('g.json', { cwd: d, seed: 1, table: 'photo-goggles.json' });
    await game.round({ dice: [1] });
    expect((await game.status()).visibility).toMatchObject({
      level: 'pitch-black',
      rules:
        'Fighters are Hidden and can only be targeted within 3" (12" with photo-goggles, infra-sights or photo-lumens) unless Revealed.',
    });
  });
});

// newEvent.actsEachEventPhase over the whole shipped table: false for every Once event and for the Persistent
// events whose steps come only when drawn and in the End Phase (Headhunters, Pillar of Flame, Treasure).
import { describe, expect, it } from 'vitest';
import { newGame } from '../../src/api/index.js';
import { shippedTables } from '../../src/store/tables.js';
import { tempDir } from '../helpers.js';

/** The Persistent events that are resolved again in each Event Phase they are in play (read from their rules). */
const EACH_EVENT_PHASE = new Set([
  'critters-attack',
  'horde-of-rats',
  'howling-wind',
  'toxic-downpour',
  'gunk-downpour',
  'static-storm',
  'haunting-whispers',
  'wyld-magic',
  'gas-spill',
  'cold-snap',
  'zombie-horde',
  'lightning-strikes',
  'genestealer-awakens',
  'sludge-jelly',
]);

const dir = tempDir('badzone-new-event-');

describe('the new event card, for every event of the table', () => {
  it('actsEachEventPhase and actsInEndPhase', async () => {
    const events = shippedTables().events.results;
    expect(events.length).toBe(33);
    for (const ev of events) {
      const game = await newGame(`${ev.id}.json`, {
        cwd: dir,
        seed: 11,
        gangs: [{ name: 'G', battlefield: ['A', 'B'], reserve: ['C'] }],
        lairs: 1,
        structures: 1,
      });
      const r = await game.round({ dice: [ev.range[0]] });
      expect(r.newEvent?.eventId, ev.id).toBe(ev.id);
      expect(r.newEvent!.actsEachEventPhase, ev.id).toBe(EACH_EVENT_PHASE.has(ev.id));
      expect(r.newEvent!.actsInEndPhase, ev.id).toBe(
        ['headhunters', 'pillar-of-flame', 'reinforcements'].includes(ev.id),
      );
      if (ev.timing === 'once') expect(r.newEvent!.actsEachEventPhase, ev.id).toBe(false);
    }
    expect(events.find((e) => e.id === 'headhunters')!.timing).toBe('persistent');
  });
});

// What the map draws to scale (src/rules/markers.ts): each kind's radius, read as the rulings say.
import { describe, expect, it } from 'vitest';
import { markerKind, markerRadius } from '../../src/rules/markers.js';

describe('marker kinds and what is drawn to scale', () => {
  it("the shipped placements by what their steps call them; a group's own is a plain marker", () => {
    expect(
      ['Loot Casket', 'Smoke Marker', 'Frag Mine', 'golden Loot Casket', 'Large Blast', 'Barrel'].map(markerKind),
    ).toEqual(['loot-casket', 'smoke-marker', 'frag-mine', 'golden-casket', 'large-blast', 'marker']);
  });

  it('a Large Blast is 5" across, a Frag Mine its 3" Small Blast, the rest are points', () => {
    expect(markerRadius('large-blast')).toBe(2.5);
    expect(markerRadius('frag-mine')).toBe(1.5);
    for (const k of ['loot-casket', 'smoke-marker', 'golden-casket', 'marker'] as const)
      expect(markerRadius(k)).toBeUndefined();
  });
});

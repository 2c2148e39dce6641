// The human status: a long game's scattered marker shows how far it went and its last scatters, not every one
// (`--json` keeps them all), so `status` on round 300 reads as it does on round 40.
import { describe, expect, it } from 'vitest';
import { cli, cliJson, longGame } from '../helpers.js';

const flat = (s: string) => s.replace(/\s+/g, ' ');

describe("a scattered marker's path in the status text", () => {
  it('up to 6 scatters: every one, in order', async () => {
    const dir = longGame(36); // this seed's Pillar of Flame is placed in round 33 and scatters each round after
    const pillar = (await cliJson(dir, 'status', '--json')).inPlay.find((p: any) => p.eventId === 'pillar-of-flame');
    expect(pillar.scatters.length).toBeGreaterThan(1);
    expect(pillar.scatters.length).toBeLessThanOrEqual(6);
    const steps = pillar.scatters.map((x: any) => `${x.distance}" toward ${x.direction}`);
    const path = `${steps.slice(0, -1).join(', ')}, then ${steps.at(-1)} o'clock`;
    expect(flat(await cli(dir, 'status'))).toContain(`(scattered ${path})`);
  });

  it('more: how many since when, and the last 3; --json keeps every one', async () => {
    const dir = longGame(300);
    const pillar = (await cliJson(dir, 'status', '--json')).inPlay.find((p: any) => p.eventId === 'pillar-of-flame');
    expect(pillar.scatters.length).toBeGreaterThan(200);
    const last = pillar.scatters.slice(-3).map((x: any) => `${x.distance}" toward ${x.direction}`);
    const text = flat(await cli(dir, 'status'));
    expect(text).toContain(
      `(scattered ${pillar.scatters.length} times since round ${pillar.scatters[0].round}, each from where the last left it; the last: ${last[0]}, ${last[1]}, then ${last[2]} o'clock)`,
    );
    expect(text.length).toBeLessThan(3000); // every scatter would add about 14 characters: over 3,700
  });
});

// Command layer: what a GM types at the table. Forgiving where the meaning is clear (case, a hazard's name,
// repeated flags), strict where a guess would change the game (a typo of a gang, a fighter of another gang).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/dice/rng.js';
import { runCli, tempDir, expandSession } from '../helpers.js';

/** Command output, or a session file with its log as objects (expandSession). */
const json = (s: string): any => expandSession(JSON.parse(s));
const FILE = 'badzone-session.json';
const bytes = (dir: string): string => fs.readFileSync(path.join(dir, FILE), 'utf8');

async function game(...extra: string[]): Promise<string> {
  const dir = tempDir();
  const r = await runCli(
    [
      'new',
      '--seed',
      '7',
      '--gang',
      'Goliaths: Krag, Brute',
      '--gang',
      'Eschers: Vex, Nyx',
      '--reserve',
      'eschers: Lyra',
      ...extra,
    ],
    { cwd: dir },
  );
  expect(r.code, r.stderr).toBe(0);
  return dir;
}

async function gangs(dir: string): Promise<any[]> {
  return json((await runCli(['status', '--json'], { cwd: dir })).stdout).gangs;
}

describe('badzone fighter', () => {
  it('matches names ignoring case, and --reserve joins the --gang of the same name ignoring case', async () => {
    const dir = await game();
    expect(await gangs(dir)).toEqual([
      { name: 'Goliaths', battlefield: ['Krag', 'Brute'], reserve: [], out: [] },
      { name: 'Eschers', battlefield: ['Vex', 'Nyx'], reserve: ['Lyra'], out: [] },
    ]);
    const r = await runCli(['fighter', 'lyra', 'battlefield', '--json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(json(r.stdout)).toMatchObject({ name: 'Lyra', gang: 'Eschers', from: 'reserve', to: 'battlefield' });
    expect((await gangs(dir))[1]).toEqual({
      name: 'Eschers',
      battlefield: ['Vex', 'Nyx', 'Lyra'],
      reserve: [],
      out: [],
    });
  });

  it('refuses a typo of a gang (exit 2, with the gang meant), and changes nothing', async () => {
    const dir = await game();
    const before = bytes(dir);
    const r = await runCli(['fighter', 'Zed', 'reserve', '--gang', 'Goliath'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('No gang is called Goliath. Did you mean Goliaths?');
    expect(bytes(dir)).toBe(before);
  });

  it('refuses --gang naming the wrong gang for a fighter on another roster', async () => {
    const dir = await game();
    const before = bytes(dir);
    const r = await runCli(['fighter', 'Vex', 'out', '--gang', 'Goliaths'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Vex is a fighter of Eschers, not Goliaths');
    expect(bytes(dir)).toBe(before);
  });

  it('refuses a move to where the fighter already is (exit 1), and changes nothing', async () => {
    const dir = await game();
    const before = bytes(dir);
    const r = await runCli(['fighter', 'Krag', 'battlefield'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Krag (Goliaths) is already on the battlefield; nothing changed.');
    expect(bytes(dir)).toBe(before);
  });

  it('adds a new fighter to a gang, and a new gang when no gang is called anything like it', async () => {
    const dir = await game();
    expect((await runCli(['fighter', 'Zed', 'reserve', '--gang', 'Goliaths'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['fighter', 'Ash', 'battlefield', '--gang', 'Van Saar'], { cwd: dir })).code).toBe(0);
    const g = await gangs(dir);
    expect(g[0]).toEqual({ name: 'Goliaths', battlefield: ['Krag', 'Brute'], reserve: ['Zed'], out: [] });
    expect(g[2]).toEqual({ name: 'Van Saar', battlefield: ['Ash'], reserve: [], out: [] });
  });

  it('a name no gang has gets a suggestion', async () => {
    const dir = await game();
    const r = await runCli(['fighter', 'Krog', 'out'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('No gang has a fighter called Krog. Did you mean Krag?');
  });
});

describe('repeated flags and names for values', () => {
  it('--dice given twice adds up, in order', async () => {
    const dir = tempDir();
    expect((await runCli(['new', '--seed', '7'], { cwd: dir })).code).toBe(0);
    // D64 7 (Horde of Rats), then its D2 = 2 and its spawn point D4 = 3.
    const r = await runCli(['round', '--dice', '7', '--dice', '2,3', '--json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    const rolls = json(r.stdout).eventPhase.resolved[0].rolls;
    expect(rolls.map((x: any) => [x.die, x.value, x.entered])).toEqual([
      [2, 2, true],
      [4, 3, true],
    ]);
    expect(json(r.stdout).eventPhase.draws).toEqual([{ roll: 7, eventId: 'horde-of-rats', outcome: 'placed' }]);
  });

  it('--hazard takes a hazard id or name as well as its roll', async () => {
    for (const [value, id] of [
      ['bog', 'bog'],
      ['Low Visibility', 'low-visibility'],
      ['4', 'security-turrets'],
    ] as const) {
      const dir = tempDir();
      const r = await runCli(['new', '--seed', '1', '--hazard', value, '--json'], { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
      expect(json(r.stdout).hazard.id).toBe(id);
    }
    const bad = await runCli(['new', '--hazard', 'swamp'], { cwd: tempDir() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--hazard takes roll, a D10 result (1-10), a hazard id');
  });
});

describe('badzone table lint on each kind of table', () => {
  it('tells a hazard table from an event table, and checks it as one', async () => {
    const dir = tempDir();
    const src = JSON.parse(fs.readFileSync(path.join(__dirname, '../../data/hazards.json'), 'utf8'));
    fs.writeFileSync(path.join(dir, 'h.json'), JSON.stringify(src));
    const ok = await runCli(['table', 'lint', 'h.json', '--json'], { cwd: dir });
    expect(ok.code, ok.stderr).toBe(0);
    expect(json(ok.stdout)).toEqual({
      kind: 'table-lint',
      schema: 3,
      file: 'h.json',
      valid: true,
      tableKind: 'hazards',
      events: null,
      problem: null,
      heaviest: null,
    });
    src.hazards.pop();
    fs.writeFileSync(path.join(dir, 'h.json'), JSON.stringify(src));
    const bad = await runCli(['table', 'lint', 'h.json'], { cwd: dir });
    expect(bad.code).toBe(4);
    expect(bad.stdout).toContain('hazards: no row for a roll of 9');
  });
});

describe('badzone roll text', () => {
  it('--times with --scatter shows each distance with its direction; a constant shows no dice', async () => {
    const rng = new Rng({ seed: 1, uses: 0 });
    const expected = [0, 1, 2].map(() => {
      const d = rng.die(6) + 6;
      return `${d}"@${rng.die(12)}`;
    });
    const r = await runCli(['roll', 'D6+6', '--times', '3', '--scatter', '--seed', '1'], {});
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(expected.join(' '));
    const c = await runCli(['roll', '6'], {});
    expect(c.stdout).toBe('6: 6\n');
  });
});

describe('badzone verify names the first difference', () => {
  it('an event removed from play: the entry that is missing, not two cut-off lists', async () => {
    const dir = tempDir();
    expect((await runCli(['new', '--seed', '7'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['round', '--dice', '4'], { cwd: dir })).code).toBe(0); // Critters Attack
    expect((await runCli(['round', '--end-dice', '1', '--dice', '47'], { cwd: dir })).code).toBe(0); // kept (1 < 3); Cold Snap
    const s = json(bytes(dir));
    s.inPlay.splice(1, 1);
    fs.writeFileSync(path.join(dir, FILE), JSON.stringify(s));
    const r = await runCli(['verify', '--json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(json(r.stdout).problem).toBe(
      'inPlay in the file ([1] = nothing) does not follow from the log (replay gives [1] = {"eventId":"cold-snap","sinceRound":2,"roll":47})',
    );
  });
});

describe('help texts', () => {
  it('fit 80 columns', async () => {
    for (const args of [
      ['--help'],
      ['new', '--help'],
      ['round', '--help'],
      ['simulate', '--help'],
      ['fighter', '--help'],
    ]) {
      const r = await runCli(args, {});
      expect(r.code).toBe(0);
      for (const line of r.stdout.split('\n'))
        expect(line.length, `${args.join(' ')}: ${line}`).toBeLessThanOrEqual(80);
    }
  });
});

describe('physical dice at the table', () => {
  it('a pick among five tiles asks for a D5; a 6 is refused with how to roll a D5, and nothing is saved', async () => {
    const dir = tempDir();
    expect((await runCli(['new', '--seed', '7', '--grid', '1x5'], { cwd: dir })).code).toBe(0);
    const before = bytes(dir);
    const r = await runCli(['round', '--dice', '49,6'], { cwd: dir }); // Pillar of Flame, then its tile: a D5
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'die 2 you entered (6) is not a D5 result (no D5? roll a D6 and roll again on 6 or more); it is for: Pillar of Flame: tile (of A1 A2 A3 A4 A5)',
    );
    expect(bytes(dir)).toBe(before);
  });

  it('--occupied may name a tile that has already collapsed', async () => {
    const dir = tempDir();
    expect((await runCli(['new', '--seed', '7', '--grid', '1x2'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['round', '--dice', '57', '--occupied', 'A1'], { cwd: dir })).code).toBe(0); // A2 collapses
    const r = await runCli(['round', '--dice', '57', '--occupied', 'A1,A2', '--json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(json(r.stdout).eventPhase.resolved[0].outcomes[0].text).toBe(
      'No tile picked: every tile left holds player models.',
    );
  });

  it('Reinforcements with every reserve empty says nobody arrives', async () => {
    const dir = tempDir();
    expect((await runCli(['new', '--seed', '7', '--gang', 'A: x, y', '--gang', 'B: z'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['round', '--dice', '16'], { cwd: dir })).code).toBe(0);
    const e = await runCli(['end', '--json'], { cwd: dir });
    expect(json(e.stdout).triggers[0].outcomes[0].text).toBe('No gang has a fighter in reserve: nobody is picked.');
  });
});

describe('a Nomadic hazard roll with a turf owner', () => {
  it('says there is no Hazard this game and what Nomadic means for that crew', async () => {
    const r = await runCli(['new', '--seed', '1', '--hazard', '10', '--turf-owner', 'Goliaths', '--json'], {
      cwd: tempDir(),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(json(r.stdout).hazard).toMatchObject({
      roll: 10,
      nomadic: true,
      id: null,
      effect:
        'No Hazard this game: Goliaths rolled Nomadic (no Home Turf Hazard or Facility; Rating Limit 300 instead of 250).',
    });
  });
});

describe('the new event card', () => {
  it("shows the rules text and badzone's own picks; the GM's instruction is in `events show`, not repeated on the card", async () => {
    const dir = tempDir();
    expect((await runCli(['new', '--seed', '7'], { cwd: dir })).code).toBe(0);
    const critters = await runCli(['round', '--dice', '5'], { cwd: dir, columns: 200 });
    expect(critters.stdout).toContain('Each fighter must pass a Strength check');
    expect(critters.stdout).not.toContain('At the table:');
    const pillar = await runCli(['round', '--end-dice', '3', '--dice', '49,1'], { cwd: dir });
    expect(pillar.stdout).toMatch(/NEW EVENT {2}Pillar of Flame {2}\(D64 49\) {2}Persistent, no discard roll/);
    expect(pillar.stdout).toMatch(/\| > Tile [AB][12]: Large Blast/);
    expect(pillar.stdout).not.toContain('At the table:');
    expect((await runCli(['events', 'show', 'pillar-of-flame'], { cwd: dir })).stdout).toMatch(
      /At the table:\s+Any model touched by the Large Blast/,
    );
  });

  it('Headhunters acts in the End Phase, not "every Event Phase"', async () => {
    const dir = tempDir();
    expect((await runCli(['new', '--seed', '7'], { cwd: dir })).code).toBe(0);
    const r = await runCli(['round', '--dice', '39', '--json'], { cwd: dir });
    const card = JSON.parse(r.stdout).newEvent;
    expect({
      name: card.name,
      actsEachEventPhase: card.actsEachEventPhase,
      actsInEndPhase: card.actsInEndPhase,
    }).toEqual({ name: 'Headhunters', actsEachEventPhase: false, actsInEndPhase: true });
    const text = await runCli(['status', '--full'], { cwd: dir });
    expect(text.stdout).not.toMatch(/every Event Phase/);
    // --full as JSON: the rules of the events in play and the clarifications (checked against the schema too).
    const full = JSON.parse((await runCli(['status', '--full', '--json'], { cwd: dir })).stdout);
    expect(full.rules.map((r: { eventId: string }) => r.eventId)).toEqual(['headhunters']);
    expect(full.clarifications.map((c: { id: string }) => c.id)).toContain('roaming-horrors');
    const plain = JSON.parse((await runCli(['status', '--json'], { cwd: dir })).stdout);
    expect('rules' in plain || 'clarifications' in plain).toBe(false);
  });

  it("the round card's list of events in play shows Treasure's tile and worth", async () => {
    const dir = tempDir();
    expect((await runCli(['new', '--seed', '7'], { cwd: dir })).code).toBe(0);
    const placed = JSON.parse((await runCli(['place', 'treasure', '--json'], { cwd: dir })).stdout);
    const { tile, worth } = placed.inPlay[0];
    const r = await runCli(['round', '--dice', '5'], { cwd: dir });
    expect(r.stdout).toMatch(
      new RegExp(`^ {2}Treasure 2\\+, on ${tile}, worth ${worth.value}: golden Loot Casket`, 'm'),
    );
    expect(r.stdout).not.toMatch(/object Object/);
  });

  it('a pick that found nothing is never followed by "remove the chosen tile"', async () => {
    const dir = tempDir();
    expect((await runCli(['new', '--seed', '7', '--tiles', '1'], { cwd: dir })).code).toBe(0);
    // Collapsed Section takes the only tile; a second one finds none.
    expect((await runCli(['round', '--dice', '57', '--occupied', ''], { cwd: dir })).code).toBe(0);
    const again = await runCli(['round', '--dice', '57'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/No tile picked: no tiles are left/);
    expect(again.stdout).not.toMatch(/Remove the chosen tile/);
  });
});

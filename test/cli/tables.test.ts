// Command layer, table side: roll, events list/show, hazard roll/list/show, table lint (no session needed).
// Expected dice are computed independently from a fresh seeded Rng; expected table rows are written out here.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/dice/rng.js';
import { ROOT, runCli, tempDir } from '../helpers.js';

const json = (s: string): any => JSON.parse(s);

describe('badzone roll', () => {
  it('rolls D6+6 with a pinned seed: total = die + 6', async () => {
    const r = await runCli(['roll', 'D6+6', '--seed', '5', '--json']);
    expect(r.code).toBe(0);
    const d = json(r.stdout);
    const die = new Rng({ seed: 5, uses: 0 }).die(6);
    expect(d).toMatchObject({
      expression: expect.any(String),
      seed: '5',
      generator: 'mt19937',
      times: 1,
      scatter: false,
    });
    expect(d.results).toEqual([{ total: die + 6, dice: [die] }]);
  });

  it('2D6x10 and 2D6*10 multiply the sum of two dice', async () => {
    for (const expr of ['2D6x10', '2d6*10', '2D6×10']) {
      const r = await runCli(['roll', expr, '--seed', '11', '--json']);
      expect(r.code).toBe(0);
      const rng = new Rng({ seed: 11, uses: 0 });
      const a = rng.die(6);
      const b = rng.die(6);
      expect(json(r.stdout).results).toEqual([{ total: (a + b) * 10, dice: [a, b] }]);
    }
  });

  it('--times N continues one stream; --scatter adds a D12 clock direction after the dice', async () => {
    const r = await runCli(['roll', 'D64', '--times', '5', '--seed', '-42', '--json']);
    const rng = new Rng({ seed: -42, uses: 0 });
    const expected = Array.from({ length: 5 }, () => rng.die(64));
    expect(json(r.stdout).results.map((x: { total: number }) => x.total)).toEqual(expected);

    const s = await runCli(['roll', 'D6+6', '--scatter', '--seed', '3', '--json']);
    const rng2 = new Rng({ seed: 3, uses: 0 });
    const die = rng2.die(6);
    const dir = rng2.die(12);
    expect(json(s.stdout).results).toEqual([{ total: die + 6, dice: [die], direction: dir }]);
    const t = await runCli(['roll', 'D6+6', '--scatter', '--seed', '3']);
    expect(t.code).toBe(0);
    expect(t.stdout).toContain(String(die + 6));
  });

  it('a long run prints a summary in text without overflowing the stack', async () => {
    const r = await runCli(['roll', 'D6', '--times', '300000', '--seed', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('min 1, max 6');
    expect(r.stdout).toContain('299,800 more');
  });

  it('the seed comes from the OS when none is given, and is reported', async () => {
    const r = await runCli(['roll', 'D3', '--json'], { seeds: [99] });
    const d = json(r.stdout);
    expect(d.seed).toBe('99');
    expect(d.results[0].total).toBe(new Rng({ seed: 99, uses: 0 }).die(3));
  });

  it.each([
    [['roll', 'abc']],
    [['roll', 'D6', '--times', '-1']],
    [['roll', 'D6', '--times', '0']],
    [['roll', 'D6', '--times', '1.5']],
    [['roll', 'D6', '--seed', 'a.b']],
    [['roll', 'D6', '--seed', '99999999999']],
    [['roll']],
    [['roll', 'D6', '--bogus']],
  ])('usage error %j exits 2 with a message and no trace', async (args) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/badzone: /);
    expect(r.stderr).not.toContain('    at ');
    expect(r.stdout).toBe('');
  });
});

describe('badzone events', () => {
  it('events list --json: the documented shape, 64 results covered', async () => {
    const r = await runCli(['events', 'list', '--json']);
    expect(r.code).toBe(0);
    const out = json(r.stdout);
    expect(out).toMatchObject({ kind: 'events-list', schema: 3, table: expect.any(String) });
    const list = out.events as any[];
    expect(list).toHaveLength(33);
    for (const e of list) {
      expect(typeof e.id).toBe('string');
      expect(typeof e.name).toBe('string');
      expect(e.range).toEqual([expect.any(Number), expect.any(Number)]);
      expect(e.count).toBe(e.range[1] - e.range[0] + 1);
      expect(['once', 'persistent']).toContain(e.timing);
      expect(e.discardOn === null || (Number.isInteger(e.discardOn) && e.discardOn >= 2 && e.discardOn <= 6)).toBe(
        true,
      );
      expect(typeof e.effect).toBe('string');
      expect(e.effect.length).toBeGreaterThan(10);
    }
    expect(list.reduce((n, e) => n + e.count, 0)).toBe(64);
    expect(list[0]).toMatchObject({
      id: 'power-outage',
      name: 'Power Outage',
      range: [1, 3],
      count: 3,
      timing: 'once',
      discardOn: null,
    });
    expect(list.find((e) => e.id === 'cold-snap')).toMatchObject({
      range: [47, 48],
      timing: 'persistent',
      discardOn: 4,
    });
    expect(list[32]).toMatchObject({ id: 'sludge-jelly', range: [64, 64], timing: 'persistent', discardOn: null });
  });

  it('events list (text) shows a table with names and ranges', async () => {
    const r = await runCli(['events', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Power Outage');
    expect(r.stdout).toContain('Sludge Jelly');
    expect(r.stdout).not.toContain('\x1b');
    // wrapped to 80 columns when not a terminal
    for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it('events show 37 shows Collapsed Structure; by id, by name, by number', async () => {
    const r = await runCli(['events', 'show', '37']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Collapsed Structure');
    expect(r.stdout).toContain('37-38');
    for (const q of ['38', 'collapsed-structure', 'Collapsed Structure', 'collapsed structure']) {
      const j = await runCli(['events', 'show', q, '--json']);
      expect(j.code).toBe(0);
      expect(json(j.stdout)).toMatchObject({
        kind: 'events-show',
        schema: 3,
        event: { id: 'collapsed-structure', name: 'Collapsed Structure', range: [37, 38], timing: 'once' },
      });
    }
    const p = await runCli(['events', 'show', '50', '--json']);
    expect(json(p.stdout).event).toMatchObject({ id: 'pillar-of-flame', timing: 'persistent', discardOn: null });
  });

  it('events show with an unknown event exits 2, with a suggestion for a typo', async () => {
    for (const q of ['0', '65', 'nothing-like-it']) {
      const r = await runCli(['events', 'show', q]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('badzone events list');
    }
    const typo = await runCli(['events', 'show', 'colld-snap']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Did you mean: cold-snap');
    const part = await runCli(['events', 'show', 'rats']);
    expect(part.code).toBe(2);
    expect(part.stderr).toContain('Did you mean: horde-of-rats, rats-awaken?');
  });

  it('events show with a fragment only one event has shows that event; discard still wants the exact one', async () => {
    const one = await runCli(['events', 'show', 'haunting', '--json']);
    expect(one.code).toBe(0);
    expect(json(one.stdout).event.id).toBe('haunting-whispers');
    expect(json((await runCli(['events', 'show', 'GAS', '--json'])).stdout).event.id).toBe('gas-spill');
    const dir = tempDir();
    expect((await runCli(['new', '--seed', '3'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['place', 'haunting-whispers'], { cwd: dir })).code).toBe(0);
    const discard = await runCli(['discard', 'haunting'], { cwd: dir });
    expect(discard.code).toBe(2);
    expect(discard.stderr).toContain('Did you mean: haunting-whispers?');
  });
});

describe('badzone hazard', () => {
  it('hazard roll --roll 10: Nomadic, no hazard this game', async () => {
    const r = await runCli(['hazard', 'roll', '--roll', '10', '--json']);
    expect(r.code).toBe(0);
    // The same Nomadic hazard object as `new` and `status` give (issue 11), not null.
    expect(json(r.stdout)).toMatchObject({
      kind: 'hazard-roll',
      schema: 3,
      roll: 10,
      nomadic: true,
      hazard: {
        roll: 10,
        nomadic: true,
        id: null,
        name: 'Nomadic',
        ploy: null,
        ployAtRoundStart: false,
        turfOwner: null,
      },
    });
    const t = await runCli(['hazard', 'roll', '--roll', '10']);
    expect(t.stdout).toContain('Nomadic');
    expect(t.stdout).toMatch(/no hazard this game/i);
  });

  it('hazard roll --roll 10 --home-turf: a Nomadic crew, Rating Limit 300', async () => {
    const r = await runCli(['hazard', 'roll', '--roll', '10', '--home-turf', '--json']);
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toMatchObject({
      roll: 10,
      nomadic: true,
      hazard: { nomadic: true, id: null },
      ratingLimit: 300,
    });
    const t = await runCli(['hazard', 'roll', '--roll', '10', '--home-turf']);
    expect(t.stdout).toContain('Nomadic');
    expect(t.stdout).toContain('300');
  });

  it('hazard roll --roll 4: the hazard with its Home Turf Ploy, in the documented shape', async () => {
    const r = await runCli(['hazard', 'roll', '--roll', '4', '--json']);
    const d = json(r.stdout);
    expect(d).toMatchObject({ roll: 4, nomadic: false });
    expect(d.hazard).toMatchObject({
      roll: 4,
      nomadic: false,
      id: 'security-turrets',
      name: 'Security Turrets',
      effect: expect.any(String),
      ployAtRoundStart: true,
      turfOwner: null,
    });
    expect(d.hazard.ploy).toMatchObject({
      name: 'Verification',
      when: 'at the start of any Round',
      text: expect.any(String),
    });
    const t = await runCli(['hazard', 'roll', '--roll', '4']);
    expect(t.stdout).toContain('Security Turrets');
    expect(t.stdout).toContain('Verification');
  });

  it('hazard roll in a folder with a game: the way to use the roll is new --force, which works', async () => {
    const dir = tempDir();
    expect((await runCli(['new', '--seed', '3', '--hazard', 'none'], { cwd: dir })).code).toBe(0);
    const elsewhere = json((await runCli(['hazard', 'roll', '--roll', '4', '--json'], { cwd: tempDir() })).stdout);
    expect(elsewhere.meaning).toMatch(/set the game up with `badzone new --hazard 4`/);
    const here = json((await runCli(['hazard', 'roll', '--roll', '4', '--json'], { cwd: dir })).stdout);
    expect(here.meaning).toMatch(
      /A game is already set up here: `badzone new --hazard 4 --force` starts it again with this Hazard/,
    );
    expect((await runCli(['new', '--hazard', '4'], { cwd: dir })).code).toBe(1);
    expect((await runCli(['new', '--hazard', '4', '--force'], { cwd: dir })).code).toBe(0);
    expect(json((await runCli(['status', '--json'], { cwd: dir })).stdout).hazard).toMatchObject({
      id: 'security-turrets',
    });
  });

  it('hazard roll --seed N rolls a pinned D10', async () => {
    for (const seed of [1, 2, 3, 4, 5, -7]) {
      const r = await runCli(['hazard', 'roll', '--seed', String(seed), '--json']);
      const roll = new Rng({ seed, uses: 0 }).die(10);
      const d = json(r.stdout);
      expect(d.roll).toBe(roll);
      expect(d.nomadic).toBe(roll === 10);
      expect(d.hazard === null).toBe(roll === 10);
    }
  });

  it('hazard roll --crew (repeatable): a Home Turf for each crew, named, in order, from one seed', async () => {
    const args = ['hazard', 'roll', '--crew', 'Iron Lords', '--crew', 'Eschers', '--crew', 'Orlocks', '--seed', '3'];
    const r = await runCli([...args, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const d = json(r.stdout);
    const rng = new Rng({ seed: 3, uses: 0 });
    const rolls = [rng.die(10), rng.die(10), rng.die(10)];
    expect(rolls).toEqual([7, 9, 8]);
    expect(d).toMatchObject({ kind: 'hazard-rolls', schema: 3, seed: '3', generator: 'mt19937' });
    expect(d.rolls.map((x: { crew: string; roll: number }) => [x.crew, x.roll])).toEqual([
      ['Iron Lords', 7],
      ['Eschers', 9],
      ['Orlocks', 8],
    ]);
    expect(d.rolls[0]).toMatchObject({
      nomadic: false,
      hazard: { id: 'city-ruins', ploy: { name: 'Dead Drop' } },
      meaning: 'The Home Turf Hazard of Iron Lords is City Ruins; its Home Turf Ploy is Dead Drop.',
      ratingLimit: null,
    });
    // The first crew's roll is the one a plain roll with that seed gives; without --crew the output is as before.
    const one = json((await runCli(['hazard', 'roll', '--seed', '3', '--json'])).stdout);
    expect(one).toMatchObject({ kind: 'hazard-roll', roll: 7, homeTurf: false });
    expect(Object.keys(one)).toEqual([
      'kind',
      'schema',
      'roll',
      'seed',
      'generator',
      'nomadic',
      'homeTurf',
      'hazard',
      'meaning',
      'ratingLimit',
    ]);
    const t = (await runCli(args)).stdout;
    expect(t).toMatch(
      /^Hazard Table: Home Turf of 3 crews \(seed 3\)\n\nIron Lords: D10 7 City Ruins\n {2}The Home Turf/,
    );
    expect(t).toMatch(/\nEschers: D10 9 Harrowed\n/);
    expect(t).toMatch(/\nOrlocks: D10 8 Unstable Fuel\n/);
    // A Nomadic crew: its Rating Limit.
    let seed = 0;
    while (new Rng({ seed, uses: 0 }).die(10) !== 10) seed++;
    const nomad = json((await runCli(['hazard', 'roll', '--crew', 'Cawdor', '--seed', String(seed), '--json'])).stdout);
    expect(nomad.rolls[0]).toMatchObject({
      crew: 'Cawdor',
      roll: 10,
      nomadic: true,
      ratingLimit: 300,
      meaning: expect.stringMatching(
        /^Cawdor is a Nomadic crew: no Home Turf Hazard or Facility, but its Rating Limit is 300/,
      ),
    });
  });

  it('hazard roll --crew checks each name as a gang name is checked, and shows it escaped', async () => {
    const refused = async (args: string[], text: RegExp) => {
      const r = await runCli(['hazard', 'roll', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(text);
      expect(r.stdout).toBe('');
    };
    await refused(['--crew', 'Red\nOK'], /The crew name "Red\\x0aOK" contains a line break \(\\x0a\)/);
    await refused(['--crew', ''], /The crew name is empty/);
    await refused(['--crew', 'x'.repeat(201)], /a name may have at most 200 characters \(limit: name length\)/);
    await refused(['--crew', 'Eschers', '--crew', 'eschers'], /The crew eschers is named twice/);
    await refused(
      Array.from({ length: 51 }, (_, i) => ['--crew', `Crew ${i}`]).flat(),
      /51 crews were named; one roll may be for at most 50 crews \(limit: crews\)/,
    );
    await refused(['--crew', 'Eschers', '--roll', '4'], /with --crew badzone rolls for each crew/);
    // A bidi override is stored as typed (JSON) and shown escaped (text).
    const name = 'Red\u202eSdrol';
    const j = json((await runCli(['hazard', 'roll', '--crew', name, '--seed', '2', '--json'])).stdout);
    expect(j.rolls[0].crew).toBe(name);
    const t = (await runCli(['hazard', 'roll', '--crew', name, '--seed', '2'])).stdout;
    expect(t).toContain('Red\\u202eSdrol: D10');
    expect(t).not.toContain('\u202e');
    // The help shows it.
    expect((await runCli(['hazard', 'roll', '--help'])).stdout).toContain(
      "badzone hazard roll --crew 'Iron Lords' --crew Eschers",
    );
  });

  it('hazard roll refuses bad values with exit 2', async () => {
    for (const v of ['0', '11', 'x']) expect((await runCli(['hazard', 'roll', '--roll', v])).code).toBe(2);
    expect((await runCli(['hazard', 'roll', '--seed', 'a.b'])).code).toBe(2);
  });

  it('hazard list and hazard show', async () => {
    const l = await runCli(['hazard', 'list', '--json']);
    expect(l.code).toBe(0);
    const t = json(l.stdout);
    expect(t.hazards.map((h: { roll: number }) => h.roll)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(t.nomadic).toMatchObject({ roll: 10, ratingLimit: 300 });
    const lt = await runCli(['hazard', 'list']);
    expect(lt.stdout).toContain('Minefield');
    expect(lt.stdout).toContain('Nomadic');

    expect(json((await runCli(['hazard', 'show', '2', '--json'])).stdout)).toMatchObject({
      roll: 2,
      nomadic: false,
      hazard: { id: 'minefield', ploy: { name: 'Defuse' } },
    });
    expect(json((await runCli(['hazard', 'show', 'low-visibility', '--json'])).stdout)).toMatchObject({
      roll: 5,
      hazard: { name: 'Low Visibility' },
    });
    expect(json((await runCli(['hazard', 'show', '10', '--json'])).stdout)).toMatchObject({
      kind: 'hazard-show',
      roll: 10,
      nomadic: true,
      hazard: { nomadic: true, name: 'Nomadic' },
      nomadicRule: { ratingLimit: 300 },
    });
    const bad = await runCli(['hazard', 'show', '11']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('1 to 10');
  });
});

describe('badzone table lint', () => {
  const shipped = fs.readFileSync(path.join(ROOT, 'data', 'badzone-events.json'), 'utf8');

  it('a copy of the shipped table is valid (exit 0)', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'mine.json'), shipped);
    const r = await runCli(['table', 'lint', 'mine.json', '--json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toMatchObject({
      kind: 'table-lint',
      schema: 3,
      valid: true,
      tableKind: 'events',
      events: 33,
      problem: null,
    });
    const v = await runCli(['table', 'lint', path.join(ROOT, 'data', 'visibility.json')], { cwd: dir });
    expect(v.code).toBe(0);
  });

  it('an overlapping range is refused (exit 4) naming the entry and field', async () => {
    const dir = tempDir();
    const t = JSON.parse(shipped);
    t.results[11].range = [30, 33]; // gunk-downpour 31-32 -> 30-33 overlaps toxic-downpour and static-storm
    t.results[11].count = 4;
    fs.writeFileSync(path.join(dir, 'bad.json'), JSON.stringify(t));
    const r = await runCli(['table', 'lint', 'bad.json', '--json'], { cwd: dir });
    expect(r.code).toBe(4);
    const d = json(r.stdout);
    expect(d.valid).toBe(false);
    expect(d.problem).toMatch(/results\[\d+\]\.range/);
    const txt = await runCli(['table', 'lint', 'bad.json'], { cwd: dir });
    expect(txt.code).toBe(4);
    expect(txt.stdout + txt.stderr).toMatch(/overlap/i);
  });

  it('not JSON, or missing: exit 4, never a trace', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'x.json'), '{ nope');
    for (const f of ['x.json', 'missing.json']) {
      const r = await runCli(['table', 'lint', f], { cwd: dir });
      expect(r.code).toBe(4);
      expect(r.stderr + r.stdout).not.toContain('    at ');
    }
  });
});

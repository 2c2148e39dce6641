// What to apply in an Event Phase ("apply the effects of all Persistent events currently in play, starting with the
// oldest"): `round --json`'s `applyNow`, the round card's "Apply now" lines, and the players' view's list.
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playersView } from '../../src/api/players-view.js';
import { renderMain } from '../../src/render/page.js';
import { load } from '../../src/store/session.js';
import { shippedBook } from '../../src/store/tables.js';
import { cliJson, runCli, tempDir } from '../helpers.js';

const GANGS = ['--gang', 'Goliaths: Krag, Brute', '--gang', 'Eschers: Vex, Nyx'];

describe('what to apply in an Event Phase', () => {
  it('Toxic Downpour in play since round 1 is on round 2\u2019s list with its text, before the new Horde of Rats', async () => {
    const dir = tempDir();
    await cliJson(dir, 'new', '--seed', '1', ...GANGS);
    await cliJson(dir, 'round', '--dice', '29'); // Toxic Downpour
    await cliJson(dir, 'end', '--dice', '1'); // its discard roll: 1, it stays
    const r = await cliJson(dir, 'round', '--dice', '7'); // Horde of Rats
    expect(r.applyNow.map((x: any) => [x.type, x.eventId, x.fresh, x.inForce, x.discardOn, x.sinceRound])).toEqual([
      ['event', 'toxic-downpour', false, false, 2, 1],
      ['event', 'horde-of-rats', true, false, null, 2],
    ]);
    expect(r.applyNow[0]).toMatchObject({
      text: 'each fighter not under cover: test as if hit by Rad-phage',
      outcomes: [],
    });
    const spawn = r.eventPhase.resolved.find((x: any) => x.eventId === 'horde-of-rats').outcomes;
    expect(spawn).toHaveLength(1);
    expect(r.applyNow[1].outcomes).toEqual(spawn);
    const text = (await runCli(['status'], { cwd: dir })).stdout;
    expect(text).not.toMatch(/Apply now/); // only the round's card carries it
    const card = (await runCli(['undo'], { cwd: dir })) && (await runCli(['round', '--dice', '7'], { cwd: dir }));
    expect(card.stdout).toMatch(
      /^Apply now \(oldest first; discard roll\):\n {2}Toxic Downpour 2\+: each fighter not under cover: test as if hit by Rad-phage\n {2}Horde of Rats, NEW: see the new event above\n/m,
    );
  });

  it('standing conditions are still in force; Treasure\u2019s casket and earlier Psykers stay on the list after it', async () => {
    const dir = tempDir();
    await cliJson(dir, 'new', '--seed', '1', ...GANGS);
    for (const e of ['static-storm', 'treasure', 'wyld-magic']) await cliJson(dir, 'place', e);
    await cliJson(dir, 'round', '--dice', '25'); // Dome Quake (Once): Wyld Magic picks Krag and Nyx
    await cliJson(dir, 'end', '--dice', '1,6,1'); // Static Storm and Wyld Magic stay; Treasure is discarded
    const r = await cliJson(dir, 'round', '--dice', '25');
    const casket = r.battlefield.objects[0];
    expect(r.applyNow).toEqual([
      expect.objectContaining({ type: 'event', eventId: 'static-storm', inForce: true, discardOn: 4, outcomes: [] }),
      expect.objectContaining({ type: 'event', eventId: 'wyld-magic', inForce: false, fresh: false }),
      {
        type: 'object',
        eventId: 'treasure',
        name: 'Treasure',
        sinceRound: 0,
        fresh: false,
        inForce: false,
        discardOn: null,
        text: 'golden Loot Casket',
        outcomes: [],
        tile: casket.tile,
        worth: casket.worth,
      },
      {
        type: 'condition',
        eventId: 'wyld-magic',
        name: 'Wyld Magic',
        sinceRound: 1,
        fresh: false,
        inForce: false,
        discardOn: null,
        text: 'Psyker',
        outcomes: [],
        fighters: [
          { gang: 'Goliaths', fighter: 'Krag' },
          { gang: 'Eschers', fighter: 'Nyx' },
        ],
      },
    ]);
    expect(r.applyNow[1].outcomes[0].kind).toBe('pickFighter');
    // The players' view has the same list, and its page draws it.
    const file = path.join(dir, 'badzone-session.json');
    const { state, book } = load(file);
    const v = playersView(file, state, book);
    expect(v.applyNow).toEqual(r.applyNow);
    const main = renderMain(v, { mode: 'live' });
    const apply = main.slice(main.indexOf('<section class="apply-s"'), main.indexOf('<section class="inplay-s"'));
    expect(apply).toContain('<h2 id="apply-h">Apply now <span class="hint">round 2, oldest first</span></h2>');
    expect(apply).toMatch(
      /<li><span class="name"><bdi>Static Storm<\/bdi><\/span> <span class="badge persistent">still in force<\/span><p>Las, Plasma: Unstable, Shock; vehicles stall<\/p><\/li>/,
    );
    expect(apply).toContain(
      `<li><span class="name"><bdi>Treasure</bdi>\u2019s <bdi>golden Loot Casket</bdi></span> stays on tile <bdi>${casket.tile}</bdi>, worth ${casket.worth.value} credits</li>`,
    );
    expect(apply).toContain(
      '<li><span class="name"><bdi>Wyld Magic</bdi>\u2019s <bdi>Psyker</bdi>s</span>: <bdi>Krag</bdi> (<bdi>Goliaths</bdi>), <bdi>Nyx</bdi> (<bdi>Eschers</bdi>)</li>',
    );
    // After the End Phase, the list (of an Event Phase now past) leaves the page.
    await cliJson(dir, 'end');
    const after = load(file);
    expect(renderMain(playersView(file, after.state, after.book), { mode: 'live' })).not.toContain('apply-s');
  });

  it('every persistent event of the shipped table has a short text that keeps its line within 80 columns', async () => {
    const book = shippedBook();
    const persistent = book.events.results.filter((e) => e.timing === 'persistent');
    expect(persistent.filter((e) => !e.short).map((e) => e.id)).toEqual([]);
    expect(persistent.filter((e) => e.standing).map((e) => e.id)).toEqual([
      'static-storm',
      'gas-spill',
      'cold-snap',
      'sludge-jelly',
    ]);
    // All of them in play, a round later (the Pillar has scattered): each one line, none wider than 80 columns.
    const dir = tempDir();
    await cliJson(dir, 'new', '--seed', '1');
    for (const e of persistent) await cliJson(dir, 'place', e.id);
    await cliJson(dir, 'round', '--dice', '25');
    const end = await cliJson(dir, 'end', '--dice', Array(17).fill('1').join(','));
    expect(end.checks.filter((c: any) => c.discarded)).toEqual([]);
    const out = (await runCli(['round', '--dice', '25'], { cwd: dir })).stdout.split('\n');
    const block = out.slice(
      out.indexOf('Apply now (oldest first; discard roll):') + 1,
      out.findIndex((l) => l.startsWith('Visibility')),
    );
    const mine = block.filter((l) => !l.includes('> ') && /^ {2}\S/.test(l));
    const quiet = persistent.filter((e) => e.resolve.eachEventPhase.length === 0);
    expect(mine.map((l) => l.replace(/^ {2}(.+?)(?: \d\+)?(?:, .*?)?: .*$/, '$1'))).toEqual(quiet.map((e) => e.name));
    for (const l of block) expect([...l].length, l).toBeLessThanOrEqual(80);
    const i = block.findIndex((l) => l.startsWith('  Sludge Jelly'));
    expect(block[i + 1] ?? '').not.toMatch(/^ {4}/);
    expect(block.find((l) => l.startsWith('  Pillar of Flame'))).toMatch(
      /^ {2}Pillar of Flame, scattered from [A-B][12]: /,
    );
  });
});

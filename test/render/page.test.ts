// The players' view page (src/render/page.ts) and its escaping template (src/render/html.ts): what the live page
// and the static report carry, what each event in play did this round, and that no text can become markup.
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { esc, html, user } from '../../src/render/html.js';
import { renderMain, renderPage } from '../../src/render/page.js';
import { playersView } from '../../src/api/players-view.js';
import { load } from '../../src/store/session.js';
import { cliJson, runCli, tempDir } from '../helpers.js';

function view(dir: string) {
  const file = path.join(dir, 'badzone-session.json');
  const { state, book } = load(file);
  return playersView(file, state, book);
}

describe('the html template', () => {
  it('escapes every interpolated string, shows control and format characters as escapes, and isolates names', () => {
    expect(esc('<img src=x onerror="alert(1)">&\'')).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;');
    expect(esc('a\u001b[31mb\u202ec\u200bd\u3164e')).toBe('a\\x1b[31mb\\u202ec\\u200bd\\u3164e');
    expect(html`<p title="${'"><script>'}">${'<script>x</script>'}</p>`.text).toBe(
      '<p title="&quot;&gt;&lt;script&gt;">&lt;script&gt;x&lt;/script&gt;</p>',
    );
    expect(html`${['<a>', html`<b>ok</b>`, 3, null, false]}`.text).toBe('&lt;a&gt;<b>ok</b>3');
    expect(user('\u05e9\u05dc\u05d5\u05dd <x>').text).toBe('<bdi>\u05e9\u05dc\u05d5\u05dd &lt;x&gt;</bdi>');
  });
});

describe('the page', () => {
  it('live: the stylesheet and script by address, a no-script refresh; report: styles inline, no script, its own CSP', async () => {
    const dir = tempDir('badzone-page-');
    await cliJson(dir, 'new', '--seed', '2');
    await cliJson(dir, 'round');
    const v = view(dir);
    const live = renderPage(v, { mode: 'live', version: 'abc' });
    expect(live).toContain(
      '<link rel="stylesheet" href="page.css"><script src="live.js" defer></script><noscript><meta http-equiv="refresh" content="15"></noscript>',
    );
    expect(live).toContain('<main id="game" data-version="abc">');
    expect(live).not.toContain('<style>');
    const report = renderPage(v, { mode: 'report' });
    expect(report).not.toMatch(/<script|<link rel="stylesheet"|refresh/);
    expect(report).toContain(
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'\"><style>",
    );
    for (const p of [live, report]) {
      expect(p).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(p).toMatch(/<header class="top">[\s\S]*<main id="game"[\s\S]*<\/main>[\s\S]*<footer>/);
    }
  });

  it('after `end` the top of the page says what that End Phase did, in large type, until the next round', async () => {
    const dir = tempDir('badzone-page-');
    await cliJson(
      dir,
      'new',
      '--seed',
      '7',
      '--grid',
      '3x3',
      '--gang',
      'Goliaths: Krag, Brute, Grub',
      '--gang',
      'Eschers: Vex, Nyx',
      '--reserve',
      'Eschers: Lyra',
      '--hazard',
      'roll',
      '--lairs',
      '2',
      '--structures',
      '2',
    );
    for (let n = 1; n <= 3; n++) {
      await cliJson(dir, 'round');
      await cliJson(dir, 'end');
    }
    const main = renderMain(view(dir), { mode: 'live' });
    // Right after the round and phase, before the newest event's card.
    expect(main).toMatch(
      /<section class="now"[\s\S]*?<\/section>\n<section class="just-done"[^>]*><h2 id="done-h">What the End Phase of round 3 did<\/h2>/,
    );
    const done = main.slice(main.indexOf('<section class="just-done"'), main.indexOf('<section class="card'));
    expect(done).toContain('<li>2 Hive Scum with Autoguns at spawn point 4</li>');
    expect(done).toContain('<li><bdi>Headhunters</bdi>: rolled 3, needs 4+: <strong>stays in play</strong></li>');
    await cliJson(dir, 'round');
    expect(renderMain(view(dir), { mode: 'live' })).not.toContain('just-done');
  });

  it('a number keeps its sign: \u2013 and 1 are joined by a WORD JOINER where the rules text is drawn', async () => {
    const dir = tempDir('badzone-page-');
    await cliJson(dir, 'new', '--seed', '2');
    // Cold Snap (D64 47): "Blaze weapons suffer \u20131 Strength."
    expect((await cliJson(dir, 'round', '--dice', '47')).newEvent.eventId).toBe('cold-snap');
    const main = renderMain(view(dir), { mode: 'live' });
    expect(main).toContain('Blaze weapons suffer \u2013\u20601 Strength.');
    expect(main).not.toMatch(/\u2013\d/);
    expect(main).toContain(
      '<span class="label">Phase</span> <span class="value">Event Phase done, <span class="nowrap">players\u2019 turns</span></span>',
    );
  });

  it('each event in play says what it did this round; the new one\u2019s picks are on its card', async () => {
    const dir = tempDir('badzone-page-');
    await cliJson(dir, 'new', '--seed', '6');
    // Zombie Horde (D64 55) stays in play and spawns in every Event Phase.
    const first = await cliJson(dir, 'round', '--dice', '55');
    expect(first.newEvent.eventId).toBe('zombie-horde');
    await cliJson(dir, 'end');
    const r = await cliJson(dir, 'round');
    const did = r.eventPhase.resolved.find((x: any) => x.eventId === 'zombie-horde' && x.source === 'in-play');
    expect(did.outcomes.length).toBeGreaterThan(0);
    const main = renderMain(view(dir), { mode: 'live' });
    const inPlay = main.slice(main.indexOf('<section class="inplay-s"'));
    const item =
      /<li><span class="name"><bdi>Zombie Horde<\/bdi><\/span>[\s\S]*?<\/li><\/ul><\/li>/.exec(inPlay)?.[0] ?? '';
    expect(item).toContain('<p class="did">This round: </p>');
    for (const o of did.outcomes) expect(item).toContain(esc(o.text));
    // The round before, the horde was the new event: its spawn is on the card, not repeated in the list.
    await cliJson(dir, 'undo');
    const before = renderMain(view(dir), { mode: 'live' });
    expect(before).not.toContain('This round:');
    expect(before).toContain(
      '<h2 id="card-h"><span class="kicker">New this round (round 1)</span> <bdi>Zombie Horde</bdi></h2>',
    );
  });

  it('what the rules leave on the table: the casket after Treasure is discarded, Psykers, the Pillar’s path, an unconfirmed collapse', async () => {
    const dir = tempDir('badzone-page-');
    await cliJson(dir, 'new', '--seed', '5', '--gang', 'Goliaths: Krag, Brute', '--gang', 'Eschers: Vex, Nyx');
    await cliJson(dir, 'round', '--dice', '60'); // Treasure
    await cliJson(dir, 'discard', 'treasure');
    await cliJson(dir, 'round', '--dice', '41'); // Wyld Magic
    await cliJson(dir, 'end');
    await cliJson(dir, 'round', '--dice', '49'); // Pillar of Flame
    await cliJson(dir, 'end');
    await cliJson(dir, 'round');
    await cliJson(dir, 'end');
    await cliJson(dir, 'round', '--dice', '57'); // Collapsed Section, no occupied tiles given
    const st = await cliJson(dir, 'status');
    const bf = st.battlefield;
    expect(bf.objects).toHaveLength(1);
    expect(bf.conditions.length).toBeGreaterThan(0);
    expect(bf.tilePicks.some((t: any) => !t.confirmed)).toBe(true);
    const pillar = st.inPlay.find((p: any) => p.eventId === 'pillar-of-flame');
    expect(pillar.scatters.length).toBe(2);
    const main = renderMain(view(dir), { mode: 'live' });
    const o = bf.objects[0];
    expect(main).toContain(
      `<li><strong><bdi>${o.what}</bdi></strong> (left by <bdi>Treasure</bdi>, round ${o.sinceRound}): placed on tile <strong><bdi>${o.tile}</bdi></strong> (it may have been carried since); worth ${o.worth.value} ${o.worth.unit}</li>`,
    );
    for (const c of bf.conditions) {
      expect(main).toContain(`<bdi>${c.fighter}</bdi> <span class="condition">(<bdi>Psyker</bdi>)</span>`);
      expect(main).toContain(
        `<li><bdi>${c.fighter}</bdi> (<bdi>${c.gang}</bdi>) is a <bdi>Psyker</bdi>, since round ${c.sinceRound} (<bdi>Wyld Magic</bdi>, for the rest of the game)</li>`,
      );
    }
    expect(main).toContain(
      `placed at the center of tile <strong><bdi>${pillar.tile}</bdi></strong>, then scattered 2 times, each from where the last left it`,
    );
    for (const x of pillar.scatters)
      expect(main).toContain(`<li>round ${x.round}: ${x.distance}\u2033 toward ${x.direction} o\u2019clock</li>`);
    const pick = bf.tilePicks.find((t: any) => !t.confirmed);
    expect(main).toContain(
      `<li><bdi>Collapsed Section</bdi>, round ${pick.round}: tile <strong><bdi>${pick.tile}</bdi></strong> collapsed <strong class="unconfirmed">not confirmed</strong>`,
    );
    // The Markdown report says the same.
    const md = (await runCli(['report'], { cwd: dir })).stdout;
    expect(md).toContain(
      `- ${o.what} (left by Treasure, round ${o.sinceRound}) on tile ${o.tile}; worth ${o.worth.value} ${o.worth.unit}`,
    );
    expect(md).toContain(
      `- Pillar of Flame: placed at the center of tile ${pillar.tile}, then scattered ${pillar.scatters.map((x: any) => `${x.distance}" toward ${x.direction} o'clock (round ${x.round})`).join(', then ')}`,
    );
    expect(md).toContain(
      `- Collapsed Section, round ${pick.round}: tile ${pick.tile} (not confirmed: picked among all tiles)`,
    );
  });
});

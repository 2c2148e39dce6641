/// <reference lib="dom" />
// The HTML battle report (`badzone report --format html`, from the real bin/) in Debian's Chromium, on a phone
// (390x844): each fact's label stacked above its value so the value gets the whole width, no sideways scrolling,
// the checking commands as code (no literal backticks), every die folded away in a closed <details>, and no
// accessibility violation axe-core can find. A screenshot is kept in test-output/screenshots/ (git-ignored).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { runBin, tempDir } from '../helpers.js';
import { axe, launchChromium, needChromium, SHOTS } from './chromium.js';

let ctx: BrowserContext | null = null;

beforeAll(needChromium);

afterAll(async () => {
  await ctx?.close().catch(() => {});
});

function bin(dir: string, ...args: string[]): string {
  const r = runBin(args, { cwd: dir });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

describe('the HTML battle report in Chromium', () => {
  it('on a phone the text gets the width: labels above values, no sideways scrolling, commands as code, dice folded away; axe finds nothing', async () => {
    const dir = tempDir('badzone-report-e2e-');
    bin(
      dir,
      'new',
      '--seed',
      '40',
      '--gang',
      'Goliaths: Krag, Brute, Grub',
      '--gang',
      'Eschers: Vex, Nyx',
      '--reserve',
      'Eschers: Lyra',
      '--hazard',
      '3',
      '--turf-owner',
      'Eschers',
      '--lairs',
      '2',
    );
    for (let i = 0; i < 3; i++) {
      bin(dir, 'round');
      bin(dir, 'end');
    }
    const file = path.join(dir, 'report.html');
    fs.writeFileSync(
      file,
      bin(
        dir,
        'report',
        '--format',
        'html',
        '--title',
        'The Sump Run',
        '--date',
        '2026-03-14',
        '--scenario',
        'Badzone skirmish on a 2x2 board',
        '--result',
        'Eschers by two fighters, after the Horde of Rats overran spawn point 1',
      ),
    );
    ctx = await launchChromium();
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`file://${file}`);
    await expect(page.locator('h1').textContent()).resolves.toContain('The Sump Run');
    await page.screenshot({ path: path.join(SHOTS, 'report-phone.png') });
    await page.screenshot({ path: path.join(SHOTS, 'report-phone-full.png'), fullPage: true });

    // No sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Each fact: its label above its value, and the value as wide as the list (the label column once took half).
    const facts = await page.evaluate(() =>
      [...document.querySelectorAll('dl.facts')].flatMap((dl) => {
        const width = dl.getBoundingClientRect().width;
        return [...dl.querySelectorAll(':scope > dt')].map((dt) => {
          const dd = dt.nextElementSibling!;
          const label = dt.getBoundingClientRect();
          const value = dd.getBoundingClientRect();
          return {
            fact: dt.textContent,
            below: value.top >= label.bottom - 0.5,
            share: Math.round((value.width / width) * 100) / 100,
          };
        });
      }),
    );
    expect(facts.map((f) => f.fact)).toEqual([
      'Game',
      'Date',
      'Scenario',
      'Result',
      'Events',
      'Battlefield',
      'Gangs at the start',
      'Hazard',
      'Rounds played',
      'Seed',
    ]);
    for (const f of facts) expect(f, f.fact ?? '').toMatchObject({ below: true, share: 1 });

    // The commands to check it are code, in a monospace font; no backtick is left in the text.
    const check = await page.evaluate(() => ({
      code: [...document.querySelectorAll('.report-check code')].map((c) => c.textContent),
      fonts: [...document.querySelectorAll('.report-check code')].map((c) => getComputedStyle(c).fontFamily),
      text: document.body.innerText,
    }));
    expect(check.text).not.toContain('`');
    expect(check.code).toEqual([
      'badzone report --format json > badzone-session-report.json',
      'badzone verify --file badzone-session-report.json',
    ]);
    for (const font of check.fonts) expect(font).toMatch(/monospace/);
    expect(check.text).toContain('run badzone verify --file badzone-session-report.json.');

    // Every die is in a closed <details> (each round's, and the newest card's own), out of sight until opened:
    // the log's 3, 3 and 4 dice of rounds 1 to 3 (the Hazard was given, so the setup rolled none).
    const dice = await page.evaluate(() =>
      [...document.querySelectorAll('.rolls')].map((ol) => ({
        folded: ol.closest('details')?.open === false,
        seen: ol.checkVisibility(),
      })),
    );
    expect(dice.length).toBeGreaterThan(0);
    expect(dice.filter((d) => !d.folded || d.seen)).toEqual([]);
    await expect(page.locator('details.dice > summary').allTextContents()).resolves.toEqual([
      'Its dice (1)',
      'Dice of round 3 (4)',
      'Dice of round 2 (3)',
      'Dice of round 1 (3)',
    ]);

    expect(await axe(page)).toEqual([]);
  });

  it('the maps of the rounds whose markers changed, and the caskets at the end: full width on a phone, names as text; axe finds nothing', async () => {
    const dir = tempDir('badzone-report-map-e2e-');
    bin(dir, 'new', '--seed', '7', '--hazard', 'none');
    // Round 1: Falling Crates on 2 x 2, casket 1 carried by a hostile fighter; round 2 places nothing; in round 3
    // the GM moves casket 3 (off the table) to B2.
    bin(dir, 'round', '--dice', '10,4,3,1,9,6,6,2,12');
    bin(dir, 'marker', 'carry', '1', '--gang', 'Eschers', '--fighter', '<img src=x onerror=alert(1)>');
    for (const step of ['end', 'round', 'end', 'round']) bin(dir, step);
    bin(dir, 'marker', 'move', '3', 'b2');
    const file = path.join(dir, 'report.html');
    fs.writeFileSync(file, bin(dir, 'report', '--format', 'html'));
    ctx ??= await launchChromium();
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`file://${file}`);
    await page.screenshot({ path: path.join(SHOTS, 'report-maps-phone-full.png'), fullPage: true });
    const maps = await page.evaluate(() =>
      [...document.querySelectorAll('svg.map')].map((svg) => ({
        round: svg.closest('li.hround')?.querySelector('h3')?.textContent,
        title: svg.querySelector('title')?.textContent,
        full: svg.getBoundingClientRect().width >= svg.closest('li.hround')!.getBoundingClientRect().width - 2,
      })),
    );
    expect(maps).toEqual([
      { round: 'Round 3', title: 'Map of the battlefield at the end of round 3', full: true },
      { round: 'Round 1', title: 'Map of the battlefield at the end of round 1', full: true },
    ]);
    await expect(page.locator('.report-caskets li').allTextContents()).resolves.toEqual([
      'c1 Loot Casket (round 1): held by <img src=x onerror=alert(1)> (Eschers)',
      'c2 Loot Casket (round 1): lies on tile A1; who holds it is not recorded',
      'c3 Loot Casket (round 1): lies on tile B2; who holds it is not recorded',
      'c4 Loot Casket (round 1): lies on tile A2; who holds it is not recorded',
    ]);
    expect(await page.locator('main img').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axe(page)).toEqual([]);
  });
});

/// <reference lib="dom" />
// The battlefield map on the players' page, in a real browser (Debian's Chromium driven by playwright-core, set up
// by test/browser.ts, as test/e2e/serve-browser.test.ts is): the live page with the map in its battlefield section, served with the
// page's real style sheet and its Content-Security-Policy (no violation reported), at 1920x1080 and 390x844.
// axe-core finds nothing in either layout; the map fills the phone's width without scrolling sideways; the
// Pillar's blast is 5" across to scale; hostile names stay text. Screenshots go to test-output/screenshots/.
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { playersView } from '../../src/api/players-view.js';
import type { MapView } from '../../src/api/types.js';
import { LIVE_JS, PAGE_CSS } from '../../src/render/page-assets.js';
import { renderPage } from '../../src/render/page.js';
import { CSP } from '../../src/serve/server.js';
import { load } from '../../src/store/session.js';
import { cliJson, tempDir } from '../helpers.js';
import { ARGS, CHROMIUM, SHOTS, axe, needChromium } from '../browser.js';
import { fourByFour, hostile, HOSTILE, small } from './map-fixtures.js';

/** Never fetched from a network: every request to it is answered by the test (page.route). */
const ORIGIN = 'http://badzone.test';

let ctx: BrowserContext | null = null;

beforeAll(async () => {
  needChromium();
  ctx = await chromium.launchPersistentContext(tempDir('badzone-chromium-'), {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1920, height: 1080 },
  });
});

afterAll(async () => {
  await ctx?.close().catch(() => {});
});

/** The live page of a game played two rounds, with `map`, served as `badzone serve` serves it. */
async function open(map: MapView | { round: number; map: MapView }[]): Promise<{ page: Page; violations: string[] }> {
  const dir = tempDir('badzone-map-page-');
  await cliJson(dir, 'new', '--seed', '7', '--grid', '4x4', '--gang', 'Goliaths: Krag, Brute');
  await cliJson(dir, 'round');
  await cliJson(dir, 'end');
  await cliJson(dir, 'round');
  const file = path.join(dir, 'badzone-session.json');
  const { state, book } = load(file);
  const v = playersView(file, state, book);
  // A list of maps: the static report (its own CSP in a <meta>, its style sheet inline), one map per round.
  const body = Array.isArray(map)
    ? renderPage(v, {
        mode: 'report',
        report: {
          setup: {
            mode: 'dice',
            tiles: [],
            spawnPoints: 4,
            gangs: [],
            lairs: null,
            structures: null,
            table: 't',
            turfOwner: null,
          },
          seed: '7',
          commitment: null,
          check: { jsonName: 'g-report.json', commitment: null, hidden: false, dice: { rolls: 0, entered: 0 } },
          version: '0',
          maps: map,
        },
      })
    : renderPage(v, { mode: 'live', version: 'v1', map });
  const page = await ctx!.newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  const assets: Record<string, [string, string]> = {
    '/': ['text/html; charset=utf-8', body],
    '/page.css': ['text/css; charset=utf-8', PAGE_CSS],
    '/live.js': ['text/javascript; charset=utf-8', LIVE_JS],
  };
  await page.route(`${ORIGIN}/**`, (route) => {
    const a = assets[new URL(route.request().url()).pathname];
    if (!a) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({
      status: 200,
      headers: { 'Content-Type': a[0], ...(Array.isArray(map) ? {} : { 'Content-Security-Policy': CSP }) },
      body: a[1],
    });
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForSelector('svg.map');
  return { page, violations };
}

describe('the battlefield map in Chromium', () => {
  it('is drawn big on a big screen and across the phone, to scale, styled under the CSP, axe-clean', async () => {
    const { page, violations } = await open(fourByFour());
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.locator('svg.map').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'map-big-screen.png') });
    expect(await axe(page)).toEqual([]);
    const big = await page.evaluate(() => {
      const svg = document.querySelector('svg.map')!.getBoundingClientRect();
      // The Pillar's Large Blast: 5" across, measured against a 12" tile on screen.
      const tile = document.querySelector('svg.map .map-tile')!.getBoundingClientRect();
      const blast = document.querySelector('svg.map .map-blast')!.getBoundingClientRect();
      const fill = getComputedStyle(document.querySelector('svg.map .map-tile')!).fill;
      return { width: svg.width, height: svg.height, ratio: blast.width / tile.width, fill };
    });
    expect(big.width).toBeGreaterThan(900);
    expect(big.ratio).toBeCloseTo(5 / 12, 2);
    // The style sheet reached the SVG (a tile is not the default black).
    expect(big.fill).toBe('rgb(38, 42, 50)');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('svg.map').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'map-phone.png') });
    expect(await axe(page)).toEqual([]);
    const phone = await page.evaluate(() => {
      const r = document.querySelector('svg.map')!.getBoundingClientRect();
      return { left: r.left, right: r.right, scroll: document.documentElement.scrollWidth, inner: window.innerWidth };
    });
    expect(phone.scroll).toBeLessThanOrEqual(phone.inner);
    expect(phone.right - phone.left).toBeGreaterThanOrEqual(0.9 * phone.inner);
    expect(violations).toEqual([]);
    await page.close();
  });

  it('hostile event, gang and fighter names are text in the SVG and its legend, nothing runs', async () => {
    const { page, violations } = await open(hostile());
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const seen = await page.evaluate(() => ({
      scripts: document.querySelectorAll('main script, svg script').length,
      title: document.querySelector('svg.map title')!.textContent,
      legend: document.querySelector('.map-legend')!.textContent,
    }));
    expect(seen.scripts).toBe(0);
    expect(seen.legend).toContain(HOSTILE.script);
    expect(seen.legend).toContain(HOSTILE.quotes);
    expect(seen.legend).toContain('Evil\\x1b[2J');
    expect(dialogs).toEqual([]);
    expect(await axe(page)).toEqual([]);
    expect(violations).toEqual([]);
    await page.close();
  });

  it('the report carries a map per round, each with its own ids, axe-clean on a phone', async () => {
    const { page, violations } = await open([
      { round: 1, map: { ...small(), round: 1 } },
      { round: 2, map: { ...fourByFour(), round: 2 } },
    ]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('svg.map').last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'map-report-phone.png') });
    expect(await page.locator('svg.map').count()).toBe(2);
    expect(await axe(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(violations).toEqual([]);
    await page.close();
  });
});

/// <reference lib="dom" />
// badzone serve in a real browser: Debian's Chromium driven by playwright-core, against the real bin/ (built
// dist/) in temporary folders. The page shows the right round; a `round` run in another process appears without a
// reload and `undo` takes it back; a page that lost its server catches up when it returns; hostile names and
// table texts are text; without JavaScript the static view is complete; with --host 0.0.0.0 a request needs the
// token, and the printed QR code decodes to the printed address; axe-core finds no accessibility violation in
// either layout. On a big screen the blocks under the new event's card follow it closely (the side column runs
// beside the card), and what the events in play did this round is at the size and colour of the rest of the page.
// Screenshots of both layouts are kept in test-output/screenshots/ (git-ignored) for a person.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import * as jsqrModule from 'jsqr';
import { BIN, ROOT, runBin, tempDir, readSession } from '../helpers.js';
import { get } from '../serve/sse-client.js';
import { axe, launchChromium, needChromium, SHOTS } from './chromium.js';
import { banner } from './served.js';

/** Generous: the latency itself is a benchmark figure (npm run bench), not a test. */
const LIVE_WAIT = 20_000;
const FILE = 'badzone-session.json';

const procs: ChildProcess[] = [];
const contexts: BrowserContext[] = [];

let shared: Promise<BrowserContext> | null = null;

/** A browser with a fresh profile; the tests with JavaScript share one (each in its own page). */
async function browser(opts: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  if (opts.javaScriptEnabled !== false) return (shared ??= launch(opts));
  return launch(opts);
}

async function launch(opts: { javaScriptEnabled?: boolean }): Promise<BrowserContext> {
  const ctx = await launchChromium(opts);
  contexts.push(ctx);
  return ctx;
}

beforeAll(needChromium);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
});

const gameDir = (): string => tempDir('badzone-serve-e2e-');

function bin(dir: string, ...args: string[]): string {
  const r = runBin(args, { cwd: dir });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

interface Served {
  proc: ChildProcess;
  url: string;
  out: () => string;
  err: () => string;
  stop: () => Promise<number | null>;
}

/** Start `badzone serve` and wait for its banner. */
async function serve(dir: string, args: string[] = [], env: Record<string, string> = {}): Promise<Served> {
  const proc = spawn(process.execPath, [BIN, 'serve', ...args], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  procs.push(proc);
  return {
    proc,
    ...(await banner(proc)),
    stop: () =>
      new Promise((resolve) => {
        proc.once('exit', (code) => resolve(code));
        proc.kill('SIGINT');
      }),
  };
}

async function roundShown(page: Page, n: number): Promise<void> {
  await page.waitForFunction((x) => document.querySelector('#now-h')?.textContent === `Round ${x}`, n, {
    timeout: LIVE_WAIT,
  });
}

/** A new page at `url` on a phone's screen (390x844), once it says it is live; the dialogs and errors it had. */
async function livePhone(url: string): Promise<{ page: Page; dialogs: string[]; errors: string[] }> {
  const page = await (await browser()).newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('live-state')?.getAttribute('data-state') === 'live', null, {
    timeout: LIVE_WAIT,
  });
  return { page, dialogs, errors };
}

describe('badzone serve in Chromium', () => {
  it('shows the round; `round` in another process appears live and `undo` takes it back; both layouts pass axe; Ctrl-C stops it cleanly', async () => {
    const dir = gameDir();
    bin(
      dir,
      'new',
      '--seed',
      '42',
      '--grid',
      '3x3',
      '--gang',
      'Goliaths: Krag, Brute, Grub',
      '--gang',
      'Eschers: Vex, Nyx',
      '--reserve',
      'Eschers: Lyra',
      '--hazard',
      '4',
      '--turf-owner',
      'Eschers',
      '--lairs',
      '2',
    );
    bin(dir, 'round');
    bin(dir, 'end');
    bin(dir, 'round');
    const s = await serve(dir);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const ctx = await browser();
    const page = await ctx.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(s.url);
    await expect(page.title()).resolves.toBe('Round 2 \u00b7 badzone');
    await expect(page.locator('#now-h').textContent()).resolves.toBe('Round 2');
    await page.waitForFunction(
      () => document.getElementById('live-state')?.getAttribute('data-state') === 'live',
      null,
      { timeout: LIVE_WAIT },
    );
    await page.evaluate(() => ((window as any).__sameDocument = true));

    // Another process plays the next round: the open page shows it, without a reload.
    const r3 = JSON.parse(bin(dir, 'round', '--json'));
    await roundShown(page, 3);
    expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
    await expect(page.title()).resolves.toBe('Round 3 \u00b7 badzone');
    if (r3.newEvent) await expect(page.locator('#card-h').textContent()).resolves.toContain(r3.newEvent.name);
    // The history has round 3 first.
    await expect(page.locator('.hround h3').first().textContent()).resolves.toBe('Round 3');

    // Screenshots of both layouts, and axe-core on each.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: path.join(SHOTS, 'serve-big-screen.png') });
    expect(await axe(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, 'serve-phone.png') });
    await page.screenshot({ path: path.join(SHOTS, 'serve-phone-full.png'), fullPage: true });
    expect(await axe(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // On a phone the phase's words never wrap under its label: every line of the value starts right of the label,
    // the first on the label's line, and "players' turns" is one line.
    const phase = await page.evaluate(() => {
      const label = document.querySelector('.now .phase .label')!.getBoundingClientRect();
      const lines = [...document.querySelector('.now .phase .value')!.getClientRects()];
      const turns = document.querySelector('.now .phase .nowrap')!.getClientRects().length;
      return {
        underLabel: lines.filter((r) => r.left < label.right).length,
        sameLine: lines[0]!.top < label.bottom && label.top < lines[0]!.bottom,
        turns,
      };
    });
    expect(phase).toEqual({ underLabel: 0, sameLine: true, turns: 1 });

    // Undo takes it back.
    bin(dir, 'undo');
    await roundShown(page, 2);
    expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
    expect(dialogs).toEqual([]);

    expect(await s.stop()).toBe(0);
    expect(s.out()).toContain("Stopped the players' view (2 updates sent).");
    expect(s.err()).toBe('');
  });

  it('a page whose server went away catches up when it is back', async () => {
    const dir = gameDir();
    bin(dir, 'new', '--seed', '8');
    bin(dir, 'round');
    const first = await serve(dir);
    const port = new URL(first.url).port;
    const ctx = await browser();
    const page = await ctx.newPage();
    await page.goto(first.url);
    await page.waitForFunction(
      () => document.getElementById('live-state')?.getAttribute('data-state') === 'live',
      null,
      { timeout: LIVE_WAIT },
    );
    expect(await first.stop()).toBe(0);
    await page.waitForFunction(
      () => document.getElementById('live-state')?.getAttribute('data-state') === 'down',
      null,
      { timeout: LIVE_WAIT },
    );
    // Played while no server was running.
    bin(dir, 'round');
    bin(dir, 'end');
    bin(dir, 'round');
    const second = await serve(dir, ['--port', port]);
    await roundShown(page, 3);
    await page.waitForFunction(
      () => document.getElementById('live-state')?.getAttribute('data-state') === 'live',
      null,
      { timeout: LIVE_WAIT },
    );
    expect(await second.stop()).toBe(0);
  });

  it('hostile names and table texts are shown as text: no element, no script, no dialog; no sideways scrolling on a phone', async () => {
    const dir = gameDir();
    const table = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'badzone-events.json'), 'utf8'));
    const ev = table.results.find((e: any) => e.id === 'power-outage');
    ev.name = '<script>alert("name")</script>Outage';
    ev.effect = '<img src=x onerror=alert("effect")> \u001b[2J\u202eLights out';
    fs.writeFileSync(path.join(dir, 'hostile.json'), JSON.stringify(table));
    const long = 'W'.repeat(120);
    bin(
      dir,
      'new',
      '--seed',
      '3',
      '--table',
      'hostile.json',
      '--gang',
      `<img src=x onerror=alert(1)>: Red, Evil, ${long}`,
    );
    // Typed names with control characters are refused; a file (an old game, a hand edit) can still carry them.
    const file = path.join(dir, FILE);
    const edited = readSession(file);
    for (const g of [edited.setup.gangs[0], edited.gangs[0]])
      g.battlefield = ['\u001b[31mRed', '\u202eevil', '\u3164', long];
    fs.writeFileSync(file, JSON.stringify(edited));
    bin(dir, 'round', '--dice', '2');
    const s = await serve(dir);
    const { page, dialogs, errors } = await livePhone(s.url);
    const text = await page.locator('main').innerText();
    expect(text).toContain('<img src=x onerror=alert(1)>');
    expect(text).toContain('<script>alert("name")</script>Outage');
    expect(text).toContain('<img src=x onerror=alert("effect")>');
    // Control characters and bidi overrides are shown as escapes, as on the terminal.
    expect(text).toContain('\\x1b[31mRed');
    expect(text).toContain('\\u202eevil');
    expect(text).toContain('\\u3164');
    expect(text).not.toContain('\u202e');
    expect(text).not.toContain('\u3164');
    expect(text).not.toContain('\u001b');
    expect(await page.locator('main img, main script').count()).toBe(0);
    expect(await page.evaluate(() => document.scripts.length)).toBe(1);
    // Re-rendered live (innerHTML of the server's escaped fragment): still text.
    bin(dir, 'fighter', '<b id=x>bold</b>', 'reserve', '--gang', '<img src=x onerror=alert(1)>');
    await page.waitForFunction(
      () => (document.querySelector('main') as HTMLElement).innerText.includes('<b id=x>bold</b>'),
      null,
      { timeout: LIVE_WAIT },
    );
    expect(await page.locator('main b#x').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.waitForTimeout(200);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    expect(await s.stop()).toBe(0);
  });

  it('without JavaScript the page is the complete static view', async () => {
    const dir = gameDir();
    bin(dir, 'new', '--seed', '5', '--gang', 'Cawdor: Ash, Ember');
    bin(dir, 'round');
    const s = await serve(dir);
    const ctx = await browser({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(s.url);
    await expect(page.locator('#now-h').textContent()).resolves.toBe('Round 1');
    await expect(page.locator('#live-text').textContent()).resolves.toContain('Static view');
    await expect(page.locator('#card-h').textContent()).resolves.toMatch(/^New this round \(round 1\) ./);
    for (const h of [
      'Events in play',
      'What the End Phase will do',
      'Visibility',
      'Hazard',
      'The battlefield',
      'Gangs',
      'Round history',
    ]) {
      await expect(page.getByRole('heading', { name: new RegExp(h) }).count(), h).resolves.toBeGreaterThan(0);
    }
    await expect(page.locator('.gangs').innerText()).resolves.toContain('Ash, Ember');
    expect(await s.stop()).toBe(0);
  });

  it('--host 0.0.0.0: a request without the token gets 403, with it the page; the printed QR code decodes to the printed address', async () => {
    const dir = gameDir();
    bin(dir, 'new', '--seed', '6');
    bin(dir, 'round');
    const s = await serve(dir, ['--host', '0.0.0.0']);
    const url = new URL(s.url);
    const token = url.pathname.split('/')[1]!;
    expect(token).toMatch(/^[\w-]{22}$/);
    expect(url.pathname).toBe(`/${token}/`);
    // Only loopback traffic in tests: the same server, reached at 127.0.0.1.
    const local = `http://127.0.0.1:${url.port}`;
    expect((await get(`${local}/`)).status).toBe(403);
    expect((await get(`${local}/events`)).status).toBe(403);
    expect((await get(`${local}/${token}/`)).status).toBe(200);
    const ctx = await browser();
    const page = await ctx.newPage();
    const denied = await page.goto(`${local}/`);
    expect(denied!.status()).toBe(403);
    const ok = await page.goto(`${local}/${token}/`);
    expect(ok!.status()).toBe(200);
    await page.waitForFunction(
      () => document.getElementById('live-state')?.getAttribute('data-state') === 'live',
      null,
      { timeout: LIVE_WAIT },
    );
    await expect(page.locator('#now-h').textContent()).resolves.toBe('Round 1');

    // The QR code: the printed block of half-block characters, back to modules, to pixels, decoded by jsQR.
    const lines = s.out().split('\n');
    const from = lines.findIndex((l) => l.startsWith('Scan this')) + 1;
    const qr = lines
      .slice(from)
      .filter(
        (l, i, all) =>
          /^ {2}[\u2580\u2584\u2588 ]+$/.test(l) &&
          all.slice(0, i).every((x) => /^ {2}[\u2580\u2584\u2588 ]+$/.test(x)),
      );
    expect(qr.length).toBeGreaterThan(10);
    expect(decodeTerminalQr(qr.map((l) => l.slice(2)))).toBe(s.url);
    expect(await s.stop()).toBe(0);
  });

  it('a port in use: a clear message and exit 1', async () => {
    const dir = gameDir();
    bin(dir, 'new', '--seed', '6');
    const s = await serve(dir);
    const port = new URL(s.url).port;
    const r = runBin(['serve', '--port', port], { cwd: dir, timeout: 15_000 });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `badzone: Port ${port} is already in use (by another program, or another badzone serve). Choose another with --port, or leave --port out to take a free one.\n`,
    );
    expect(await s.stop()).toBe(0);
  });
});

/** Text lines of a terminal QR code (no colour: a light module is the foreground) to the string it encodes. */
function decodeTerminalQr(lines: string[]): string | null {
  const rows: boolean[][] = [];
  for (const l of lines) {
    const top: boolean[] = [];
    const bottom: boolean[] = [];
    for (const ch of l) {
      // true = dark
      top.push(ch === ' ' || ch === '\u2584');
      bottom.push(ch === ' ' || ch === '\u2580');
    }
    rows.push(top, bottom);
  }
  const scale = 6;
  const quiet = 4;
  const n = rows[0]!.length + quiet * 2;
  const m = rows.length + quiet * 2;
  const w = n * scale;
  const h = m * scale;
  const px = new Uint8ClampedArray(w * h * 4).fill(255);
  rows.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const i = (((y + quiet) * scale + dy) * w + (x + quiet) * scale + dx) * 4;
          px[i] = px[i + 1] = px[i + 2] = 0;
        }
      }
    }),
  );
  // jsqr is CommonJS with a default export: Node hands the whole module to the default import.
  type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
  const mod = jsqrModule as unknown as { default: Decode | { default: Decode } };
  const decode: Decode = typeof mod.default === 'function' ? mod.default : mod.default.default;
  return decode(px, w, h)?.data ?? null;
}

describe('the players\u2019 view layout in Chromium', () => {
  /** A two-gang game on `seed`, played to round 2's Event Phase (round, end, round), served. */
  async function round2(seed: string, ...more: string[]): Promise<Served> {
    const dir = gameDir();
    bin(dir, 'new', '--seed', seed, '--gang', 'Goliaths: Krag, Brute, Grub', '--gang', 'Eschers: Vex, Nyx', ...more);
    bin(dir, 'round');
    bin(dir, 'end');
    bin(dir, 'round');
    return serve(dir);
  }

  async function open(url: string, width: number, height: number): Promise<Page> {
    const page = await (await browser()).newPage();
    await page.setViewportSize({ width, height });
    await page.goto(url);
    await page.waitForFunction(
      () => document.getElementById('live-state')?.getAttribute('data-state') === 'live',
      null,
      { timeout: LIVE_WAIT },
    );
    return page;
  }

  it('on a big screen the column beside the new event\u2019s card runs down beside it, and the blocks under the card follow it closely', async () => {
    // Seed 7, Hazard 3: round 2 draws Dome Quake (a short card) while the side column (Apply now, Events in play, the
    // End Phase, Visibility) is long. A side column one grid row tall pushed the Hazard down past it: 282 px of
    // empty panel under the card at 1920x1080; spanning the rows beside the card, the Hazard follows one grid gap on.
    const s = await round2('7', '--hazard', '3');
    const page = await open(s.url, 1920, 1080);
    await expect(page.locator('#card-h').textContent()).resolves.toContain('Dome Quake');
    await page.screenshot({ path: path.join(SHOTS, 'serve-big-screen-round2.png'), fullPage: true });
    const m = await page.evaluate(() => {
      const grid = document.querySelector('main .grid')!;
      const box = (e: Element) => e.getBoundingClientRect();
      const card = box(grid.querySelector(':scope > .card')!);
      const side = box(grid.querySelector(':scope > .side')!);
      // The blocks of the grid that start under the card, in its column: the nearest one and how far down it is.
      const under = [...grid.children]
        .map((e) => ({ cls: e.className, r: box(e) }))
        .filter((b) => b.r.left < card.right && b.r.right > card.left && b.r.top >= card.bottom)
        .sort((a, b) => a.r.top - b.r.top);
      return {
        rowGap: Number.parseFloat(getComputedStyle(grid).rowGap),
        next: under[0]?.cls,
        gap: under[0] ? under[0].r.top - card.bottom : null,
        sideBeside: side.left >= card.right && Math.abs(side.top - card.top) < 1,
        sideTaller: side.bottom > card.bottom,
      };
    });
    // The situation the fix is for: the side column is taller than the card beside it.
    expect(m.sideBeside).toBe(true);
    expect(m.sideTaller).toBe(true);
    expect(m.next).toBe('hazard');
    // Nothing but the grid's own gap (16.9 px at this width) between the card and the Hazard.
    expect(m.rowGap).toBeGreaterThan(0);
    expect(m.gap).toBeLessThanOrEqual(m.rowGap * 1.5);
    expect(await s.stop()).toBe(0);
  });

  it('what the events in play did this round (spawns, picks) is at the size and colour of the rest of the card, on a phone and on a big screen', async () => {
    // Seed 40: Horde of Rats (in play since round 1) spawns "2 Underhive Rats at spawn point 1" in round 2.
    // Seed 2: Wyld Magic (in play since round 1) picks a fighter of each gang in round 2.
    for (const [seed, event, said] of [
      ['40', 'Horde of Rats', '2 Underhive Rats at spawn point 1'],
      ['2', 'Wyld Magic', 'Picked (each becomes a Psyker'],
    ] as const) {
      const s = await round2(seed);
      for (const [width, height] of [
        [390, 844],
        [1920, 1080],
      ] as const) {
        const page = await open(s.url, width, height);
        const item = page.locator('.inplay > li', { hasText: event });
        await expect(item.locator('.outcomes').innerText()).resolves.toContain(said);
        await item.screenshot({ path: path.join(SHOTS, `serve-in-play-${seed}-${width}.png`) });
        const m = await item.evaluate((li) => {
          const look = (e: Element) => {
            const c = getComputedStyle(e);
            return { text: (e.firstChild?.textContent ?? '').trim(), size: c.fontSize, color: c.color };
          };
          return {
            // The body text of this event's entry (its name) and of the new event's card.
            body: look(li.querySelector('.name')!),
            card: look(document.querySelector('.card')!),
            // The muted grey of the "arrived in round 1" detail.
            muted: look(li.querySelector('.detail')!).color,
            lines: [li.querySelector('.did')!, ...li.querySelectorAll('.outcomes li')].map(look),
          };
        });
        expect(m.lines[0]!.text, `${seed} at ${width}px`).toBe('This round:');
        expect(m.lines.length).toBeGreaterThan(1);
        expect(m.card.size).toBe(m.body.size);
        expect(m.muted).not.toBe(m.body.color);
        for (const line of m.lines) {
          expect(line.size, `${line.text} (${seed} at ${width}px)`).toBe(m.body.size);
          expect(line.color, `${line.text} (${seed} at ${width}px)`).toBe(m.body.color);
        }
        await page.close();
      }
      expect(await s.stop()).toBe(0);
    }
  });

  it('the battlefield map: full width on a phone, axe-clean, names as text, and it changes live when a marker moves', async () => {
    const dir = gameDir();
    bin(dir, 'new', '--seed', '7', '--hazard', 'none');
    // Falling Crates on a 2 x 2 board: casket 3 from B1, 12" toward 6 o'clock: off the table past the near edge.
    bin(dir, 'round', '--dice', '10,4,3,1,9,6,6,2,12');
    bin(
      dir,
      'marker',
      'carry',
      '1',
      '--gang',
      '<img src=x onerror=alert(1)>',
      '--fighter',
      '<script>alert(2)</script>',
    );
    const s = await serve(dir);
    const { page, dialogs, errors } = await livePhone(s.url);
    await page.evaluate(() => ((window as any).__sameDocument = true));
    /** Where marker `label` is drawn (its shape's corner), and its label's text; null when it is not on the map. */
    const marker = (label: string) =>
      page.evaluate((l) => {
        const g = [...document.querySelectorAll('svg.map g.map-m')].find(
          (x) => x.querySelector('text.map-label')?.textContent === l,
        );
        const r = g?.querySelector('rect.map-marker');
        return r ? { x: r.getAttribute('x'), y: r.getAttribute('y'), off: g!.classList.contains('map-off') } : null;
      }, label);
    // It landed at (6, 30): drawn just outside the near edge (24 + 1.6, less half the 1.2" square), inside the picture.
    expect(await marker('c3')).toEqual({ x: '5.4', y: '25', off: true });
    // Full width on a phone: the map takes its section's width, and the page does not scroll sideways.
    const widths = await page.evaluate(() => {
      const svg = document.querySelector('svg.map')!.getBoundingClientRect();
      const section = document.querySelector('svg.map')!.closest('section')!;
      const inner = section.clientWidth - parseFloat(getComputedStyle(section).paddingLeft) * 2;
      return { svg: Math.round(svg.width), inner: Math.round(inner), page: document.documentElement.scrollWidth };
    });
    expect(widths.svg).toBeGreaterThanOrEqual(widths.inner - 2);
    expect(widths.page).toBeLessThanOrEqual(390);
    // The carried casket is said beside the map, its holder's names as text.
    const legend = await page.locator('.map-legend').first().textContent();
    expect(legend).toContain(
      'c1 Loot Casket, round 1: carried by <script>alert(2)</script> (<img src=x onerror=alert(1)>)',
    );
    expect(await page.locator('main img, main script').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'serve-map-phone.png'), fullPage: true });
    expect(await axe(page)).toEqual([]);

    // The GM moves casket 3 to A1's center: the open page's map shows it there, without a reload.
    bin(dir, 'marker', 'move', '3', 'a1');
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('svg.map g.map-m')].some(
          (g) =>
            g.querySelector('text.map-label')?.textContent === 'c3' &&
            g.querySelector('rect.map-marker')?.getAttribute('y') === '5.4',
        ),
      null,
      { timeout: LIVE_WAIT },
    );
    expect(await marker('c3')).toEqual({ x: '5.4', y: '5.4', off: false });
    expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
    await expect(page.locator('.map-legend').first().textContent()).resolves.toContain(
      'c3 Loot Casket, round 1: A1, at its center, moved there by the GM',
    );
    expect(await axe(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    expect(await s.stop()).toBe(0);
  });

  it('after round, end, undo, a marker moved, a replaced file and a page whose list was out of step, the live page is exactly a fresh page', async () => {
    const dir = gameDir();
    const file = path.join(dir, FILE);
    bin(dir, 'new', '--seed', '7', '--hazard', 'none');
    // Falling Crates on a 2 x 2 board: three Loot Caskets, so a marker can be moved.
    bin(dir, 'round', '--dice', '10,4,3,1,9,6,6,2,12');
    bin(dir, 'end');
    let round4 = '';
    for (let i = 2; i <= 7; i++) {
      bin(dir, 'round');
      bin(dir, 'end');
      if (i === 4) round4 = fs.readFileSync(file, 'utf8');
    }
    bin(dir, 'round');
    const s = await serve(dir);
    const { page, dialogs, errors } = await livePhone(s.url);
    await page.evaluate(() => ((window as any).__sameDocument = true));
    /**
     * Wait until a fresh load gets a new version (each step below changes the page) and the open page has it too,
     * then compare their <main>s and titles.
     */
    let seen = '';
    const fresh = async (what: string) => {
      let text = '';
      let version = seen;
      for (const t0 = Date.now(); version === seen && Date.now() - t0 < LIVE_WAIT; ) {
        text = await (await fetch(s.url)).text();
        version = /<main id="game" data-version="([^"]*)"/.exec(text)![1]!;
        if (version === seen) await new Promise((r) => setTimeout(r, 50));
      }
      expect(version, `${what}: a fresh load has a new version`).not.toBe(seen);
      seen = version;
      await page.waitForFunction((v) => document.getElementById('game')?.getAttribute('data-version') === v, version, {
        timeout: LIVE_WAIT,
      });
      const r = await page.evaluate((t) => {
        const doc = new DOMParser().parseFromString(t, 'text/html');
        return {
          want: doc.getElementById('game')!.innerHTML,
          have: document.getElementById('game')!.innerHTML,
          titles: [doc.title, document.title],
        };
      }, text);
      expect(r.have, what).toBe(r.want);
      expect(r.titles[1], what).toBe(r.titles[0]);
      return r.want;
    };
    const first = await fresh('at the start');
    // Eight rounds: the older ones are the list an update sends apart.
    expect(await page.locator('#older-rounds > li').count()).toBe(3);
    bin(dir, 'round');
    await fresh('after round');
    expect(await page.locator('#older-rounds > li').count()).toBe(4);
    bin(dir, 'end');
    await fresh('after end');
    bin(dir, 'undo');
    await fresh('after undo');
    bin(dir, 'undo');
    expect(await fresh('after a second undo')).toBe(first);
    bin(dir, 'marker', 'move', '3', 'a1');
    await fresh('after a marker moved');
    // The map's markers are a list sent item by item too: the ones put in are SVG, not HTML, elements.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('#map-markers > *')]
          .map((e) => e.namespaceURI)
          .filter((n, i, a) => a.indexOf(n) === i),
      ),
    ).toEqual(['http://www.w3.org/2000/svg']);
    // A file put in its place by hand: the game as it was after round 4, then another game altogether.
    fs.writeFileSync(`${file}.tmp`, round4);
    fs.renameSync(`${file}.tmp`, file);
    await fresh('after the file was replaced by an earlier one');
    expect(await page.locator('#older-rounds > li').count()).toBe(0);
    const other = gameDir();
    bin(other, 'new', '--seed', '99');
    for (let i = 0; i < 7; i++) bin(other, 'round');
    fs.copyFileSync(path.join(other, FILE), `${file}.tmp`);
    fs.renameSync(`${file}.tmp`, file);
    await fresh('after the file was replaced by another game');
    // A page whose list is not what the server thinks it is takes the whole update instead of the change.
    await page.evaluate(() => document.querySelector('#older-rounds > li')!.remove());
    bin(dir, 'round');
    await fresh('after a round, on a page whose list was out of step');
    expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    expect(await s.stop()).toBe(0);
  });
});

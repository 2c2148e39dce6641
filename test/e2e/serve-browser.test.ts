/// <reference lib="dom" />
// badzone serve in a real browser: Debian's Chromium driven by playwright-core, against the real bin/ (built
// dist/) in temporary folders. The page shows the right round; a `round` run in another process appears without a
// reload and `undo` takes it back; a page that lost its server catches up when it returns; hostile names and
// table texts are text; without JavaScript the static view is complete; with --host 0.0.0.0 a request needs the
// token, and the printed QR code decodes to the printed address; axe-core finds no accessibility violation in
// either layout. Screenshots of both layouts are kept in test-output/screenshots/ (git-ignored) for a person.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import * as jsqrModule from 'jsqr';
import { BIN, ROOT, runBin, tempDir } from '../helpers.js';
import { get } from '../serve/sse-client.js';
import { ARGS, CHROMIUM, SHOTS, axe, needChromium } from '../browser.js';
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
  const profile = tempDir('badzone-chromium-');
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    viewport: { width: 1280, height: 900 },
  });
  contexts.push(ctx);
  return ctx;
}

beforeAll(() => {
  needChromium();
  if (!fs.existsSync(path.join(ROOT, 'dist', 'badzone.js')))
    throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
});

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
    const edited = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const g of [edited.setup.gangs[0], edited.gangs[0]])
      g.battlefield = ['\u001b[31mRed', '\u202eevil', '\u3164', long];
    fs.writeFileSync(file, JSON.stringify(edited));
    bin(dir, 'round', '--dice', '2');
    const s = await serve(dir);
    const ctx = await browser();
    const page = await ctx.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(s.url);
    await page.waitForFunction(
      () => document.getElementById('live-state')?.getAttribute('data-state') === 'live',
      null,
      { timeout: LIVE_WAIT },
    );
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

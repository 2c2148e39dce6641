/// <reference lib="dom" />
// Debian's Chromium, driven by playwright-core, for the browser tests (serve-browser.test.ts, report-browser.test.ts).
// playwright-core never downloads a browser: .ci/run installs Debian's chromium when it is missing, and without it
// these tests fail (they never skip). Screenshots go to test-output/screenshots/ (git-ignored), for a person.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ROOT, tempDir } from '../helpers.js';

export const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const SHOTS = path.join(ROOT, 'test-output', 'screenshots');

/** In a beforeAll: fail with what to do when Chromium or the built dist/ is missing; make the screenshots folder. */
export function needChromium(): void {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium; .ci/run does this).`,
    );
  if (!fs.existsSync(path.join(ROOT, 'dist', 'badzone.js')))
    throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
  fs.mkdirSync(SHOTS, { recursive: true });
}

/** A browser with a fresh profile (in a tempDir); close it in an afterAll. */
export async function launchChromium(opts: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const profile = tempDir('badzone-chromium-');
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    viewport: { width: 1280, height: 900 },
  });
}

/** axe-core in the page (evaluated through the debugging protocol, so the page's strict CSP stays on). */
export async function axe(page: Page): Promise<{ id: string; help: string; nodes: string[] }[]> {
  const source = fs.readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  await page.evaluate(`${source}\n;0`);
  return page.evaluate(async () => {
    const r = await (window as any).axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
    });
    return r.violations.map((v: any) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n: any) => n.target.join(' ')),
    }));
  });
}

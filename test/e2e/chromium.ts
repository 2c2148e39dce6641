// Debian's Chromium for the end-to-end browser tests (serve-browser.test.ts, report-browser.test.ts): what
// ../browser.ts says (where Chromium is, its arguments, screenshots, axe-core), plus the built dist/ these tests
// run and a fresh browser profile per test file.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { ARGS, CHROMIUM, needChromium as needBrowser } from '../browser.js';
import { ROOT, tempDir } from '../helpers.js';

export { axe, CHROMIUM, SHOTS } from '../browser.js';

/** In a beforeAll: fail with what to do when Chromium or the built dist/ is missing; make the screenshots folder. */
export function needChromium(): void {
  needBrowser();
  if (!fs.existsSync(path.join(ROOT, 'dist', 'badzone.js')))
    throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
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

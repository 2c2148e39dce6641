/// <reference lib="dom" />
// Debian's Chromium as the browser tests drive it (playwright-core, which never downloads a browser): where it is,
// how it is started, where screenshots go (git-ignored), and axe-core run in a page. Without Chromium the tests
// fail, saying what to install (.ci/run installs it).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './helpers.js';

export const CHROMIUM = '/usr/bin/chromium';
export const ARGS = [
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

/** Throws, saying what to install, when Chromium is missing; makes the screenshots folder. */
export function needChromium(): void {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium; .ci/run does this).`,
    );
  fs.mkdirSync(SHOTS, { recursive: true });
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

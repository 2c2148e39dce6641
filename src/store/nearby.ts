// Looking around a session path the person typed: does its folder exist, and is there a similarly named session
// file beside it (a typo: "campain.json" for "campaign.json")?
import * as fs from 'node:fs';
import * as path from 'node:path';
import { editDistance } from '../rules/names.js';

/** Whether the folder a file would go in exists. */
export function folderExists(file: string): boolean {
  try {
    return fs.statSync(path.dirname(file)).isDirectory();
  } catch {
    return false;
  }
}

/** A .json file beside `file` whose name is a small typo away from its name; null when there is none. */
export function similarSession(file: string): string | null {
  const dir = path.dirname(file);
  const want = path.basename(file).toLowerCase();
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.toLowerCase().endsWith('.json'));
  } catch {
    return null;
  }
  if (names.length > 2000) names = names.slice(0, 2000);
  const limit = Math.max(2, Math.floor(want.length / 5));
  const best = names
    .map((n) => ({ n, d: editDistance(n.toLowerCase(), want) }))
    .filter((x) => x.d > 0 && x.d <= limit)
    .sort((a, b) => a.d - b.d || a.n.localeCompare(b.n))[0];
  return best ? path.join(dir, best.n) : null;
}

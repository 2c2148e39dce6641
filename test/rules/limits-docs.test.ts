// docs/json.md ("Limits") is the one place the limits are written down: every limit in src/rules/limits.ts is in
// its table, with the writing and reading numbers the code uses.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS, READ, SERVE } from '../../src/rules/limits.js';
import { ROOT } from '../helpers.js';

const doc = fs.readFileSync(path.join(ROOT, 'docs', 'json.md'), 'utf8');
const rows = new Map<string, { writing: string; reading: string }>();
for (const m of doc.matchAll(/^\| `(\w+)` \| ([^|]+) \| ([^|]+) \|/gm))
  rows.set(m[1]!, { writing: m[2]!.trim(), reading: m[3]!.trim() });
const n = (x: number) => x.toLocaleString('en-US');

describe('the limits table in docs/json.md', () => {
  it.each(Object.entries(LIMITS))('%s: writing %d', (key, value) => {
    expect(rows.get(key)?.writing, `${key} is not in the table`).toBe(n(value));
  });
  it.each(Object.entries(READ))('%s: reading %d', (key, value) => {
    expect(rows.get(key)?.reading, `${key} is not in the table`).toBe(n(value));
  });
  it('lists nothing else', () => {
    expect([...rows.keys()].sort()).toEqual([...new Set([...Object.keys(LIMITS), ...Object.keys(READ)])].sort());
  });
});

// docs/serve.md ("Limits that protect the server") lists the server's limits the same way.
describe('the server limits table in docs/serve.md', () => {
  const serveDoc = fs.readFileSync(path.join(ROOT, 'docs', 'serve.md'), 'utf8');
  const serveRows = new Map<string, string>();
  for (const m of serveDoc.matchAll(/^\| `(\w+)` \| ([^|]+) \|/gm)) serveRows.set(m[1]!, m[2]!.trim());
  it.each(Object.entries(SERVE))('%s: %d', (key, value) => {
    expect(serveRows.get(key), `${key} is not in the table`).toBe(n(value));
  });
  it('lists nothing else', () => {
    expect([...serveRows.keys()].sort()).toEqual(Object.keys(SERVE).sort());
  });
});

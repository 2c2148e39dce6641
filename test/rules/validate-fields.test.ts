// Every field of the shipped tables, given a value of the wrong type, is refused naming exactly that field: a
// group's custom table that is wrong says where (the validator, src/rules/validate.ts, directly; not sampled).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  TableError,
  validateEventTable,
  validateHazardTable,
  validateVisibilityTable,
} from '../../src/rules/validate.js';
import { ROOT } from '../helpers.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const load = (f: string): Json => JSON.parse(fs.readFileSync(path.join(ROOT, 'data', f), 'utf8')) as Json;

/** Every path in a JSON value, containers too, in the validator's notation (`results[3].resolve.onDraw[0].count`). */
function paths(v: Json, at = ''): { path: string; value: Json }[] {
  const out: { path: string; value: Json }[] = at ? [{ path: at, value: v }] : [];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, `${at}[${i}]`)));
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) out.push(...paths(x, at ? `${at}.${k}` : k));
  return out;
}

/** A value of another type than this one. */
function wrong(v: Json): Json {
  if (typeof v === 'string') return { text: v };
  if (typeof v === 'number') return [v];
  if (typeof v === 'boolean') return 'yes';
  if (Array.isArray(v)) return 'a list';
  if (v === null) return 'none';
  return 7; // an object
}

function set(root: Json, p: string, value: Json): Json {
  const copy = structuredClone(root);
  const keys = p.match(/[^.[\]]+/g)!;
  let o = copy as Record<string, Json>;
  for (const k of keys.slice(0, -1)) o = o[k] as Record<string, Json>;
  o[keys[keys.length - 1]!] = value;
  return copy;
}

// The fields a validator does not read: the Hazard Table's die is always a D10 (its `die` is documentation).
const TABLES: [string, string, (v: unknown) => unknown, string[]][] = [
  ['events', 'badzone-events.json', (v) => validateEventTable(v, 'events'), []],
  ['hazards', 'hazards.json', (v) => validateHazardTable(v, 'hazards'), ['die']],
  ['visibility', 'visibility.json', (v) => validateVisibilityTable(v, 'visibility'), []],
];

describe.each(TABLES)('each field of the %s table, of the wrong type', (_name, file, validate, unread) => {
  it('is refused, naming that field', () => {
    const table = load(file);
    expect(() => validate(table)).not.toThrow();
    const all = paths(table);
    expect(all.length).toBeGreaterThan(20);
    const wrongPath: string[] = [];
    const accepted: string[] = [];
    for (const { path: p, value } of all) {
      let err: unknown = null;
      try {
        validate(set(table, p, wrong(value)));
      } catch (e) {
        err = e;
      }
      if (err === null) accepted.push(p);
      else if (!(err instanceof TableError) || err.path !== p)
        wrongPath.push(`${p} -> ${err instanceof TableError ? err.path : String(err)}`);
    }
    expect(wrongPath).toEqual([]);
    expect(accepted).toEqual(unread);
  });
});

// src/store/tables.ts in this process: the data folder (looked for once), the shipped tables loaded and compiled
// once, and a broken installation (data/ missing, or a shipped table broken) refused naming the file and the field;
// a group's own table files loaded and validated, or refused naming the file (and the field) when missing, broken
// or not an object; and bookFor, the rules a game plays by (its own tables, and its D66 reading).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { arm, seam, trail } from './fs-seam.js';
import { freshStore, type Store } from './fresh.js';
import { thrown, useTempFolder } from './kit.js';

vi.mock('node:fs', async (importOriginal) => (await import('./fs-seam.js')).seamed(await importOriginal()));

let S: Store;
let E: Store['errors'];
let T: Store['tables'];
let dir = '';

beforeEach(async () => {
  S = await freshStore();
  E = S.errors;
  T = S.tables;
});
useTempFolder('badzone-tables-', (d) => (dir = d));

const isEvents = (a: unknown) => String(a).endsWith(`${path.sep}badzone-events.json`);

describe('the data folder', () => {
  it('the data folder is found, and the shipped tables load and compile once', () => {
    expect(fs.existsSync(path.join(T.dataDir(), 'badzone-events.json'))).toBe(true);
    expect(T.dataDir()).toBe(T.dataDir());
    expect(T.shippedTables()).toBe(T.shippedTables());
    expect(T.shippedBook()).toBe(T.shippedBook());
    expect(T.shippedTables().events.results).toHaveLength(33);
  });

  it('is looked for once: a second call asks the file system nothing', () => {
    const d = T.dataDir();
    seam.recording = true;
    expect(T.dataDir()).toBe(d);
    expect(trail(['existsSync'])).toEqual([]);
  });

  it('missing from the installation: the five folders up from the module are looked in, then an error naming data/badzone-events.json', () => {
    const fired = arm('existsSync', { returns: false }, (args) => isEvents(args[0]));
    seam.recording = true;
    const e = thrown(() => T.dataDir());
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain('data/badzone-events.json');
    expect(fired.fired()).toBe(5);
    // Each one a folder further up, starting at src/store (this module's folder in a checkout).
    const looked = trail(['existsSync'])
      .map(([, p]) => String(p))
      .filter(isEvents);
    const store = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/store');
    let up = store;
    const want: string[] = [];
    for (let i = 0; i < 5; i++, up = path.dirname(up)) want.push(path.join(up, 'data', 'badzone-events.json'));
    expect(looked).toEqual(want);
  });
});

describe('a broken shipped table names data/<file> and the field', () => {
  /** Serve `name` in data/ from a changed copy, for the rest of the test. */
  function broken(name: string, change: (t: Record<string, unknown>) => void): void {
    const real = path.join(T.dataDir(), name);
    const t = JSON.parse(fs.readFileSync(real, 'utf8')) as Record<string, unknown>;
    change(t);
    const copy = path.join(dir, name);
    fs.writeFileSync(copy, JSON.stringify(t));
    arm('openSync', { calls: (f, args) => f(copy, ...args.slice(1)) }, (args) => args[0] === real);
  }

  it.each([
    [
      'badzone-events.json',
      (t: Record<string, unknown>) => ((t.results as { discardOn?: unknown }[])[2]!.discardOn = 9),
      'data/badzone-events.json: results[2].discardOn',
    ],
    ['hazards.json', (t: Record<string, unknown>) => (t.hazards = 'none'), 'data/hazards.json: hazards'],
    ['visibility.json', (t: Record<string, unknown>) => (t.normal = 'gloom'), 'data/visibility.json: normal'],
  ])('%s', (name, change, where) => {
    broken(name, change);
    const e = thrown(() => T.shippedTables());
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(where);
  });

  it('an event naming a level the shipped visibility table lacks (cross-check): data/badzone-events.json', () => {
    let at = '';
    broken('badzone-events.json', (t) => {
      const results = t.results as { resolve: { onDraw: { kind: string; level?: string }[] } }[];
      const i = results.findIndex((ev) => ev.resolve.onDraw.some((s) => s.kind === 'visibilitySet'));
      const j = results[i]!.resolve.onDraw.findIndex((s) => s.kind === 'visibilitySet');
      results[i]!.resolve.onDraw[j]!.level = 'void';
      at = `results[${i}].resolve.onDraw[${j}].level`;
    });
    const e = thrown(() => T.shippedTables());
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(`data/badzone-events.json: ${at}`);
  });

  it('a shipped table that is missing: named as not existing', () => {
    const real = path.join(T.dataDir(), 'hazards.json');
    arm('lstatSync', { throws: Object.assign(new Error('ENOENT'), { code: 'ENOENT' }) }, (args) => args[0] === real);
    const e = thrown(() => T.shippedTables());
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(`${real} does not exist`);
  });
});

describe("a group's own table file", () => {
  it("a group's own tables: loaded and validated; a missing or broken one is refused naming the file (and the field)", () => {
    const events = path.join(dir, 'events.json');
    fs.copyFileSync(path.join(T.dataDir(), 'badzone-events.json'), events);
    expect(T.loadEventTable(events).results).toHaveLength(33);
    expect(T.loadAnyTable(events).kind).toBe('events');
    const vis = path.join(dir, 'vis.json');
    fs.copyFileSync(path.join(T.dataDir(), 'visibility.json'), vis);
    expect(T.loadVisibilityTable(vis).normal).toBe('normal');
    expect(T.loadAnyTable(vis).kind).toBe('visibility');
    const hz = path.join(dir, 'hz.json');
    fs.copyFileSync(path.join(T.dataDir(), 'hazards.json'), hz);
    expect(T.loadAnyTable(hz).kind).toBe('hazards');
    const none = path.join(dir, 'none.json');
    for (const f of [() => T.loadEventTable(none), () => T.loadVisibilityTable(none), () => T.loadAnyTable(none)]) {
      const e = thrown(f);
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toContain(none);
    }
    const t = JSON.parse(fs.readFileSync(events, 'utf8'));
    t.results[2].discardOn = 9;
    fs.writeFileSync(events, JSON.stringify(t));
    const e = thrown(() => T.loadEventTable(events));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(`${events}: results[2].discardOn`);
    expect(thrown(() => T.loadAnyTable(events)).message).toContain('results[2].discardOn');
  });

  it('an event table naming a level its visibility table lacks is refused (cross-check), with the given table', () => {
    const events = path.join(dir, 'events.json');
    const t = JSON.parse(fs.readFileSync(path.join(T.dataDir(), 'badzone-events.json'), 'utf8'));
    const po = t.results.find((e: { id: string }) => e.id === 'power-outage');
    po.resolve.onDraw[0].level = 'void';
    fs.writeFileSync(events, JSON.stringify(t));
    expect(thrown(() => T.loadEventTable(events)).message).toMatch(/"void" is not a level/);
    const vis = structuredClone(T.shippedTables().visibility);
    vis.levels.push({ id: 'void', name: 'Void', rangeInches: 0, pitchBlack: true, rules: '' });
    expect(T.loadEventTable(events, vis).results).toHaveLength(33);
  });

  it('that does not exist: says so, naming the file', () => {
    const none = path.join(dir, 'none.json');
    for (const f of [() => T.loadEventTable(none), () => T.loadVisibilityTable(none), () => T.loadAnyTable(none)]) {
      const e = thrown(f);
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toContain(`${none} does not exist`);
    }
  });

  it.each([['null'], ['"levels"'], ['7'], ['true'], ['[]']])(
    'holding %s, not an object: refused naming the file (never a TypeError)',
    (text) => {
      const f = path.join(dir, 't.json');
      fs.writeFileSync(f, text);
      const e = thrown(() => T.loadAnyTable(f));
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toContain(`${f}: `);
    },
  );
});

describe('bookFor', () => {
  it('the shipped book unless a game has its own tables', () => {
    expect(T.bookFor({ table: null, visibilityTable: null })).toBe(T.shippedBook());
    const vis = structuredClone(T.shippedTables().visibility);
    vis.name = 'Mine';
    const b = T.bookFor({ table: null, visibilityTable: vis });
    expect(b.visibility.name).toBe('Mine');
    expect(b.events).toBe(T.shippedTables().events);
    const ev = structuredClone(T.shippedTables().events);
    ev.name = 'House';
    expect(T.bookFor({ table: ev, visibilityTable: null }).events.name).toBe('House');
  });

  it('a D66 in a game started before schema 3 is one 66-sided die: legacyD66 reads the visibility die "D66" as one die; without it, as tens and units', () => {
    const vis = { ...structuredClone(T.shippedTables().visibility), die: 'D66' };
    const legacy = T.bookFor({ table: null, visibilityTable: vis, legacyD66: true });
    expect(legacy.visibilityDie.sides).toBe(66);
    expect(legacy.visibilityDie.tensUnits).toBeUndefined();
    const now = T.bookFor({ table: null, visibilityTable: vis });
    expect(now.visibilityDie.tensUnits).toBe(true);
  });
});

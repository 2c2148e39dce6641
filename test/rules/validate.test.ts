// Table validation: the shipped tables pass, and each rule has a failing case whose message names
// the entry and the field at fault.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  crossCheck,
  TableError,
  validateEventTable,
  validateHazardTable,
  validateVisibilityTable,
} from '../../src/rules/validate.js';
import type { Tables } from '../../src/rules/types.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const rawText = (f: string): string => fs.readFileSync(path.join(ROOT, 'data', f), 'utf8');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const events = (): Json => JSON.parse(rawText('badzone-events.json'));
const hazards = (): Json => JSON.parse(rawText('hazards.json'));
const visibility = (): Json => JSON.parse(rawText('visibility.json'));

const LABEL = 'data/x.json';

/** The TableError a validation throws (fails the test when none is thrown). */
function error(f: () => unknown): TableError {
  try {
    f();
  } catch (e) {
    if (e instanceof TableError) return e;
    throw e;
  }
  throw new Error('expected the table to be refused, but it was accepted');
}

const ev = (t: Json) => error(() => validateEventTable(t, LABEL));

function idx(t: Json, id: string): number {
  const i = t.results.findIndex((e: Json) => e.id === id);
  if (i < 0) throw new Error(`no ${id}`);
  return i;
}

describe('the shipped tables', () => {
  it('pass validation and the cross-check, keeping every entry', () => {
    const e = validateEventTable(events(), 'data/badzone-events.json');
    const h = validateHazardTable(hazards(), 'data/hazards.json');
    const v = validateVisibilityTable(visibility(), 'data/visibility.json');
    expect(() => crossCheck({ events: e, hazards: h, visibility: v }, 'data/badzone-events.json')).not.toThrow();
    expect(e.results).toHaveLength(33);
    expect(e.results.reduce((n, x) => n + x.count, 0)).toBe(64);
    expect(h.hazards).toHaveLength(9);
    expect(h.nomadic.roll).toBe(10);
    expect(v.house).toBe(true);
    expect(v.levels.map((l) => l.id)).toContain(v.normal);
  });

  it('validation returns the data unchanged in meaning (ids, ranges, steps)', () => {
    const raw = events();
    const e = validateEventTable(raw, 'x');
    e.results.forEach((r, i) => {
      expect(r.id).toBe(raw.results[i].id);
      expect(r.range).toEqual(raw.results[i].range);
      expect(r.discardOn).toBe(raw.results[i].discardOn);
      expect(r.resolve).toEqual({ onDraw: [], eachEventPhase: [], endPhase: [], ...raw.results[i].resolve });
    });
  });
});

describe('event table: one failing case per rule', () => {
  it('a gap in 1..64', () => {
    const t = events();
    const i = idx(t, 'power-outage');
    t.results[i].range = [1, 2];
    t.results[i].count = 2;
    const e = ev(t);
    expect(e.path).toBe('results');
    expect(e.message).toBe(`${LABEL}: results: no event covers 3; a D64 table must cover 1–64`);
  });

  it('a missing last row is a gap too', () => {
    const t = events();
    t.results.pop();
    expect(ev(t).message).toMatch(/no event covers 64\b/);
  });

  it('an overlap names the entry, the field and the event it overlaps', () => {
    const t = events();
    expect(t.results[12].id).toBe('static-storm');
    t.results[12].range = [30, 33];
    t.results[12].count = 4;
    const e = ev(t);
    expect(e.message).toBe(`${LABEL}: results[12].range: 30–33 overlaps "Toxic Downpour" 29–30`);
    expect(e.file).toBe(LABEL);
    expect(e.path).toBe('results[12].range');
  });

  it('a Once event cannot be a standing condition (it never stays in play)', () => {
    const t = events();
    const i = idx(t, 'power-outage');
    t.results[i].standing = true;
    expect(ev(t).message).toBe(
      `${LABEL}: results[${i}].standing: a Once event never stays in play, so its effect cannot stay in force`,
    );
    const p = events();
    p.results[idx(p, 'gas-spill')].standing = true; // already; and a persistent event may be one
    expect(validateEventTable(p, LABEL).results.find((e) => e.id === 'gas-spill')!.standing).toBe(true);
  });

  it('the count must equal the width of the range', () => {
    const t = events();
    t.results[1].count = 2;
    expect(ev(t).message).toBe(`${LABEL}: results[1].count: 2 cards, but the range 4–6 covers 3 results`);
  });

  it('counts not summing to 64 are refused (the range rules already catch every such table)', () => {
    // Counts equal widths and the ranges tile 1..64 exactly, so a total other than 64 always shows up
    // first as a count/width mismatch, a gap, or an overlap. Each way of getting there is refused.
    const more = events();
    more.results[0].count = 4; // 65 in all
    expect(ev(more).path).toBe('results[0].count');
    const fewer = events();
    fewer.results[0].count = 2;
    fewer.results[0].range = [1, 2]; // 63 in all
    expect(ev(fewer).path).toBe('results');
    const extra = events();
    extra.results.push({ ...extra.results[32], id: 'sludge-jelly-2' }); // 65 in all
    expect(ev(extra).message).toMatch(/results\[33\]\.range: 64 overlaps "Sludge Jelly" 64/);
  });

  it('duplicate ids', () => {
    const t = events();
    t.results[5].id = 'power-outage';
    expect(ev(t).message).toBe(`${LABEL}: results[5].id: "power-outage" is already the id of results[0]`);
  });

  it('an id that is not a slug', () => {
    const t = events();
    t.results[2].id = 'Horde of Rats';
    expect(ev(t).path).toBe('results[2].id');
  });

  it('discardOn on a Once event', () => {
    const t = events();
    t.results[0].discardOn = 4;
    const e = ev(t);
    expect(e.path).toBe('results[0].discardOn');
    expect(e.problem).toMatch(/only a persistent event/);
  });

  it.each([1, 7, 0, 2.5, '4', true])('discardOn %j is outside 2..6 or not a whole number', (x) => {
    const t = events();
    const i = idx(t, 'critters-attack');
    t.results[i].discardOn = x;
    const e = ev(t);
    expect(e.path).toBe(`results[${i}].discardOn`);
  });

  it('discardOn 2 and 6 are the limits and are accepted', () => {
    for (const x of [2, 6]) {
      const t = events();
      t.results[idx(t, 'critters-attack')].discardOn = x;
      expect(validateEventTable(t, LABEL).results[1]!.discardOn).toBe(x);
    }
  });

  it('a bad dice expression in a step names the step field', () => {
    const t = events();
    const i = idx(t, 'horde-of-rats');
    t.results[i].resolve.eachEventPhase[0].count = 'D0';
    const e = ev(t);
    expect(e.path).toBe(`results[${i}].resolve.eachEventPhase[0].count`);
    expect(e.problem).toMatch(/sides/);
  });

  it.each([
    ['falling-crates', (r: Json) => (r.resolve.onDraw[0].distance = 'D6+'), 'resolve.onDraw[0].distance'],
    [
      'mines-detected',
      (r: Json) => (r.resolve.onDraw[0].place.scatterEach = 'abc'),
      'resolve.onDraw[0].place.scatterEach',
    ],
    ['treasure', (r: Json) => (r.resolve.onDraw[0].worth.dice = '2D6/10'), 'resolve.onDraw[0].worth.dice'],
    ['disappearance', (r: Json) => (r.resolve.onDraw[0].dice = 6), 'resolve.onDraw[0].dice'],
    ['headhunters', (r: Json) => (r.resolve.endPhase[0].count = '50D1000'), 'resolve.endPhase[0].count'],
    ['headhunters', (r: Json) => (r.resolve.endPhase[0].count = '20D1000x10'), 'resolve.endPhase[0].count'],
    ['horde-of-rats', (r: Json) => (r.resolve.eachEventPhase[0].count = 'D6-7'), 'resolve.eachEventPhase[0].count'],
  ])('%s: a bad expression at %#', (id, edit, field) => {
    const t = events();
    const i = idx(t, id);
    edit(t.results[i]);
    expect(ev(t).path).toBe(`results[${i}].${field}`);
  });

  it('an unknown step kind', () => {
    const t = events();
    t.results[0].resolve.onDraw[0].kind = 'teleport';
    const e = ev(t);
    expect(e.path).toBe('results[0].resolve.onDraw[0].kind');
    expect(e.problem).toMatch(/expected one of "spawn"/);
    expect(e.problem).toMatch(/found the text "teleport"/);
  });

  it('a Once event with every-Event-Phase steps', () => {
    const t = events();
    t.results[0].resolve.eachEventPhase = [{ kind: 'visibilityRoll' }];
    expect(ev(t).path).toBe('results[0].resolve.eachEventPhase');
  });

  it.each<[string, (t: Json) => void, string, RegExp]>([
    ['name is a number', (t) => (t.results[0].name = 5), 'results[0].name', /expected text, found 5/],
    ['name is empty', (t) => (t.results[0].name = '  '), 'results[0].name', /non-empty/],
    ['range is text', (t) => (t.results[0].range = '1-3'), 'results[0].range', /expected an array/],
    ['range has three numbers', (t) => (t.results[0].range = [1, 2, 3]), 'results[0].range', /\[low, high\]/],
    ['range runs backwards', (t) => (t.results[0].range = [3, 1]), 'results[0].range', /low 3 is above high 1/],
    ['range goes past 64', (t) => (t.results[32].range = [64, 65]), 'results[32].range[1]', /from 1 to 64/],
    ['count is text', (t) => (t.results[0].count = '3'), 'results[0].count', /whole number/],
    ['timing is unknown', (t) => (t.results[0].timing = 'sometimes'), 'results[0].timing', /"once", "persistent"/],
    ['an entry is null', (t) => (t.results[3] = null), 'results[3]', /expected an object, found null/],
    ['results is an object', (t) => (t.results = {}), 'results', /expected an array/],
    [
      'results is missing',
      (t) => delete t.results,
      'results',
      /^expected an array, found nothing \(the field is missing\)$/,
    ],
    ['effect is an array', (t) => (t.results[0].effect = []), 'results[0].effect', /found an array/],
    ['resolve is text', (t) => (t.results[0].resolve = 'roll'), 'results[0].resolve', /expected an object/],
    [
      'a step has no what',
      (t) => delete t.results[2].resolve.eachEventPhase[0].what,
      'results[2].resolve.eachEventPhase[0].what',
      /expected text/,
    ],
    [
      'spawn creature unknown',
      (t) => (t.results[2].resolve.eachEventPhase[0].creature = 'dragons'),
      'results[2].resolve.eachEventPhase[0].creature',
      /"rats"/,
    ],
    [
      'avoidOccupied is text',
      (t) => (t.results[idx(t, 'collapsed-section')].resolve.onDraw[0].avoidOccupied = 'yes'),
      `results[25].resolve.onDraw[0].avoidOccupied`,
      /true or false/,
    ],
    ['die is D6', (t) => (t.die = 'D6'), 'die', /"D64"/],
    ['the table is an array', (t) => (t.results = t), '(table)', /expected an object/],
  ])('wrong type: %s', (_name, edit, field, problem) => {
    const t = events();
    edit(t);
    if (field === '(table)') {
      const e = error(() => validateEventTable([t], LABEL));
      expect(e.path).toBe('(table)');
      return;
    }
    const e = ev(t);
    expect(e.path).toBe(field);
    expect(e.problem).toMatch(problem);
  });

  it('a __proto__ key (as JSON.parse makes it) is refused, naming where', () => {
    const text = rawText('badzone-events.json').replace(
      '"id": "critters-attack"',
      '"__proto__": {"polluted": true}, "id": "critters-attack"',
    );
    expect(text).toContain('__proto__');
    const e = ev(JSON.parse(text));
    expect(e.path).toBe('results[1].__proto__');
    expect(e.problem).toMatch(/not allowed/);
    expect(({} as Json).polluted).toBeUndefined();
  });

  it('constructor and prototype keys are refused too', () => {
    const t = events();
    t.results[4].resolve.onDraw[0] = JSON.parse('{"kind":"visibilityRoll","constructor":1}');
    expect(ev(t).path).toBe('results[4].resolve.onDraw[0].constructor');
    const u = JSON.parse(`{"prototype": 1, ${rawText('badzone-events.json').trim().slice(1)}`);
    expect(ev(u).path).toBe('(table).prototype');
  });

  it('a too-long name or effect text', () => {
    const t = events();
    t.results[0].effect = 'x'.repeat(5000);
    expect(ev(t).path).toBe('results[0].effect');
  });
});

describe('cross-check: events against the visibility table', () => {
  it('a visibilitySet naming an unknown level', () => {
    const e = validateEventTable(events(), 'data/badzone-events.json');
    const tables: Tables = {
      events: e,
      hazards: validateHazardTable(hazards(), 'h'),
      visibility: validateVisibilityTable(visibility(), 'v'),
    };
    const step = e.results[0]!.resolve.onDraw[0]!;
    expect(step.kind).toBe('visibilitySet');
    (step as { level: string }).level = 'murky';
    const err = error(() => crossCheck(tables, 'data/badzone-events.json'));
    expect(err.path).toBe('results[0].resolve.onDraw[0].level');
    expect(err.problem).toBe('"murky" is not a level of the visibility table (pitch-black, dark, gloomy, normal)');
  });

  it('a group visibility table without the level the events name', () => {
    const v = visibility();
    v.levels = v.levels.filter((l: Json) => l.id !== 'pitch-black');
    v.results = v.results.map((r: Json) => (r.level === 'pitch-black' ? { ...r, level: 'dark' } : r));
    const tables: Tables = {
      events: validateEventTable(events(), 'e'),
      hazards: validateHazardTable(hazards(), 'h'),
      visibility: validateVisibilityTable(v, 'v'),
    };
    expect(error(() => crossCheck(tables, 'e')).path).toBe('results[0].resolve.onDraw[0].level');
  });
});

describe('hazard table', () => {
  const hz = (t: Json) => error(() => validateHazardTable(t, LABEL));

  it('a missing roll', () => {
    const t = hazards();
    t.hazards = t.hazards.filter((h: Json) => h.roll !== 4);
    expect(hz(t).message).toBe(`${LABEL}: hazards: no row for a roll of 4; a D10 table must cover 1–10`);
  });

  it('a roll that appears twice', () => {
    const t = hazards();
    t.hazards[3].roll = 3;
    expect(hz(t).path).toBe('hazards[3].roll');
  });

  it('Nomadic on a roll that is also a hazard', () => {
    const t = hazards();
    t.nomadic.roll = 9;
    expect(hz(t).path).toBe('nomadic.roll');
  });

  it('a roll outside 1..10, a ploy without a name, a missing nomadic', () => {
    const a = hazards();
    a.hazards[0].roll = 11;
    expect(hz(a).path).toBe('hazards[0].roll');
    const b = hazards();
    delete b.hazards[2].ploy.name;
    expect(hz(b).path).toBe('hazards[2].ploy.name');
    const c = hazards();
    delete c.nomadic;
    expect(hz(c).path).toBe('nomadic');
  });
});

describe('visibility table', () => {
  const vz = (t: Json) => error(() => validateVisibilityTable(t, LABEL));

  it('results not covering the die', () => {
    const t = visibility();
    t.results = t.results.filter((r: Json) => r.level !== 'normal');
    expect(vz(t).message).toBe(`${LABEL}: results: no result for a roll of 5; the table must cover 1–6`);
  });

  it('a bigger die than the results cover', () => {
    const t = visibility();
    t.die = 'D8';
    expect(vz(t).message).toMatch(/no result for a roll of 7; the table must cover 1–8/);
  });

  it('results overlapping', () => {
    const t = visibility();
    t.results[1].range = [1, 2];
    expect(vz(t).path).toBe('results[1].range');
  });

  it('a result outside the die', () => {
    const t = visibility();
    t.results[3].range = [5, 7];
    expect(vz(t).path).toBe('results[3].range[1]');
  });

  it('a result naming an unknown level, and a normal level that does not exist', () => {
    const a = visibility();
    a.results[0].level = 'murky';
    expect(vz(a).path).toBe('results[0].level');
    const b = visibility();
    b.normal = 'bright';
    expect(vz(b).path).toBe('normal');
  });

  it('a bad die, a duplicate level id, a non-boolean pitchBlack', () => {
    const a = visibility();
    a.die = 'D';
    expect(vz(a).path).toBe('die');
    const b = visibility();
    b.levels[1].id = 'pitch-black';
    expect(vz(b).path).toBe('levels[1].id');
    const c = visibility();
    c.levels[0].pitchBlack = 'yes';
    expect(vz(c).path).toBe('levels[0].pitchBlack');
  });
});

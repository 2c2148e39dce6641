// The validator's own rules beyond field types (src/rules/validate.ts directly): exact problems, exact places.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TableError, validateEventTable, validateHazardTable } from '../../src/rules/validate.js';
import { ROOT } from '../helpers.js';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const events = (): Obj => JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'badzone-events.json'), 'utf8'));
const hazards = (): Obj => JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'hazards.json'), 'utf8'));

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof TableError) return `${e.path}: ${e.problem}`;
    throw e;
  }
  return 'accepted';
}
const ev = (t: Obj) => refusal(() => validateEventTable(t, 'house.json'));
const hz = (t: Obj) => refusal(() => validateHazardTable(t, 'hazards.json'));

describe('event tables', () => {
  it('an event picks one tile at most, in all its phases together: the second pick is refused by place', () => {
    const t = events();
    const i = t.results.findIndex((e: Obj) => e.resolve?.onDraw?.some((s: Obj) => s.kind === 'pickTile' && s.worth));
    const e = t.results[i];
    expect(e.timing).toBe('persistent');
    e.resolve.endPhase = [...(e.resolve.endPhase ?? []), { kind: 'pickTile', what: 'Vault Door' }];
    const second = `results[${i}].resolve.endPhase[${e.resolve.endPhase.length - 1}]`;
    const said = ev(t);
    expect(said.startsWith(`${second}: a second pickTile step in "${e.name}"`)).toBe(true);
    expect(said).toContain('(the first is resolve.onDraw[0])');
    e.resolve.endPhase.pop();
    e.resolve.eachEventPhase = [{ kind: 'pickTile', what: 'Vault Door' }];
    expect(ev(t)).toMatch(new RegExp(`^results\\[${i}\\]\\.resolve\\.eachEventPhase\\[0\\]: a second pickTile`));
    e.resolve.onDraw = e.resolve.onDraw.filter((s: Obj) => s.kind !== 'pickTile');
    expect(ev(t)).toBe('accepted');
  });

  it('ids are slugs, once each; the deck counts add up to 64; gaps are named as ranges', () => {
    let t = events();
    t.results[2].id = 'Horde Of Rats';
    expect(ev(t)).toBe('results[2].id: "Horde Of Rats" is not a slug (lower-case letters, digits and single hyphens)');
    t = events();
    t.results[3].id = t.results[1].id;
    expect(ev(t)).toBe('results[3].id: "critters-attack" is already the id of results[1]');
    t = events();
    t.results[0].count = 2;
    // Each count is its range's size, so with 1-64 covered the deck always has 64 cards (the "add up to 64" check
    // in validate.ts cannot be reached: its mutants are equivalent).
    expect(ev(t)).toMatch(/^results\[0\]\.count: 2 cards, but the range/);
    t = events();
    t.results = t.results.filter((_: Obj, i: number) => ![0, 2, 4, 6, 8, 10].includes(i));
    expect(ev(t)).toBe('results: no event covers 1–3, 7–9, 13–15, 19–21, 25–26, ...; a D64 table must cover 1–64');
    t = events();
    t.results = t.results.filter((_: Obj, i: number) => i !== 32);
    expect(ev(t)).toBe('results: no event covers 64; a D64 table must cover 1–64');
  });

  it("a missing name is the file's; a missing gm is empty; a Once event never acts in a later Event Phase", () => {
    const t = events();
    delete t.name;
    delete t.results[0].gm;
    const v = validateEventTable(t, 'house.json');
    expect(v.name).toBe('house.json');
    expect(v.results[0]!.gm).toBe('');
    expect(v.results[1]!.gm).toBe(events().results[1].gm);
    const once = events();
    const i = once.results.findIndex((e: Obj) => e.timing === 'once');
    once.results[i].resolve.eachEventPhase = [{ kind: 'visibilityRoll' }];
    expect(ev(once)).toMatch(new RegExp(`^results\\[${i}\\]\\.resolve\\.eachEventPhase: a Once event never stays in`));
  });

  it('clarifications: slug ids, once each, events of this table, a short heading when shown every round', () => {
    let t = events();
    t.clarifications[0].id = 'Not A Slug';
    expect(ev(t)).toBe(
      'clarifications[0].id: "Not A Slug" is not a slug (lower-case letters, digits and single hyphens)',
    );
    t = events();
    t.clarifications[1].id = t.clarifications[0].id;
    expect(ev(t)).toBe(`clarifications[1].id: "${t.clarifications[0].id}" appears twice`);
    t = events();
    t.clarifications[4].events[1] = 'no-such-event';
    expect(ev(t)).toBe('clarifications[4].events[1]: "no-such-event" is not an event id of this table');
    t = events();
    t.clarifications[1].round = true;
    delete t.clarifications[1].short;
    expect(ev(t)).toBe(
      'clarifications[1].short: a clarification shown every round needs its short words for the heading',
    );
    t = events();
    t.clarifications[1].round = false;
    delete t.clarifications[1].short;
    expect(ev(t)).toBe('accepted');
    const kept = validateEventTable(events(), 'x').clarifications!;
    expect(kept.map((c) => c.id)).toEqual(events().clarifications.map((c: Obj) => c.id));
    expect(kept[4]!.events).toEqual(events().clarifications[4].events);
  });
});

describe('hazard tables', () => {
  it("a ploy's trigger: given, or read from its words (start of any Round, start of a turn, else on an event)", () => {
    const trig = (when: string, given?: string): string => {
      const t = hazards();
      t.hazards[0].ploy.when = when;
      if (given === undefined) delete t.hazards[0].ploy.trigger;
      else t.hazards[0].ploy.trigger = given;
      return validateHazardTable(t, 'h').hazards[0]!.ploy!.trigger;
    };
    expect(trig('at the start of any Round')).toBe('round-start');
    expect(trig('AT THE START OF ANY ROUND')).toBe('round-start');
    expect(trig('at the start of your turn')).toBe('turn-start');
    expect(trig('at the start of a turn')).toBe('turn-start');
    expect(trig('at the start of each turn')).toBe('turn-start');
    expect(trig('when a fighter fails a Confusion test')).toBe('on-event');
    expect(trig('at the start of any Round', 'on-event')).toBe('on-event');
    expect(
      hz({
        ...hazards(),
        hazards: hazards().hazards.map((h: Obj, i: number) =>
          i === 0 ? { ...h, ploy: { ...h.ploy, trigger: 'sometimes' } } : h,
        ),
      }),
    ).toMatch(/^hazards\[0\]\.ploy\.trigger: expected one of/);
  });

  it('each roll once, the Nomadic roll apart, every roll 1-10 covered; pages kept when given', () => {
    let t = hazards();
    t.hazards[1].roll = t.hazards[0].roll;
    expect(hz(t)).toBe(`hazards[1].roll: roll ${t.hazards[0].roll} appears twice`);
    t = hazards();
    t.nomadic.roll = t.hazards[0].roll;
    expect(hz(t)).toBe(`nomadic.roll: roll ${t.hazards[0].roll} is also a hazard`);
    t = hazards();
    t.hazards = t.hazards.slice(1);
    expect(hz(t)).toMatch(/^hazards: no row for a roll of 1; a D10 table must/);
    const v = validateHazardTable(hazards(), 'h');
    expect(v.hazards[0]!.page).toBe(hazards().hazards[0].page);
    expect(v.hazards[0]!.ploy!.page).toBe(hazards().hazards[0].ploy.page);
    expect(v.nomadic.page).toBe(hazards().nomadic.page);
    expect(v.source).toBe(hazards().source);
    t = hazards();
    delete t.hazards[0].page;
    delete t.nomadic.page;
    delete t.source;
    const bare = validateHazardTable(t, 'h');
    expect('page' in bare.hazards[0]!).toBe(false);
    expect('page' in bare.nomadic).toBe(false);
    expect('source' in bare).toBe(false);
  });
});

// Validation of rule tables: the shipped ones when loaded, and a group's own (`--table`, `table lint`).
// An invalid table is refused with a message naming the entry and the field.
import {
  parseDice,
  diceBounds,
  canTotal,
  DiceSyntaxError,
  type DiceExpr,
  type ParseOptions,
} from '../dice/expression.js';
import { LARGEST, LIMITS, SMALLEST, count, tilesThatFit, worstCaseDice, type DiceStep } from './limits.js';
import {
  PLOY_TRIGGERS,
  type BadzoneEvent,
  type Clarification,
  type EventTable,
  type HazardTable,
  type PloyTrigger,
  type Resolution,
  type Step,
  type Tables,
  type VisibilityTable,
} from './types.js';
import { arr, bool, fail, int, Invalid, nonEmpty, obj, oneOf, range, rangeText, str, type Obj } from './check.js';

export { Invalid } from './check.js';

const CREATURES = ['rats', 'zombies', 'scum', 'genestealers', 'abomination'] as const;
const TEXT = LIMITS.tableText;
const NAME = LIMITS.tableName;

function dice(v: unknown, path: string, allowNumber = true): string | number {
  if (typeof v === 'number' && allowNumber) {
    int(v, path, 0, 100);
    return v;
  }
  const s = str(v, path, 40);
  try {
    const e = parseDice(s);
    const [lo, hi] = diceBounds(e);
    if (e.count > LIMITS.tableDice)
      fail(path, `"${s}" rolls ${e.count} dice; a table needs at most ${LIMITS.tableDice} (limit: table dice)`);
    if (lo < 0) fail(path, `"${s}" can total ${lo}; a count or distance cannot be negative`);
    if (hi > LIMITS.tableTotal)
      fail(
        path,
        `"${s}" can total ${hi}; a table needs far less (at most ${count(LIMITS.tableTotal)}; limit: table total)`,
      );
  } catch (err) {
    if (err instanceof DiceSyntaxError) fail(path, err.message);
    throw err;
  }
  return s;
}

function step(v: unknown, path: string): Step {
  const o = obj(v, path);
  const kind = oneOf(o.kind, `${path}.kind`, [
    'spawn',
    'scatterEachTile',
    'pickTile',
    'scatter',
    'pickFighter',
    'rollEachFighter',
    'pickLair',
    'pickStructure',
    'visibilitySet',
    'visibilityRoll',
    'visibilityClearPitchBlack',
  ] as const);
  const what = (): string => nonEmpty(o.what, `${path}.what`, NAME);
  switch (kind) {
    case 'spawn':
      return {
        kind,
        count: dice(o.count, `${path}.count`),
        creature: oneOf(o.creature, `${path}.creature`, CREATURES),
        what: what(),
      };
    case 'scatterEachTile':
    case 'scatter':
      return { kind, distance: dice(o.distance, `${path}.distance`, false) as string, what: what() };
    case 'pickTile': {
      const s: Extract<Step, { kind: 'pickTile' }> = { kind, what: what() };
      if (o.avoidOccupied !== undefined) s.avoidOccupied = bool(o.avoidOccupied, `${path}.avoidOccupied`);
      if (o.removeTile !== undefined) s.removeTile = bool(o.removeTile, `${path}.removeTile`);
      if (o.place !== undefined) {
        const p = obj(o.place, `${path}.place`);
        s.place = { count: dice(p.count, `${path}.place.count`), what: nonEmpty(p.what, `${path}.place.what`, NAME) };
        if (p.scatterEach !== undefined)
          s.place.scatterEach = dice(p.scatterEach, `${path}.place.scatterEach`, false) as string;
      }
      if (o.worth !== undefined) {
        const w = obj(o.worth, `${path}.worth`);
        s.worth = {
          dice: dice(w.dice, `${path}.worth.dice`, false) as string,
          unit: nonEmpty(w.unit, `${path}.worth.unit`, 40),
        };
      }
      if (o.staysAfterDiscard !== undefined)
        s.staysAfterDiscard = bool(o.staysAfterDiscard, `${path}.staysAfterDiscard`);
      return s;
    }
    case 'pickFighter': {
      const s: Extract<Step, { kind: 'pickFighter' }> = {
        kind,
        from: oneOf(o.from, `${path}.from`, ['battlefield', 'reserve'] as const),
        what: what(),
      };
      if (o.moveTo !== undefined) s.moveTo = oneOf(o.moveTo, `${path}.moveTo`, ['battlefield', 'reserve'] as const);
      if (o.condition !== undefined) {
        const c = obj(o.condition, `${path}.condition`);
        s.condition = {
          name: nonEmpty(c.name, `${path}.condition.name`, 60),
          lasts: oneOf(c.lasts, `${path}.condition.lasts`, ['round', 'event', 'game'] as const),
        };
      }
      return s;
    }
    case 'rollEachFighter': {
      const d = dice(o.dice, `${path}.dice`, false) as string;
      const on = arr(o.on, `${path}.on`, 100).map((x, i) => int(x, `${path}.on[${i}]`, 1, 1000));
      return {
        kind,
        dice: d,
        on,
        moveTo: oneOf(o.moveTo, `${path}.moveTo`, ['reserve', 'out'] as const),
        what: what(),
      };
    }
    case 'pickLair':
      return { kind, becomes: nonEmpty(o.becomes, `${path}.becomes`, NAME) };
    case 'pickStructure':
      return { kind, what: what() };
    case 'visibilitySet': {
      const s: Extract<Step, { kind: 'visibilitySet' }> = { kind, level: nonEmpty(o.level, `${path}.level`, 60) };
      if (o.note !== undefined) s.note = str(o.note, `${path}.note`, TEXT);
      if (o.rules !== undefined) s.rules = str(o.rules, `${path}.rules`, TEXT);
      return s;
    }
    case 'visibilityRoll':
      return { kind };
    case 'visibilityClearPitchBlack':
      return { kind, otherwise: str(o.otherwise, `${path}.otherwise`, TEXT) };
  }
}

function steps(v: unknown, path: string): Step[] {
  return arr(v, path, LIMITS.tableSteps).map((x, i) => step(x, `${path}[${i}]`));
}

function resolution(v: unknown, path: string): Resolution {
  const o = obj(v, path);
  return {
    onDraw: steps(o.onDraw ?? [], `${path}.onDraw`),
    eachEventPhase: steps(o.eachEventPhase ?? [], `${path}.eachEventPhase`),
    endPhase: steps(o.endPhase ?? [], `${path}.endPhase`),
  };
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function event(v: unknown, path: string): BadzoneEvent {
  const o = obj(v, path);
  const id = nonEmpty(o.id, `${path}.id`, 60);
  if (!SLUG.test(id)) fail(`${path}.id`, `"${id}" is not a slug (lower-case letters, digits and single hyphens)`);
  const timing = oneOf(o.timing, `${path}.timing`, ['once', 'persistent'] as const);
  const discardOn =
    o.discardOn === null || o.discardOn === undefined ? null : int(o.discardOn, `${path}.discardOn`, 2, 6);
  if (discardOn !== null && timing !== 'persistent')
    fail(`${path}.discardOn`, 'only a persistent event can be discarded on X+; a Once event is discarded when drawn');
  const ev: BadzoneEvent = {
    id,
    name: nonEmpty(o.name, `${path}.name`, NAME),
    range: range(o.range, `${path}.range`, 1, 64),
    count: int(o.count, `${path}.count`, 1, 64),
    timing,
    discardOn,
    effect: str(o.effect, `${path}.effect`, TEXT),
    gm: o.gm === undefined ? '' : str(o.gm, `${path}.gm`, TEXT),
    ...(o.gmInPlay === undefined ? {} : { gmInPlay: str(o.gmInPlay, `${path}.gmInPlay`, TEXT) }),
    ...(o.short === undefined ? {} : { short: str(o.short, `${path}.short`, TEXT) }),
    ...(o.standing === undefined ? {} : { standing: bool(o.standing, `${path}.standing`) }),
    resolve:
      o.resolve === undefined
        ? { onDraw: [], eachEventPhase: [], endPhase: [] }
        : resolution(o.resolve, `${path}.resolve`),
  };
  if (o.rulings !== undefined)
    ev.rulings = arr(o.rulings, `${path}.rulings`, 20).map((x, i) => str(x, `${path}.rulings[${i}]`, TEXT));
  const width = ev.range[1] - ev.range[0] + 1;
  if (ev.count !== width)
    fail(`${path}.count`, `${ev.count} cards, but the range ${rangeText(ev.range)} covers ${width} results`);
  if (timing === 'once' && ev.standing)
    fail(`${path}.standing`, 'a Once event never stays in play, so its effect cannot stay in force');
  if (timing === 'once' && ev.resolve.eachEventPhase.length > 0)
    fail(`${path}.resolve.eachEventPhase`, 'a Once event never stays in play, so it has no every-Event-Phase steps');
  // An event in play keeps one tile (where what it leaves stays after discard, where its scatters start): a second
  // pick would move the first one's objects to the second's tile.
  const picks = (['onDraw', 'eachEventPhase', 'endPhase'] as const)
    .flatMap((phase) => ev.resolve[phase].map((st, i) => ({ st, at: `${path}.resolve.${phase}[${i}]` })))
    .filter((x) => x.st.kind === 'pickTile');
  if (picks.length > 1)
    fail(
      picks[1]!.at,
      `a second pickTile step in "${ev.name}" (the first is ${picks[0]!.at.slice(path.length + 1)}): an event in play keeps one tile, so what it leaves would all stay on the last tile picked; make the second pick an event of its own`,
    );
  return ev;
}

/** Validate an event table. `label` names the file in messages. */
export function validateEventTable(v: unknown, label: string): EventTable {
  return within(label, () => {
    const o = obj(v, '(table)');
    const die = o.die === undefined ? 'D64' : oneOf(o.die, 'die', ['D64'] as const);
    const list = arr(o.results, 'results', LIMITS.tableResults);
    const results = list.map((x, i) => event(x, `results[${i}]`));
    const ids = new Map<string, number>();
    const owner: (number | undefined)[] = [];
    results.forEach((ev, i) => {
      const prev = ids.get(ev.id);
      if (prev !== undefined) fail(`results[${i}].id`, `"${ev.id}" is already the id of results[${prev}]`);
      ids.set(ev.id, i);
      for (let r = ev.range[0]; r <= ev.range[1]; r++) {
        const other = owner[r];
        if (other !== undefined) {
          const o2 = results[other]!;
          fail(`results[${i}].range`, `${rangeText(ev.range)} overlaps "${o2.name}" ${rangeText(o2.range)}`);
        }
        owner[r] = i;
      }
    });
    const missing: number[] = [];
    for (let r = 1; r <= 64; r++) if (owner[r] === undefined) missing.push(r);
    if (missing.length) fail('results', `no event covers ${gapText(missing)}; a D64 table must cover 1–64`);
    const total = results.reduce((n, e) => n + e.count, 0);
    if (total !== 64) fail('results', `the deck counts add up to ${total}, not 64`);
    const t: EventTable = { name: o.name === undefined ? label : nonEmpty(o.name, 'name', NAME), die, results };
    if (o.source !== undefined) t.source = str(o.source, 'source', TEXT);
    if (o.clarifications !== undefined) t.clarifications = clarifications(o.clarifications, ids);
    return t;
  });
}

function clarifications(v: unknown, ids: Map<string, number>): Clarification[] {
  const seen = new Set<string>();
  return arr(v, 'clarifications', 50).map((x, i) => {
    const p = `clarifications[${i}]`;
    const o = obj(x, p);
    const id = nonEmpty(o.id, `${p}.id`, 60);
    if (!SLUG.test(id)) fail(`${p}.id`, `"${id}" is not a slug (lower-case letters, digits and single hyphens)`);
    if (seen.has(id)) fail(`${p}.id`, `"${id}" appears twice`);
    seen.add(id);
    const c: Clarification = {
      id,
      name: nonEmpty(o.name, `${p}.name`, NAME),
      text: nonEmpty(o.text, `${p}.text`, TEXT),
    };
    if (o.events !== undefined) {
      c.events = arr(o.events, `${p}.events`, 64).map((e, j) => {
        const ev = nonEmpty(e, `${p}.events[${j}]`, 60);
        if (!ids.has(ev)) fail(`${p}.events[${j}]`, `"${ev}" is not an event id of this table`);
        return ev;
      });
    }
    if (o.round !== undefined) c.round = bool(o.round, `${p}.round`);
    if (o.short !== undefined) c.short = nonEmpty(o.short, `${p}.short`, 60);
    if (c.round && c.short === undefined)
      fail(`${p}.short`, 'a clarification shown every round needs its short words for the heading');
    return c;
  });
}

/** A ploy's trigger: given, or read from its `when` (tables written before triggers were data). */
function ployTrigger(v: unknown, when: string, path: string): PloyTrigger {
  if (v !== undefined) return oneOf(v, path, PLOY_TRIGGERS);
  if (/start of any round/i.test(when)) return 'round-start';
  if (/start of (your|a|each) turn/i.test(when)) return 'turn-start';
  return 'on-event';
}

function gapText(ns: number[]): string {
  const parts: string[] = [];
  let start = ns[0]!;
  let prev = start;
  for (const n of [...ns.slice(1), Infinity]) {
    if (n === prev + 1) {
      prev = n;
      continue;
    }
    parts.push(start === prev ? `${start}` : `${start}–${prev}`);
    start = prev = n;
  }
  return parts.slice(0, 5).join(', ') + (parts.length > 5 ? ', ...' : '');
}

export function validateHazardTable(v: unknown, label: string): HazardTable {
  return within(label, () => {
    const o = obj(v, '(table)');
    const hazards = arr(o.hazards, 'hazards', 20).map((x, i) => {
      const p = `hazards[${i}]`;
      const h = obj(x, p);
      const ploy = obj(h.ploy, `${p}.ploy`);
      return {
        roll: int(h.roll, `${p}.roll`, 1, 10),
        id: nonEmpty(h.id, `${p}.id`, 60),
        name: nonEmpty(h.name, `${p}.name`, NAME),
        effect: str(h.effect, `${p}.effect`, TEXT),
        ...(h.page === undefined ? {} : { page: str(h.page, `${p}.page`, 200) }),
        ploy: {
          name: nonEmpty(ploy.name, `${p}.ploy.name`, NAME),
          when: str(ploy.when, `${p}.ploy.when`, 400),
          trigger: ployTrigger(ploy.trigger, String(ploy.when), `${p}.ploy.trigger`),
          text: str(ploy.text, `${p}.ploy.text`, TEXT),
          ...(ploy.page === undefined ? {} : { page: str(ploy.page, `${p}.ploy.page`, 200) }),
        },
      };
    });
    const seen = new Set<number>();
    hazards.forEach((h, i) => {
      if (seen.has(h.roll)) fail(`hazards[${i}].roll`, `roll ${h.roll} appears twice`);
      seen.add(h.roll);
    });
    const n = obj(o.nomadic, 'nomadic');
    const nomadic = {
      roll: int(n.roll, 'nomadic.roll', 1, 10),
      name: nonEmpty(n.name, 'nomadic.name', NAME),
      effect: str(n.effect, 'nomadic.effect', TEXT),
      ratingLimit: int(n.ratingLimit, 'nomadic.ratingLimit', 0, 100000),
      standardRatingLimit: int(n.standardRatingLimit, 'nomadic.standardRatingLimit', 0, 100000),
      ...(n.page === undefined ? {} : { page: str(n.page, 'nomadic.page', 200) }),
    };
    if (seen.has(nomadic.roll)) fail('nomadic.roll', `roll ${nomadic.roll} is also a hazard`);
    for (let r = 1; r <= 10; r++)
      if (!seen.has(r) && r !== nomadic.roll) fail('hazards', `no row for a roll of ${r}; a D10 table must cover 1–10`);
    const t: HazardTable = {
      name: nonEmpty(o.name, 'name', NAME),
      die: 'D10',
      intro: str(o.intro ?? '', 'intro', TEXT),
      hazards,
      nomadic,
    };
    if (o.source !== undefined) t.source = str(o.source, 'source', TEXT);
    return t;
  });
}

/** `opts.legacyD66`: a table in a game started before schema 3, where "D66" was one 66-sided die. */
export function validateVisibilityTable(v: unknown, label: string, opts: ParseOptions = {}): VisibilityTable {
  return within(label, () => {
    const o = obj(v, '(table)');
    const dieText = dice(o.die, 'die', false) as string;
    const die = parseDice(dieText, opts);
    const levels = arr(o.levels, 'levels', 20).map((x, i) => {
      const p = `levels[${i}]`;
      const l = obj(x, p);
      return {
        id: nonEmpty(l.id, `${p}.id`, 60),
        name: nonEmpty(l.name, `${p}.name`, NAME),
        rangeInches: l.rangeInches === null ? null : int(l.rangeInches, `${p}.rangeInches`, 0, 1000),
        pitchBlack: bool(l.pitchBlack, `${p}.pitchBlack`),
        rules: str(l.rules, `${p}.rules`, TEXT),
      };
    });
    const ids = new Set<string>();
    levels.forEach((l, i) => {
      if (ids.has(l.id)) fail(`levels[${i}].id`, `"${l.id}" appears twice`);
      ids.add(l.id);
    });
    const normal = nonEmpty(o.normal, 'normal', 60);
    if (!ids.has(normal)) fail('normal', `"${normal}" is not one of the levels`);
    const [lo, hi] = diceBounds(die);
    const covered = new Map<number, number>();
    const results = arr(o.results, 'results', 100).map((x, i) => {
      const p = `results[${i}]`;
      const r = obj(x, p);
      const rr = range(r.range, `${p}.range`, lo, hi);
      const level = nonEmpty(r.level, `${p}.level`, 60);
      if (!ids.has(level)) fail(`${p}.level`, `"${level}" is not one of the levels`);
      for (let k = rr[0]; k <= rr[1]; k++) {
        if (covered.has(k)) fail(`${p}.range`, `${rangeText(rr)} overlaps results[${covered.get(k)}]`);
        covered.set(k, i);
      }
      return { range: rr, level };
    });
    for (let k = lo; k <= hi; k++)
      if (!covered.has(k) && canTotal(die, k))
        fail('results', `no result for a roll of ${k}; the table must cover ${lo}–${hi}`);
    const t: VisibilityTable = {
      name: nonEmpty(o.name, 'name', NAME),
      house: o.house === undefined ? false : bool(o.house, 'house'),
      die: dieText,
      normal,
      levels,
      results,
    };
    if (o.note !== undefined) t.note = str(o.note, 'note', TEXT);
    return t;
  });
}

/** An event's steps as far as the dice they roll go: one Event Phase (when drawn, and in play) and one End Phase. */
export function eventDiceSteps(
  ev: BadzoneEvent,
  visibilityDie: DiceExpr,
): { eventPhase: DiceStep[]; endPhase: DiceStep[] } {
  const d = (x: string | number): DiceExpr => parseDice(x);
  const of = (st: Step): DiceStep => {
    switch (st.kind) {
      case 'spawn':
        return { kind: 'spawn', count: d(st.count) };
      case 'scatterEachTile':
        return { kind: 'scatterEachTile', distance: d(st.distance) };
      case 'pickTile': {
        const p: Extract<DiceStep, { kind: 'pickTile' }> = { kind: 'pickTile' };
        if (st.place)
          p.place = {
            count: d(st.place.count),
            ...(st.place.scatterEach ? { scatterEach: d(st.place.scatterEach) } : {}),
          };
        if (st.worth) p.worth = d(st.worth.dice);
        return p;
      }
      case 'scatter':
        return { kind: 'scatter', distance: d(st.distance) };
      case 'pickFighter':
        return { kind: 'pickFighter' };
      case 'rollEachFighter':
        return { kind: 'rollEachFighter', dice: d(st.dice) };
      case 'pickLair':
        return { kind: 'pickLair' };
      case 'pickStructure':
        return { kind: 'pickStructure' };
      case 'visibilityRoll':
        return { kind: 'visibilityRoll', die: visibilityDie };
      default:
        return { kind: 'other' };
    }
  };
  // The Event Phase it is drawn in runs its on-draw and its every-Event-Phase steps; the End Phase adds its discard roll.
  return {
    eventPhase: [...ev.resolve.onDraw, ...ev.resolve.eachEventPhase].map(of),
    endPhase: [...ev.resolve.endPhase.map(of), ...(ev.discardOn !== null ? [{ kind: 'die' } as const] : [])],
  };
}

/** The event whose one phase can roll the most dice on the largest battlefield, and how many. */
export function heaviestEvent(
  table: EventTable,
  visibilityDie: DiceExpr,
): {
  index: number;
  event: BadzoneEvent;
  phase: 'Event Phase' | 'End Phase';
  dice: number;
  smallest: number;
  tilesThatFit: number;
} | null {
  let best: ReturnType<typeof heaviestEvent> = null;
  table.results.forEach((ev, index) => {
    const steps = eventDiceSteps(ev, visibilityDie);
    for (const [phase, list] of [
      ['Event Phase', steps.eventPhase],
      ['End Phase', steps.endPhase],
    ] as const) {
      const dice = worstCaseDice(list, LARGEST);
      if (!best || dice > best.dice)
        best = {
          index,
          event: ev,
          phase,
          dice,
          smallest: worstCaseDice(list, SMALLEST),
          tilesThatFit: tilesThatFit(list),
        };
    }
  });
  return best;
}

/**
 * A table one of whose events rolls more dice in one phase than a command may (LIMITS.rollsPerStep) even on the
 * smallest battlefield can never be played: refused by `table lint`, `new --table` and `simulate --table`. (A
 * session's own copy of a table is not checked this way: a game an older badzone set up with one still opens.)
 */
export function checkTableDice(table: EventTable, visibilityDie: DiceExpr, label: string): void {
  within(label, () => {
    table.results.forEach((ev, i) => {
      const steps = eventDiceSteps(ev, visibilityDie);
      for (const [phase, list] of [
        ['eachEventPhase', steps.eventPhase],
        ['endPhase', steps.endPhase],
      ] as const) {
        const n = worstCaseDice(list, SMALLEST);
        if (n > LIMITS.rollsPerStep) {
          fail(
            `results[${i}].resolve.${phase}`,
            `"${ev.name}" can roll up to ${count(n)} dice in one ${phase === 'endPhase' ? 'End Phase' : 'Event Phase'} even on a one-tile battlefield with no rosters; one command may roll at most ${count(LIMITS.rollsPerStep)} (limit: rolls per step)`,
          );
        }
      }
    });
  });
}

/** Checks across tables: visibility levels named by events exist. */
export function crossCheck(t: Tables, eventsLabel: string): void {
  within(eventsLabel, () => {
    const ids = new Set(t.visibility.levels.map((l) => l.id));
    t.events.results.forEach((ev, i) => {
      for (const phase of ['onDraw', 'eachEventPhase', 'endPhase'] as const) {
        ev.resolve[phase].forEach((s, j) => {
          if (s.kind === 'visibilitySet' && !ids.has(s.level)) {
            fail(
              `results[${i}].resolve.${phase}[${j}].level`,
              `"${s.level}" is not a level of the visibility table (${[...ids].join(', ')})`,
            );
          }
        });
      }
    });
  });
}

/** A table that fails validation, with the file it came from. */
export class TableError extends Error {
  override name = 'TableError';
  constructor(
    readonly file: string,
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${file}: ${path}: ${problem}`);
  }
}

function within<T>(label: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof Invalid) throw new TableError(label, e.path, e.problem);
    throw e;
  }
}

export type { Obj };

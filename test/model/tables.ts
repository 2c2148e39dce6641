// Tables for the model tests: a table is generated as plain data (ranges, timing, discard threshold, visibility
// effects), and turned into both the model's table and the JSON a group would write for `--table`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { ModelEvent, ModelTable, ModelVisibility, VisibilityEffect } from './phases.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A visibility table as the JSON file holds it. */
export interface VisibilityJson {
  name: string;
  house?: boolean;
  die: string;
  normal: string;
  levels: { id: string; name: string; rangeInches: number | null; pitchBlack: boolean; rules: string }[];
  results: { range: [number, number]; level: string }[];
}

export const SHIPPED_VISIBILITY: VisibilityJson = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'data', 'visibility.json'), 'utf8'),
);

/** A second visibility table: 2D3 (a bell curve), two Pitch Black levels, normal in the middle. */
export const TWO_D3_VISIBILITY: VisibilityJson = {
  name: 'Model 2D3 visibility',
  die: '2D3',
  normal: 'clear',
  levels: [
    { id: 'void', name: 'Void', rangeInches: 1, pitchBlack: true, rules: 'r' },
    { id: 'murk', name: 'Murk', rangeInches: 3, pitchBlack: true, rules: 'r' },
    { id: 'clear', name: 'Clear', rangeInches: null, pitchBlack: false, rules: 'r' },
    { id: 'haze', name: 'Haze', rangeInches: 18, pitchBlack: false, rules: 'r' },
  ],
  results: [
    { range: [2, 2], level: 'void' },
    { range: [3, 3], level: 'murk' },
    { range: [4, 5], level: 'clear' },
    { range: [6, 6], level: 'haze' },
  ],
};

export function modelVisibility(v: VisibilityJson): ModelVisibility {
  const m = /^(\d*)D(\d+)$/.exec(v.die);
  if (!m) throw new Error(`model: visibility die ${v.die} is not NdS`);
  const byRoll: Record<number, string> = {};
  for (const r of v.results) for (let k = r.range[0]; k <= r.range[1]; k++) byRoll[k] = r.level;
  return {
    dice: { count: m[1] === '' ? 1 : Number(m[1]), sides: Number(m[2]) },
    normal: v.normal,
    pitchBlack: v.levels.filter((l) => l.pitchBlack).map((l) => l.id),
    byRoll,
  };
}

export interface TableSpec {
  label: string;
  events: ModelEvent[];
  visibility: VisibilityJson;
  /** D64 results the biased dice never roll (to keep a rare Once event from ending a run of duplicates). */
  avoid: number[];
}

export function modelTable(spec: TableSpec): ModelTable {
  return { events: spec.events, visibility: modelVisibility(spec.visibility) };
}

function stepJson(fx: VisibilityEffect): Record<string, unknown> {
  if ('set' in fx) return { kind: 'visibilitySet', level: fx.set };
  if ('roll' in fx) return { kind: 'visibilityRoll' };
  return { kind: 'visibilityClearPitchBlack', otherwise: 'Initiative tests.' };
}

/** The table as a group would write it for `badzone new --table`. */
export function tableJson(spec: TableSpec): unknown {
  return {
    name: spec.label,
    die: 'D64',
    results: spec.events.map((e) => ({
      id: e.id,
      name: e.name,
      range: e.range,
      count: e.range[1] - e.range[0] + 1,
      timing: e.timing,
      discardOn: e.discardOn,
      effect: `${e.name} happens.`,
      gm: `Do what ${e.name} says.`,
      resolve: { onDraw: e.onDraw.map(stepJson), eachEventPhase: e.eachEventPhase.map(stepJson), endPhase: [] },
    })),
  };
}

/** The shipped table reduced to what the model knows: ranges, timing, discard thresholds and visibility steps. */
export function shippedSpec(): TableSpec {
  const raw = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'badzone-events.json'), 'utf8')) as {
    results: {
      id: string;
      name: string;
      range: [number, number];
      timing: 'once' | 'persistent';
      discardOn: number | null;
      resolve?: Record<string, { kind: string; level?: string }[]>;
    }[];
  };
  const fx = (steps: { kind: string; level?: string }[] | undefined): VisibilityEffect[] =>
    (steps ?? []).flatMap((s): VisibilityEffect[] =>
      s.kind === 'visibilitySet'
        ? [{ set: s.level! }]
        : s.kind === 'visibilityRoll'
          ? [{ roll: true }]
          : s.kind === 'visibilityClearPitchBlack'
            ? [{ clearPitchBlack: true }]
            : [],
    );
  return {
    label: 'shipped table (mechanics only)',
    events: raw.results.map((e) => ({
      id: e.id,
      name: e.name,
      range: e.range,
      timing: e.timing,
      discardOn: e.discardOn ?? null,
      onDraw: fx(e.resolve?.onDraw),
      eachEventPhase: fx(e.resolve?.eachEventPhase),
    })),
    visibility: SHIPPED_VISIBILITY,
    avoid: [],
  };
}

// ---------------------------------------------------------------- generators

const NAMES = ['Ash', 'Bile', 'Cog', 'Dust', 'Ember', 'Fume', 'Grit', 'Husk', 'Ire', 'Jolt', 'Kelp', 'Lurk'];

function effectArb(
  v: VisibilityJson,
  persistent: boolean,
): fc.Arbitrary<{ onDraw: VisibilityEffect[]; eachEventPhase: VisibilityEffect[] }> {
  const one: fc.Arbitrary<VisibilityEffect> = fc.oneof(
    fc.constantFrom(...v.levels.map((l) => l.id)).map((set): VisibilityEffect => ({ set })),
    fc.constant<VisibilityEffect>({ roll: true }),
    fc.constant<VisibilityEffect>({ clearPitchBlack: true }),
  );
  const list = fc.oneof(
    { weight: 3, arbitrary: fc.constant<VisibilityEffect[]>([]) },
    { weight: 2, arbitrary: fc.array(one, { minLength: 1, maxLength: 2 }) },
  );
  return fc.record({ onDraw: list, eachEventPhase: persistent ? list : fc.constant<VisibilityEffect[]>([]) });
}

/** Cut 1..hi into n contiguous ranges. */
function rangesArb(n: number, hi = 64): fc.Arbitrary<[number, number][]> {
  return fc.uniqueArray(fc.integer({ min: 2, max: hi }), { minLength: n - 1, maxLength: n - 1 }).map((cuts) => {
    const starts = [1, ...cuts.sort((a, b) => a - b)];
    return starts.map((s, i): [number, number] => [s, (starts[i + 1] ?? hi + 1) - 1]);
  });
}

type TimingMix = 'mixed' | 'all-persistent' | 'all-once';

function eventsArb(n: number, mix: TimingMix, v: VisibilityJson, hi = 64): fc.Arbitrary<ModelEvent[]> {
  const timing: fc.Arbitrary<'once' | 'persistent'> =
    mix === 'mixed' ? fc.constantFrom('once', 'persistent') : fc.constant(mix === 'all-once' ? 'once' : 'persistent');
  const one = timing.chain((t) =>
    fc.record({
      timing: fc.constant(t),
      // null: it never discards itself (Sludge Jelly, the hordes).
      discardOn: t === 'persistent' ? fc.option(fc.integer({ min: 2, max: 6 }), { freq: 3 }) : fc.constant(null),
      fx: effectArb(v, t === 'persistent'),
    }),
  );
  return fc
    .tuple(rangesArb(n, hi), fc.array(one, { minLength: n, maxLength: n }), fc.boolean())
    .map(([ranges, evs, reverse]) => {
      const list = evs.map(
        (e, i): ModelEvent => ({
          id: `ev-${i + 1}`,
          name: `${NAMES[i % NAMES.length]} ${i + 1}`,
          range: ranges[i]!,
          timing: e.timing,
          discardOn: e.discardOn,
          onDraw: e.fx.onDraw,
          eachEventPhase: e.fx.eachEventPhase,
        }),
      );
      // The order of a table's entries is not the order of its ranges.
      return reverse ? list.reverse() : list;
    });
}

const visArb = fc.constantFrom(SHIPPED_VISIBILITY, TWO_D3_VISIBILITY);

/** Custom tables of every make-up the engine must handle. */
export const tableSpecArb: fc.Arbitrary<TableSpec> = fc.oneof(
  // Small mixed tables (3 or more events: the sizes a 2-event test table never reaches).
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 8 }), visArb)
      .chain(([n, v]) =>
        eventsArb(n, 'mixed', v).map(
          (events): TableSpec => ({ label: `mixed ${n}`, events, visibility: v, avoid: [] }),
        ),
      ),
  },
  // Every event Persistent: once all are in play, no new event.
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 5 }), visArb)
      .chain(([n, v]) =>
        eventsArb(n, 'all-persistent', v).map(
          (events): TableSpec => ({ label: `all-persistent ${n}`, events, visibility: v, avoid: [] }),
        ),
      ),
  },
  // Every event Once.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 4 }), visArb)
      .chain(([n, v]) =>
        eventsArb(n, 'all-once', v).map(
          (events): TableSpec => ({ label: `all-once ${n}`, events, visibility: v, avoid: [] }),
        ),
      ),
  },
  // Sticky: Persistent events that never discard themselves, and one Once event on a single result that the
  // dice never roll: once every Persistent one is in play, every draw is a duplicate until the 256-draw bound.
  {
    weight: 2,
    arbitrary: fc.tuple(fc.integer({ min: 2, max: 5 }), visArb).chain(([n, v]) =>
      eventsArb(n, 'all-persistent', v, 63).map((events): TableSpec => {
        const never = events.map((e) => ({ ...e, discardOn: null }));
        const rare: ModelEvent = {
          id: 'rare',
          name: 'Rare Once',
          range: [64, 64],
          timing: 'once',
          discardOn: null,
          onDraw: [],
          eachEventPhase: [],
        };
        return { label: `sticky ${n}`, events: [...never, rare], visibility: v, avoid: [64] };
      }),
    ),
  },
  // The shipped table's mechanics.
  { weight: 2, arbitrary: fc.constant(null).map(() => shippedSpec()) },
  // 64 events, one result each.
  {
    weight: 1,
    arbitrary: fc
      .array(fc.record({ persistent: fc.boolean(), discardOn: fc.option(fc.integer({ min: 2, max: 6 })) }), {
        minLength: 64,
        maxLength: 64,
      })
      .map(
        (evs): TableSpec => ({
          label: 'one event per result',
          events: evs.map((e, i) => ({
            id: `r-${i + 1}`,
            name: `Result ${i + 1}`,
            range: [i + 1, i + 1],
            timing: e.persistent ? 'persistent' : 'once',
            discardOn: e.persistent ? e.discardOn : null,
            onDraw: [],
            eachEventPhase: [],
          })),
          visibility: SHIPPED_VISIBILITY,
          avoid: [],
        }),
      ),
  },
);

// Checkpoints for undo: the game before each of the last few steps, each kept as what it takes to go back one step
// from the game after it (a reverse patch). `undo` restores the newest instead of replaying the log from the seed;
// the store keeps them in the session file (../store/session.ts). Pure data and pure functions.
//
// A checkpoint never holds the seed or the generator's state: only the dice position (`uses`, a count of numbers
// drawn, as `redo` keeps) and the fields a step changes (STEP_FIELDS but `rng`). The setup, the seed, the dice
// preference, the story, the redo list and the log come from the game it is restored on.
import { type SessionState, STEP_FIELDS } from './state.js';

/**
 * How one value becomes the value it was: `=` the value itself; `-` a field that was absent; `a` an array of that
 * length, its elements the current ones but at the indexes in `at`; `o` an object with the same keys (in the same
 * order), its fields the current ones but those in `o`.
 */
export type Patch =
  | { '=': unknown }
  | { '-': 1 }
  | { a: number; at: { [index: string]: Patch } }
  | { o: { [key: string]: Patch } };

/** The game before one step, as a reverse patch of the game after it. */
export interface Checkpoint {
  /** The dice position before the step (`rng.uses`). */
  uses: number;
  /** The step's fields that differ, each a patch of the game after it (a field absent: the same). */
  fields: { [field: string]: Patch };
}

/** What a checkpoint holds (STEP_FIELDS but `rng`, whose `uses` it keeps apart). */
const FIELDS = STEP_FIELDS.filter((f) => f !== 'rng');

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Equal as JSON, keys in the same order (a patch never reorders keys: see reversePatch). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (!isPlain(a) || !isPlain(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i] || !same(a[ka[i]!], b[kb[i]!])) return false;
  return true;
}

/**
 * How `now` becomes `before`, or null when they are the same. Arrays and objects are patched element by element
 * (a Pillar of Flame's thousandth scatter costs a patch of one array's length, not its thousand scatters); an
 * object whose keys differ (or come in another order) is kept whole, so a restored value has its keys in the
 * order the step made them, as a replay does.
 */
export function reversePatch(now: unknown, before: unknown): Patch | null {
  if (same(now, before)) return null;
  if (Array.isArray(now) && Array.isArray(before)) {
    const at: { [index: string]: Patch } = {};
    for (let i = 0; i < before.length; i++) {
      const p = i < now.length ? reversePatch(now[i], before[i]) : { '=': before[i] };
      if (p) at[i] = p;
    }
    return { a: before.length, at };
  }
  if (isPlain(now) && isPlain(before)) {
    const kn = Object.keys(now);
    const kb = Object.keys(before);
    if (kn.length === kb.length && kn.every((k, i) => k === kb[i])) {
      const o: { [key: string]: Patch } = {};
      for (const k of kb) {
        const p = reversePatch(now[k], before[k]);
        if (p) o[k] = p;
      }
      return { o };
    }
  }
  return { '=': before };
}

/** A patch that does not fit the value it is applied to (only a forged checkpoint has one). */
export class BadPatch extends Error {}

/** `now` patched: new arrays and objects where the patch changes something, the rest shared with `now`. */
export function applyPatch(now: unknown, p: Patch): unknown {
  if (!isPlain(p)) throw new BadPatch('a patch is an object');
  if ('=' in p) return p['='];
  if ('a' in p && Array.isArray(now) && Number.isInteger(p.a) && p.a >= 0 && isPlain(p.at)) {
    const out = now.slice(0, p.a);
    for (const k of Object.keys(p.at)) {
      const i = Number(k);
      if (!Number.isInteger(i) || i < 0 || i >= p.a) throw new BadPatch(`index ${k} is outside the array`);
      out[i] = i < now.length ? applyPatch(now[i], p.at[k]!) : wholeValue(p.at[k]!);
    }
    if (out.length !== p.a || out.includes(undefined)) throw new BadPatch('an array patch leaves a gap');
    return out;
  }
  if ('o' in p && isPlain(now) && isPlain(p.o)) {
    const out: Plain = {};
    for (const k of Object.keys(now)) out[k] = k in p.o ? applyPatch(now[k], p.o[k]!) : now[k];
    for (const k of Object.keys(p.o)) if (!(k in now)) throw new BadPatch(`no field ${k} to patch`);
    return out;
  }
  throw new BadPatch('the patch does not fit the value');
}

function wholeValue(p: Patch): unknown {
  if (isPlain(p) && '=' in p) return p['='];
  throw new BadPatch('a new element is given whole');
}

/** The checkpoint that takes `now` back to `before` (the game before the step that made `now`). */
export function checkpointOf(now: SessionState, before: SessionState): Checkpoint {
  const fields: Checkpoint['fields'] = {};
  const n = now as unknown as Plain;
  const b = before as unknown as Plain;
  for (const f of FIELDS) {
    if (!(f in b)) {
      if (f in n) fields[f] = { '-': 1 };
      continue;
    }
    const p = f in n ? reversePatch(n[f], b[f]) : { '=': b[f] };
    if (p) fields[f] = p;
  }
  return { uses: before.rng.uses, fields };
}

/**
 * The step fields of the game a checkpoint takes `now` back to, and its dice position, as plain data to be
 * checked like a file's (../engine/schema.ts): the caller adds the setup, seed, preference, story, redo list and
 * log. Throws BadPatch when the checkpoint does not fit `now`.
 */
export function restoreFields(now: SessionState, c: Checkpoint): Plain {
  if (!isPlain(c) || !isPlain(c.fields)) throw new BadPatch('a checkpoint has fields');
  const n = now as unknown as Plain;
  const out: Plain = {};
  for (const f of FIELDS) {
    const p = c.fields[f];
    if (p === undefined) {
      if (f in n) out[f] = n[f];
    } else if (isPlain(p) && '-' in p) continue;
    else out[f] = f in n ? applyPatch(n[f], p) : wholeValue(p);
  }
  for (const k of Object.keys(c.fields))
    if (!(FIELDS as readonly string[]).includes(k)) throw new BadPatch(`${k} is not a step's field`);
  return out;
}

// A tiny path-aware checker for untrusted JSON (tables a user downloaded, session files edited by hand).
// Hand-written rather than zod: zod costs ~90 ms of start-up on this machine (../shared/STACK.md),
// which every `badzone round` would pay, and the shapes here are few and flat.

export class Invalid extends Error {
  override name = 'Invalid';
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}

export type Obj = Record<string, unknown>;

export function fail(path: string, problem: string): never {
  throw new Invalid(path, problem);
}

export function describe(v: unknown): string {
  if (v === undefined) return 'nothing (the field is missing)';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v)}`;
  if (typeof v === 'number') return `${v}`;
  return `a ${typeof v}`;
}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export function obj(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(path, `expected an object, found ${describe(v)}`);
  // Three lookups, not a list of the keys and an iterator over it (every object of a session is checked: a long
  // game's were garbage for each command to collect); when one is there, the first in the object's own order is named.
  if (Object.hasOwn(v, '__proto__') || Object.hasOwn(v, 'constructor') || Object.hasOwn(v, 'prototype'))
    for (const k of Object.keys(v)) if (FORBIDDEN.has(k)) fail(`${path}.${k}`, 'this key is not allowed');
  return v as Obj;
}

export function arr(v: unknown, path: string, max = 100_000): unknown[] {
  if (!Array.isArray(v)) fail(path, `expected an array, found ${describe(v)}`);
  if (v.length > max) fail(path, `expected at most ${max} entries, found ${v.length}`);
  return v;
}

export function str(v: unknown, path: string, max = 4000): string {
  if (typeof v !== 'string') fail(path, `expected text, found ${describe(v)}`);
  if (v.length > max) fail(path, `text is too long (${v.length} characters; at most ${max})`);
  return v;
}

export function nonEmpty(v: unknown, path: string, max = 200): string {
  const s = str(v, path, max);
  if (s.trim() === '') fail(path, 'expected non-empty text');
  return s;
}

export function int(v: unknown, path: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) fail(path, `expected a whole number, found ${describe(v)}`);
  if (v < min || v > max) fail(path, `expected a whole number from ${min} to ${max}, found ${v}`);
  return v;
}

export function bool(v: unknown, path: string): boolean {
  if (typeof v !== 'boolean') fail(path, `expected true or false, found ${describe(v)}`);
  return v;
}

export function oneOf<T extends string>(v: unknown, path: string, options: readonly T[]): T {
  if (typeof v !== 'string' || !(options as readonly string[]).includes(v)) {
    fail(path, `expected one of ${options.map((o) => `"${o}"`).join(', ')}, found ${describe(v)}`);
  }
  return v as T;
}

export function strings(v: unknown, path: string, max = 1000, maxLen = 200): string[] {
  // The path of an entry is built only when it fails: a session log holds thousands of notes.
  return arr(v, path, max).map((x, i) =>
    typeof x === 'string' && x.length <= maxLen ? x : str(x, `${path}[${i}]`, maxLen),
  );
}

export function range(v: unknown, path: string, lo: number, hi: number): [number, number] {
  const a = arr(v, path);
  if (a.length !== 2) fail(path, `expected [low, high], found ${a.length} numbers`);
  const r: [number, number] = [int(a[0], `${path}[0]`, lo, hi), int(a[1], `${path}[1]`, lo, hi)];
  if (r[0] > r[1]) fail(path, `low ${r[0]} is above high ${r[1]}`);
  return r;
}

/** "30–33" for messages. */
export function rangeText(r: readonly [number, number]): string {
  return r[0] === r[1] ? `${r[0]}` : `${r[0]}–${r[1]}`;
}

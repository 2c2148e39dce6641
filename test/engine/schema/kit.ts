// What the session-file tests share: loading a file as badzone does, the real files of older versions
// (test/engine/fixtures), a migrated version-2 game to edit, and a game played for its round trip.
import { readFileSync } from 'node:fs';
import { createGame, defaultSetup, step, type SessionState } from '../../../src/engine/index.js';
import { validateSession } from '../../../src/engine/schema.js';
import type { RuleBook } from '../../../src/rules/book.js';
import type { Invalid } from '../../../src/rules/check.js';
import { READ } from '../../../src/rules/limits.js';
import { bookFor } from '../../../src/store/tables.js';
import { book, invalidOf } from '../arbitraries.js';

/** A session file as JSON, edited freely. */
export type Json = any;

export const load = (v: unknown, rules: RuleBook = book) => validateSession(v, () => rules);
/** A file whose setup may name its own tables (read as the command line reads them). */
export const loadWithTables = (raw: Json) => validateSession(raw, bookFor);

/** The text of a real version-2 file: a dice game, or a game on a custom table that used D66. */
export const v2Text = (name: 'dice' | 'd66'): string =>
  readFileSync(new URL(`../fixtures/session-v2-${name}.json`, import.meta.url), 'utf8');
export const v2File = (name: 'dice' | 'd66'): Json => JSON.parse(v2Text(name));
export const v3File = (name: string): Json =>
  JSON.parse(readFileSync(new URL(`../fixtures/session-v3-${name}.json`, import.meta.url), 'utf8'));
/** A real version-4 file (written by badzone at b7a626a). */
export const v4File = (name: string): Json =>
  JSON.parse(readFileSync(new URL(`../fixtures/session-v4-${name}.json`, import.meta.url), 'utf8'));
/** A real version-5 file (written by badzone at 413392d): two gangs, a rolled Hazard, two rounds. */
export const v5File = (name: string): Json =>
  JSON.parse(readFileSync(new URL(`../fixtures/session-v5-${name}.json`, import.meta.url), 'utf8'));

/**
 * A version-7 game written by badzone at e0655ed (main before schema 8): 37 rounds of seed 20261130 (a Pillar of
 * Flame scattering since round 33, markers), a title, an End Phase, and a round with an entered die undone (the redo
 * list holds it). Its log is a list of objects, each with its rolls.
 */
export const v7File = (name: string): Json =>
  JSON.parse(readFileSync(new URL(`../fixtures/session-v7-${name}.json`, import.meta.url), 'utf8'));

/**
 * The real version-2 game, migrated: 10 entries (log[5] a round with entered dice, log[6] a fighter move, log[8] a
 * plain round with one roll), objects, conditions, a tile pick, scatters, lairs, structures and a rolled Hazard.
 */
export const BASE = JSON.stringify(load(v2File('dice')).state);

export const x = (n: number): string => 'x'.repeat(n);
export const NAME = READ.name;

/** `base` (JSON text) with an edit made to it. */
export function edited(edit: (s: Json) => void, base = BASE): Json {
  const s = JSON.parse(base);
  edit(s);
  return s;
}
export const refused = (edit: (s: Json) => void, base = BASE): Invalid => invalidOf(() => load(edited(edit, base)));
export const accepted = (edit: (s: Json) => void, base = BASE): SessionState => load(edited(edit, base)).state;

/** Rosters, lairs, a structure and a rolled Hazard: two rounds, Treasure placed, an End Phase. */
export function playedGame(mode: 'dice' | 'deck'): SessionState {
  let s = createGame(
    defaultSetup(1234, {
      mode,
      gangs: [{ name: 'G', battlefield: ['a', 'b'], reserve: ['c'] }],
      lairs: 2,
      structures: 1,
      hazard: 'roll',
    }),
    book,
  );
  for (const a of [
    { type: 'round' },
    { type: 'place', eventId: 'treasure' },
    { type: 'end' },
    { type: 'round' },
  ] as const) {
    const r = step(s, a, book);
    if (!r.ok) throw new Error('refused');
    s = r.state;
  }
  return s;
}

/** What the check says of a file it refuses (fails the test when it accepts). */
export const invalid = (v: unknown): Invalid => invalidOf(() => load(v));

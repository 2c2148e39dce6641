// Session schema 4 marks the generator: `setup.generator` is "chacha20" for a text seed, "mt19937" for a 32-bit
// whole-number seed. A file from before (test/engine/fixtures/session-v3-*.json, written at d682d61) has no mark:
// it migrates to "mt19937" with its seed as it was. The mark and the seed's type must agree.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateSession } from '../../src/engine/schema.js';
import {
  createGame,
  defaultSetup,
  SCHEMA_VERSION,
  step,
  undo,
  verify,
  type SessionState,
} from '../../src/engine/index.js';
import { serialize } from '../../src/store/session.js';
import { bookFor, shippedBook } from '../../src/store/tables.js';
import { Invalid } from '../../src/rules/check.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const book = shippedBook();
const load = (raw: Json) => validateSession(raw, bookFor);
const v3 = (name: string): Json =>
  JSON.parse(readFileSync(new URL(`./fixtures/session-v3-${name}.json`, import.meta.url), 'utf8'));

function played(seed: number | string, rounds: number): SessionState {
  let s = createGame(
    defaultSetup(seed, { hazard: 'roll', gangs: [{ name: 'G', battlefield: ['a', 'b'], reserve: ['c'] }] }),
    book,
  );
  for (let i = 0; i < rounds; i++) {
    for (const type of ['round', 'end'] as const) {
      const r = step(s, { type }, book);
      if (!r.ok) throw new Error(`${type} refused`);
      s = r.state;
    }
  }
  return s;
}

describe('a file from before schema 4', () => {
  it.each(['dice', 'deck', 'hidden'])(
    'the %s game migrates from 3: marked mt19937, its seed the number it was',
    (name) => {
      const raw = v3(name);
      expect(raw.schemaVersion).toBe(3);
      expect(raw.setup.generator).toBeUndefined();
      const { state, migratedFrom } = load(raw);
      expect(migratedFrom).toBe(3);
      expect(state.schemaVersion).toBe(SCHEMA_VERSION);
      expect(SCHEMA_VERSION).toBe(4);
      expect(state.setup).toMatchObject({ seed: raw.setup.seed, generator: 'mt19937' });
      expect(state.rng).toEqual(raw.rng);
      expect(Object.keys(state.setup).slice(0, 2)).toEqual(['seed', 'generator']);
    },
  );
});

describe('a ChaCha20 game in the file', () => {
  it('round-trips through the file exactly, and verifies', () => {
    const s = played('Schema4Dust', 3);
    const text = serialize(s);
    expect(JSON.parse(text).setup).toMatchObject({ seed: 'Schema4Dust', generator: 'chacha20' });
    const { state, migratedFrom } = load(JSON.parse(text));
    expect(migratedFrom).toBeNull();
    expect(JSON.parse(serialize(state))).toEqual(JSON.parse(text));
    expect(verify(state, book)).toMatchObject({ ok: true });
  });

  it('undo replays it from the seed: the dice position goes back, and the step rolls the same again', () => {
    const r = step(played('UndoDust', 2), { type: 'round' }, book);
    if (!r.ok) throw new Error('refused');
    const s = r.state;
    const back = undo(s, book)!;
    expect(back.state.rng.uses).toBeLessThan(s.rng.uses);
    const again = step(back.state, { type: 'round' }, book);
    if (!again.ok) throw new Error('refused');
    expect(again.state.rng).toEqual(s.rng);
    expect(again.record.rolls).toEqual(s.log[s.log.length - 1]!.rolls);
  });

  it('another seed, or the same text as a Twister number, rolls other dice', () => {
    const a = played('12ab', 2).log.flatMap((r) => r.rolls.map((x) => x.value));
    const b = played('12AB', 2).log.flatMap((r) => r.rolls.map((x) => x.value));
    expect(a).not.toEqual(b);
  });
});

describe('the mark and the seed must agree', () => {
  const file = (): Json => JSON.parse(serialize(played('AgreeDust', 1)));
  const twister = (): Json => JSON.parse(serialize(played(77, 1)));
  it.each<[string, () => Json, (s: Json) => void, string, string]>([
    ['the mark missing', file, (s) => delete s.setup.generator, 'setup.generator', 'expected one of'],
    ['another generator', file, (s) => (s.setup.generator = 'aes'), 'setup.generator', 'expected one of'],
    [
      'chacha20 with a number',
      file,
      (s) => ((s.setup.seed = 77), (s.rng.seed = 77)),
      'setup.seed',
      'expected text, found 77',
    ],
    [
      'mt19937 with text',
      twister,
      (s) => ((s.setup.seed = 'Dust'), (s.rng.seed = 'Dust')),
      'setup.seed',
      'expected a whole number',
    ],
    [
      'chacha20 with digits alone',
      file,
      (s) => ((s.setup.seed = '77'), (s.rng.seed = '77')),
      'setup.seed',
      'expected a ChaCha20 seed: letters and digits, not a whole number',
    ],
    [
      'chacha20 with a sign',
      file,
      (s) => ((s.setup.seed = 'a-b'), (s.rng.seed = 'a-b')),
      'setup.seed',
      'expected a ChaCha20 seed',
    ],
    [
      'a seed past 64 characters',
      file,
      (s) => ((s.setup.seed = 'x'.repeat(65)), (s.rng.seed = 'x'.repeat(65))),
      'setup.seed',
      'at most 64',
    ],
    ["rng.seed not the game's", file, (s) => (s.rng.seed = 'OtherDust'), 'rng.seed', "is not the game's seed"],
    ['rng.seed of the other type', file, (s) => (s.rng.seed = 5), 'rng.seed', 'expected text, found 5'],
  ])('%s is refused', (_what, make, edit, path, says) => {
    const raw = make();
    edit(raw);
    let e: unknown;
    try {
      load(raw);
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(Invalid);
    expect((e as Invalid).path).toBe(path);
    expect((e as Invalid).problem).toContain(says);
  });
});

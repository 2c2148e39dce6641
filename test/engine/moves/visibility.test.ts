// The `visibility` move (src/engine/moves/visibility.ts): the GM sets the level; an unknown level is refused.

import { describe, expect, it } from 'vitest';
import { step } from '../../../src/engine/index.js';
import { LEVELS, book, play, refusal, start } from '../arbitraries.js';

describe('visibility: the report says from which level to which', () => {
  it('normal to dark, then dark to normal', () => {
    const s = start();
    const dark = play(s, { type: 'visibility', level: 'dark' });
    expect(dark.report).toEqual({ kind: 'visibility', from: book.visibility.normal, to: 'dark' });
    expect(play(dark.state, { type: 'visibility', level: book.visibility.normal }).report).toEqual({
      kind: 'visibility',
      from: 'dark',
      to: book.visibility.normal,
    });
  });
});

describe('visibility: an unknown level', () => {
  it('an unknown visibility level is refused as a usage error naming it and every level, and changes nothing', () => {
    const s = start();
    const before = structuredClone(s);
    const no = refusal(step(s, { type: 'visibility', level: 'murky' }, book));
    expect(no.usage).toBe(true);
    expect(no.message).toContain('"murky"');
    expect(LEVELS.length).toBeGreaterThan(1);
    for (const id of LEVELS) expect(no.message).toMatch(new RegExp(`(?<![\\w-])${id}(?![\\w-])`));
    expect(s).toStrictEqual(before);
  });
});

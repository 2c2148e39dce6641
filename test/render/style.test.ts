// Wrapping text for the terminal: a code span (a command a person may copy) is never broken across lines when it
// fits on one, so the whole command stays readable and the hint that names it (`npx badzone ...`) still finds it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { visibleWidth, wrap } from '../../src/render/style.js';
import { nameCommand } from '../../src/render/naming.js';

describe('wrap', () => {
  it('keeps a code span on one line when it fits', () => {
    const text =
      'players, note it down: after `badzone reveal`, `badzone verify --commitment` checks every die against it.';
    const lines = wrap(text, 80, '  ', 'Commitment to the seed ');
    expect(lines).toEqual([
      'Commitment to the seed players, note it down: after `badzone reveal`,',
      '  `badzone verify --commitment` checks every die against it.',
    ]);
    expect(nameCommand(lines.join('\n'), 'npx badzone')).toContain('`npx badzone verify --commitment`');
  });

  it('breaks a span wider than the line at its spaces, as any text', () => {
    const lines = wrap('see `a b c d e f g h i j k l m n o p q r s t` here', 20);
    expect(lines.every((l) => l.length <= 20)).toBe(true);
    expect(lines.join(' ')).toBe('see `a b c d e f g h i j k l m n o p q r s t` here');
  });

  it('an unclosed backtick leaves the words as they are', () => {
    expect(wrap('one `two three four five', 10)).toEqual(['one `two', 'three four', 'five']);
  });
});

describe('visibleWidth', () => {
  it('counts the code points left when the colour codes are taken out, for any text', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.constantFrom(
        '\u001b[31m',
        '\u001b[0m',
        '\u001b[1;2m',
        '\u001b[',
        '\u001b[3x',
        '\u001b',
        '\ud83d\ude00',
        '\ud83d',
        '\ude00',
        'm',
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const s = parts.join('');
        expect(visibleWidth(s)).toBe([...s.replace(/\u001b\[[0-9;]*m/g, '')].length);
      }),
      { numRuns: 2000 },
    );
  });
});

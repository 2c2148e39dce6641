import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { promptMessage } from '../../src/cli/prompts.js';

// inquirer breaks a long message at the terminal's last column, inside a word; badzone breaks it between words.
describe('a prompt message on a narrow terminal', () => {
  it('breaks between words within the width, later lines indented under the first word after "? "', () => {
    const q =
      'Event Phase: event table: enter your D64 (roll two D8 and type both as they fell, e.g. 5 8 or 5,8 (that is 40); or type the result, 1-64) (blank: badzone rolls it; r: badzone rolls the rest of this step)';
    expect(promptMessage(q, 80).split('\n')).toEqual([
      'Event Phase: event table: enter your D64 (roll two D8 and type both as they',
      '  fell, e.g. 5 8 or 5,8 (that is 40); or type the result, 1-64) (blank: badzone',
      '  rolls it; r: badzone rolls the rest of this step)',
    ]);
  });

  it('leaves a short message as it is, and takes 80 columns when the terminal does not say', () => {
    expect(promptMessage('How many spawn points?', 80)).toBe('How many spawn points?');
    expect(promptMessage('x '.repeat(60).trim(), undefined).split('\n')[0]).toHaveLength(77);
  });

  it('escapes what it shows (a name with a control character)', () => {
    expect(promptMessage('Krag\u001b[2J: enter your D6', 80)).not.toContain('\u001b');
  });

  it('keeps every word, in order, and no line (with the "? " mark on the first) wider than the terminal less one', () => {
    const word = fc.stringMatching(/^[a-z0-9(),.:;]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 40 }), fc.integer({ min: 30, max: 200 }), (words, cols) => {
        const lines = promptMessage(words.join(' '), cols).split('\n');
        expect(lines.map((l, i) => (i === 0 ? `? ${l}` : l).length).every((n) => n <= cols - 1)).toBe(true);
        expect(lines.slice(1).every((l) => l.startsWith('  ') && l[2] !== ' ')).toBe(true);
        expect(lines.join(' ').split(/\s+/).filter(Boolean)).toEqual(words);
      }),
    );
  });
});

// src/rules/check.ts and names.ts directly: what each check refuses, with which words, where; name matching.
import { describe as group, expect, it } from 'vitest';
import { arr, describe, int, Invalid, oneOf, str, strings } from '../../src/rules/check.js';
import { closeNames, matchName } from '../../src/rules/names.js';

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof Invalid) return `${e.name} ${e.path}: ${e.problem}`;
    throw e;
  }
  return 'accepted';
}

group('check', () => {
  it('describe names what was found', () => {
    expect(describe('x'.repeat(40))).toBe(`the text "${'x'.repeat(40)}"`);
    expect(describe('y'.repeat(41))).toBe(`the text "${'y'.repeat(40)}..."`);
    expect(describe(3.5)).toBe('3.5');
    expect(describe(true)).toBe('a boolean');
    expect(describe({})).toBe('a object');
    expect([describe(undefined), describe(null), describe([])]).toEqual([
      'nothing (the field is missing)',
      'null',
      'an array',
    ]);
  });

  it('limits and types, each refusal worded and placed', () => {
    expect(refusal(() => arr([1, 2, 3], 'a', 2))).toBe('Invalid a: expected at most 2 entries, found 3');
    expect(refusal(() => arr([1, 2], 'a', 2))).toBe('accepted');
    expect(refusal(() => str('abcd', 's', 3))).toBe('Invalid s: text is too long (4 characters; at most 3)');
    expect(refusal(() => int(2.5, 'n', 0, 9))).toBe('Invalid n: expected a whole number, found 2.5');
    expect(refusal(() => int('2', 'n', 0, 9))).toBe('Invalid n: expected a whole number, found the text "2"');
    expect(refusal(() => oneOf(3, 'o', ['a', 'b']))).toBe('Invalid o: expected one of "a", "b", found 3');
    expect(refusal(() => oneOf('c', 'o', ['a', 'b']))).toBe('Invalid o: expected one of "a", "b", found the text "c"');
  });

  it('strings: each entry text within its length, the bad one named by index', () => {
    expect(strings(['ab', 'abc'], 'notes', 5, 3)).toEqual(['ab', 'abc']);
    expect(refusal(() => strings(['ab', 'abcd'], 'notes', 5, 3))).toBe(
      'Invalid notes[1]: text is too long (4 characters; at most 3)',
    );
    expect(refusal(() => strings(['ab', 7], 'notes', 5, 3))).toBe('Invalid notes[1]: expected text, found 7');
    expect(refusal(() => strings(['a', 'b', 'c'], 'notes', 2, 3))).toBe(
      'Invalid notes: expected at most 2 entries, found 3',
    );
  });
});

group('names', () => {
  it('closeNames: typos of at most a quarter of the length (at least one), nearest first, at most max', () => {
    const names = ['Krag', 'Brute', 'Mauler', 'Kraig', 'Vex'];
    expect(closeNames(' KRAG ', names)).toEqual(['Krag', 'Kraig']);
    expect(closeNames('krg', names)).toEqual(['Krag']);
    expect(closeNames('mauler', names)).toEqual(['Mauler']);
    expect(closeNames('mxulxr', names)).toEqual([]);
    expect(closeNames('maulr', names)).toEqual(['Mauler']);
    expect(closeNames('krag', names, 1)).toEqual(['Krag']);
    expect(closeNames('', names)).toEqual([]);
    expect(closeNames('   ', ['a'])).toEqual([]);
    expect(closeNames('k'.repeat(201), ['k'.repeat(200)])).toEqual([]);
    expect(closeNames('k'.repeat(200), ['k'.repeat(199)])).toEqual(['k'.repeat(199)]);
    // Nearest first, whatever the order given.
    expect(closeNames('abcdefgh', ['abcdefxx', 'abcdefgx'])).toEqual(['abcdefgx', 'abcdefxx']);
  });

  it('matchName: exact first, then the one equal ignoring case, none when several', () => {
    expect(matchName('Krag', ['krag', 'Krag'])).toBe('Krag');
    expect(matchName('KRAG', ['krag', 'Vex'])).toBe('krag');
    expect(matchName('KRAG', ['krag', 'Krag'])).toBeUndefined();
    expect(matchName('Nobody', ['krag'])).toBeUndefined();
  });
});

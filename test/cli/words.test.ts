// The library's errors in the words of each edge: every code has the command line's words (flags, commands) and
// `badzone play`'s (menu items), and docs/library.md lists every code. The library's own sentence names no flag.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../src/api/codes.js';
import { openGame } from '../../src/api/game.js';
import { RefusedError, UsageError } from '../../src/errors.js';
import { PLAY_WORDS } from '../../src/cli/play-words.js';
import { cliWords, sayError } from '../../src/cli/words.js';
import { ROOT, runCli, tempDir } from '../helpers.js';

describe('every error code has words at both edges, and a line in the docs', () => {
  it('the command line and play say every code', () => {
    expect(errorCodes().length).toBeGreaterThan(80);
    for (const code of errorCodes()) {
      expect(typeof cliWords()[code], code).toBe('function');
      expect(typeof PLAY_WORDS[code], code).toBe('function');
    }
    expect(Object.keys(cliWords()).sort()).toEqual([...errorCodes()].sort());
    expect(Object.keys(PLAY_WORDS).sort()).toEqual([...errorCodes()].sort());
  });

  it('docs/library.md lists every code, and no code that is not one', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'library.md'), 'utf8');
    const listed = [...doc.slice(doc.indexOf('## Error codes')).matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]);
    expect([...listed].sort()).toEqual([...errorCodes()].sort());
  });
});

describe('one refusal, said three ways', () => {
  async function twoGangsWithKrag(): Promise<string> {
    const d = tempDir();
    const made = await runCli(['new', '--seed', '5', '--gang', 'Goliaths: Krag', '--gang', 'Eschers: krag'], {
      cwd: d,
    });
    expect(made.code).toBe(0);
    return d;
  }

  it('the library: a code and the facts, and a sentence with no flag', async () => {
    const d = await twoGangsWithKrag();
    const game = await openGame('badzone-session.json', { cwd: d });
    const e = await game.fighter('Krag', 'out').then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(UsageError);
    const u = e as UsageError;
    expect([u.code, u.facts]).toEqual([
      'fighter-in-several-gangs',
      { fighter: 'Krag', gangs: ['Goliaths', 'Eschers'] },
    ]);
    expect(u.message).toBe('2 gangs have a fighter called Krag: Goliaths, Eschers.');
    // The command line adds its flag; play adds nothing a GM would have to type.
    expect(sayError(u, cliWords())).toBe(`${u.message} Say which with --gang.`);
    expect(sayError(u, PLAY_WORDS)).toBe(u.message);
  });

  it('the command line prints its words, and --json the same message', async () => {
    const d = await twoGangsWithKrag();
    const r = await runCli(['fighter', 'Krag', 'out'], { cwd: d });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('badzone: 2 gangs have a fighter called Krag: Goliaths, Eschers. Say which with --gang.\n');
  });

  it("an error of the command line's own (not the library's) is said as it is", () => {
    const own = new RefusedError('cancelled');
    expect(own.code).toBeNull();
    expect(sayError(own, cliWords())).toBe('cancelled');
  });
});

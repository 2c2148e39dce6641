// Words stay at the edge: the engine, the library and the shipped tables speak in rules, codes and facts, and
// never tell a person what to type. A `badzone ...` command or a `--flag` in one of their strings is the command
// line's word in the wrong room (the library is also used by bots and by `play`, where no one types a command).
// Comments may name commands; strings, as the TypeScript compiler reads them, may not.
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir, readSession } from '../helpers.js';

/** The command line's subcommands (a prose "badzone rolls" or "badzone picks" is not one). */
const COMMANDS =
  'new|round|end|status|log|undo|redo|verify|reveal|discard|place|fighter|visibility|rename|collapse|dice|report|serve|play|roll|hazard|events|table|simulate|completion|orient|map';

/** A command to type, or a flag: "`badzone", "badzone round", "--gang". */
const COMMAND_WORDS = new RegExp(`\`badzone\\b|\\bbadzone (?:${COMMANDS})\\b|(?:^|[\\s(\`'"=[])--[a-z][a-z0-9-]+`);

function files(dir: string, ext: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name), ext) : e.name.endsWith(ext) ? [path.join(dir, e.name)] : [],
    );
}

/** Every string in a source file (literals and the text of template literals), with its line. */
function sourceStrings(file: string): { line: number; text: string }[] {
  const src = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: { line: number; text: string }[] = [];
  const visit = (n: ts.Node): void => {
    if (
      ts.isStringLiteral(n) ||
      ts.isNoSubstitutionTemplateLiteral(n) ||
      ts.isTemplateHead(n) ||
      ts.isTemplateMiddle(n) ||
      ts.isTemplateTail(n)
    )
      out.push({ line: src.getLineAndCharacterOfPosition(n.getStart()).line + 1, text: n.text });
    ts.forEachChild(n, visit);
  };
  visit(src);
  return out;
}

/** Every string in a JSON value, with where it is. */
function jsonStrings(value: unknown, at = ''): { at: string; text: string }[] {
  if (typeof value === 'string') return [{ at, text: value }];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => jsonStrings(v, `${at}/${k}`));
  return [];
}

const rel = (f: string): string => path.relative(ROOT, f);

describe('the engine, the library and the data name no command and no flag', () => {
  it('the check finds a command or a flag, and lets prose be', () => {
    for (const s of ['run `badzone end`', 'Run badzone verify', 'say which with --gang', '(--occupied TILES)'])
      expect(s).toMatch(COMMAND_WORDS);
    for (const s of ['badzone rolls the rest', 'badzone picks a tile', 'D6 -- or not', 'a Blaze--ish hit', '1--3'])
      expect(s).not.toMatch(COMMAND_WORDS);
    // Template text counts, and so does a flag after an interpolation.
    const tmp = path.join(tempDir(), 'x.ts');
    fs.writeFileSync(tmp, '// `badzone round` in a comment is fine\nconst a = `${x} then --seed ${y}`;\n');
    expect(sourceStrings(tmp).filter((s) => COMMAND_WORDS.test(s.text))).toEqual([{ line: 2, text: ' then --seed ' }]);
  });

  for (const dir of ['src/engine', 'src/api'])
    it(`${dir}: no string names a command or a flag`, () => {
      const found = files(path.join(ROOT, dir), '.ts').flatMap((f) =>
        sourceStrings(f)
          .filter((s) => COMMAND_WORDS.test(s.text))
          .map((s) => `${rel(f)}:${s.line}: ${s.text}`),
      );
      expect(found).toEqual([]);
    });

  it('data/: the shipped tables hold rules, not commands', () => {
    const found = files(path.join(ROOT, 'data'), '.json').flatMap((f) =>
      jsonStrings(readSession(f))
        .filter((s) => COMMAND_WORDS.test(s.text))
        .map((s) => `${rel(f)}${s.at}: ${s.text}`),
    );
    expect(found).toEqual([]);
  });
});

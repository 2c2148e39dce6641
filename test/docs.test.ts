// The README and docs/ stay true where a program can tell: every relative link leads to a file that exists, and
// to a heading of it when it names one; the README's command table names every command the program has and no
// other, and every flag the README names is a flag of some command.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Command } from 'commander';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli/program.js';
import { ROOT } from './helpers.js';

const md = new MarkdownIt({ html: true });
type Token = ReturnType<MarkdownIt['parse']>[number];

const PAGES = [
  'README.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

const tokensOf = (page: string): Token[] => md.parse(fs.readFileSync(path.join(ROOT, page), 'utf8'), {});
const inlineText = (t: Token): string =>
  (t.children ?? []).map((c) => (c.type === 'text' || c.type === 'code_inline' ? c.content : '')).join('');

/**
 * The anchors GitHub gives a page's headings: the heading's text in lower case, without punctuation, spaces as
 * hyphens, and `-1`, `-2`... on repeats. Written here (four lines) rather than adding a package for a test.
 */
function anchorsOf(page: string): Set<string> {
  const tokens = tokensOf(page);
  const seen = new Map<string, number>();
  const out = new Set<string>();
  tokens.forEach((t, i) => {
    if (t.type !== 'heading_open') return;
    const base = inlineText(tokens[i + 1]!)
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  });
  return out;
}

/** Every link of a page that stays in the repository (no scheme such as https: or mailto:). */
function relativeLinks(page: string): string[] {
  const links: string[] = [];
  const walk = (ts: Token[]) => {
    for (const t of ts) {
      if (t.type === 'link_open') links.push(t.attrGet('href') ?? '');
      if (t.children) walk(t.children);
    }
  };
  walk(tokensOf(page));
  return links.filter((h) => !/^[a-z][a-z0-9+.-]*:/i.test(h));
}

describe('links in the README and docs/', () => {
  it.each(PAGES)('%s: every relative link leads to a file, and to a heading there when it names one', (page) => {
    const broken: string[] = [];
    for (const href of relativeLinks(page)) {
      const [file = '', anchor] = href.split('#');
      const target = file === '' ? path.join(ROOT, page) : path.resolve(path.dirname(path.join(ROOT, page)), file);
      if (!fs.existsSync(target)) broken.push(`${href}: no such file`);
      else if (anchor !== undefined && !anchorsOf(path.relative(ROOT, target)).has(decodeURIComponent(anchor)))
        broken.push(`${href}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it('the check sees links and headings (a page with known ones)', () => {
    expect(relativeLinks('README.md')).toContain('docs/commands.md#exit-codes-and-errors');
    expect(anchorsOf('docs/json.md')).toContain('fair-dice-a-hidden-seed');
    expect(anchorsOf('docs/commands.md')).toContain('exit-codes-and-errors');
  });

  it("the README's links work in the installed package too: package.json `files` ships what they lead to", () => {
    const files: string[] = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).files;
    const shipped = (p: string) => files.some((f) => p === f || p.startsWith(`${f}/`));
    const targets = relativeLinks('README.md')
      .map((h) => h.split('#')[0]!)
      .filter((f) => f !== '');
    expect(targets.some((t) => t.startsWith('docs/'))).toBe(true);
    expect(targets.filter((t) => !shipped(path.posix.normalize(t)))).toEqual([]);
  });

  it('every page of docs/ is listed in docs/README.md', () => {
    const listed = new Set(relativeLinks('docs/README.md').map((h) => `docs/${h.split('#')[0]}`));
    expect(PAGES.filter((p) => p.startsWith('docs/') && p !== 'docs/README.md' && !listed.has(p))).toEqual([]);
  });
});

describe("the README's commands at a glance", () => {
  const program = buildProgram({} as never, () => undefined, '0.0.0');
  const commands = program.commands.map((c) => c.name()).filter((n) => n !== 'help');
  const flags = new Set<string>(['--help', '--version']); // commander's own
  const walk = (c: Command) => {
    for (const o of c.options) if (o.long) flags.add(o.long);
    c.commands.forEach(walk);
  };
  walk(program);

  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## Commands at a glance'),
    readme.indexOf('\n## ', readme.indexOf('## Commands at a glance') + 1),
  );
  /** The command each backticked name in the table's first column starts with (`badzone log` / `undo`). */
  const named = new Set(
    [...section.matchAll(/^\| (.+?) \| /gm)].flatMap((m) =>
      [...m[1]!.matchAll(/`(?:badzone )?([a-z-]+)/g)].map((c) => c[1]!),
    ),
  );

  it('names every command of `badzone --help`, and no other', () => {
    expect(commands.length).toBeGreaterThan(20);
    expect(commands.filter((c) => !named.has(c))).toEqual([]);
    expect([...named].filter((c) => !commands.includes(c))).toEqual([]);
  });

  it('names only flags the program has', () => {
    const prose = readme.replace(/```js[\s\S]*?```/, '');
    const used = [...new Set([...prose.matchAll(/(?<![\w-])--[a-z][a-z-]*/g)].map((m) => m[0]))];
    expect(used.length).toBeGreaterThan(3);
    expect(used.filter((f) => !flags.has(f))).toEqual([]);
  });
});

// The Markdown report (src/render/report-md.ts) is inert: no text a user gave (the session file's name, gang and
// fighter names, a custom table's names and texts, tile names) can become an element, a link, a heading, a list,
// a line break or the end of a code span, in a viewer that renders raw HTML (markdown-it with `html: true`) or one
// that also turns web addresses into links as GitHub does (markdown-it's linkify, without bare domain names).
// "Inert" is checked as: the report with hostile texts renders to the same tree of elements as the report of the
// same game with plain names, and each hostile text comes out as the text it was.
import fc from 'fast-check';
import * as fs from 'node:fs';
import * as path from 'node:path';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { newGame } from '../../src/api/index.js';
import { shippedTables } from '../../src/store/tables.js';
import { mdCode, mdText, reportMarkdown } from '../../src/render/report-md.js';
import { reportJsonName } from '../../src/api/report.js';
import { shellWord } from '../../src/render/commands.js';
import { MUTATION_STRIDE, tempDir, readSession } from '../helpers.js';

const RAW = new MarkdownIt({ html: true });
const LINKIFY = new MarkdownIt({ html: true, linkify: true });
LINKIFY.linkify.set({ fuzzyLink: false });
const VIEWERS = [RAW, LINKIFY];

type Token = ReturnType<MarkdownIt['parse']>[number];

/** The tree of elements a Markdown text renders to (runs of text as one "text"), its text, and its code spans. */
function rendered(md: MarkdownIt, src: string): { shape: string[]; text: string; code: string[] } {
  const shape: string[] = [];
  let text = '';
  const code: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.children) walk(t.children);
      else if (t.type === 'text') {
        if (shape.at(-1) !== 'text') shape.push('text');
        text += t.content;
      } else {
        if (t.type === 'code_inline') code.push(t.content);
        shape.push(`${t.type} ${t.tag} ${JSON.stringify(t.attrs ?? [])}`);
      }
    }
  };
  walk(md.parse(src, {}));
  return { shape, text, code };
}

/** The text of the report's first heading (the h1), as a viewer shows it. */
function heading(md: MarkdownIt, src: string): string {
  const tokens = md.parse(src, {});
  const open = tokens.findIndex((t) => t.type === 'heading_open' && t.tag === 'h1');
  return (tokens[open + 1]?.children ?? []).map((t) => (t.type === 'text' ? t.content : `<${t.type}>`)).join('');
}

/** What a user text is expected to show as, in Markdown: one line, its line separators spaces (markdown-it turns NUL into U+FFFD). */
const shown = (s: string, trim: boolean): string => {
  const line = s.replace(/\r\n?|[\n\u2028\u2029]/g, ' ').replace(/\u0000/g, '\ufffd');
  return trim ? line.trim() : line;
};

// Pieces of Markdown, HTML and links that would act if they were not escaped, and what viewers link on their own.
const NASTY = [
  '`',
  '``',
  '```',
  '~~~',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '[x](javascript:alert(1))',
  '<javascript:alert(1)>',
  '![i](x)',
  '[ref]: javascript:alert(1)',
  '[ref]',
  '*',
  '**',
  '_',
  '__',
  '~~',
  '# ',
  '#',
  '## x ##',
  '1. ',
  '1) ',
  '- ',
  '+ ',
  '* ',
  '> ',
  '===',
  '---',
  '|',
  '| a | b |',
  '\\',
  '&',
  '&lt;',
  '&#106;',
  '&amp;',
  '&copy',
  '<!--',
  '-->',
  '<?php',
  '<![CDATA[',
  '<div>',
  '</p>',
  'https://evil.example/x',
  'http://x',
  '//evil.example',
  'www.evil.example',
  'WWW.Evil.example',
  'mailto:a@b.example',
  'a@b.example',
  '    ',
  '\t',
  '  ',
  '\n',
  '\r\n',
  '\n\n',
  '\r',
  '\u2028',
  '\u00a0',
  ':',
  '.',
  '(',
  ')',
  '{',
  '}',
  '$',
  '"',
  "'",
  '\u0000',
  'x',
];
const hostile = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
      fc.string({ maxLength: 5 }),
      fc.string({ unit: 'binary', maxLength: 3 }),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((a) => a.join(''));

describe('mdText and mdCode, alone', () => {
  /** User text in every place the report puts it: a heading, list items, after a label, a line of its own, and a code span. */
  const doc = (t: string, c: string) =>
    [
      `# Battle report: ${mdText(t)}`,
      '',
      `- ${mdText(t)}`,
      `  - ${mdText(t)}: on the battlefield ${mdText(t)}, ${mdText(t)}`,
      `- D64 **3** (rolled): ${mdText(t)}`,
      '',
      mdText(t),
      '',
      `Run ${mdCode(c)}. ${mdText(t)}`,
      '',
    ].join('\n');

  it('a backtick cannot end the span, and raw HTML and a javascript: link stay text', () => {
    const name = 'x`<img src=x onerror=alert(1)>`[a](javascript:alert(1))';
    expect(mdCode(name)).toBe('``x`<img src=x onerror=alert(1)>`[a](javascript:alert(1))``');
    expect(mdCode('`a`')).toBe('`` `a` ``');
    expect(mdCode(' a ')).toBe('`  a  `');
    const out = RAW.render(`Run ${mdCode(name)}, then ${mdText(name)}.`);
    expect(out).toBe(
      '<p>Run <code>x`&lt;img src=x onerror=alert(1)&gt;`[a](javascript:alert(1))</code>, then x`&lt;img src=x onerror=alert(1)&gt;`[a](javascript:alert(1)).</p>\n',
    );
    expect(mdText('1. https://evil.example a@b.example www.x.example')).toBe(
      '1\\. https\\:\\//evil.example a\\@b.example www\\.x.example',
    );
    expect(LINKIFY.render(mdText('see https://evil.example, www.evil.example or a@b.example'))).not.toContain('<a');
  });

  it('any text: the same elements as plain text, and the text as it was (fast-check)', () => {
    const plain = VIEWERS.map((md) => rendered(md, doc('Name', 'Name')));
    fc.assert(
      fc.property(hostile, hostile, (t, c) => {
        // A name is never blank (badzone refuses one), nor is a file name: a code span of spaces only is left aside.
        fc.pre(shown(t, true) !== '' && shown(c, true) !== '');
        VIEWERS.forEach((md, i) => {
          const r = rendered(md, doc(t, c));
          expect(r.shape).toEqual(plain[i]!.shape);
          expect(r.text).toBe(plain[i]!.text.split('Name').join(shown(t, true)));
          expect(r.code).toEqual([shown(c, false)]);
        });
      }),
      { seed: 1912, numRuns: 2000 / MUTATION_STRIDE },
    );
  });
});

describe('the whole report', () => {
  /** At most n UTF-16 units (a limit's measure; a surrogate pair is never split), without control characters (names refuse them). */
  const cut = (s: string, n: number) => {
    let out = '';
    for (const c of s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '')) {
      if (out.length + c.length > n) break;
      out += c;
    }
    return out;
  };
  const TEXT_KEYS = new Set(['effect', 'gm', 'gmInPlay', 'note', 'otherwise', 'text', 'source']);
  const NAME_KEYS = new Set(['name', 'what', 'becomes', 'unit', 'short']);

  /** The shipped event table with every name and text replaced by `h` (names numbered: they must differ). */
  function table(h: string): unknown {
    let n = 0;
    const walk = (v: unknown, key: string): unknown => {
      if (typeof v === 'string') {
        if (TEXT_KEYS.has(key)) return h;
        if (NAME_KEYS.has(key)) return `${Array.from(h).slice(0, 30).join('')} ${++n}`;
        return v;
      }
      if (Array.isArray(v)) return v.map((x) => (key === 'rulings' && typeof x === 'string' ? h : walk(x, key)));
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
      return v;
    };
    return walk(shippedTables().events, '');
  }

  /** A game of 12 rounds where every text a user gives is made of `h`; its Markdown report. */
  async function report(h: string): Promise<{ md: string; noted: string; file: string; gang: string; event: string }> {
    const dir = tempDir('badzone-md-');
    fs.writeFileSync(path.join(dir, 'table.json'), JSON.stringify(table(h)));
    const name = cut(h, 60).trim() || '-';
    const file = `${cut(h, 40).replace(/\//g, '_').trim() || '-'}.json`;
    const gangs = [
      { name, battlefield: [name, `${name} 2`], reserve: [`${name} r`] },
      { name: `${name} 2`, battlefield: [name, `${name} 3`] },
    ];
    const g = await newGame(file, {
      cwd: dir,
      seed: 9,
      table: 'table.json',
      gangs,
      turfOwner: name,
      hazard: 'roll',
      lairs: 2,
      structures: 2,
    });
    // Tiles named from `h` too (up to 10 characters each), before the first round.
    const raw = readSession(g.file);
    raw.setup.tiles = raw.tiles = ['A', 'B', 'C', 'D'].map((k) => `${cut(h, 9)}${k}`);
    fs.writeFileSync(g.file, JSON.stringify(raw));
    // Events whose steps name things: mines, Wyld Magic's Psyker, Disappearance, Rats Awaken, a structure, Treasure,
    // Pillar of Flame, Collapsed Section (unconfirmed), Grid Fluctuation, Zombie Horde, Reinforcements, Power Outage.
    for (const d of [43, 41, 61, 51, 37, 60, 49, 57, 19, 55, 18, 2]) {
      await g.round({ dice: [d] });
      await g.end();
    }
    // A fighter named from `h` carries the first marker: the map's legend in the report says who.
    await g.marker('carry', 1, { gang: name, fighter: name });
    const data = await g.report('0.1.0');
    const md = reportMarkdown(data).join('\n');
    // The GM's title, date, scenario and result (report --title ...) made of `h` too.
    const noted = reportMarkdown({ ...data, story: { title: h, date: h, scenario: h, result: h } }).join('\n');
    return { md, noted, file, gang: name, event: (table(h) as { results: { name: string }[] }).results[0]!.name };
  }

  it('the file, gangs, fighters, tiles and a custom table named to break out: the same elements as plain names', async () => {
    const plain = await report('Name');
    const shapes = VIEWERS.map((md) => rendered(md, plain.md).shape);
    const notedShapes = VIEWERS.map((md) => rendered(md, plain.noted).shape);
    // The case the issue found: a file name that closes the code span and leaves raw HTML and a javascript: link.
    const issue = 'g`<img src=x onerror=alert(1)>`[x](javascript:alert(1))';
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(issue), hostile), async (h) => {
        fc.pre(
          !seen.has(h) && cut(h, 9).trim() !== '' && new Set(['A', 'B', 'C', 'D'].map((k) => cut(h, 9) + k)).size === 4,
        );
        seen.add(h);
        const r = await report(h);
        for (const [i, md] of VIEWERS.entries()) {
          const out = rendered(md, r.md);
          expect(out.shape, h).toEqual(shapes[i]);
          // The texts are shown as they were: the gang's name, an event's name, the file in the commands to check it
          // (quoted for the shell).
          expect(out.text).toContain(shown(r.gang, true));
          // The gangs name the report, in its heading, as text.
          expect(heading(md, r.md), h).toBe(`${shown(r.gang, true)} vs ${shown(r.gang, true)} 2`);
          expect(out.text).toContain(shown(r.event, true));
          expect(out.code).toContain(
            `badzone report --format json > ${shellWord(reportJsonName(shown(r.file, false)))}`,
          );
          // With a title, date, scenario and result: the same elements as plain ones, the title the heading.
          expect(rendered(md, r.noted).shape, h).toEqual(notedShapes[i]);
          expect(heading(md, r.noted), h).toBe(shown(h, true));
          const html = md.render(r.md);
          expect(html).not.toMatch(/<(img|a|script|div)\b/);
        }
      }),
      { seed: 1913, numRuns: Math.max(2, Math.ceil(30 / MUTATION_STRIDE)), examples: [[issue]] },
    );
  });
});

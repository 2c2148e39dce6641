// Building HTML with every value escaped. `html` is a tagged template: an interpolated string is always escaped
// (&, <, >, quotes, and the control and bidi characters that src/render/safe.ts shows as \xNN / \uNNNN on a
// terminal), so a gang called `<img src=x onerror=alert(1)>` is text, whatever the template says around it. Only
// an `Html` value (built by this module) goes in as markup.
import { escapeChar } from './safe.js';

export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

// As on the terminal (src/render/safe.ts): every control character but the line break and tab (which HTML shows
// as a space), every format character (bidi embeddings, overrides and isolates, zero-width characters...), the
// line and paragraph separators and the Hangul fillers: shown escaped, so a name can neither reorder the page nor
// pass for another name.
const UNSAFE = /[\p{Cf}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0\u0000-\u0008\u000b-\u001f\u007f-\u009f]/gu;
const SPECIAL = /[&<>"']/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML element content and quoted attribute values. */
export function esc(s: string): string {
  // Nearly every string on a page is printable ASCII (UNSAFE matches nothing from space to tilde): it needs at most
  // the entities (an apostrophe in "12 o'clock"), and nothing at all without & < > " '. A long game's page escapes
  // thousands of short strings on each update, and the Unicode expression was its largest single cost.
  let special = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return s.replace(UNSAFE, escapeChar).replace(SPECIAL, (c) => ENTITY[c]!);
    if (c === 0x26 || c === 0x3c || c === 0x3e || c === 0x22 || c === 0x27) special = true;
  }
  return special ? s.replace(SPECIAL, (c) => ENTITY[c]!) : s;
}

export type Part = Html | string | number | null | undefined | false | readonly Part[];

function part(v: Part): string {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof Html) return v.text;
  if (Array.isArray(v)) return (v as readonly Part[]).map(part).join('');
  if (typeof v === 'number') return String(v);
  return esc(v as string);
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += part(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** Text that came from a user (a name, a custom table's text): escaped, and isolated so right-to-left text cannot reorder what is around it. */
export function user(s: string): Html {
  return html`<bdi>${s}</bdi>`;
}

/** Markup that is trusted as it is (this program's own constants). */
export function raw(s: string): Html {
  return new Html(s);
}

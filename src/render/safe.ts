// Text from names, rosters and tables is untrusted: it may carry terminal escape sequences, other control
// characters, line breaks, bidirectional overrides or invisible characters. On a terminal they are shown escaped,
// so a name can neither act on the terminal, nor forge an output line ("Goliaths\nOK verify: all good"), nor
// pass for another name (a zero-width space, U+3164 HANGUL FILLER); in JSON they stay as text.

/**
 * Shown escaped: every control character (Unicode Cc: C0 with the line break, DEL, C1), every format character
 * (Cf: bidi embeddings, overrides and isolates, zero-width space and joiners, soft hyphen, word joiner, BOM...),
 * the line and paragraph separators, and the Hangul fillers that render as blank letters.
 *
 * Made on first use of a text that needs it: V8 builds a Unicode property class when the expression is made
 * (about 0.2 ms each, on every start-up of a command that would never use it); and text in printable ASCII, most
 * of it, has none of these characters and is returned as it is, before the expression is asked (start-up,
 * docs/development.md).
 */
let unsafe: RegExp | undefined;
const UNSAFE = (): RegExp => (unsafe ??= /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]/gu);
/** A character other than printable ASCII (a control character, or anything beyond U+007E). */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;
/** A character beyond U+007E (in JSON, whose C0 characters are escaped already). */
const BEYOND_ASCII = /[^\0-\x7e]/;

export function escapeChar(c: string): string {
  const n = c.codePointAt(0)!;
  if (n <= 0xff) return `\\x${n.toString(16).padStart(2, '0')}`;
  if (n <= 0xffff) return `\\u${n.toString(16).padStart(4, '0')}`;
  return `\\u{${n.toString(16)}}`;
}

/** One line of text made safe for a terminal: controls, line breaks and invisible characters shown as \xNN / \uNNNN. */
export function safeText(s: string): string {
  return !NOT_PRINTABLE_ASCII.test(s) ? s : s.replace(UNSAFE(), escapeChar);
}

/**
 * Make every string in a value terminal-safe (for the human renderer; JSON keeps the original text). What holds
 * no string to change is returned as it is, not copied: a long game's lists (a marker's hundreds of scatters) cost
 * a walk, not a copy.
 */
export function safeDeep<T>(v: T): T {
  if (typeof v === 'string') return safeText(v) as T;
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < v.length; i++) {
      const e: unknown = v[i];
      // Numbers, booleans and null (most of a long game's scatters) are taken as they are, without a call.
      if (typeof e !== 'object' && typeof e !== 'string') continue;
      const x = safeDeep(e);
      if (x !== e) (out ??= v.slice())[i] = x;
    }
    return (out ?? v) as T;
  }
  let out: Record<string, unknown> | null = null;
  const o = v as Record<string, unknown>;
  for (const k in o) {
    const e = o[k];
    if (typeof e !== 'object' && typeof e !== 'string') continue;
    const x = safeDeep(e);
    if (x !== e) (out ??= { ...o })[k] = x;
  }
  return (out ?? v) as T;
}

/** Lines of text badzone composed (a message with a line break of its own): each line made safe. */
export function safeLines(s: string): string {
  return s.split('\n').map(safeText).join('\n');
}

// JSON.stringify already escapes C0 (the line break as \n); these are the rest a terminal could act on or hide.
let jsonExtra: RegExp | undefined;
const JSON_EXTRA = (): RegExp => (jsonExtra ??= /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]/gu);

/** One line of JSON (the `--json` error object on stderr), escaped like safeJson. */
export function safeJsonLine(v: unknown): string {
  const json = JSON.stringify(v);
  if (!BEYOND_ASCII.test(json)) return json;
  return json.replace(JSON_EXTRA(), (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** JSON for stdout: valid JSON, the text preserved, and nothing a terminal would act on (JSON.stringify already escapes C0). */
export function safeJson(v: unknown): string {
  const json = JSON.stringify(v, null, 2);
  if (!BEYOND_ASCII.test(json)) return json;
  return json.replace(JSON_EXTRA(), (c) => {
    const n = c.codePointAt(0)!;
    if (n <= 0xffff) return `\\u${n.toString(16).padStart(4, '0')}`;
    // Astral format characters (tags U+E0001-E007F): a surrogate pair of escapes, as JSON spells them.
    const h = Math.floor((n - 0x10000) / 0x400) + 0xd800;
    const l = ((n - 0x10000) % 0x400) + 0xdc00;
    return `\\u${h.toString(16)}\\u${l.toString(16)}`;
  });
}

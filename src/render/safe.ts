// Text from names, rosters and tables is untrusted: it may carry terminal escape sequences, other control
// characters or bidirectional overrides. On a terminal they are shown escaped; in JSON they stay as text.

// C0 controls except \n, DEL, C1 controls, and the Unicode bidi embeddings/overrides/isolates.
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

export function escapeChar(c: string): string {
  const n = c.charCodeAt(0);
  return n <= 0xff ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`;
}

/** One line of text made safe for a terminal: controls and bidi overrides shown as \xNN / \uNNNN. */
export function safeText(s: string): string {
  return s.replace(UNSAFE, escapeChar);
}

/** Make every string in a value terminal-safe (for the human renderer; JSON keeps the original text). */
export function safeDeep<T>(v: T): T {
  if (typeof v === 'string') return safeText(v) as T;
  if (Array.isArray(v)) return v.map(safeDeep) as T;
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = safeDeep(x);
    return out as T;
  }
  return v;
}

const JSON_EXTRA = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/** One line of JSON (the `--json` error object on stderr), escaped like safeJson. */
export function safeJsonLine(v: unknown): string {
  return JSON.stringify(v).replace(JSON_EXTRA, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** JSON for stdout: valid JSON, the text preserved, and nothing a terminal would act on (JSON.stringify already escapes C0). */
export function safeJson(v: unknown): string {
  return JSON.stringify(v, null, 2).replace(JSON_EXTRA, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

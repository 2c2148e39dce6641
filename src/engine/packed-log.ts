// The log as a session file of schema 8 writes it: each entry one short string, `ROUND ROLLS ACTION`, and each
// roll's purpose once, in the file's `purposes`. A command reads a 1000-round log as 1001 strings (not ten
// thousand objects to parse, check and write back), and reads an entry's rolls only when it needs them
// (./schema.ts: packedRecord). Pure: the store writes and hashes the text (../store/session.ts).
//
//   ROUND   the round the entry was logged in (a whole number)
//   ROLLS   `-` when none, else `DIE.VALUE.PURPOSE` or `DIE.VALUE.PURPOSE.FLAGS`, comma-separated: PURPOSE is an
//           index into `purposes`, FLAGS a sum of ROLL_FLAGS (absent when 0)
//   ACTION  the action's type alone when it has no other field (`round`, `end`, `new`), else its JSON text
//
// The entry's `seq` is its place in the list.
import type { Action, LogRecord, Roll } from './state.js';

/** Roll flags in a packed roll: `DIE.VALUE.PURPOSE.FLAGS`. */
export const ROLL_FLAGS = { entered: 1, card: 2, d66: 4 } as const;

/**
 * A log record read from a file's packed line: the store writes it back as the same text, without looking at (or
 * decoding) its rolls. Its seq, round, action (and rolls, ./schema.ts) are its own enumerable fields, as any
 * record's, so it spreads, compares and serialises as one; the line and the purposes its indexes point into are
 * private fields: a copy (`{ ...r }`) never carries them, and a long log costs no map entry per record (a
 * WeakMap of them cost a 1000-round `status` about 120 KB to collect). A record is never changed in place (a step
 * appends new ones), but for the version-1 purposes rewording on load, which sets `rolls`: the line is forgotten
 * then (`forget`).
 */
export class PackedRecord implements LogRecord {
  seq: number;
  round: number;
  action: Action;
  declare rolls: Roll[];
  #text: string | null;
  readonly #purposes: readonly string[];

  constructor(seq: number, round: number, action: Action, text: string, purposes: readonly string[]) {
    this.seq = seq;
    this.round = round;
    this.action = action;
    this.#text = text;
    this.#purposes = purposes;
  }

  /** The line `r` was read from, when it is such a record and its rolls were not set since. */
  static textOf(r: LogRecord): string | undefined {
    return #text in r ? (r.#text ?? undefined) : undefined;
  }

  /** The purposes the line of `r` points into (as textOf). */
  static purposesOf(r: LogRecord): readonly string[] | undefined {
    return #text in r && r.#text !== null ? r.#purposes : undefined;
  }

  /** `r`'s rolls were set: it is no longer written back as its line. */
  static forget(r: LogRecord): void {
    if (#text in r) r.#text = null;
  }
}

/**
 * A file's packed log read lazily (./schema.ts): its lines, the purposes they point into, and each entry's record
 * once made (`make`), shared by every log that begins with these entries (the log a step extends it into, the
 * log of the game before), so an entry is one record whichever log it is read through.
 */
interface LazyLines {
  lines: readonly string[];
  purposes: readonly string[];
  made: (LogRecord | undefined)[];
  make: (i: number) => LogRecord;
}

const LAZY_LOGS = new WeakMap<readonly LogRecord[], LazyLines>();

/**
 * A log whose entry i is made from `lines[i]` (by `make`) when first read: a list (Array.isArray says so; it
 * iterates, slices and serialises as one) whose length is the file's, so that a command that reads no old entry
 * makes no record of one (a 1000-round game's 1001 records and their garbage were about a millisecond of every
 * command), and the store writes the unmade entries back as their lines (packLog). A Proxy over a list of
 * `undefined` (so that every index is there for the array methods that skip holes) then the entries after the
 * file's. Its entries from the file are never replaced (a step only appends: extendLog).
 */
export function lazyLog(
  lines: readonly string[],
  purposes: readonly string[],
  make: (i: number) => LogRecord,
): LogRecord[] {
  return lazyProxy({ lines, purposes, made: new Array<LogRecord | undefined>(lines.length).fill(undefined), make }, []);
}

function lazyProxy(info: LazyLines, after: readonly LogRecord[]): LogRecord[] {
  const n = info.lines.length;
  const target = new Array<LogRecord | undefined>(n).fill(undefined);
  for (const r of after) target.push(r);
  const log = new Proxy(target as LogRecord[], {
    get(t, key, receiver) {
      if (typeof key === 'string') {
        const i = digits(key);
        if (i >= 0 && i < n) return (info.made[i] ??= info.make(i));
      }
      return Reflect.get(t, key, receiver);
    },
    set(t, key, value, receiver) {
      if (typeof key === 'string') {
        const i = digits(key);
        if (i >= 0 && i < n) throw new Error(`log entry ${i}, read from the file, is never replaced in place`);
      }
      return Reflect.set(t, key, value, receiver);
    },
  });
  LAZY_LOGS.set(log, info);
  return log;
}

/**
 * A whole number written in decimal digits (no sign, no leading zero, at most 9 digits) from `from` up to `to` in
 * `t`, or -1. Read in place: a long log's round numbers, and the indexes a lazy log is read at, make no strings.
 */
export function digits(t: string, from = 0, to = t.length): number {
  const n = to - from;
  if (n <= 0 || n > 9 || (n > 1 && t.charCodeAt(from) === 48)) return -1;
  let v = 0;
  for (let i = from; i < to; i++) {
    const c = t.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
    v = v * 10 + (c - 48);
  }
  return v;
}

/**
 * `log` and then `record`, as a new list (`[...log, record]`): a lazily read log gives a lazily read log, which
 * makes no record of the entries it shares (a `round` on a long game reads none of them).
 */
export function extendLog(log: readonly LogRecord[], record: LogRecord): LogRecord[] {
  const info = LAZY_LOGS.get(log);
  if (!info) return [...log, record];
  const after: LogRecord[] = [];
  for (let i = info.lines.length; i < log.length; i++) after.push(log[i]!);
  after.push(record);
  return lazyProxy(info, after);
}

/**
 * The lines of a lazily read log, the purposes they point into, and its records made so far (undefined: not made):
 * for a loop over a long log that would otherwise look it up for each entry (packedTextAt).
 */
export function lazyLines(log: readonly LogRecord[]): Readonly<LazyLines> | undefined {
  return LAZY_LOGS.get(log);
}

/** Whether `log` was read lazily (its entries' seq are their places, made so). */
export function isLazyLog(log: readonly LogRecord[]): boolean {
  return LAZY_LOGS.has(log);
}

/**
 * The packed text of `log`'s entry i, as PackedRecord.textOf gives it, without making the record of a lazily read
 * log (the players' page compares a long log with the last version's, entry by entry, on every update: the same
 * text, no record). Undefined for a record not read from a file. `lazy`: lazyLines(log), for a loop that looked it
 * up once.
 */
export function packedTextAt(
  log: readonly LogRecord[],
  i: number,
  lazy: Readonly<LazyLines> | undefined = LAZY_LOGS.get(log),
): string | undefined {
  if (lazy && i < lazy.lines.length) {
    const r = lazy.made[i];
    return r === undefined ? lazy.lines[i] : PackedRecord.textOf(r);
  }
  const r = log[i];
  return r === undefined ? undefined : PackedRecord.textOf(r);
}

/** The purposes the packed text of `log`'s entry i points into (as packedTextAt, with PackedRecord.purposesOf). */
export function packedPurposesAt(
  log: readonly LogRecord[],
  i: number,
  lazy: Readonly<LazyLines> | undefined = LAZY_LOGS.get(log),
): readonly string[] | undefined {
  if (lazy && i < lazy.lines.length) {
    const r = lazy.made[i];
    return r === undefined ? lazy.purposes : PackedRecord.purposesOf(r);
  }
  const r = log[i];
  return r === undefined ? undefined : PackedRecord.purposesOf(r);
}

/** A roll's flags as a packed roll holds them. */
function flagsOf(r: Roll): number {
  return (r.entered ? ROLL_FLAGS.entered : 0) | (r.card ? ROLL_FLAGS.card : 0) | (r.d66 ? ROLL_FLAGS.d66 : 0);
}

/** One record as a packed entry; `purpose` gives the index of a purpose in the file's `purposes` (adding it). */
export function packEntry(r: LogRecord, purpose: (text: string) => number): string {
  let rolls = '';
  for (const x of r.rolls) {
    const f = flagsOf(x);
    rolls += `${rolls === '' ? '' : ','}${x.die}.${x.value}.${purpose(x.for)}${f === 0 ? '' : `.${f}`}`;
  }
  const a = r.action;
  let bare = true;
  for (const k in a) if (k !== 'type') bare = false;
  return `${r.round} ${rolls === '' ? '-' : rolls} ${bare ? a.type : JSON.stringify(a)}`;
}

/**
 * A log's entries packed, and the purposes they point into: `purposes` starts as the list the entries read from a
 * file point into (kept in order, so their text is written back unchanged), and new purposes are added at its end.
 */
export function packLog(log: readonly LogRecord[]): { entries: string[]; purposes: string[] } {
  let shared: readonly string[] | undefined;
  const lazy = LAZY_LOGS.get(log);
  for (let i = 0; i < log.length && !shared; i++) shared = packedPurposesAt(log, i, lazy);
  const purposes = shared ? [...shared] : [];
  let index: Map<string, number> | null = null;
  const purpose = (text: string): number => {
    index ??= new Map(purposes.map((p, i) => [p, i]));
    let i = index.get(text);
    if (i === undefined) {
      i = purposes.push(text) - 1;
      index.set(text, i);
    }
    return i;
  };
  // An entry read lazily and never made is written back as its line, unread.
  const entries: string[] = new Array(log.length);
  for (let i = 0; i < log.length; i++) {
    const text = packedTextAt(log, i, lazy);
    entries[i] = text !== undefined && packedPurposesAt(log, i, lazy) === shared ? text : packEntry(log[i]!, purpose);
  }
  return { entries, purposes };
}

/**
 * The dice of a log and how many were entered by hand, as `countDice` (./state.ts) counts them, read off the packed
 * text of the entries read from a file (their rolls are not decoded), for successive versions of one game (the
 * players' page counts on every update): the counts of the entries read from the last version's file are kept,
 * and an entry read again as the same text (the same dice, whatever its purposes point to) is not counted again,
 * so an update counts what is new, not a 1000-round log each time. Other records: their rolls.
 */
export class DiceTally {
  /** The packed text of each entry counted last time (undefined: a record of its own), and the counts up to it. */
  private texts: (string | undefined)[] = [];
  private rollsTo: number[] = [];
  private enteredTo: number[] = [];

  count(log: readonly LogRecord[]): { rolls: number; entered: number } {
    const texts = this.texts;
    const lazy = LAZY_LOGS.get(log);
    let k = 0;
    const same = Math.min(log.length, texts.length);
    while (k < same && texts[k] !== undefined && packedTextAt(log, k, lazy) === texts[k]) k++;
    texts.length = k;
    this.rollsTo.length = k;
    this.enteredTo.length = k;
    let rolls = k > 0 ? this.rollsTo[k - 1]! : 0;
    let entered = k > 0 ? this.enteredTo[k - 1]! : 0;
    for (let i = k; i < log.length; i++) {
      const t = packedTextAt(log, i, lazy);
      const n = t === undefined ? recordDice(log[i]!) : packedDice(t);
      rolls += n.rolls;
      entered += n.entered;
      texts.push(t);
      this.rollsTo.push(rolls);
      this.enteredTo.push(entered);
    }
    return { rolls, entered };
  }
}

function recordDice(r: LogRecord): { rolls: number; entered: number } {
  let entered = 0;
  for (const x of r.rolls) if (x.entered === true) entered++;
  return { rolls: r.rolls.length, entered };
}

/** ROUND ROLLS ACTION: each roll DIE.VALUE.PURPOSE(.FLAGS), comma-separated, or `-`. */
function packedDice(t: string): { rolls: number; entered: number } {
  let rolls = 0;
  let entered = 0;
  const from = t.indexOf(' ') + 1;
  const to = t.indexOf(' ', from);
  if (to === from + 1 && t[from] === '-') return { rolls, entered };
  let dots = 0;
  let flags = 0;
  for (let i = from; i <= to; i++) {
    const c = i === to ? 44 : t.charCodeAt(i);
    if (c === 44) {
      rolls++;
      if (dots === 3 && flags & ROLL_FLAGS.entered) entered++;
      dots = 0;
      flags = 0;
    } else if (c === 46) dots++;
    else if (dots === 3) flags = flags * 10 + (c - 48);
  }
  return { rolls, entered };
}

// The session file: one JSON document per game, read and validated, written atomically under a lock.
import * as path from 'node:path';
import { InvalidFileError, LockedError, NoSessionError, RefusedError } from '../errors.js';
import { Invalid } from '../rules/check.js';
import { TableError } from '../rules/validate.js';
import type { RuleBook } from '../rules/book.js';
import { SchemaTooNew, validateSession } from '../engine/schema.js';
import type { SessionState } from '../engine/state.js';
import { packLog } from '../engine/packed-log.js';
import { pathMarks, pathOwner, takePathMarks } from '../engine/markers.js';
import { takeTwisterState, twisterState, TWISTER_WORDS } from '../dice/rng.js';
import { BadPatch, checkpointOf, restoreFields, type Checkpoint } from '../engine/checkpoint.js';
import {
  backup,
  checkNameRoom,
  checkWritable,
  isFolder,
  parseJson,
  readTarget,
  refresh,
  resolveTarget,
  sameFile,
  sweepTemps,
  writeAtomic,
  type FileId,
  type Target,
} from './files.js';
import { LOCK_DEFAULTS, stillHeld, withLock, type Held, type LockOptions } from './lock.js';
import { bookFor } from './tables.js';
import { LIMITS, READ, sessionBytesProblem } from '../rules/limits.js';
import { fileWhy } from './codes.js';
import { storeCounts } from './counts.js';

export const DEFAULT_SESSION = 'badzone-session.json';
/** A session file larger than this is refused unread (READ.sessionBytes); badzone writes at most LIMITS.sessionBytes. */
export const MAX_SESSION_BYTES = READ.sessionBytes;

/**
 * Where the session file is: --session, else BADZONE_SESSION, else ./badzone-session.json.
 * A folder (one that exists, or a path ending in a slash) means badzone-session.json inside it.
 */
export function sessionPath(flag: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  const p = flag ?? env.BADZONE_SESSION ?? DEFAULT_SESSION;
  if (p.trim() === '') return path.resolve(cwd, DEFAULT_SESSION);
  const full = path.resolve(cwd, p);
  // endsWith, not /[\\/]$/: a regular expression costs its compiling in every process (about 30 us).
  if (p.endsWith('/') || p.endsWith('\\') || isFolder(full)) return path.join(full, DEFAULT_SESSION);
  return full;
}

export interface Loaded {
  file: string;
  state: SessionState;
  book: RuleBook;
  migratedFrom: number | null;
  /**
   * The file exactly as read. Answers gathered before the lock are checked against it under the lock: any change
   * to the game (an undo then another step leaves the log's length and the dice position as they were) shows here.
   */
  text: string;
  /**
   * The file is as badzone wrote it: its hash matched (checkpointed). Its log's rolls were left to be read when
   * needed, and its checkpoints may be used.
   */
  trusted: boolean;
  /**
   * The undo checkpoints the file kept, oldest first; null when its game may not follow from its log (it was
   * edited by hand, or written before schema 8, or by a badzone that read such a file): then none is kept until an
   * undo has replayed the log.
   */
  checkpoints: Checkpoint[] | null;
  /**
   * The game before the log's last entry, from the newest checkpoint (for `undo`, instead of a replay of the log),
   * checked like a file's game; null when there is none, or it does not restore (a forged hash: undo replays).
   */
  before: () => SessionState | null;
  /** The file's `pathMarks` as written, read or not (`verify` checks them: ../engine/markers.ts pathMarksProblem). */
  pathMarks: unknown;
}

/** `trust: false` (`verify`): ignore the hash and the checkpoints; every entry of the log is read and checked now. */
export interface Reading {
  trust?: boolean;
}

/** Read and validate a session; null when there is no file. Never writes. */
export function tryLoad(file: string, opts: Reading = {}): Loaded | null {
  return loadTarget(resolveTarget(file, 'read'), file, false, opts.trust ?? true)?.loaded ?? null;
}

/**
 * Read a session, or the session inside a battle report (`badzone report --format json`), to check it: for
 * `badzone verify --file`. Never writes; a report is never opened as a game to play on.
 */
export function loadForChecking(file: string): Loaded {
  const l = loadTarget(resolveTarget(file, 'read'), file, true, false)?.loaded ?? null;
  if (!l) throw new NoSessionError(`There is no file at ${file}.`, fileWhy('no-report-file', { file }));
  return l;
}

function isReport(json: unknown): json is { kind: 'report'; session: unknown } {
  return (
    typeof json === 'object' &&
    json !== null &&
    !Array.isArray(json) &&
    (json as { kind?: unknown }).kind === 'report' &&
    'session' in json
  );
}

function loadTarget(
  t: Target,
  file: string,
  reportToo: boolean,
  trust: boolean,
): { loaded: Loaded; id: FileId } | null {
  const read = readTarget(t, MAX_SESSION_BYTES);
  if (read === null) return null;
  storeCounts.sessionReads++;
  let json: unknown;
  try {
    storeCounts.sessionParses++;
    json = parseJson(read.text, file);
  } catch (e) {
    // A session's own code: the command line adds how to restore it or start again (src/cli/words.ts).
    if (e instanceof InvalidFileError && e.code === 'not-json')
      throw new InvalidFileError(e.message, fileWhy('session-not-json', { file, where: String(e.facts.where) }));
    throw e;
  }
  if (reportToo && isReport(json)) {
    if ((json as { seed?: unknown }).seed === null) {
      throw new RefusedError(
        `${file} is a report made while the game's seed was hidden, so it holds no seed to replay.`,
        fileWhy('hidden-report', { file }),
      );
    }
    json = json.session;
  }
  // A file that is not a badzone session is named as such, and nothing of its content is quoted.
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    const found = json === null ? 'null' : Array.isArray(json) ? 'an array' : `a ${typeof json}`;
    throw new InvalidFileError(
      `${file}: expected an object, found ${found}: this is not a badzone session file. It was left as it is.`,
      fileWhy('not-a-session', { file, found }),
    );
  }
  if (!('schemaVersion' in json))
    throw new InvalidFileError(
      `${file}: schemaVersion: missing: this is not a badzone session file. It was left as it is.`,
      fileWhy('not-a-session', { file, found: 'an object with no schemaVersion' }),
    );
  const trusted = trust && hashMatches(read.bytes, (json as Obj).logBytes);
  try {
    const { state, book, migratedFrom } = validateSession(json, bookFor, { lazy: trusted, lazyLog: trusted });
    const checkpoints = trusted ? checkpointsOf(json as Obj) : null;
    // Where its long paths had got to, as the save found them: a cache, taken only from a file badzone wrote.
    if (trusted) {
      takePathMarks(state, (json as Obj).pathMarks);
      // The Twister's state at the dice position: the next roll resumes from it instead of from the seed.
      const words = twisterWords((json as Obj).twister);
      if (words) takeTwisterState(state.rng, words);
    }
    const before = (): SessionState | null => {
      const c = checkpoints?.[checkpoints.length - 1];
      return c === undefined ? null : restore(json as Obj, state, c, book);
    };
    return {
      loaded: {
        file,
        state,
        book,
        migratedFrom,
        text: read.text,
        trusted,
        checkpoints,
        before,
        pathMarks: (json as Obj).pathMarks,
      },
      id: read.id,
    };
  } catch (e) {
    if (e instanceof SchemaTooNew) {
      throw new InvalidFileError(
        `${file} was written by a newer badzone (schemaVersion ${e.version}). Upgrade badzone to open it; the file was left as it is.`,
        fileWhy('session-too-new', { file, version: e.version }),
      );
    }
    if (e instanceof Invalid)
      throw new InvalidFileError(
        `${file}: ${e.path}: ${e.problem}. The file was left as it is.`,
        fileWhy('invalid-session', { file, path: e.path, problem: e.problem }),
      );
    if (e instanceof TableError)
      throw new InvalidFileError(
        `${file}: ${e.message}. The file was left as it is.`,
        fileWhy('invalid-session-table', { file, problem: e.message }),
      );
    throw e;
  }
}

export function noSession(file: string): NoSessionError {
  return new NoSessionError(`There is no game at ${file}.`, fileWhy('no-session', { file }));
}

export function load(file: string, opts: Reading = {}): Loaded {
  const l = tryLoad(file, opts);
  if (!l) throw noSession(file);
  return l;
}

type Obj = Record<string, unknown>;

/**
 * The session file's text (schema 9, docs/json.md "The session file"): the game, its log packed (each entry one
 * string, each roll's purpose once, in `purposes`: ../engine/packed-log.ts; an entry read from the file and not
 * changed is written back as the same text), the undo `checkpoints` (oldest first), and last `hash`, of the whole
 * text before it: a file whose hash matches is as badzone wrote it.
 */
export function serialize(state: SessionState, checkpoints: readonly Checkpoint[] | null = []): string {
  return serializeBytes(state, checkpoints).toString('utf8');
}

/** serialize's text as the UTF-8 bytes a save writes. */
function serializeBytes(state: SessionState, checkpoints: readonly Checkpoint[] | null): Buffer {
  const { entries, purposes } = packLog(state.log);
  // An event's scatters in play that are its live marker's are kept once, with the marker (schema 9).
  const inPlay = state.inPlay.map((p) => {
    const m = pathOwner(state, p);
    return m ? { ...p, scatters: { marker: m.id } } : p;
  });
  const twister = twisterText(state);
  return withHashBytes({
    ...state,
    inPlay,
    log: entries,
    purposes,
    pathMarks: pathMarks(state),
    ...(twister === undefined ? {} : { twister }),
    checkpoints,
  });
}

/**
 * A Mersenne Twister game's generator state at its dice position, when this process has it (../dice/rng.ts
 * twisterState): its 624 words, little-endian, in base64 (3,328 characters). It tells what the seed tells (the
 * rolls to come), and is kept where the seed is: in the session file only, never in a report or on the page, which
 * are made from the game, not the file.
 */
function twisterText(state: SessionState): string | undefined {
  const words = twisterState(state.rng);
  if (!words) return undefined;
  const bytes = Buffer.alloc(words.length * 4);
  for (let i = 0; i < words.length; i++) bytes.writeInt32LE(words[i]!, i * 4);
  return bytes.toString('base64');
}

/** A file's `twister` as words, or undefined when it is not 624 words in base64. */
function twisterWords(v: unknown): Int32Array | undefined {
  if (typeof v !== 'string' || v.length !== Math.ceil((TWISTER_WORDS * 4) / 3) * 4) return undefined;
  const bytes = Buffer.from(v, 'base64');
  if (bytes.length !== TWISTER_WORDS * 4) return undefined;
  const words = new Int32Array(TWISTER_WORDS);
  for (let i = 0; i < TWISTER_WORDS; i++) words[i] = bytes.readInt32LE(i * 4);
  return words;
}

/** The text of a session file's JSON (without its `hash`), the hash of it added last. */
export function withHash(file: object): string {
  return withHashBytes(file).toString('utf8');
}

/**
 * withHash's text as UTF-8 bytes, made in one buffer: the JSON of every field but the `log` encoded into it once,
 * its closing brace replaced by `,"logBytes":N,"log":` and the log (N: its length in bytes), then `,"hash":"`, the
 * hash of the bytes before the log, `"}` and a newline. A save writes these bytes as they are (its text as a string
 * was copied whole twice more, to hash it and to measure it: garbage the size of the game).
 *
 * The hash leaves the log's entries out (schema 9): each entry is checked when a command reads it (and every one by
 * `verify`), and on a long game they are most of the file, which every command hashed (about 0.8 ms of a
 * 1000-round `status`, twice in a `round`). Their length is in the hash (`logBytes`): an entry edited to another
 * length makes the file one edited by hand.
 */
function withHashBytes(file: object): Buffer {
  const { log, ...rest } = file as { log?: unknown };
  const head = JSON.stringify(log === undefined ? file : rest);
  const logJson = log === undefined ? '' : JSON.stringify(log);
  const headLen = Buffer.byteLength(head);
  const logLen = Buffer.byteLength(logJson);
  const logKey = log === undefined ? '' : `${headLen > 2 ? ',' : ''}"logBytes":${logLen},"log":`;
  const buf = Buffer.allocUnsafe(headLen - 1 + logKey.length + logLen + HASH_KEY.length + 16 + 3);
  buf.write(head, 0);
  const logAt = headLen - 1 + buf.write(logKey, headLen - 1, 'latin1');
  const end = logAt + buf.write(logJson, logAt) + buf.write(HASH_KEY, logAt + logLen, 'latin1');
  // Without a log (schema 8's rule), the hash is of every byte before it, `,"hash":"` included.
  buf.write(`${hashOfBytes(buf, log === undefined ? end : logAt)}"}\n`, end, 'latin1');
  return buf;
}

const HASH_KEY = ',"hash":"';

/**
 * The hash of a session file's text (up to its `"hash":"`): 16 hex digits. It tells a file badzone wrote from one
 * edited by hand, no more: anyone can compute it again, which is why `verify` ignores it. Hand-written, in the
 * manner of FNV-1a but over the UTF-8 bytes four at a time, in two lanes (each word xor-ed in, then multiplied by
 * an odd number and rotated: a change to any one word always changes its lane): a cold loop over every character
 * cost `status` about 2 ms on a 1000-round game, and node:crypto costs the 2 to 3 ms of loading it
 * (docs/development.md, "Performance"). The words are read in the machine's byte order: a file written on a
 * big-endian computer reads elsewhere as edited (checked in full, its checkpoints unused), which costs time only.
 * Over the first `n` bytes of `bytes` (the file as read, or as it is being made: never encoded again): the words
 * two lanes at a time, four pairs to a turn of the loop (a cold loop: fewer turns cost less; each lane still takes
 * its words in order), then the last few bytes zero-padded as one more pair.
 */
function hashOfBytes(bytes: Uint8Array, n: number): string {
  // The bytes as words where they lie (a large Buffer has its own aligned memory), the last few zero-padded.
  const whole = n & ~7;
  const aligned = bytes.byteOffset % 4 === 0;
  const words = aligned
    ? new Int32Array(bytes.buffer, bytes.byteOffset, whole >>> 2)
    : new Int32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + whole));
  const tail = new Int32Array(2);
  new Uint8Array(tail.buffer).set(bytes.subarray(whole, n));
  let h = 0x811c9dc5 ^ n;
  let g = 0x050c5d1f;
  const len = words.length;
  // Math.imul read once (a property load per word, in a loop that runs before V8 optimises it), four pairs a turn.
  const imul = Math.imul;
  const eights = len & ~7;
  let i = 0;
  for (; i < eights; i += 8) {
    h = imul(h ^ words[i]!, 0x01000193);
    g = imul(g ^ words[i + 1]!, 0x01000193);
    h = (h << 7) | (h >>> 25);
    g = (g << 7) | (g >>> 25);
    h = imul(h ^ words[i + 2]!, 0x01000193);
    g = imul(g ^ words[i + 3]!, 0x01000193);
    h = (h << 7) | (h >>> 25);
    g = (g << 7) | (g >>> 25);
    h = imul(h ^ words[i + 4]!, 0x01000193);
    g = imul(g ^ words[i + 5]!, 0x01000193);
    h = (h << 7) | (h >>> 25);
    g = (g << 7) | (g >>> 25);
    h = imul(h ^ words[i + 6]!, 0x01000193);
    g = imul(g ^ words[i + 7]!, 0x01000193);
    h = (h << 7) | (h >>> 25);
    g = (g << 7) | (g >>> 25);
  }
  for (; i < len; i += 2) {
    h = imul(h ^ words[i]!, 0x01000193);
    g = imul(g ^ words[i + 1]!, 0x01000193);
    h = (h << 7) | (h >>> 25);
    g = (g << 7) | (g >>> 25);
  }
  h = imul(h ^ tail[0]!, 0x01000193);
  g = imul(g ^ tail[1]!, 0x01000193);
  h = (h << 7) | (h >>> 25);
  g = (g << 7) | (g >>> 25);
  return `${(h >>> 0).toString(16).padStart(8, '0')}${(g >>> 0).toString(16).padStart(8, '0')}`;
}

/**
 * Whether the file's bytes (as read: the text is not encoded again) end with the hash of everything before it
 * (schema 8: `,"hash":"` included), or of everything before its log when `logBytes` says how long the log is and
 * the log lies there, last before the hash (schema 9, as serialize writes it).
 */
function hashMatches(bytes: Buffer, logBytes: unknown): boolean {
  const at = bytes.lastIndexOf(HASH_KEY);
  if (at < 0) return false;
  const end = at + HASH_KEY.length;
  const rest = bytes.length - end;
  if (rest !== 19 && rest !== 18) return false;
  let hashed = end;
  if (logBytes !== undefined) {
    if (typeof logBytes !== 'number' || !Number.isInteger(logBytes) || logBytes < 2 || logBytes > at) return false;
    hashed = at - logBytes;
    if (bytes.toString('latin1', hashed - LOG_KEY.length, hashed) !== LOG_KEY) return false;
  }
  const tail = bytes.toString('latin1', end);
  const hash = hashOfBytes(bytes, hashed);
  return tail === `${hash}"}\n` || tail === `${hash}"}`;
}

const LOG_KEY = ',"log":';

/** A trusted file's checkpoints (anything else than null or a short list of objects: null, and undo replays). */
function checkpointsOf(json: Obj): Checkpoint[] | null {
  const c = json.checkpoints;
  if (!Array.isArray(c) || c.length > READ.checkpoints) return null;
  return c.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x)) ? (c as Checkpoint[]) : null;
}

/**
 * The game a checkpoint takes the file's game back to, checked like a file's game (its log is the file's less its
 * last entry, already read); null when it does not restore or check (only a forged hash gets one into a file).
 */
function restore(json: Obj, state: SessionState, c: Checkpoint, book: RuleBook): SessionState | null {
  try {
    if (state.log.length < 2 || !Number.isInteger(c.uses)) return null;
    const fields = restoreFields(state, c);
    const game = {
      schemaVersion: json.schemaVersion,
      setup: json.setup,
      rng: { seed: state.rng.seed, uses: c.uses },
      ...fields,
      manualDice: state.manualDice,
      story: state.story,
      redo: [],
      log: [],
    };
    return validateSession(game, () => book, { log: state.log.slice(0, -1) }).state;
  } catch (e) {
    if (e instanceof BadPatch || e instanceof Invalid || e instanceof TableError) return null;
    throw e;
  }
}

/**
 * The checkpoints to write with `state` (test/faults/kill.test.ts computes the same text): those of the undo that
 * replayed the log (`given`: its game follows from its log), else the file's, following the change: one more for a step added to the log (the game read is the game
 * before it), one fewer for an undo from the newest, the same when the log did not change, none for anything else.
 * A game that may not follow from its log (`null`: a hand edit) keeps none, so that an undo replays the log rather
 * than go back to an edited game.
 */
export function checkpointsFor(state: SessionState, loaded: Loaded | null, given?: Checkpoint[]): Checkpoint[] | null {
  if (given) return given;
  if (!loaded) return [];
  if (loaded.checkpoints === null) return null;
  const old = loaded.state.log;
  const log = state.log;
  const n = old.length;
  const m = log.length;
  if (m === n + 1 && log[n - 1] === old[n - 1])
    return [...loaded.checkpoints, checkpointOf(state, loaded.state)].slice(-LIMITS.checkpoints);
  if (m === n && log[n - 1] === old[n - 1]) return loaded.checkpoints;
  if (m === n - 1 && m > 0 && log[m - 1] === old[m - 1]) return loaded.checkpoints.slice(0, -1);
  return [];
}

/**
 * The bytes to write. Refused (exit 1, nothing written) when the file would be larger than a session may be
 * written (LIMITS.sessionBytes) and larger than it was (`before`, in bytes): a game an older badzone wrote past
 * the size still opens and undoes.
 */
function sized(state: SessionState, before: number, checkpoints: readonly Checkpoint[] | null = []): Buffer {
  const bytes = serializeBytes(state, checkpoints);
  const tooBig = sessionBytesProblem(bytes.length, before);
  if (tooBig)
    throw new RefusedError(tooBig, fileWhy('session-too-big', { bytes: bytes.length, max: LIMITS.sessionBytes }));
  return bytes;
}

/**
 * The last check before the session's rename (lock.ts, "Second guard"): we still hold the lock, and the file is
 * the one we read. Under the lock both hold; they catch a lock deleted by hand or a 0.1.0 badzone.
 */
function guard(held: Held, t: Target, file: string, read: FileId | null): () => void {
  return () => {
    if (!stillHeld(held)) {
      throw new LockedError(
        `The lock on ${file} was removed or taken over while this command ran, so it did not save. The game was not changed by this command; run it again.`,
        fileWhy('lock-lost', { file, lock: held.lock }),
      );
    }
    let now: import('node:fs').Stats | null;
    try {
      now = refresh(t).stat;
    } catch {
      now = null;
    }
    if (!sameFile(read, now)) {
      throw new LockedError(
        `${file} was changed by another program while this command ran (it did not respect the lock), so this command did not save. The game keeps the other change; run the command again.`,
        fileWhy('changed-under-lock', { file }),
      );
    }
  };
}

/** Games written since this process started (for main.ts: an output failure after a save says the game was saved). */
export const saved: string[] = [];

/**
 * Read, change and write the session while holding its lock, so two badzone processes never both
 * read the same state and write over each other. `change` returns the new state (or null to write nothing).
 */
export function mutate<T>(
  file: string,
  change: (loaded: Loaded | null) => { state: SessionState | null; result: T; checkpoints?: Checkpoint[] | null },
  lock: LockOptions = LOCK_DEFAULTS,
): T {
  const first = resolveTarget(file, 'save');
  checkWritable(first, file);
  return withLock(
    first.real,
    file,
    (held) => {
      sweepTemps(first.real, lock.foreignStaleMs);
      const t = refresh(first);
      const got = loadTarget(t, file, false, true);
      if (got) checkWritable(t, file);
      const { state, result, checkpoints } = change(got?.loaded ?? null);
      if (state) {
        const kept = checkpointsFor(state, got?.loaded ?? null, checkpoints ?? undefined);
        // A game that holds a secret is created private; an existing file keeps its permissions.
        writeAtomic(t, sized(state, got?.id.size ?? 0, kept), guard(held, t, file, got?.id ?? null), {
          private: !got && holdsSecret(state),
        });
        storeCounts.sessionWrites++;
        saved.push(file);
      }
      return result;
    },
    lock,
  );
}

/**
 * A game started with a hidden seed holds a secret (the seed, and the salt of its commitment) until it is revealed:
 * its file is created 0600, readable by its owner alone (docs/reliability.md).
 */
function holdsSecret(state: SessionState): boolean {
  return state.setup.hiddenSeed !== undefined && !state.setup.hiddenSeed.revealed;
}

/**
 * Create a new session; refuses to replace one unless `force`, and then keeps the old file as a backup (with the
 * old file's permissions). A game that holds a secret is written 0600, also over an existing file.
 */
export function create(
  file: string,
  state: SessionState,
  force: boolean,
  stamp: string,
  lock: LockOptions = LOCK_DEFAULTS,
): { backup: string | null } {
  const first = resolveTarget(file, 'create');
  checkNameRoom(first.real, file);
  const refuse = (t: Target): void => {
    if (!t.stat) return;
    if (t.stat.isDirectory())
      throw new InvalidFileError(`${file} is a folder, not a file.`, fileWhy('is-a-folder', { file, session: true }));
    // Never back up (read forever) or replace a device or pipe, e.g. `--session /dev/null --force` run as root.
    if (!t.stat.isFile())
      throw new InvalidFileError(
        `${file} is not a regular file (a device, pipe, socket or terminal); it was left alone.`,
        fileWhy('not-regular', { file, session: true }),
      );
    if (!force) throw new RefusedError(`A game already exists at ${file}.`, fileWhy('game-exists', { file }));
    checkWritable(t, file);
  };
  refuse(first);
  return withLock(
    first.real,
    file,
    (held) => {
      sweepTemps(first.real, lock.foreignStaleMs);
      const t = refresh(first);
      refuse(t);
      let kept: string | null = null;
      let id: FileId | null = null;
      if (t.stat) {
        id = { dev: t.stat.dev, ino: t.stat.ino, size: t.stat.size, mtimeMs: t.stat.mtimeMs };
        kept = backup(t, stamp);
      }
      writeAtomic(t, sized(state, 0), guard(held, t, file, id), { private: holdsSecret(state) });
      storeCounts.sessionWrites++;
      saved.push(file);
      return { backup: kept };
    },
    lock,
  );
}

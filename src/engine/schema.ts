// Validation and migration of a session file's contents. Pure: the store reads the bytes, this checks them.
import { arr, bool, describe, fail, int, nonEmpty, obj, oneOf, str, strings, type Obj } from '../rules/check.js';
import { validateEventTable, validateVisibilityTable, TableError } from '../rules/validate.js';
import type { RuleBook } from '../rules/book.js';
import { INT32_MAX, INT32_MIN, isChaChaSeed, type Generator, type Seed } from '../dice/rng.js';
import { READ, nameProblem } from '../rules/limits.js';
import { DEFAULT_ORIENTATION, EDGES, type Orientation } from '../rules/orientation.js';
import { isD66 } from '../dice/expression.js';
import { loggedActions, replay } from './replay.js';
import { engineCounts } from './counts.js';
import { PackedRecord, ROLL_FLAGS, digits, isLazyLog, lazyLog as lazilyRead } from './packed-log.js';
import {
  SCHEMA_VERSION,
  STORY_FIELDS,
  emptyStory,
  type Action,
  type BattlefieldObject,
  type Condition,
  type EnteredDie,
  type InPlay,
  type LogRecord,
  type Marker,
  type MarkerScatter,
  type RedoEntry,
  type Roll,
  type ScatterMark,
  type SessionState,
  type Setup,
  type Story,
  type SitesAt,
  type TilePick,
  SITE_KINDS,
} from './state.js';
import { siteCount } from './moves/sites.js';

/** Older schema versions and how each becomes the next. */
const MIGRATIONS: Record<number, (s: Obj) => Obj> = {
  // Version 1 stored each log entry's notes (what happened, in words). They follow from the rolls and the
  // actions, so version 2 drops them and `badzone log` replays them: the file is a third smaller.
  1: (s) => ({
    ...s,
    schemaVersion: 2,
    log: Array.isArray(s.log)
      ? s.log.map((r: unknown) => {
          if (typeof r !== 'object' || r === null || Array.isArray(r)) return r;
          const { notes: _notes, ...rest } = r as Obj;
          return rest;
        })
      : s.log,
  }),
  // Version 3 adds what the rules leave on the table (objects, conditions, tile picks), the dice preference and
  // the redo list (the first three are then replayed from the log: validateSession), splits a `round`'s entered
  // dice between an open End Phase (endDice) and the new Event Phase (dice), and keeps an old custom table's D66
  // as the 66-sided die it was.
  2: (s) => ({
    ...s,
    schemaVersion: 3,
    setup: legacyD66(s.setup),
    objects: [],
    conditions: [],
    tilePicks: [],
    manualDice: false,
    redo: [],
    log: Array.isArray(s.log) ? splitRoundDice(s.log) : s.log,
  }),
  // Version 4 marks the generator the seed rolls with: a string seed keys ChaCha20. Every game before it was
  // seeded with a 32-bit integer for the Mersenne Twister, and keeps it.
  3: (s) => ({ ...s, schemaVersion: 4, setup: isObj(s.setup) ? { ...s.setup, generator: 'mt19937' } : s.setup }),
  4: addOrientation,
  5: addStory,
  6: addMarkers,
  7: packLog,
  8: sharePaths,
};

/**
 * Version 9 writes an event's scatters in play once: when they are its live marker's (each scatter the marker's
 * first three numbers), the in-play entry says so, `"scatters": { "marker": id }`, instead of a second copy (a
 * Pillar of Flame in play for a long game has one a round). A version-8 file holds every copy: it reads as it is.
 */
function sharePaths(s: Obj): Obj {
  return { ...s, schemaVersion: 9 };
}

/**
 * Version 8 writes the log packed (../engine/packed-log.ts: each entry one string, each roll's purpose once in
 * `purposes`) and keeps a checkpoint beside it for undo (../store/session.ts). A version-7 log, each entry an
 * object with its rolls, is the other form a version-8 log may take (a report's session, a hand-written file): it
 * is read and checked as before, and the next save packs it. Nothing else changes.
 */
function packLog(s: Obj): Obj {
  return { ...s, schemaVersion: 8 };
}

/**
 * Version 6 keeps the GM's title, date, scenario and result for the battle report (`story`). Games before it
 * open with nothing said: every field null.
 */
function addStory(s: Obj): Obj {
  return { ...s, schemaVersion: 6, story: emptyStory() };
}

/**
 * The story: each field null or free text checked as a name is where it is typed (../rules/limits.ts
 * nameProblem: not blank, at most LIMITS.name characters, no control characters), so a hand-edited file cannot
 * put an escape sequence or a 4,000-character title into a report.
 */
function storyOf(v: unknown): Story {
  const o = obj(v, 'story');
  const out = emptyStory();
  for (const k of STORY_FIELDS) {
    if (o[k] === null) continue;
    const t = str(o[k], `story.${k}`, READ.name);
    const problem = nameProblem(t, `the ${k}`);
    if (problem) fail(`story.${k}`, problem);
    out[k] = t;
  }
  return out;
}

/**
 * Version 7 keeps the markers events put on the battlefield (issue 22). A file before it has none written: they
 * follow from its log, so validateSession replays it once (deriveMarkers) and the file is saved with them.
 */
function addMarkers(s: Obj): Obj {
  return { ...s, schemaVersion: 7, markers: [], markersPlaced: 0 };
}

/**
 * Version 5 keeps where 12 o'clock points (../rules/orientation.ts), at setup and now, and logs the GM's changes
 * to it. Every game before it played with the default: 12 o'clock toward the far edge (row A).
 */
function addOrientation(s: Obj): Obj {
  return {
    ...s,
    schemaVersion: 5,
    setup: isObj(s.setup) ? { ...s.setup, orientation: { ...DEFAULT_ORIENTATION } } : s.setup,
    orientation: { ...DEFAULT_ORIENTATION },
  };
}

/** Where 12 o'clock points: { twelve: one of the edges }. */
function orientationOf(v: unknown, path: string): Orientation {
  const o = obj(v, path);
  return { twelve: oneOf(o.twelve, `${path}.twelve`, EDGES) };
}

/** A seed of the generator named: the Twister's 32-bit integer, or ChaCha20's letters and digits. */
function seedOf(v: unknown, path: string, generator: Generator): Seed {
  if (generator === 'mt19937') return int(v, path, INT32_MIN, INT32_MAX);
  const t = str(v, path, READ.seedLength);
  if (!isChaChaSeed(t)) fail(path, 'expected a ChaCha20 seed: letters and digits, not a whole number');
  return t;
}

/** Before version 3 a custom table's "D66" was rolled as one 66-sided die: such a game keeps that meaning. */
function legacyD66(setup: unknown): unknown {
  if (typeof setup !== 'object' || setup === null || Array.isArray(setup)) return setup;
  const o = setup as Obj;
  const uses = (t: unknown): boolean => t !== null && t !== undefined && /D66(?!\d)/i.test(JSON.stringify(t));
  return uses(o.table) || uses(o.visibilityTable) ? { ...o, legacyD66: true } : o;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Before version 3 a `round` that resolved an open End Phase gave the End Phase the first of its entered dice.
 * Its rolls show how many: the End Phase's come before the new event's draw (the first "Event Phase: " roll), or,
 * when no event was drawn, up to its last discard check ("End Phase: "). Those become `endDice`.
 */
function splitRoundDice(log: unknown[]): unknown[] {
  let open = false;
  return log.map((r) => {
    if (!isObj(r) || !isObj(r.action)) return r;
    const a = r.action;
    const wasOpen = open;
    if (a.type === 'round') open = true;
    else if (a.type === 'end') open = false;
    if (a.type !== 'round' || !wasOpen || !Array.isArray(a.dice) || a.dice.length === 0 || !Array.isArray(r.rolls))
      return r;
    const purposes = r.rolls.map((x) => (isObj(x) && typeof x.for === 'string' ? x.for : ''));
    let k = purposes.findIndex((p) => p.startsWith('Event Phase: '));
    if (k < 0) {
      k = 0;
      purposes.forEach((p, i) => {
        if (p.startsWith('End Phase: ')) k = i + 1;
      });
    }
    k = Math.min(k, a.dice.length);
    if (k === 0) return r;
    const action: Obj = { ...a, endDice: a.dice.slice(0, k), dice: a.dice.slice(k) };
    if ((action.dice as unknown[]).length === 0) delete action.dice;
    return { ...r, action };
  });
}

/**
 * Version 1 worded some rolls' purposes at more length (`Event Phase: Badzone Event Table (D64)`, picks that
 * repeated the die size). `verify` compares each roll's purpose with the one the replay gives, so a version-1
 * log takes version 2's wording. A large structure's pick (`<Event>: <what> (D3)`) reads like a single-die roll
 * whose wording did not change (`Grid Fluctuation: House Visibility Table (D6)`), so `structures` names the
 * `<Event>: <what>` purposes of the table's structure picks.
 */
function purposeV2(r: Roll, structures: Set<string>): string {
  const p = r.for;
  const die = `D${r.die}`;
  let m: RegExpExecArray | null;
  if (p === 'Event Phase: Badzone Event Table (D64)') return 'Event Phase: event table';
  if (p === 'Event Phase: card drawn from the Badzone deck') return 'Event Phase: card drawn';
  if ((m = /^(End Phase: .+ discard check) \(D6, (\d+)\+ discards\)$/.exec(p))) return `${m[1]} (${m[2]}+)`;
  if ((m = /^(.+: scatter direction) \(D12, clock\)$/.exec(p))) return m[1]!;
  if ((m = /^(.+: tile) \(D(\d+) among (.*)\)$/.exec(p)) && `D${m[2]}` === die) return `${m[1]} (of ${m[3]})`;
  if ((m = /^(.+: (?:spawn point|Beast Lair|fighter of .+)) \((D\d+)\)$/.exec(p)) && m[2] === die) return m[1]!;
  if ((m = /^(.+) \((D\d+)\)$/.exec(p)) && m[2] === die && structures.has(m[1]!)) return m[1]!;
  return p;
}

export class SchemaTooNew extends Error {
  constructor(readonly version: number) {
    super(`schemaVersion ${version} is newer than this badzone understands (${SCHEMA_VERSION})`);
  }
}

// Every bound below is READ (../rules/limits.ts): looser than what badzone writes (LIMITS), so that a game an
// older badzone wrote past a limit still opens. Resuming replays `rng.uses` words (about 7 ms a million) and
// undo/verify replay the log (about 25 µs an entry), so these bounds also cap what a hand-edited file can cost.
const NAME = READ.name;
function gangs(v: unknown, path: string, withOut: boolean) {
  return arr(v, path, READ.gangs).map((g, i) => {
    const o = obj(g, `${path}[${i}]`);
    const base = {
      name: nonEmpty(o.name, `${path}[${i}].name`, NAME),
      battlefield: strings(o.battlefield, `${path}[${i}].battlefield`, READ.fightersPerList, NAME),
      reserve: strings(o.reserve, `${path}[${i}].reserve`, READ.fightersPerList, NAME),
    };
    return withOut ? { ...base, out: strings(o.out, `${path}[${i}].out`, READ.fightersPerList, NAME) } : base;
  });
}

function setup(v: unknown): Setup {
  const o = obj(v, 'setup');
  const hazard = o.hazard === null ? null : o.hazard === 'roll' ? 'roll' : int(o.hazard, 'setup.hazard', 1, 10);
  if (o.legacyD66 !== undefined && o.legacyD66 !== true) fail('setup.legacyD66', 'expected true or absent');
  const legacy = o.legacyD66 === true;
  let table: Setup['table'] = null;
  let visibilityTable: Setup['visibilityTable'] = null;
  try {
    if (o.table !== null && o.table !== undefined) table = validateEventTable(o.table, 'setup.table');
    if (o.visibilityTable !== null && o.visibilityTable !== undefined)
      visibilityTable = validateVisibilityTable(o.visibilityTable, 'setup.visibilityTable', { legacyD66: legacy });
  } catch (e) {
    if (e instanceof TableError) {
      const inside = e.path.replace(/^\(table\)\.?/, '');
      fail(inside ? `${e.file}.${inside}` : e.file, e.problem);
    }
    throw e;
  }
  const generator = oneOf(o.generator, 'setup.generator', ['mt19937', 'chacha20'] as const);
  const out: Setup = {
    seed: seedOf(o.seed, 'setup.seed', generator),
    generator,
    mode: oneOf(o.mode, 'setup.mode', ['dice', 'deck'] as const),
    tiles: strings(o.tiles, 'setup.tiles', READ.tiles, READ.tileName),
    spawnPoints: int(o.spawnPoints, 'setup.spawnPoints', 1, READ.spawnPoints),
    gangs: gangs(o.gangs, 'setup.gangs', false),
    turfOwner: o.turfOwner === null ? null : nonEmpty(o.turfOwner, 'setup.turfOwner', NAME),
    lairs: o.lairs === null ? null : int(o.lairs, 'setup.lairs', 0, READ.lairs),
    structures: o.structures === null ? null : int(o.structures, 'setup.structures', 0, READ.structures),
    hazard,
    table,
    visibilityTable,
    orientation: orientationOf(o.orientation, 'setup.orientation'),
    ...(legacy ? { legacyD66: true as const } : {}),
  };
  Object.assign(out, sitesAt(o, 'setup', out));
  if (o.hiddenSeed !== undefined) {
    const h = obj(o.hiddenSeed, 'setup.hiddenSeed');
    const hex = (v: unknown, path: string, len: number): string => {
      const t = str(v, path, len);
      if (!new RegExp(`^[0-9a-f]{${len}}$`).test(t)) fail(path, `expected ${len} lowercase hex digits`);
      return t;
    };
    out.hiddenSeed = {
      salt: hex(h.salt, 'setup.hiddenSeed.salt', 32),
      commitment: hex(h.commitment, 'setup.hiddenSeed.commitment', 64),
      revealed: bool(h.revealed, 'setup.hiddenSeed.revealed'),
    };
  }
  return out;
}

/**
 * The positions of the spawn points, lairs and structures in `o` (a setup, or the state's `sitesAt`): each list
 * optional, one tile of the layout per thing counted (`path`: where `o` is, for the message).
 */
function sitesAt(o: Obj, path: string, su: Setup): SitesAt {
  const out: SitesAt = {};
  for (const k of SITE_KINDS) {
    if (o[k] === undefined) continue;
    const at = `${path}.${k}`;
    const tiles = strings(o[k], at, READ.spawnPoints, READ.tileName);
    const n = siteCount(su, k);
    if (n === null) fail(at, 'there are none to place: they were not counted at setup');
    if (tiles.length !== n) fail(at, `expected ${n} tiles, one for each, found ${tiles.length}`);
    tiles.forEach((t, i) => {
      if (!su.tiles.includes(t)) fail(`${at}[${i}]`, `"${t}" is not a tile of this game`);
    });
    out[k] = tiles;
  }
  return out;
}

/** A `sites` action's list: tiles, or null (no positions); the step checks them against the game. */
function siteList(v: unknown, path: string): string[] | null {
  return v === null ? null : strings(v, path, READ.spawnPoints, READ.tileName);
}

/** Entered dice: each a result, or null (a placeholder: badzone rolled that one). */
function dieList(v: unknown, path: string): EnteredDie[] | undefined {
  if (v === undefined) return undefined;
  return arr(v, path, READ.enteredDice).map((x, i) => (x === null ? null : int(x, `${path}[${i}]`, 1, 1000)));
}

function actionOf(v: unknown, path: string): Action {
  const o = obj(v, path);
  const type = oneOf(o.type, `${path}.type`, [
    'new',
    'round',
    'end',
    'discard',
    'place',
    'visibility',
    'fighter',
    'rename',
    'collapse',
    'orientation',
    'sites',
    'marker',
  ] as const);
  switch (type) {
    case 'new':
      return { type };
    case 'round': {
      const a: Action = { type };
      if (o.occupied !== undefined) a.occupied = strings(o.occupied, `${path}.occupied`, READ.occupied, READ.tileName);
      const d = dieList(o.dice, `${path}.dice`);
      if (d) a.dice = d;
      const e = dieList(o.endDice, `${path}.endDice`);
      if (e) a.endDice = e;
      return a;
    }
    case 'end': {
      const a: Action = { type };
      const d = dieList(o.dice, `${path}.dice`);
      if (d) a.dice = d;
      return a;
    }
    case 'discard':
      return { type, eventId: nonEmpty(o.eventId, `${path}.eventId`, 60) };
    case 'place': {
      const a: Action = { type, eventId: nonEmpty(o.eventId, `${path}.eventId`, 60) };
      const d = dieList(o.dice, `${path}.dice`);
      if (d) a.dice = d;
      return a;
    }
    case 'visibility':
      return { type, level: nonEmpty(o.level, `${path}.level`, 60) };
    case 'orientation':
      return { type, twelve: oneOf(o.twelve, `${path}.twelve`, EDGES) };
    case 'sites': {
      const a: Action = { type };
      for (const k of SITE_KINDS) if (o[k] !== undefined) a[k] = siteList(o[k], `${path}.${k}`);
      return a;
    }
    case 'marker': {
      const op = oneOf(o.op, `${path}.op`, ['clear', 'move', 'carry'] as const);
      if (op === 'clear')
        return { type, op, marker: o.marker === 'all' ? 'all' : int(o.marker, `${path}.marker`, 1, READ.markers) };
      const marker = int(o.marker, `${path}.marker`, 1, READ.markers);
      if (op === 'move') return { type, op, marker, tile: nonEmpty(o.tile, `${path}.tile`, READ.tileName) };
      const a: Action = { type, op, marker, gang: nonEmpty(o.gang, `${path}.gang`, NAME) };
      if (o.fighter !== undefined) a.fighter = nonEmpty(o.fighter, `${path}.fighter`, NAME);
      return a;
    }
    case 'fighter': {
      const a: Action = {
        type,
        name: nonEmpty(o.name, `${path}.name`, NAME),
        to: oneOf(o.to, `${path}.to`, ['battlefield', 'reserve', 'out'] as const),
      };
      if (o.gang !== undefined) a.gang = nonEmpty(o.gang, `${path}.gang`, NAME);
      return a;
    }
    case 'rename': {
      const a: Action = { type, to: nonEmpty(o.to, `${path}.to`, NAME) };
      if (o.fighter !== undefined) a.fighter = nonEmpty(o.fighter, `${path}.fighter`, NAME);
      if (o.gang !== undefined) a.gang = nonEmpty(o.gang, `${path}.gang`, NAME);
      if (a.fighter === undefined && a.gang === undefined) fail(path, 'a rename names a fighter or a gang');
      return a;
    }
    case 'collapse': {
      const a: Action = { type };
      if (o.tile !== undefined) a.tile = nonEmpty(o.tile, `${path}.tile`, 10);
      if (o.occupied !== undefined) a.occupied = strings(o.occupied, `${path}.occupied`, READ.occupied, READ.tileName);
      if ((a.tile === undefined) === (a.occupied === undefined))
        fail(path, 'a collapse correction names a tile or the occupied tiles');
      const d = dieList(o.dice, `${path}.dice`);
      if (d) a.dice = d;
      return a;
    }
  }
}

function roll(v: unknown, path: string): Roll {
  const o = obj(v, path);
  const die = int(o.die, `${path}.die`, 2, 1000);
  const r: Roll = {
    die,
    value: int(o.value, `${path}.value`, 1, die),
    for: str(o.for, `${path}.for`, READ.rollPurpose),
  };
  if (o.entered !== undefined) {
    if (o.entered !== true) fail(`${path}.entered`, 'expected true or absent');
    r.entered = true;
  }
  if (o.card !== undefined) {
    if (o.card !== true) fail(`${path}.card`, 'expected true or absent');
    r.card = true;
  }
  if (o.d66 !== undefined) {
    if (o.d66 !== true) fail(`${path}.d66`, 'expected true or absent');
    if (die !== 66 || !isD66(r.value)) fail(`${path}.value`, `${r.value} is not a D66 result (two digits, each 1-6)`);
    r.d66 = true;
  }
  return r;
}

/**
 * The common cases of roll() and record(), checked without building a path string per field or copying: a
 * 1000-round log holds about 1000 records and 8000 rolls, and every `badzone round` loads the whole log (this
 * halves what a long log adds to a command; `npm run bench`, growth). A log entry that passes is used as parsed
 * (it holds only the fields below, each valid). Anything unusual (another key or action, a bad value) fails here
 * and goes through roll() / record(), which accept exactly the same entries and name the field at fault.
 */
function isPlainRoll(v: unknown): v is Roll {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const o = v as Obj;
  for (const k in o) if (k !== 'die' && k !== 'value' && k !== 'for' && k !== 'entered' && k !== 'card') return false;
  const { die, value } = o;
  const text = o.for;
  if (typeof die !== 'number' || !Number.isInteger(die) || die < 2 || die > 1000) return false;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > die) return false;
  if (typeof text !== 'string' || text.length > READ.rollPurpose) return false;
  return (o.entered === undefined || o.entered === true) && (o.card === undefined || o.card === true);
}

const wholeIn = (v: unknown, lo: number, hi: number): boolean =>
  typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;

/** See isPlainRoll: a record of a `round` or `end` with no entered dice, as `badzone round` and `badzone end` log them. */
function isPlainRecord(v: unknown): v is LogRecord {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const o = v as Obj;
  for (const k in o) if (k !== 'seq' && k !== 'round' && k !== 'action' && k !== 'rolls') return false;
  if (!wholeIn(o.seq, 0, READ.round) || !wholeIn(o.round, 0, READ.round)) return false;
  const a = o.action;
  if (typeof a !== 'object' || a === null || Array.isArray(a)) return false;
  for (const k in a) if (k !== 'type') return false;
  const type = (a as Obj).type;
  if (type !== 'round' && type !== 'end') return false;
  const { rolls } = o;
  if (!Array.isArray(rolls) || rolls.length > READ.rollsPerStep) return false;
  for (let i = 0; i < rolls.length; i++) if (!isPlainRoll(rolls[i])) return false;
  return true;
}

function record(v: unknown, path: string): LogRecord {
  const o = obj(v, path);
  return {
    seq: int(o.seq, `${path}.seq`, 0, READ.round),
    round: int(o.round, `${path}.round`, 0, READ.round),
    action: actionOf(o.action, `${path}.action`),
    rolls: arr(o.rolls, `${path}.rolls`, READ.rollsPerStep).map((x, i) =>
      isPlainRoll(x) ? x : roll(x, `${path}.rolls[${i}]`),
    ),
  };
}

/**
 * A packed log entry (./packed-log.ts) as a record. Its round and action are read and checked now; its rolls
 * now too, unless `lazy` (the file is as badzone wrote it: its hash matched, ../store/session.ts), and then
 * when first asked for: a command that never looks at an old entry's rolls (`round`, `status`) neither decodes
 * nor checks them, and the store writes the entry back as the same text (PackedRecord).
 */
function packedRecord(text: string, seq: number, purposes: readonly string[], lazy: boolean): LogRecord {
  engineCounts.logRecordsMade++;
  const a = text.indexOf(' ');
  const b = a < 0 ? -1 : text.indexOf(' ', a + 1);
  if (b < 0) fail(`log[${seq}]`, 'expected a packed entry: "ROUND ROLLS ACTION"');
  const round = digits(text, 0, a);
  if (round < 0 || round > READ.round)
    fail(`log[${seq}]`, `expected the entry's round first, a whole number from 0 to ${READ.round}`);
  const act = text.slice(b + 1);
  let action: Action;
  if (act === 'round' || act === 'end' || act === 'new') action = { type: act };
  else {
    let v: unknown = { type: act };
    if (act.startsWith('{')) {
      try {
        v = JSON.parse(act);
      } catch {
        fail(`log[${seq}].action`, "expected the action's type, or its JSON text");
      }
    }
    action = actionOf(v, `log[${seq}].action`);
  }
  const r = new PackedRecord(seq, round, action, text, purposes);
  if (lazy) Object.defineProperty(r, 'rolls', LAZY_ROLLS);
  else r.rolls = unpackRolls(rolls(text), purposes, seq);
  return r;
}

/** The ROLLS part of a packed entry, `ROUND ROLLS ACTION` (its two spaces were checked when it was read). */
function rolls(text: string): string {
  const a = text.indexOf(' ');
  return text.slice(a + 1, text.indexOf(' ', a + 1));
}

/**
 * The `rolls` of a lazily read record: decoded from its packed line (PackedRecord.textOf, which every such
 * record has until its rolls are set) and checked when first read, then kept as a plain field. One accessor shared by every
 * such record, so a long log costs no function per entry, and no second map. Setting `rolls` replaces them (and
 * the record is no longer written back as its old text).
 */
const LAZY_ROLLS: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: LogRecord): Roll[] {
    const list = unpackRolls(rolls(PackedRecord.textOf(this)!), PackedRecord.purposesOf(this)!, this.seq);
    Object.defineProperty(this, 'rolls', { value: list, writable: true, enumerable: true, configurable: true });
    return list;
  },
  set(this: LogRecord, v: Roll[]): void {
    Object.defineProperty(this, 'rolls', { value: v, writable: true, enumerable: true, configurable: true });
    PackedRecord.forget(this);
  },
};

/** A packed entry's rolls (`-`, or `DIE.VALUE.PURPOSE(.FLAGS)` comma-separated), checked as roll() checks a roll. */
function unpackRolls(text: string, purposes: readonly string[], seq: number): Roll[] {
  engineCounts.logEntriesChecked++;
  if (text === '-') return [];
  const parts = text.split(',');
  if (parts.length > READ.rollsPerStep)
    fail(`log[${seq}].rolls`, `expected at most ${READ.rollsPerStep} entries, found ${parts.length}`);
  return parts.map((p, k) => {
    const f = p.split('.');
    const at = `log[${seq}].rolls[${k}]`;
    if (f.length !== 3 && f.length !== 4) fail(at, 'expected DIE.VALUE.PURPOSE or DIE.VALUE.PURPOSE.FLAGS');
    const die = digits(f[0]!);
    const value = digits(f[1]!);
    const purpose = digits(f[2]!);
    const flags = f.length === 4 ? digits(f[3]!) : 0;
    if (die < 2 || die > 1000) fail(`${at}.die`, `expected a whole number from 2 to 1000, found ${f[0]}`);
    if (value < 1 || value > die) fail(`${at}.value`, `expected a whole number from 1 to ${die}, found ${f[1]}`);
    if (purpose < 0 || purpose >= purposes.length)
      fail(`${at}.for`, `expected an index into purposes (0 to ${purposes.length - 1}), found ${f[2]}`);
    if (f.length === 4 && (flags < 1 || flags > 7)) fail(`${at}.flags`, `expected 1 to 7, found ${f[3]}`);
    const r: Roll = { die, value, for: purposes[purpose]! };
    if (flags & ROLL_FLAGS.d66) {
      if (die !== 66 || !isD66(value)) fail(`${at}.value`, `${value} is not a D66 result (two digits, each 1-6)`);
      r.d66 = true;
    }
    if (flags & ROLL_FLAGS.card) r.card = true;
    if (flags & ROLL_FLAGS.entered) r.entered = true;
    return r;
  });
}

/**
 * A scatter path as read: in a file badzone wrote (its hash matched: `trusted`), the triples are taken as they are,
 * since they were checked when written (a Pillar of Flame in play for a long game has one per round, kept both in
 * play and as a marker: 2,000 small arrays checked one by one on every read was most of a long game's `status`);
 * else each one is checked by `each`.
 */
function scatterPath<T>(v: unknown, at: string, trusted: boolean, each: (y: unknown, j: number) => T): T[] {
  const list = arr(v, at, READ.round);
  return trusted ? (list as T[]) : list.map(each);
}

function inPlayEntry(x: unknown, i: number, trusted = false): InPlay {
  const p = obj(x, `inPlay[${i}]`);
  const e: InPlay = {
    eventId: nonEmpty(p.eventId, `inPlay[${i}].eventId`, 60),
    sinceRound: int(p.sinceRound, `inPlay[${i}].sinceRound`, 0, READ.round),
    roll: int(p.roll, `inPlay[${i}].roll`, 1, 64),
  };
  if (p.tile !== undefined) e.tile = p.tile === null ? null : str(p.tile, `inPlay[${i}].tile`, 10);
  if (p.worth !== undefined) e.worth = int(p.worth, `inPlay[${i}].worth`, 0, 1_000_000);
  if (isObj(p.scatters)) {
    // Its live marker's scatters (schema 9): taken from the marker once the markers are read (sharedPaths).
    const ref = obj(p.scatters, `inPlay[${i}].scatters`);
    SHARED.set(e, int(ref.marker, `inPlay[${i}].scatters.marker`, 1, READ.markers));
  } else if (p.scatters !== undefined) {
    // Each scatter is [round, distance, direction].
    e.scatters = scatterPath(p.scatters, `inPlay[${i}].scatters`, trusted, (y, j) => {
      // A Pillar of Flame in play scatters every End Phase: a plain triple is taken as it is, with no path text built.
      if (Array.isArray(y) && y.length === 3 && isPlainScatter(y)) return y as ScatterMark;
      const at = `inPlay[${i}].scatters[${j}]`;
      const q = arr(y, at, 3);
      if (q.length !== 3) fail(at, 'expected [round, distance, direction]');
      return [
        int(q[0], `${at}[0]`, 0, READ.round),
        int(q[1], `${at}[1]`, 0, 1_000_000),
        int(q[2], `${at}[2]`, 1, 12),
      ] as ScatterMark;
    });
  }
  return e;
}

/** In-play entries read with `"scatters": { "marker": id }`, and the id (schema 9): sharedPaths resolves them. */
const SHARED = new WeakMap<InPlay, number>();

/**
 * An in-play entry whose scatters are its live marker's takes them from the marker (each scatter's first three
 * numbers; a plain triple is the same array, not a copy): the marker must be on the battlefield, live and the
 * entry's event's.
 */
function sharedPaths(state: SessionState): void {
  state.inPlay.forEach((p, i) => {
    const id = SHARED.get(p);
    if (id === undefined) return;
    const m = state.markers.find((x) => x.id === id);
    if (!m?.live || m.eventId !== p.eventId)
      fail(`inPlay[${i}].scatters.marker`, `marker ${id} is not the live marker of "${p.eventId}"`);
    p.scatters = (m.scatters ?? []).map((sc): ScatterMark => (sc.length === 3 ? sc : [sc[0], sc[1], sc[2]]));
  });
}

function objects(v: unknown): BattlefieldObject[] {
  return arr(v, 'objects', 10_000).map((x, i) => {
    const at = `objects[${i}]`;
    const o = obj(x, at);
    const b: BattlefieldObject = {
      eventId: nonEmpty(o.eventId, `${at}.eventId`, 60),
      what: nonEmpty(o.what, `${at}.what`, NAME),
      tile: o.tile === null ? null : nonEmpty(o.tile, `${at}.tile`, 10),
      sinceRound: int(o.sinceRound, `${at}.sinceRound`, 0, READ.round),
    };
    if (o.worth !== undefined) {
      const w = obj(o.worth, `${at}.worth`);
      b.worth = {
        value: int(w.value, `${at}.worth.value`, 0, 1_000_000),
        unit: nonEmpty(w.unit, `${at}.worth.unit`, 40),
      };
    }
    return b;
  });
}

function conditions(v: unknown): Condition[] {
  return arr(v, 'conditions', 100_000).map((x, i) => {
    const at = `conditions[${i}]`;
    const o = obj(x, at);
    return {
      condition: nonEmpty(o.condition, `${at}.condition`, 60),
      gang: nonEmpty(o.gang, `${at}.gang`, NAME),
      fighter: nonEmpty(o.fighter, `${at}.fighter`, NAME),
      eventId: nonEmpty(o.eventId, `${at}.eventId`, 60),
      sinceRound: int(o.sinceRound, `${at}.sinceRound`, 0, READ.round),
      lasts: oneOf(o.lasts, `${at}.lasts`, ['round', 'event', 'game'] as const),
    };
  });
}

function tilePicks(v: unknown): TilePick[] {
  return arr(v, 'tilePicks', 10_000).map((x, i) => {
    const at = `tilePicks[${i}]`;
    const o = obj(x, at);
    const t: TilePick = {
      eventId: nonEmpty(o.eventId, `${at}.eventId`, 60),
      what: nonEmpty(o.what, `${at}.what`, NAME),
      round: int(o.round, `${at}.round`, 0, READ.round),
      tile: o.tile === null ? null : nonEmpty(o.tile, `${at}.tile`, 10),
      among: strings(o.among, `${at}.among`, READ.tiles, READ.tileName),
      confirmed: bool(o.confirmed, `${at}.confirmed`),
      removesTile: bool(o.removesTile, `${at}.removesTile`),
    };
    if (o.correctedFrom !== undefined)
      t.correctedFrom = o.correctedFrom === null ? null : nonEmpty(o.correctedFrom, `${at}.correctedFrom`, 10);
    return t;
  });
}

/** A marker's scatter as badzone writes it: [round, distance, direction] whole numbers in range, and an edge. */
function isPlainScatter(y: unknown): y is MarkerScatter {
  if (!Array.isArray(y) || (y.length !== 3 && y.length !== 4)) return false;
  const [r, d, c, e] = y as unknown[];
  return (
    Number.isInteger(r) &&
    (r as number) >= 0 &&
    (r as number) <= READ.round &&
    Number.isInteger(d) &&
    (d as number) >= 0 &&
    (d as number) <= 1_000_000 &&
    Number.isInteger(c) &&
    (c as number) >= 1 &&
    (c as number) <= 12 &&
    (y.length === 3 || (EDGES as readonly unknown[]).includes(e))
  );
}

function markers(v: unknown, tiles: readonly string[], trusted = false): Marker[] {
  const kinds = ['loot-casket', 'smoke-marker', 'frag-mine', 'golden-casket', 'large-blast', 'marker'] as const;
  const seen = new Set<number>();
  return arr(v, 'markers', READ.markers).map((x, i) => {
    const at = `markers[${i}]`;
    const o = obj(x, at);
    const tile = (v: unknown, path: string): string => {
      const t = nonEmpty(v, path, READ.tileName);
      if (!tiles.includes(t)) fail(path, `"${t}" is not a tile of this game`);
      return t;
    };
    const m: Marker = {
      id: int(o.id, `${at}.id`, 1, READ.markers),
      kind: oneOf(o.kind, `${at}.kind`, kinds),
      eventId: nonEmpty(o.eventId, `${at}.eventId`, 60),
      what: nonEmpty(o.what, `${at}.what`, NAME),
      round: int(o.round, `${at}.round`, 0, READ.round),
      tile: tile(o.tile, `${at}.tile`),
      twelve: oneOf(o.twelve, `${at}.twelve`, EDGES),
    };
    if (seen.has(m.id)) fail(`${at}.id`, `marker ${m.id} is on the battlefield twice`);
    seen.add(m.id);
    if (o.scatters !== undefined) {
      // Each scatter is [round, distance, direction], and where 12 o'clock pointed when that was another edge.
      m.scatters = scatterPath(o.scatters, `${at}.scatters`, trusted, (y, j): MarkerScatter => {
        // A long-lived Pillar has one per End Phase: a plain one is taken as it is, with no path text built.
        if (isPlainScatter(y)) return y;
        const sat = `${at}.scatters[${j}]`;
        const q = arr(y, sat, 4);
        if (q.length !== 3 && q.length !== 4) fail(sat, 'expected [round, distance, direction] or [..., twelve]');
        const three: [number, number, number] = [
          int(q[0], `${sat}[0]`, 0, READ.round),
          int(q[1], `${sat}[1]`, 0, 1_000_000),
          int(q[2], `${sat}[2]`, 1, 12),
        ];
        return (q.length === 4 ? [...three, oneOf(q[3], `${sat}[3]`, EDGES)] : three) as MarkerScatter;
      });
    }
    if (o.worth !== undefined) {
      const w = obj(o.worth, `${at}.worth`);
      m.worth = {
        value: int(w.value, `${at}.worth.value`, 0, 1_000_000),
        unit: nonEmpty(w.unit, `${at}.worth.unit`, 40),
      };
    }
    if (o.live !== undefined) {
      if (o.live !== true) fail(`${at}.live`, 'expected true when present');
      m.live = true;
    }
    if (o.moved !== undefined) {
      const mv = obj(o.moved, `${at}.moved`);
      m.moved = { tile: tile(mv.tile, `${at}.moved.tile`), after: int(mv.after, `${at}.moved.after`, 0, READ.round) };
    }
    if (o.carriedBy !== undefined) {
      const c = obj(o.carriedBy, `${at}.carriedBy`);
      m.carriedBy = {
        gang: nonEmpty(c.gang, `${at}.carriedBy.gang`, NAME),
        fighter: c.fighter === null ? null : nonEmpty(c.fighter, `${at}.carriedBy.fighter`, NAME),
      };
    }
    return m;
  });
}

/**
 * A file migrated from before version 7 has no markers: they follow from its log, so it is replayed (once: the
 * file is saved at version 7). A log that no longer replays keeps none (`verify` says which entry is wrong).
 */
function deriveMarkers(state: SessionState, book: RuleBook): void {
  try {
    const r = replay(state.setup, loggedActions(state.log), book);
    state.markers = r.markers;
    state.markersPlaced = r.markersPlaced;
  } catch {
    return;
  }
}

/**
 * A file migrated from before version 3 has no objects, conditions, tile picks or scatter paths: they follow from
 * its log, so they are replayed. A log that no longer replays keeps them empty (`verify` says which entry is wrong).
 */
function deriveFromLog(state: SessionState, book: RuleBook): void {
  let r: SessionState;
  try {
    r = replay(
      state.setup,
      state.log.slice(1).map((x) => x.action),
      book,
    );
  } catch {
    return;
  }
  state.objects = r.objects;
  state.conditions = r.conditions;
  state.tilePicks = r.tilePicks;
  for (const p of state.inPlay) {
    const q = r.inPlay.find((x) => x.eventId === p.eventId && x.sinceRound === p.sinceRound);
    if (q?.scatters) p.scatters = q.scatters;
  }
}

function redoEntry(v: unknown, path: string): RedoEntry {
  const o = obj(v, path);
  return {
    seq: int(o.seq, `${path}.seq`, 0, READ.round),
    round: int(o.round, `${path}.round`, 0, READ.round),
    action: actionOf(o.action, `${path}.action`),
    rolls: int(o.rolls, `${path}.rolls`, 0, READ.rollsPerStep),
    uses: int(o.uses, `${path}.uses`, 0, READ.rngUses),
  };
}

function cards(v: unknown, path: string): number[] {
  return arr(v, path, 64).map((x, i) => int(x, `${path}[${i}]`, 1, 64));
}

/** How validateSession reads the log. */
export interface LogReading {
  /**
   * The file is as badzone wrote it (../store/session.ts checked its hash): its packed entries' rolls are decoded
   * and checked when first read. Never for `verify`.
   */
  lazy?: boolean;
  /** The log itself, already read (the game a checkpoint restores shares the file's log, less its last entry). */
  log?: LogRecord[];
  /**
   * With `lazy`: each packed entry becomes a record only when it is first read (./packed-log.ts lazyLog), so
   * that a 1000-round game's `status` or `round`, which read no old entry, makes none.
   */
  lazyLog?: boolean;
}

/**
 * The log of a file: entries packed (schema 8 on, ./packed-log.ts) or objects (any schema; a report's session,
 * a hand-written file), each checked. The order of the purposes matters (entries point into it), so they are
 * read as they are.
 */
function logOf(o: Obj, version: number, lazy: boolean, lazyLog = false): LogRecord[] {
  const purposes =
    version >= 8 && o.purposes !== undefined
      ? strings(o.purposes, 'purposes', READ.sessionBytes, READ.rollPurpose)
      : null;
  const list = arr(o.log, 'log', READ.logEntries);
  if (lazy && lazyLog && purposes !== null && list.length > 0 && list.every((x) => typeof x === 'string')) {
    const lines = list as string[];
    return lazilyRead(lines, purposes, (i) => packedRecord(lines[i]!, i, purposes, true));
  }
  return list.map((x, i) => {
    if (typeof x === 'string' && purposes !== null) return packedRecord(x, i, purposes, lazy);
    engineCounts.logEntriesChecked++;
    return isPlainRecord(x) ? x : record(x, `log[${i}]`);
  });
}

/**
 * Check a parsed session file and bring it to the current schema.
 * `bookFor` compiles the tables this session plays with (its own table, or the shipped ones).
 * Throws Invalid (with the path of the field at fault) or SchemaTooNew.
 */
export function validateSession(
  v: unknown,
  bookFor: (setup: Setup) => RuleBook,
  opts: LogReading = {},
): { state: SessionState; book: RuleBook; migratedFrom: number | null } {
  let o = obj(v, '(session)');
  const version = int(o.schemaVersion, 'schemaVersion', 1, Number.MAX_SAFE_INTEGER);
  if (version > SCHEMA_VERSION) throw new SchemaTooNew(version);
  let migratedFrom: number | null = null;
  for (let ver = version; ver < SCHEMA_VERSION; ver++) {
    const m = MIGRATIONS[ver];
    if (!m) fail('schemaVersion', `no migration from version ${ver}`);
    o = m(o);
    migratedFrom = version;
  }
  const su = setup(o.setup);
  const rng = obj(o.rng, 'rng');
  const state: SessionState = {
    schemaVersion: SCHEMA_VERSION,
    setup: su,
    rng: {
      seed: seedOf(rng.seed, 'rng.seed', su.generator),
      uses:
        typeof rng.uses === 'number' && Number.isInteger(rng.uses) && rng.uses >= 0
          ? int(rng.uses, 'rng.uses', 0, READ.rngUses)
          : fail('rng.uses', `expected a non-negative integer, found ${describe(rng.uses)}`),
    },
    round: int(o.round, 'round', 0, READ.round),
    phase: oneOf(o.phase, 'phase', ['setup', 'round', 'end'] as const),
    inPlay: arr(o.inPlay, 'inPlay', 64).map((x, i) => inPlayEntry(x, i, opts.lazy === true)),
    deck:
      o.deck === null
        ? null
        : (() => {
            const d = obj(o.deck, 'deck');
            return {
              drawPile: cards(d.drawPile, 'deck.drawPile'),
              discardPile: cards(d.discardPile, 'deck.discardPile'),
            };
          })(),
    visibility: (() => {
      const vis = obj(o.visibility, 'visibility');
      return {
        level: nonEmpty(vis.level, 'visibility.level', 60),
        sinceRound: int(vis.sinceRound, 'visibility.sinceRound', 0, READ.round),
        source: nonEmpty(vis.source, 'visibility.source', 60),
      };
    })(),
    hazard:
      o.hazard === null
        ? null
        : (() => {
            const h = obj(o.hazard, 'hazard');
            return {
              roll: int(h.roll, 'hazard.roll', 1, 10),
              id: h.id === null ? null : nonEmpty(h.id, 'hazard.id', 60),
              nomadic: bool(h.nomadic, 'hazard.nomadic'),
            };
          })(),
    tiles: strings(o.tiles, 'tiles', READ.tiles, READ.tileName),
    orientation: orientationOf(o.orientation, 'orientation'),
    lairs:
      o.lairs === null
        ? null
        : arr(o.lairs, 'lairs', READ.lairs).map((x, i) => {
            const l = obj(x, `lairs[${i}]`);
            return {
              name: nonEmpty(l.name, `lairs[${i}].name`, NAME),
              becomes: l.becomes === null ? null : nonEmpty(l.becomes, `lairs[${i}].becomes`, NAME),
            };
          }),
    structures: o.structures === null ? null : strings(o.structures, 'structures', READ.structures, NAME),
    ...(o.sitesAt === undefined ? {} : { sitesAt: sitesAt(obj(o.sitesAt, 'sitesAt'), 'sitesAt', su) }),
    gangs: gangs(o.gangs, 'gangs', true) as SessionState['gangs'],
    pendingEnd: strings(o.pendingEnd, 'pendingEnd', 64, 60),
    objects: objects(o.objects),
    conditions: conditions(o.conditions),
    tilePicks: tilePicks(o.tilePicks),
    markers: markers(o.markers, su.tiles, opts.lazy === true),
    markersPlaced: int(o.markersPlaced, 'markersPlaced', 0, READ.markers),
    manualDice: bool(o.manualDice, 'manualDice'),
    story: storyOf(o.story),
    redo: arr(o.redo, 'redo', READ.logEntries).map((x, i) => redoEntry(x, `redo[${i}]`)),
    log: opts.log ?? logOf(o, version, opts.lazy === true, opts.lazyLog === true),
  };
  sharedPaths(state);
  if (state.rng.seed !== su.seed) fail('rng.seed', `${state.rng.seed} is not the game's seed (setup.seed ${su.seed})`);
  if (state.log.length === 0 || state.log[0]!.action.type !== 'new')
    fail('log[0]', 'a session log starts with the game\'s setup (action "new")');
  // (A packed entry's seq is its place in the list: made so, not read; a lazy log's entries are left unmade.)
  if (!isLazyLog(state.log))
    state.log.forEach((r, i) => {
      if (r.seq !== i) fail(`log[${i}].seq`, `expected ${i}, found ${r.seq}`);
    });
  // The step undone last is the next entry of the log, the one undone before it the entry after, and so on.
  state.redo.forEach((r, i) => {
    const want = state.log.length + state.redo.length - 1 - i;
    if (r.seq !== want) fail(`redo[${i}].seq`, `expected ${want}, found ${r.seq}`);
    if (r.action.type === 'new') fail(`redo[${i}].action.type`, "a game's setup cannot be redone");
  });
  if ((state.deck === null) !== (su.mode === 'dice'))
    fail('deck', su.mode === 'deck' ? 'a deck-mode game needs a deck' : 'a dice-mode game has no deck');
  const book = bookFor(su);
  if (version < 2) {
    const structures = new Set<string>();
    for (const ev of book.events.results) {
      for (const st of [...ev.resolve.onDraw, ...ev.resolve.eachEventPhase, ...ev.resolve.endPhase])
        if (st.kind === 'pickStructure') structures.add(`${ev.name}: ${st.what}`);
    }
    for (const r of state.log) {
      r.rolls = r.rolls.map((x) => {
        const f = purposeV2(x, structures);
        return f === x.for ? x : { ...x, for: f };
      });
    }
  }
  if (version < 3) deriveFromLog(state, book);
  if (version < 7) deriveMarkers(state, book);
  for (const [i, m] of state.markers.entries()) {
    if (m.id > state.markersPlaced)
      fail(`markers[${i}].id`, `marker ${m.id} is numbered past the ${state.markersPlaced} the game has placed`);
    if (!book.byId.has(m.eventId)) fail(`markers[${i}].eventId`, `"${m.eventId}" is not an event of this game's table`);
  }
  state.tilePicks.forEach((t, i) => {
    for (const x of [t.tile, ...t.among])
      if (x !== null && !su.tiles.includes(x)) fail(`tilePicks[${i}]`, `"${x}" is not a tile of this game`);
  });
  if ((state.phase === 'setup') !== (state.round === 0))
    fail(
      'phase',
      `"${state.phase}" does not go with round ${state.round} (round 0 is "setup", later rounds "round" or "end")`,
    );
  state.inPlay.forEach((p, i) => {
    if (!book.byId.has(p.eventId)) fail(`inPlay[${i}].eventId`, `"${p.eventId}" is not an event of this game's table`);
    if (book.byId.get(p.eventId)!.timing !== 'persistent')
      fail(`inPlay[${i}].eventId`, `"${p.eventId}" is a Once event and cannot be in play`);
    if (state.inPlay.findIndex((q) => q.eventId === p.eventId) !== i)
      fail(`inPlay[${i}].eventId`, `"${p.eventId}" is in play twice`);
  });
  state.pendingEnd.forEach((id, i) => {
    if (!book.byId.has(id)) fail(`pendingEnd[${i}]`, `"${id}" is not an event of this game's table`);
  });
  if (!book.level.has(state.visibility.level))
    fail('visibility.level', `"${state.visibility.level}" is not a level of the visibility table`);
  if (state.hazard?.id && !book.hazards.hazards.some((h) => h.id === state.hazard!.id))
    fail('hazard.id', `"${state.hazard.id}" is not on the Hazard Table`);
  if (state.deck) {
    const all = [...state.deck.drawPile, ...state.deck.discardPile, ...state.inPlay.map((p) => p.roll)];
    const seen = new Set<number>();
    for (const c of all) {
      if (seen.has(c)) fail('deck', `card ${c} is in the deck twice`);
      seen.add(c);
    }
    for (let c = 1; c <= 64; c++)
      if (!seen.has(c)) fail('deck', `card ${c} is missing (not in the draw pile, the discard pile or in play)`);
  }
  return { state, book, migratedFrom };
}

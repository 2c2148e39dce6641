// The game's history, round by round, rebuilt from the session's log. The file stores each command and its dice,
// not what they did (docs/json.md), so what happened is replayed from the seed, as `badzone log` does. The replay
// is kept between updates: a new command only steps the new log entries (the players' view re-reads the game
// after every command); an undo, or a different game, replays from the start. The rounds are kept too: an update
// rebuilds only the rounds its entries touch, and every other round is the same object as before (the page keeps
// what it rendered of each, by identity: src/render/page.ts).
import type { RuleBook } from '../rules/book.js';
import { Rng } from '../dice/rng.js';
import type { Check, Draw } from '../engine/phases.js';
import type { Outcome } from '../engine/resolve.js';
import { loggedActions, replaySteps, type Replayed, type ReplayStop } from '../engine/replay.js';
import type { Report } from '../engine/step.js';
import type { Action, LogRecord, Roll, SessionState } from '../engine/state.js';
import { PackedRecord, lazyLines, packedPurposesAt, packedTextAt } from '../engine/packed-log.js';
import { plainCopy } from '../engine/working.js';
import { mapView } from './map.js';
import type { MapView } from './types.js';

export interface DrawView extends Draw {
  name: string;
  /** The draw was a card (deck mode), not a D64 roll. */
  card: boolean;
}

export interface ResolvedView {
  eventId: string;
  name: string;
  /** 'new': the event drawn this round; 'in-play': an event already in play, acting again. */
  source: 'new' | 'in-play';
  outcomes: Outcome[];
  rolls: Roll[];
}

export interface EndPhaseView {
  triggers: { eventId: string; name: string; outcomes: Outcome[]; rolls: Roll[] }[];
  checks: Check[];
  /** Every die of this End Phase, in the order rolled (triggers first, then one D6 per discard check). */
  rolls: Roll[];
  /** `end` resolved it, or the next `round` did because `end` was skipped. */
  resolvedBy: 'end' | 'round';
}

/** A command the GM ran by hand (discard, place, visibility, fighter), in words. */
export interface GmActionView {
  seq: number;
  action: Action['type'] | string;
  notes: string[];
  rolls: Roll[];
  /** Taken after this round's End Phase was resolved (`end`), so told after it. */
  afterEndPhase: boolean;
}

export interface HistoryRound {
  round: number;
  /** Round 0: the setup (Hazard roll, deck shuffle) and any GM changes before round 1. */
  setup: { notes: string[]; rolls: Roll[] } | null;
  eventPhase: {
    draws: DrawView[];
    reshuffled: boolean;
    noNewEvent: string | null;
    resolved: ResolvedView[];
    rolls: Roll[];
  } | null;
  endPhase: EndPhaseView | null;
  gm: GmActionView[];
}

/** The battlefield's map at the end of a round in which a marker was placed, scattered, moved, carried or cleared. */
export interface RoundMap {
  round: number;
  map: MapView;
}

export interface History {
  /** Oldest first. */
  rounds: HistoryRound[];
  /** Only when the builder was asked for them (the report): oldest first. */
  maps?: RoundMap[];
  /** Set when a log entry no longer replays (a tampered file): the history stops there; `badzone verify` says more. */
  problem: string | null;
}

interface Entry {
  record: LogRecord;
  report: Report | null;
  notes: string[];
  /** Only when maps are asked for: the markers after this entry (as JSON, to see a change) and the map then. */
  markers?: string;
  map?: MapView;
}

/** Every this many log entries the replay keeps the state, so an undo resumes from near where it was, not from the start. */
const SNAPSHOT_EVERY = 16;

/** Replays a session's log, remembering where it got to so that the next version of the same game costs only its new entries. */
export class HistoryBuilder {
  private setupKey = '';
  private entries: Entry[] = [];
  private state: SessionState | null = null;
  private rng: Rng | null = null;
  private problem: string | null = null;
  /** A copy of the state after entry i (without its log), for every SNAPSHOT_EVERY-th i. */
  private snapshots = new Map<number, Omit<SessionState, 'log'>>();
  /** How many log entries were stepped (for tests and the benchmark: an update should step only the new ones). */
  stepped = 0;
  /** The rounds grouped from `entries[0, grouped)`, oldest first; a round is a new object only when it changed. */
  private rounds: HistoryRound[] = [];
  private grouped = 0;
  /** Entries were added or taken away since the rounds were grouped. */
  private changed = true;
  /** Rounds regrouped by the last build (for tests: an update should regroup only the newest one or two). */
  regrouped = 0;

  /**
   * `maps`: also keep, for each round in which the markers changed, the map at its end (the report draws them). Each
   * is taken from the state the one replay reached after the round's last entry: no second replay.
   */
  constructor(private readonly opts: { maps?: boolean } = {}) {}

  build(s: SessionState, book: RuleBook): History {
    this.advance(s, book);
    this.regroup(book, s.setup.mode === 'deck');
    const h: History = { rounds: [...this.rounds], problem: this.problem };
    if (this.opts.maps) h.maps = roundMaps(this.entries);
    return h;
  }

  private snapshot(i: number): void {
    if (i % SNAPSHOT_EVERY !== 0 || !this.state) return;
    // A copy: a replay owns its state, and the engine grows some of its lists in place (step.ts, `working`). The
    // state is plain data: plainCopy makes what structuredClone would, several times faster (an undo takes one).
    const { log: _log, ...rest } = this.state;
    this.snapshots.set(i, plainCopy(rest));
  }

  private reset(s: SessionState, book: RuleBook, setupKey: string): void {
    this.setupKey = setupKey;
    this.state = null;
    this.rng = null;
    this.problem = null;
    this.snapshots.clear();
    this.entries = [];
    this.grouped = 0;
    this.changed = true;
    this.run(s, replaySteps(s.setup, loggedActions(s.log), book));
  }

  /** Go back to the latest snapshot within the first `common` entries (which this log shares with the cache). */
  private rewind(common: number): boolean {
    let at = -1;
    for (const i of this.snapshots.keys()) if (i < common && i > at) at = i;
    if (at < 0) return false;
    for (const i of [...this.snapshots.keys()]) if (i > at) this.snapshots.delete(i);
    const snap = this.snapshots.get(at)!;
    // The log up to the snapshot is the one kept (the same entries, `common` shows): the records already made,
    // not the new log's (a log read lazily would make each of them again).
    this.state = { ...plainCopy(snap), log: this.entries.slice(0, at + 1).map((e) => e.record) };
    this.rng = new Rng(snap.rng);
    this.entries = this.entries.slice(0, at + 1);
    this.grouped = Math.min(this.grouped, this.entries.length);
    this.changed = true;
    this.problem = null;
    return true;
  }

  /** Keep what the engine's one replay (../engine/replay.ts) yields, entry by entry, until it stops. */
  private run(s: SessionState, replayed: Iterable<Replayed | ReplayStop>): void {
    for (const r of replayed) {
      if (r.seq > 0) this.stepped++;
      if (!r.ok) {
        this.problem = `log entry ${r.seq} (${r.action.type}) does not replay from the seed: the history stops before it (verifying the game says why).`;
        return;
      }
      this.state = r.state;
      // The entry as the file has it (entered or rolled dice): `verify` checks they are the ones the seed gives.
      const record = s.log[r.seq] ?? r.record;
      const entry: Entry = { record, report: r.report, notes: r.notes };
      // The map now, made at once: the engine grows some of a state's lists in place in later steps.
      if (this.opts.maps) Object.assign(entry, { markers: JSON.stringify(r.state.markers), map: mapView(r.state) });
      this.entries.push(entry);
      this.changed = true;
      this.snapshot(r.seq);
    }
  }

  /**
   * Bring `rounds` up to `entries`: the entries after `grouped` are new (appended, or replayed after an undo), and
   * the rounds they touch, or touched, are rebuilt. Entries belong to rounds in order (an entry's round is never
   * before the one of the entry before it), and an entry touches its round and, for a `round` that resolved the End
   * Phase left unresolved, the round before: so every round from that of the last unchanged entry on is rebuilt,
   * from the first entry of that round on, and the rounds before it are kept as they are.
   */
  private regroup(book: RuleBook, deck: boolean): void {
    if (!this.changed) {
      this.regrouped = 0;
      return;
    }
    // A hand-edited file can number its entries' rounds out of order: then every round is rebuilt.
    let ordered = true;
    for (let i = 1; i < this.entries.length && ordered; i++)
      ordered = roundOf(this.entries[i]!) >= roundOf(this.entries[i - 1]!);
    const from = this.grouped > 0 && ordered ? roundOf(this.entries[this.grouped - 1]!) : 0;
    let first = from === 0 ? 0 : this.grouped;
    while (first > 0 && roundOf(this.entries[first - 1]!) >= from) first--;
    const kept = this.rounds.filter((r) => r.round < from);
    const rebuilt = group(this.entries.slice(first), book, deck).filter((r) => r.round >= from);
    this.rounds = [...kept, ...rebuilt];
    this.regrouped = rebuilt.length;
    this.grouped = this.entries.length;
    this.changed = false;
  }

  private advance(s: SessionState, book: RuleBook): void {
    const setupKey = JSON.stringify(s.setup);
    if (setupKey !== this.setupKey || this.state === null) {
      this.reset(s, book, setupKey);
      return;
    }
    // How much of this log the cache already has; anything after that (an undo, an edited entry) is replayed.
    let common = 0;
    const n = Math.min(this.entries.length, s.log.length);
    const lazy = lazyLines(s.log);
    while (common < n && sameEntry(this.entries[common]!.record, s.log, common, lazy)) common++;
    const whole = common === this.entries.length && (this.problem === null || common === s.log.length);
    if (!whole && !this.rewind(common)) {
      this.reset(s, book, setupKey);
      return;
    }
    if (this.problem !== null || this.entries.length >= s.log.length) return;
    // The dice carry on from where the last replay left them (one engine, not a fresh one per update).
    this.rng ??= new Rng(this.state.rng);
    const actions = loggedActions(s.log.slice(this.entries.length - 1));
    this.run(s, replaySteps(s.setup, actions, book, { state: this.state, source: this.rng }));
  }
}

/**
 * A log record is the same as `log`'s entry i. Two read from files badzone wrote (../engine/packed-log.ts) are compared by their
 * packed text, so their rolls are never decoded (a file read lazily decodes an entry's rolls when they are first
 * read, and every entry is compared on every update): the same text is the same entry when the purposes its
 * indexes point into are the same, which holds when one file's list of purposes begins with the other's (badzone
 * only ever adds purposes at the end). Anything else is compared field by field.
 */
function sameEntry(a: LogRecord, log: readonly LogRecord[], i: number, lazy = lazyLines(log)): boolean {
  // By text first: a log read lazily (the page reads as `status` does) then makes no record of an entry it kept.
  const ta = PackedRecord.textOf(a);
  const tb = packedTextAt(log, i, lazy);
  if (
    ta !== undefined &&
    tb !== undefined &&
    samePurposes(PackedRecord.purposesOf(a)!, packedPurposesAt(log, i, lazy)!)
  )
    return ta === tb;
  const b = log[i]!;
  return a === b || same(a, b);
}

/** The last two lists of purposes compared, and whether one begins with the other (once per update, not per entry). */
let purposesSeen: { a: readonly string[]; b: readonly string[]; prefix: boolean } | null = null;
function samePurposes(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (purposesSeen?.a === a && purposesSeen.b === b) return purposesSeen.prefix;
  const n = Math.min(a.length, b.length);
  let prefix = true;
  for (let i = 0; i < n && prefix; i++) prefix = a[i] === b[i];
  purposesSeen = { a, b, prefix };
  return prefix;
}

/**
 * Two values read from JSON are the same (what `JSON.stringify` of each would say, keys in any order): a log entry
 * compared field by field costs a fraction of writing it out, and every entry of the log is compared on every
 * update.
 */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const k in x) {
    if (x[k] === undefined) continue;
    count++;
    if (!same(x[k], y[k])) return false;
  }
  for (const k in y) if (y[k] !== undefined) count--;
  return count === 0;
}

/** The round an entry belongs to in the history (an End Phase resolved by the next `round`: that round's). */
function roundOf(e: Entry): number {
  if (e.record.action.type === 'new') return 0;
  const r = e.report;
  return r && (r.kind === 'round' || r.kind === 'end') ? r.round : e.record.round;
}

/** For each round in which the markers changed, the map after its last entry. */
function roundMaps(entries: Entry[]): RoundMap[] {
  const out = new Map<number, { changed: boolean; map: MapView }>();
  let before = JSON.stringify([]);
  for (const e of entries) {
    if (e.map === undefined) continue;
    const n = roundOf(e);
    const was = out.get(n);
    out.set(n, { changed: (was?.changed ?? false) || e.markers !== before, map: e.map });
    before = e.markers!;
  }
  return [...out]
    .filter(([, x]) => x.changed)
    .map(([round, x]) => ({ round, map: x.map }))
    .sort((a, b) => a.round - b.round);
}

function group(entries: Entry[], book: RuleBook, deck: boolean): HistoryRound[] {
  const rounds = new Map<number, HistoryRound>();
  const at = (n: number): HistoryRound => {
    let h = rounds.get(n);
    if (!h) {
      h = { round: n, setup: null, eventPhase: null, endPhase: null, gm: [] };
      rounds.set(n, h);
    }
    return h;
  };
  for (const e of entries) {
    const { record, report } = e;
    if (record.action.type === 'new') {
      at(0).setup = { notes: e.notes, rolls: record.rolls };
      continue;
    }
    if (!report) continue;
    if (report.kind === 'round') {
      let rest = record.rolls;
      if (report.endPhase) {
        // The End Phase is resolved first (phases.ts): its triggers' dice, then one D6 per discard check.
        const k = report.endPhase.triggers.reduce((n, t) => n + t.rolls.length, 0) + report.endPhase.checks.length;
        at(report.endPhase.round).endPhase = {
          triggers: report.endPhase.triggers,
          checks: report.endPhase.checks,
          rolls: rest.slice(0, k),
          resolvedBy: 'round',
        };
        rest = rest.slice(k);
      }
      const ep = report.eventPhase;
      at(report.round).eventPhase = {
        draws: ep.draws.map((d) => ({ ...d, name: book.byId.get(d.eventId)?.name ?? d.eventId, card: deck })),
        reshuffled: ep.reshuffled,
        noNewEvent: ep.noNewEvent,
        resolved: ep.resolved.map((r) => ({
          eventId: r.eventId,
          name: r.name,
          source: r.source,
          outcomes: r.outcomes,
          rolls: r.rolls,
        })),
        rolls: rest,
      };
    } else if (report.kind === 'end') {
      at(report.round).endPhase = {
        triggers: report.triggers,
        checks: report.checks,
        rolls: record.rolls,
        resolvedBy: 'end',
      };
    } else {
      const h = at(record.round);
      h.gm.push({
        seq: record.seq,
        action: record.action.type,
        notes: e.notes,
        rolls: record.rolls,
        afterEndPhase: h.endPhase !== null,
      });
    }
  }
  return [...rounds.values()].sort((a, b) => a.round - b.round);
}

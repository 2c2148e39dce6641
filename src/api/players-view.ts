// The players' view: what `badzone serve` shows and `badzone report` records. It is `status --json`'s data (the same
// function builds both) less what players must not see (the seed: it foretells every roll) and the GM's file path,
// plus the newest event as a card and the round history, replayed from the log.
import * as path from 'node:path';
import type { RuleBook } from '../rules/book.js';
import { tryLoad } from '../store/session.js';
import { DiceTally } from '../engine/packed-log.js';
import type { SessionState, Roll } from '../engine/state.js';
import type { Outcome } from '../engine/resolve.js';
import { applyNow, statusView } from './views.js';
import type { ApplyNowItem, MapView, StatusData } from './types.js';
import {
  HistoryBuilder,
  type DrawView,
  type EndPhaseView,
  type History,
  type HistoryRound,
  type RoundMap,
} from './history.js';
import { mapView, recentMapView } from './map.js';

/** The newest event, as a large card: what it is, its rules, and the rolls and picks badzone made for it. */
export interface EventCard {
  /** The round it was drawn in. */
  round: number;
  eventId: string;
  name: string;
  /** The D64 roll (dice mode) or card number (deck mode) that drew it. */
  roll: number;
  card: boolean;
  /** The roll was entered by the GM (physical dice) rather than rolled by badzone. */
  entered: boolean;
  timing: 'once' | 'persistent';
  discardOn: number | null;
  effect: string;
  actsEachEventPhase: boolean;
  actsInEndPhase: boolean;
  /** Draws of events already in play, discarded before this one (drawn again). */
  redrawn: DrawView[];
  outcomes: Outcome[];
  rolls: Roll[];
}

/** `status --json` less the seed (it foretells every roll) and the path (the GM's folders); the commitment stays. */
export type PlayersStatus = Omit<StatusData, 'seed' | 'session' | 'kind'>;

export interface PlayersView extends PlayersStatus {
  kind: 'players-view';
  /** The session file's name (not its folder: the page may be on a phone across the room). */
  game: string;
  /** The newest event (this round's, or the last round's while no round is under way); null before round 1. */
  newEvent: EventCard | null;
  /** Why the newest Event Phase drew no new event, if it did not. */
  noNewEvent: string | null;
  /**
   * What to apply in the newest Event Phase (the round of `newEvent`): each event then in play, oldest first, then
   * what stays after discarded events; empty before round 1.
   */
  applyNow: ApplyNowItem[];
  /**
   * What the End Phase just done did (its triggers' spawns, scatters and reinforcements, each discard roll), while
   * it is the game's latest step (phase 'end'); null otherwise, so it goes at the next Event Phase.
   */
  lastEndPhase: (EndPhaseView & { round: number }) | null;
  /** Each round, newest first. */
  history: HistoryRound[];
  /** Set when the log does not replay to the end (a tampered file). */
  historyProblem: string | null;
  /** The names of the events that `battlefield` refers to by id (objects, conditions, tile picks). */
  eventNames: Record<string, string>;
  /** Every die in the log so far, and how many of them the GM entered by hand (the rest came from the seed). */
  dice: { rolls: number; entered: number };
}

/**
 * What the players' page draws: the view, and the battlefield's map now (made from the state's markers, no replay).
 * Kept beside the view, not in it: the view is also the JSON report's `view`.
 */
export interface PlayersPage {
  view: PlayersView;
  map: MapView;
  /** Only from a builder asked for them (the report): the map at the end of each round whose markers changed. */
  maps: RoundMap[];
}

/** Builds the players' view of successive versions of one game, replaying only what is new. */
export class PlayersViewBuilder {
  readonly history: HistoryBuilder;
  /** The dice of the log, counted again only where it changed since the last version. */
  private readonly dice = new DiceTally();

  /**
   * `maps`: also keep the map at the end of each round whose markers changed (the report's; the page needs none).
   * `recentScatters`: the map lists each marker's newest so many scatters (the live page's: recentMapView).
   */
  constructor(private readonly opts: { maps?: boolean; recentScatters?: number } = {}) {
    this.history = new HistoryBuilder(opts);
  }

  /**
   * The players' view of the game in `file` as the file is now (`badzone serve` re-reads it after every change);
   * null when there is no file. A file that cannot be read throws the typed errors of src/errors.ts.
   */
  read(file: string): PlayersView | null {
    return this.readPage(file)?.view ?? null;
  }

  /** The players' view of the game in `file`, with its map; null when there is no file. */
  readPage(file: string): PlayersPage | null {
    const loaded = this.load(file);
    return loaded ? this.page(file, loaded.state, loaded.book) : null;
  }

  /** The game in `file` as `status` reads it (read, parsed, checked), for `page`; null when there is no file. */
  load(file: string): { state: SessionState; book: RuleBook } | null {
    // The log's entries are compared with the last version's by their text, made into records when new.
    return tryLoad(file);
  }

  build(file: string, s: SessionState, book: RuleBook): PlayersView {
    return this.page(file, s, book).view;
  }

  page(file: string, s: SessionState, book: RuleBook): PlayersPage {
    const { seed: _seed, session: _session, kind: _kind, ...status } = statusView(file, s, book);
    const h = this.history.build(s, book);
    const last = this.opts.recentScatters;
    const map = last === undefined ? mapView(s) : recentMapView(s, last);
    return { view: this.viewOf(file, s, book, status, h), map, maps: h.maps ?? [] };
  }

  private viewOf(file: string, s: SessionState, book: RuleBook, status: PlayersStatus, h: History): PlayersView {
    const latest = [...h.rounds].reverse().find((r) => r.eventPhase !== null) ?? null;
    const ended = status.phase === 'end' ? h.rounds.find((r) => r.round === status.round)?.endPhase : null;
    return {
      ...status,
      kind: 'players-view',
      game: path.basename(file),
      newEvent: latest ? eventCard(latest, book) : null,
      noNewEvent: latest?.eventPhase?.noNewEvent ?? null,
      applyNow: latest
        ? applyNow(latest.round, latest.eventPhase!.resolved, status.inPlay, status.battlefield, book)
        : [],
      lastEndPhase: ended ? { round: status.round, ...ended } : null,
      history: [...h.rounds].reverse(),
      historyProblem: h.problem,
      eventNames: Object.fromEntries(
        [...status.battlefield.objects, ...status.battlefield.conditions, ...status.battlefield.tilePicks].map((x) => [
          x.eventId,
          book.byId.get(x.eventId)?.name ?? x.eventId,
        ]),
      ),
      dice: this.dice.count(s.log),
    };
  }
}

/** The players' view of one game as it is now. */
export function playersView(file: string, s: SessionState, book: RuleBook): PlayersView {
  return new PlayersViewBuilder().build(file, s, book);
}

function eventCard(r: HistoryRound, book: RuleBook): EventCard | null {
  const ep = r.eventPhase!;
  const drawIndex = ep.draws.findIndex((d) => d.outcome !== 'duplicate');
  const drawn = ep.draws[drawIndex];
  const ev = drawn ? book.byId.get(drawn.eventId) : undefined;
  if (!drawn || !ev) return null;
  const resolved = ep.resolved.find((x) => x.source === 'new' && x.eventId === ev.id);
  // The draws are the first dice of the Event Phase in dice mode (one D64 each); in deck mode the cards drawn
  // are marked as cards among the rolls (a reshuffle's dice come before them).
  const drawRolls = ep.rolls.filter((x) => x.die === 64 && (x.card === true) === drawn.card);
  const drawRoll = drawRolls[drawIndex];
  return {
    round: r.round,
    eventId: ev.id,
    name: ev.name,
    roll: drawn.roll,
    card: drawn.card,
    entered: drawRoll?.entered === true,
    timing: ev.timing,
    discardOn: ev.discardOn,
    effect: ev.effect,
    actsEachEventPhase: ev.timing === 'persistent' && ev.resolve.eachEventPhase.length > 0,
    actsInEndPhase: ev.resolve.endPhase.length > 0,
    redrawn: ep.draws.slice(0, drawIndex),
    outcomes: resolved?.outcomes ?? [],
    rolls: resolved?.rolls ?? [],
  };
}

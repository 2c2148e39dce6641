// Reading a game without changing it: the game as it is (`badzone play` builds its menus from it) and what
// `status` shows. Apart from game.ts, whose Game reaches every move of the engine: the command line's own bundle
// for `status` holds this and no Game (start-up, issue 23; docs/development.md, Performance).
import type { SessionState } from '../engine/state.js';
import type { RuleBook } from '../rules/book.js';
import { load, tryLoad } from '../store/session.js';
import type { StatusData } from './types.js';
import { statusView } from './views.js';

/** A game as read from its file: the state, and the tables it plays with. */
export interface GameRead {
  state: SessionState;
  book: RuleBook;
}

/**
 * The game at `file` as it is now (`badzone play` builds its menus from it); null when there is no file. Reads
 * only; a file that is not a game, or a path that cannot be read, throws the typed error that says why.
 */
export function readGame(file: string): GameRead | null {
  const l = tryLoad(file);
  return l ? { state: l.state, book: l.book } : null;
}

/** As readGame, but NoSessionError (exit 3) when there is no game at `file`. */
export function loadGame(file: string): GameRead {
  const { state, book } = load(file);
  return { state, book };
}

/**
 * Where the game at `file` stands (Game.status): round, phase, events in play, visibility, hazard, tiles,
 * rosters. `full` adds the rules text of each event in play and the event table's clarifications.
 */
export function gameStatus(file: string, opts: { full?: boolean } = {}): StatusData {
  // The log's entries are made when read (a file as badzone wrote it), and status reads none but their count.
  const { state: s, book } = load(file);
  const full = opts.full
    ? {
        rules: s.inPlay.flatMap((p) => {
          const ev = book.byId.get(p.eventId);
          if (!ev) return [];
          const clarifications = (book.events.clarifications ?? [])
            .filter((c) => c.events?.includes(ev.id))
            .map((c) => c.text);
          return [
            {
              eventId: ev.id,
              name: ev.name,
              timing: ev.timing,
              discardOn: ev.discardOn,
              effect: ev.effect,
              gm: ev.gmInPlay ?? ev.gm,
              clarifications,
            },
          ];
        }),
        clarifications: book.events.clarifications ?? [],
      }
    : {};
  return { ...statusView(file, s, book), ...full };
}

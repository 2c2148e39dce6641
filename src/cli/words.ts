// The command line's words for the library's errors: each code said with the command line's flags and commands.
// The library's message says what is wrong in plain words (`said`); the command line adds what to type about it,
// or says it again in its own words. `badzone play` has its own words, in menu items (./play-words.ts). A code
// without words here does not compile, and test/cli/words.test.ts checks that every code has both.
import * as path from 'node:path';
import { isCoded, type ErrorCode, type ErrorFacts } from '../api/codes.js';
import { DEFAULT_SESSION } from '../api/files.js';
import { count } from '../api/limits.js';
import { shellWord } from '../render/commands.js';
import { workText } from '../api/simulate.js';
import type { BadzoneError } from '../errors.js';

/** How an edge says a code: from its facts and the library's own sentence. */
export type Say<C extends ErrorCode> = (facts: ErrorFacts[C], said: string) => string;

/** Words for every code. */
export type Words = { readonly [C in ErrorCode]: Say<C> };

/** The library's sentence, as it is: nothing to add. */
export const asSaid = (_facts: unknown, said: string): string => said;

/** The library's sentence, then what to do about it (the edge's words, maybe built from the facts). */
// Not called `then`: a module that exports `then` is a thenable, and `await import()` of it never settles.
export function adding<C extends ErrorCode>(todo: string | ((facts: ErrorFacts[C]) => string)): Say<C> {
  return (facts, said) => `${said} ${typeof todo === 'string' ? todo : todo(facts)}`;
}

/** What to do with an unreadable session file, naming it unless it is the folder's own (a mistyped --session). */
function restoreOrStartAgain(file: string): string {
  const again =
    path.basename(file) === DEFAULT_SESSION
      ? 'badzone new --force` in its folder'
      : `badzone new --force --session ${shellWord(file)}\``;
  return `If it is your game, restore it from a copy (a \`.bak\` file beside it, if \`new --force\` made one), or start a new game in its place with \`${again}; if it is not a badzone game, check the path.`;
}

let cliWordsMade: Words | null = null;
/**
 * The library's error codes in the command line's words. Made when first asked for (an error is being said), not
 * when the command line loads: its hundred entries and their closures cost every command about 0.1 ms to make.
 */
export function cliWords(): Words {
  cliWordsMade ??= makeCliWords();
  return cliWordsMade;
}

const makeCliWords = (): Words => ({
  // The engine's refusals.
  'new-is-not-a-step': asSaid,
  'no-round-yet': adding('Run `badzone round` to start round 1.'),
  'end-phase-resolved': adding((f) => `Run \`badzone round\` to start round ${f.round + 1}.`),
  'end-phase-open': adding(
    (f) =>
      `Give ${f.rolls.length === 1 ? 'it' : 'them'} with --end-dice (\`_\` for one badzone should roll) and the new round's dice with --dice, or resolve the End Phase first with \`badzone end\`.`,
  ),
  'end-dice-unused': asSaid,
  'no-open-end-phase': adding("Give the new round's dice with --dice."),
  'dice-unused': asSaid,
  'bad-entered-die': asSaid,
  'too-many-rolls': adding("`badzone table lint FILE` shows each event's worst case."),
  'input-past-limit': asSaid,
  'game-past-limit': asSaid,
  'bad-name': asSaid,
  'bad-new-name': asSaid,
  'no-such-event': adding('`badzone events list` shows them.'),
  'once-event': asSaid,
  'already-in-play': asSaid,
  'not-in-play': adding('`badzone status` lists the events in play.'),
  'no-such-level': asSaid,
  'no-such-gang': asSaid,
  'fighter-already-there': asSaid,
  'no-such-fighter': (f, said) => (f.adding ? `${said} To add a fighter, say which gang with --gang.` : said),
  'fighter-in-other-gang': adding((f) => `To move them, leave out --gang (or say --gang ${f.in}).`),
  'fighter-in-several-gangs': adding('Say which with --gang.'),
  'rename-what': asSaid,
  'same-name': asSaid,
  'gang-name-taken': asSaid,
  'fighter-name-taken': asSaid,
  'no-such-edge': asSaid,
  'same-orientation': asSaid,
  'no-unconfirmed-pick': asSaid,
  'tile-or-occupied': asSaid,
  'not-a-tile-left': asSaid,
  'site-count-differs': (f, said) =>
    f.count === null
      ? `${said} They are counted when the game is set up (\`badzone new --${f.sites === 'lairsAt' ? 'lairs' : 'structures'} N\`).`
      : said,
  'site-tiles-unknown': asSaid,
  'sites-unchanged': asSaid,
  'unknown-tiles': asSaid,
  'no-such-marker': adding('`badzone map` lists the markers by number.'),
  'no-markers': asSaid,
  'redo-refused': asSaid,
  'redo-dice-differ': asSaid,
  // The files'.
  'no-session': adding(
    'Start one with `badzone new` (or just `badzone round`), or point --session at your session file.',
  ),
  'no-report-file': adding('Give the path of a session file or of a report made by `badzone report --format json`.'),
  'no-table-file': asSaid,
  'game-exists': adding(
    'Continue it with `badzone round`, or replace it with `badzone new --force` (the old file is kept as a backup).',
  ),
  'no-folder': asSaid,
  'is-a-folder': (f, said) => (f.session ? `${said} Give the path of a session file with --session.` : said),
  'not-regular': (f, said) => (f.session ? `${said} Give the path of a session file with --session.` : said),
  'system-file': asSaid,
  'unsafe-link': asSaid,
  'name-too-long-to-save': asSaid,
  'file-too-big': asSaid,
  'not-utf8': asSaid,
  'not-json': asSaid,
  'session-not-json': adding((f) => restoreOrStartAgain(f.file)),
  'not-a-session': asSaid,
  'session-too-new': asSaid,
  'invalid-session': adding('Fix it, or start a new game with `badzone new --force`.'),
  'invalid-session-table': asSaid,
  'hidden-report': adding(
    'After `badzone reveal`, make the report again and check that one (with --commitment, the hash noted at the start).',
  ),
  'invalid-table': asSaid,
  'data-missing': asSaid,
  'session-too-big': adding('`badzone undo` steps back, or start a new game.'),
  'read-only': asSaid,
  'hard-links': asSaid,
  'bind-mount': asSaid,
  'folder-removed': asSaid,
  'temp-vanished': asSaid,
  'file-in-use': asSaid,
  'file-system': asSaid,
  'cannot-keep-private': asSaid,
  'lock-lost': asSaid,
  'changed-under-lock': asSaid,
  'not-a-lock': asSaid,
  locked: asSaid,
  'takeover-stuck': asSaid,
  // The library's own.
  'bad-option': asSaid,
  'out-of-range': asSaid,
  'options-conflict': asSaid,
  'missing-option': asSaid,
  'no-event-matches': adding('`badzone events list` shows them all.'),
  'no-such-hazard': asSaid,
  'bad-dice-expression': asSaid,
  'bad-seed': asSaid,
  'bad-setup': asSaid,
  'duplicate-gang': asSaid,
  'duplicate-fighter': asSaid,
  'hidden-seed-not-chacha': asSaid,
  'no-round-started': asSaid,
  'log-does-not-follow': (f, said) =>
    `${said} ${f.doing === 'round' ? '`badzone verify` says where.' : '`badzone verify` shows what does not follow.'}`,
  'nothing-to-undo': adding('To start again, run `badzone new --force`.'),
  'nothing-to-redo': asSaid,
  'seed-not-hidden': adding('Start a game with `badzone new --hidden-seed` to commit to a seed.'),
  'needs-input': asSaid,
  'changed-while-answering': asSaid,
  'too-many-answers': asSaid,
  'too-many-rounds': asSaid,
  'too-much-simulation': (f) =>
    `${workText(f.estimate, f.games, f.rounds)} Use --games ${count(f.fits)} or fewer${f.fits < 1000 ? ', fewer --rounds, a smaller battlefield or a lighter table' : ''}.`,
  'roll-list-too-long': asSaid,
});

/** An error's message in `words`: an error of the library by its code, the command line's own as it is. */
export function sayError(e: BadzoneError, words: Words): string {
  if (!isCoded(e)) return e.message;
  return (words[e.code] as (facts: unknown, said: string) => string)(e.facts, e.message);
}

// Naming the command in text for a person, the way they can run it.
import { safeText } from './safe.js';

const NAMED = /`badzone |^\s*badzone new /m;

/** The commands that act on a game, and so take --session. */
const ON_A_GAME = new Set([
  'new',
  'round',
  'end',
  'status',
  'log',
  'undo',
  'redo',
  'verify',
  'reveal',
  'discard',
  'place',
  'fighter',
  'visibility',
  'rename',
  'collapse',
  'dice',
  'orientation',
  'sites',
  'map',
  'marker',
  'report',
  'serve',
  'play',
]);

/**
 * Text for a person names the command as they can run it: "`badzone end`" becomes "`npx badzone end`" when
 * badzone is not on their PATH (io.argv0, looked up only when the text names a command). When the person named
 * the game with `--session` (`session`: that argument, quoted for the shell), a command in backticks that acts on
 * a game gets it too, so the hint works as written: "`badzone round`" becomes "`badzone round --session g.json`".
 * JSON is data and is never changed.
 */
export function nameCommand(
  text: string,
  argv0: string | { readonly argv0: string } | (() => string),
  session?: string,
): string {
  if (!NAMED.test(text)) return text;
  let out = text;
  if (session !== undefined) {
    // The text around it is already terminal-safe; the argument, as the person typed it, is made so here: a
    // path with an escape sequence or a line break is shown escaped, never sent to the terminal.
    const arg = safeText(session);
    out = out.replace(/`badzone ([a-z-]+)([^`]*)`/g, (all, sub: string, rest: string) =>
      ON_A_GAME.has(sub) && !/(^|\s)--session(\s|=|$)/.test(rest) && !/(^|\s)(--help|-h)(\s|$)/.test(rest)
        ? `\`badzone ${sub}${rest} --session ${arg}\``
        : all,
    );
  }
  const name = typeof argv0 === 'string' ? argv0 : typeof argv0 === 'function' ? argv0() : argv0.argv0;
  if (name === 'badzone') return out;
  return out.replace(/`badzone /g, `\`${name} `).replace(/^(\s*)badzone new /gm, `$1${name} new `);
}

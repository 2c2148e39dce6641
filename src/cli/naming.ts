// Naming the command in text for a person, the way they can run it.

const NAMED = /`badzone |^\s*badzone new /m;

/**
 * Text for a person names the command as they can run it: "`badzone end`" becomes "`npx badzone end`" when
 * badzone is not on their PATH (io.argv0, looked up only when the text names a command). JSON is data and is
 * never changed.
 */
export function nameCommand(text: string, argv0: string | { readonly argv0: string }): string {
  if (!NAMED.test(text)) return text;
  const name = typeof argv0 === 'string' ? argv0 : argv0.argv0;
  if (name === 'badzone') return text;
  return text.replace(/`badzone /g, `\`${name} `).replace(/^(\s*)badzone new /gm, `$1${name} new `);
}

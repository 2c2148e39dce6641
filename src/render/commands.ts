// Commands as the command line shows them to a person: a shell word quoted, and the words of a battle report's
// "Checking it" with its commands. The library hands over facts (../api/report.ts `CheckFacts`); the words, and the
// commands in them, are the command line's, shown by the report's Markdown, HTML and JSON forms alike.
import type { CheckFacts } from '../api/report.js';

/** A shell word: bare when safe, else single-quoted. */
export function shellWord(s: string): string {
  return /^[\w.,:/=+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * How to check the game, in words. `code` formats a command (a code span in backticks for the JSON and HTML forms;
 * the Markdown report passes one that keeps any backtick in the file name inside the span). The file name is
 * quoted for the shell when it needs it.
 */
export function checkText(f: CheckFacts, code: (command: string) => string = (c) => `\`${c}\``): string[] {
  const file = shellWord(f.jsonName);
  const { rolls, entered } = f.dice;
  const dice = (n: number) => `${n} ${n === 1 ? 'die' : 'dice'}`;
  const counted =
    rolls === 0
      ? 'No dice have been rolled yet.'
      : entered === 0
        ? `All ${dice(rolls)} so far were rolled from the seed.`
        : `${entered} of the ${dice(rolls)} so far ${entered === 1 ? 'was' : 'were'} entered by hand: ${entered === 1 ? 'it follows' : 'they follow'} from what the GM typed, not from the seed; the other ${rolls - entered} ${rolls - entered === 1 ? 'was' : 'were'} rolled from the seed.`;
  if (f.hidden) {
    return [
      `The seed is hidden until the GM runs ${code('badzone reveal')}; the commitment above is the SHA-256 of the seed and a salt, fixed when the game was set up, so the seed cannot be swapped mid-game. Note it down. ${counted}`,
      `To check the game once the seed is revealed: make this report again (${code(`badzone report --format json > ${file}`)}) and run ${code(`badzone verify --file ${file} --commitment ${f.commitment}`)}. It exits 0 when every die badzone rolled follows from the committed seed and every die entered by hand is the one its command entered, and names the first one that does not.`,
    ];
  }
  return [
    `badzone rolls its dice from the seed above, and logs each command with its dice (those entered by hand are marked entered). ${counted} Anyone can replay the game from the seed and check that every roll and the final state follow.`,
    `To check it: save the JSON form of this report (${code(`badzone report --format json > ${file}`)}) and run ${code(`badzone verify --file ${file}${f.commitment ? ` --commitment ${f.commitment}` : ''}`)}. It exits 0 when every roll follows, and names the first one that does not.`,
  ];
}

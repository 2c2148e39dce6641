// The setup wizard: `badzone new` with no setup flags on a terminal (and `badzone play` with no game) asks for
// what the flags set. Its answers ARE flag values (NewOptions), so the wizard and the equivalent command line go
// through the same buildSetup and make exactly the same game; `new` then prints that command line.
import { BadzoneError, NoSessionError, RefusedError, UsageError } from '../errors.js';
import { exists, folderExists } from '../api/files.js';
import { safeText } from '../render/safe.js';
import { LIMITS, echo, nameProblem } from '../api/limits.js';
import type { IO } from './io.js';
import { PromptBack, type Prompter } from './prompts.js';
import { buildSetup, parseRoster, type NewOptions } from './setup-flags.js';
import { intArg } from './shared.js';
import { edgeChoices } from '../render/orientation.js';

/** A validator built from the same parsing the flags use: true, or the flag's own error message. */
function check(f: (v: string) => unknown): (v: string) => true | string {
  return (v) => {
    try {
      f(v);
      return true;
    } catch (e) {
      if (e instanceof BadzoneError) return e.message;
      throw e;
    }
  };
}

/** "Krag, Brute" -> ["Krag", "Brute"] (validated as a roster). */
function fighters(gang: string, text: string, flag: string): string[] {
  return parseRoster(`${gang}: ${text}`, flag).fighters;
}

const MAX_GANGS = LIMITS.gangs;

/** The answers so far; each question reads and writes its own field. Copied before each question, for Escape. */
interface Answers {
  grid: string;
  spawnPoints: string;
  gangs: { name: string; battlefield: string[]; reserve: string[] }[];
  spawnAt: string | undefined;
  lairs: string | undefined;
  lairsAt: string | undefined;
  structures: string | undefined;
  structuresAt: string | undefined;
  twelve: string;
  mode: string;
  hazardChoice: string;
  hazard: string;
  turfOwner: string | undefined;
}

/** A question: asks, records its answer, and names the next question (null: done). */
type Question = (a: Answers) => Promise<QuestionId | null>;
type QuestionId =
  | 'grid'
  | 'spawn'
  | 'spawn-at'
  | `gang-name-${number}`
  | `gang-field-${number}`
  | `gang-reserve-${number}`
  | `gang-empty-${number}`
  | 'lairs'
  | 'lairs-at'
  | 'structures'
  | 'structures-at'
  | 'twelve'
  | 'mode'
  | 'hazard'
  | 'own-roll'
  | 'turf';

const copy = (a: Answers): Answers => ({
  ...a,
  gangs: a.gangs.map((g) => ({ ...g, battlefield: [...g.battlefield], reserve: [...g.reserve] })),
});

/**
 * Ask for the setup; returns the options the equivalent flags would give. Escape goes back to the question
 * before (with its answer as the default); Escape at the first question leaves the wizard (PromptBack).
 */
export async function askSetup(io: IO, prompter: Prompter, base: NewOptions, file: string): Promise<NewOptions> {
  // Say so before the questions, not after them.
  if (!folderExists(file))
    throw new NoSessionError(`The folder for ${file} does not exist. Create it first, or give another --session path.`);
  let force = base.force === true;
  if (!force && exists(file)) {
    force = await prompter.confirm(
      `A game already exists at ${file}. Replace it? (the old file is kept as a backup)`,
      false,
    );
    if (!force)
      throw new RefusedError(`Kept the game at ${file}. Continue it with \`badzone play\` or \`badzone round\`.`);
  }
  io.stdout(
    'Setting up a new game. Enter takes the answer in parentheses (Backspace clears\nit, Tab edits it); Escape goes back a question, with its answer kept.\n',
  );
  // What was typed for each gang (by its place in the list): kept through Escape, so a question asked again has
  // its earlier answer as the default, rosters included, like every other question.
  const typed: { name?: string; battlefield?: string; reserve?: string }[] = [];
  const remember = (i: number, what: 'name' | 'battlefield' | 'reserve', text: string): void => {
    typed[i] = { ...typed[i], [what]: text };
  };

  const gangIndex = (id: string): number => Number(id.slice(id.lastIndexOf('-') + 1));
  const count = async (what: string, current: string | undefined): Promise<string | undefined> => {
    const v = (
      await prompter.input(`How many ${what}? (Enter: not counted)`, {
        default: current ?? '',
        validate: (x) =>
          x.trim() === '' || check((y) => intArg(y.trim(), what, 0, 100))(x) === true
            ? true
            : `Enter a whole number of ${what} from 0 to 100, or nothing (not counted).`,
      })
    ).trim();
    return v === '' ? undefined : v;
  };

  const some = (n: string | undefined): boolean => n !== undefined && Number(n) > 0;
  // Where the spawn points (lairs, structures) stand: optional, checked as the flag is against the board and count
  // answered so far. Enter (or none): not given.
  const sitesAt = async (
    a: Answers,
    key: 'spawnAt' | 'lairsAt' | 'structuresAt',
    what: string,
    count: Pick<NewOptions, 'spawnPoints' | 'lairs' | 'structures'>,
  ): Promise<string | undefined> => {
    const v = (
      await prompter.input(`Where do the ${what} stand? Tiles in number order (Enter: not given)`, {
        default: a[key] ?? '',
        validate: (x) =>
          x.trim() === '' || x.trim().toLowerCase() === 'none'
            ? true
            : check((y) => buildSetup({ grid: a.grid, ...count, [key]: y, seed: '0' }, io))(x),
      })
    ).trim();
    return v === '' || v.toLowerCase() === 'none' ? undefined : v;
  };

  const questions = (id: QuestionId): Question => {
    if (id === 'grid')
      return async (a) => {
        a.grid = (
          await prompter.input('Battlefield tiles, rows x columns (named A1, A2, B1, ...):', {
            default: a.grid,
            validate: check((v) => buildSetup({ grid: v, seed: '0' }, io)),
          })
        ).trim();
        return 'spawn';
      };
    if (id === 'spawn')
      return async (a) => {
        a.spawnPoints = (
          await prompter.input('How many spawn points?', {
            default: a.spawnPoints,
            validate: check((v) => intArg(v.trim(), 'Spawn points', 1, 100)),
          })
        ).trim();
        return 'gang-name-0';
      };
    if (id.startsWith('gang-name-'))
      return async (a) => {
        const i = gangIndex(id);
        a.gangs = a.gangs.slice(0, i);
        const names = a.gangs.map((g) => g.name);
        const name = (
          await prompter.input(
            i === 0
              ? "First gang's name (Enter: no rosters, you pick fighters yourself):"
              : `Gang ${i + 1}'s name (Enter: no more gangs):`,
            {
              default: typed[i]?.name ?? '',
              validate: (v) => {
                const t = v.trim();
                if (t === '') return true;
                if (t.includes(':')) return 'A gang name cannot contain ":".';
                const bad = nameProblem(t, 'The gang name');
                if (bad) return `${bad}.`;
                if (names.includes(t)) return `${t} is already in this game.`;
                return true;
              },
            },
          )
        ).trim();
        remember(i, 'name', name);
        if (name === '') return 'lairs';
        a.gangs.push({ name, battlefield: [], reserve: [] });
        return `gang-field-${i}`;
      };
    if (id.startsWith('gang-field-'))
      return async (a) => {
        const g = a.gangs[gangIndex(id)]!;
        const text = (
          await prompter.input(`${g.name}: fighters on the battlefield (comma-separated):`, {
            default: typed[gangIndex(id)]?.battlefield ?? '',
            validate: check((v) => fighters(g.name, v, '--gang')),
          })
        ).trim();
        remember(gangIndex(id), 'battlefield', text);
        g.battlefield = fighters(g.name, text, '--gang');
        return `gang-reserve-${gangIndex(id)}`;
      };
    if (id.startsWith('gang-reserve-'))
      return async (a) => {
        const i = gangIndex(id);
        const g = a.gangs[i]!;
        const held = (
          await prompter.input(`${g.name}: fighters in reserve, who may arrive as reinforcements (Enter: none):`, {
            default: typed[i]?.reserve ?? '',
            validate: check((v) => {
              const r = fighters(g.name, v, '--reserve');
              const clash = r.find((f) => g.battlefield.includes(f));
              if (clash)
                throw new UsageError(
                  `${echo(clash)} is already on the battlefield; a fighter is either there or in reserve.`,
                );
            }),
          })
        ).trim();
        remember(i, 'reserve', held);
        g.reserve = fighters(g.name, held, '--reserve');
        if (g.battlefield.length === 0) return `gang-empty-${i}`;
        return i + 1 < MAX_GANGS ? `gang-name-${i + 1}` : 'lairs';
      };
    // A gang with nobody on the battlefield (only a reserve, or no one): said back, and made only on a Yes; No (the
    // default, so that a slipped Enter does not make it) goes back to its fighters on the battlefield.
    if (id.startsWith('gang-empty-'))
      return async (a) => {
        const i = gangIndex(id);
        const g = a.gangs[i]!;
        const held = g.reserve.length ? `only ${g.reserve.join(', ')} in reserve` : 'no fighters in reserve either';
        const yes = await prompter.confirm(
          `${g.name} has no fighters on the battlefield (${held}). Make it so? (No: back to its fighters)`,
          false,
        );
        if (!yes) return `gang-field-${i}`;
        return i + 1 < MAX_GANGS ? `gang-name-${i + 1}` : 'lairs';
      };
    if (id === 'lairs')
      return async (a) => {
        a.lairs = await count('Beast Lairs', a.lairs);
        return 'structures';
      };
    if (id === 'structures')
      return async (a) => {
        a.structures = await count('large structures', a.structures);
        return 'spawn-at';
      };
    // Where each thing counted stands, asked once they are all counted; a lair or structure question only when
    // there are some.
    if (id === 'spawn-at')
      return async (a) => {
        a.spawnAt = await sitesAt(a, 'spawnAt', 'spawn points', { spawnPoints: a.spawnPoints });
        if (some(a.lairs)) return 'lairs-at';
        return some(a.structures) ? 'structures-at' : 'twelve';
      };
    if (id === 'lairs-at')
      return async (a) => {
        a.lairsAt = await sitesAt(a, 'lairsAt', 'Beast Lairs', { lairs: a.lairs });
        return some(a.structures) ? 'structures-at' : 'twelve';
      };
    if (id === 'structures-at')
      return async (a) => {
        a.structuresAt = await sitesAt(a, 'structuresAt', 'large structures', { structures: a.structures });
        return 'twelve';
      };
    if (id === 'twelve')
      return async (a) => {
        a.twelve = await prompter.select<string>(
          "Seen from your seat: which edge does 12 o'clock point to, for scatters?",
          edgeChoices(),
          a.twelve,
        );
        return 'mode';
      };
    if (id === 'mode')
      return async (a) => {
        a.mode = await prompter.select<string>(
          'Events: roll a D64 each round, or draw from a 64-card deck?',
          [
            { name: 'Roll a D64 (dice)', value: 'dice', description: 'any result can come up again' },
            {
              name: 'Draw from a deck (deck)',
              value: 'deck',
              description: 'each of the 64 cards once, until the deck is reshuffled',
            },
          ],
          a.mode,
        );
        return 'hazard';
      };
    if (id === 'hazard')
      return async (a) => {
        a.hazardChoice = await prompter.select<string>(
          'The Hazard (Fallout: Factions Hazard Table, D10)?',
          [
            { name: 'No Hazard', value: 'none' },
            { name: 'Roll it now (D10)', value: 'roll' },
            { name: 'We rolled it ourselves', value: 'own' },
          ],
          a.hazardChoice,
        );
        a.hazard = a.hazardChoice;
        if (a.hazardChoice === 'own') return 'own-roll';
        return a.hazard === 'none' ? null : 'turf';
      };
    if (id === 'own-roll')
      return async (a) => {
        a.hazard = (
          await prompter.input('Your D10 roll on the Hazard Table (1-10):', {
            validate: check((v) => intArg(v.trim(), 'The roll', 1, 10)),
          })
        ).trim();
        return 'turf';
      };
    // 'turf'
    return async (a) => {
      a.turfOwner = undefined;
      const names = a.gangs.map((g) => g.name);
      if (names.length) {
        const NOBODY = '\u0000nobody';
        const who = await prompter.select<string>(
          'Whose Home Turf is it (for the Home Turf Ploy)?',
          [...names.map((n) => ({ name: safeText(n), value: n })), { name: "Nobody's", value: NOBODY }],
          NOBODY,
        );
        if (who !== NOBODY) a.turfOwner = who;
      } else {
        const who = (
          await prompter.input("Whose Home Turf is it, for the Home Turf Ploy? (Enter: nobody's)", {
            default: '',
            validate: (v) => (v.trim() === '' ? true : (nameProblem(v.trim(), 'The turf owner') ?? true)),
          })
        ).trim();
        if (who !== '') a.turfOwner = who;
      }
      return null;
    };
  };

  let a: Answers = {
    grid: '2x2',
    spawnPoints: '4',
    spawnAt: undefined,
    gangs: [],
    lairs: undefined,
    lairsAt: undefined,
    structures: undefined,
    structuresAt: undefined,
    twelve: 'far',
    mode: 'dice',
    hazardChoice: 'none',
    hazard: 'none',
    turfOwner: undefined,
  };
  const history: { id: QuestionId; before: Answers }[] = [];
  let at: QuestionId | null = 'grid';
  // Answered questions are erased as the next one comes, so that they do not pile up on the screen.
  prompter.clearAnswered?.(true);
  try {
    // Each question is asked once per visit; a bound far above any real setup guards against a loop.
    for (let guard = 0; at !== null && guard < 10_000; guard++) {
      const before = copy(a);
      try {
        const next: QuestionId | null = await questions(at)(a);
        history.push({ id: at, before });
        at = next;
      } catch (e) {
        if (!(e instanceof PromptBack)) throw e;
        const prev = history.pop();
        if (!prev) throw e;
        // Back to the question before. Its answer stays as the default; the rosters are as they were before it.
        a = { ...a, gangs: prev.before.gangs };
        at = prev.id;
      }
    }
  } finally {
    prompter.clearAnswered?.(false);
  }

  const gang = a.gangs.map((g) => `${g.name}: ${g.battlefield.join(', ')}`);
  const reserve = a.gangs.filter((g) => g.reserve.length).map((g) => `${g.name}: ${g.reserve.join(', ')}`);
  const answers: NewOptions = {
    ...base,
    grid: a.grid,
    spawnPoints: a.spawnPoints,
    mode: a.mode,
    hazard: a.hazard,
    twelve: a.twelve,
  };
  if (force) answers.force = true;
  if (gang.length) answers.gang = gang;
  if (reserve.length) answers.reserve = reserve;
  if (a.lairs !== undefined) answers.lairs = a.lairs;
  if (a.structures !== undefined) answers.structures = a.structures;
  if (a.spawnAt !== undefined) answers.spawnAt = a.spawnAt;
  // A lair's or structure's answer stands only while there are some (the count may have been changed since).
  if (a.lairsAt !== undefined && some(a.lairs)) answers.lairsAt = a.lairsAt;
  if (a.structuresAt !== undefined && some(a.structures)) answers.structuresAt = a.structuresAt;
  if (a.turfOwner !== undefined && a.hazard !== 'none') answers.turfOwner = a.turfOwner;
  return answers;
}

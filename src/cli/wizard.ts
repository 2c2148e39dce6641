// The setup wizard: `badzone new` with no setup flags on a terminal (and `badzone play` with no game) asks for
// what the flags set. Its answers ARE flag values (NewOptions), so the wizard and the equivalent command line go
// through the same buildSetup and make exactly the same game; `new` then prints that command line.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BadzoneError, NoSessionError, RefusedError, UsageError } from '../errors.js';
import { exists } from '../store/files.js';
import { safeText } from '../render/safe.js';
import { LIMITS, echo, nameProblem } from '../rules/limits.js';
import type { IO } from './io.js';
import type { Prompter } from './prompts.js';
import { buildSetup, parseRoster, type NewOptions } from './commands/new.js';
import { intArg } from './shared.js';

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

/** Ask for the setup; returns the options the equivalent flags would give. */
export async function askSetup(io: IO, prompter: Prompter, base: NewOptions, file: string): Promise<NewOptions> {
  // Say so before the questions, not after them.
  if (!fs.existsSync(path.dirname(file))) throw new NoSessionError(`The folder for ${file} does not exist. Create it first, or give another --session path.`);
  let force = base.force === true;
  if (!force && exists(file)) {
    force = await prompter.confirm(`A game already exists at ${file}. Replace it? (the old file is kept as a backup)`, false);
    if (!force) throw new RefusedError(`Kept the game at ${file}. Continue it with \`badzone play\` or \`badzone round\`.`);
  }
  io.stdout('Setting up a new game. Enter takes the answer in parentheses.\n');
  const grid = (
    await prompter.input('Battlefield tiles, rows x columns (named A1, A2, B1, ...):', {
      default: '2x2',
      validate: check((v) => buildSetup({ grid: v, seed: '0' }, io)),
    })
  ).trim();
  const spawnPoints = (
    await prompter.input('How many spawn points?', { default: '4', validate: check((v) => intArg(v.trim(), 'Spawn points', 1, 100)) })
  ).trim();

  const gang: string[] = [];
  const reserve: string[] = [];
  const names: string[] = [];
  for (let i = 1; i <= MAX_GANGS; i++) {
    const name = (
      await prompter.input(i === 1 ? 'First gang\'s name (Enter: no rosters, you pick fighters yourself):' : `Gang ${i}'s name (Enter: no more gangs):`, {
        default: '',
        validate: (v) => {
          const t = v.trim();
          if (t === '') return true;
          if (t.includes(':')) return 'A gang name cannot contain ":".';
          const bad = nameProblem(t, 'The gang name');
          if (bad) return `${bad}.`;
          if (names.includes(t)) return `${t} is already in this game.`;
          return true;
        },
      })
    ).trim();
    if (name === '') break;
    const onField = (
      await prompter.input(`${name}: fighters on the battlefield (comma-separated):`, { default: '', validate: check((v) => fighters(name, v, '--gang')) })
    ).trim();
    const battlefield = fighters(name, onField, '--gang');
    const held = (
      await prompter.input(`${name}: fighters in reserve, who may arrive as reinforcements (Enter: none):`, {
        default: '',
        validate: check((v) => {
          const r = fighters(name, v, '--reserve');
          const clash = r.find((f) => battlefield.includes(f));
          if (clash) throw new UsageError(`${echo(clash)} is already on the battlefield; a fighter is either there or in reserve.`);
        }),
      })
    ).trim();
    const inReserve = fighters(name, held, '--reserve');
    names.push(name);
    gang.push(`${name}: ${battlefield.join(', ')}`);
    if (inReserve.length) reserve.push(`${name}: ${inReserve.join(', ')}`);
  }

  const count = async (what: string, flag: string): Promise<string | undefined> => {
    const v = (
      await prompter.input(`How many ${what}? (Enter: not counted)`, {
        default: '',
        validate: (x) => (x.trim() === '' ? true : check((y) => intArg(y.trim(), flag, 0, 100))(x)),
      })
    ).trim();
    return v === '' ? undefined : v;
  };
  const lairs = await count('Beast Lairs', '--lairs');
  const structures = await count('large structures', '--structures');

  const mode = await prompter.select<string>(
    'Events: roll a D64 each round, or draw from a 64-card deck?',
    [
      { name: 'Roll a D64 (dice)', value: 'dice', description: 'any result can come up again' },
      { name: 'Draw from a deck (deck)', value: 'deck', description: 'each of the 64 cards once, until the deck is reshuffled' },
    ],
    'dice',
  );
  const hazardChoice = await prompter.select<string>(
    'The Hazard (Fallout: Factions Hazard Table, D10)?',
    [
      { name: 'No Hazard', value: 'none' },
      { name: 'Roll it now (D10)', value: 'roll' },
      { name: 'We rolled it ourselves', value: 'own' },
    ],
    'none',
  );
  let hazard = hazardChoice;
  if (hazardChoice === 'own') {
    hazard = (await prompter.input('Your D10 roll on the Hazard Table (1-10):', { validate: check((v) => intArg(v.trim(), 'The roll', 1, 10)) })).trim();
  }
  let turfOwner: string | undefined;
  if (hazard !== 'none') {
    if (names.length) {
      const NOBODY = '\u0000nobody';
      const who = await prompter.select<string>('Whose Home Turf is it (for the Home Turf Ploy)?', [...names.map((n) => ({ name: safeText(n), value: n })), { name: 'Nobody\'s', value: NOBODY }], NOBODY);
      if (who !== NOBODY) turfOwner = who;
    } else {
      const who = (await prompter.input('Whose Home Turf is it, for the Home Turf Ploy? (Enter: nobody\'s)', { default: '', validate: (v) => (v.trim() === '' ? true : (nameProblem(v.trim(), 'The turf owner') ?? true)) })).trim();
      if (who !== '') turfOwner = who;
    }
  }

  const answers: NewOptions = { ...base, grid, spawnPoints, mode, hazard };
  if (force) answers.force = true;
  if (gang.length) answers.gang = gang;
  if (reserve.length) answers.reserve = reserve;
  if (lairs !== undefined) answers.lairs = lairs;
  if (structures !== undefined) answers.structures = structures;
  if (turfOwner !== undefined) answers.turfOwner = turfOwner;
  return answers;
}

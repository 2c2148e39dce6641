// badzone new: set up a game and its session file.
import * as path from 'node:path';
import { newGame } from '../../api/game.js';
import { DEFAULT_SESSION } from '../../api/files.js';
import { commandLine as commandLineOf } from '../command-line.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { SETUP_FLAGS, newGameOptions, type NewOptions } from '../setup-flags.js';
import { contextOf, fileOf, interactive } from '../shared.js';

/** The wizard runs for `badzone new` with no setup flag, on a terminal, without --no-input or --json. */
export function wantsWizard(opts: NewOptions, io: IO): boolean {
  return !SETUP_FLAGS.some((k) => opts[k] !== undefined) && opts.json !== true && interactive(io, opts);
}

/** `wizard`: ask the setup questions even though flags were given (play's --seed: the wizard keeps the seed). */
export async function run(given: NewOptions, io: IO, how: { wizard?: boolean } = {}): Promise<View<'new'>> {
  const opts =
    how.wizard === true || wantsWizard(given, io)
      ? await (await import('../wizard.js')).askSetup(io, await io.prompter(), given, fileOf(given, io))
      : given;
  const setup = newGameOptions(opts);
  // The file as the user named it with --session (for the printed command line); the library resolves it as fileOf does.
  const file = opts.session !== undefined && opts.session.trim() !== '' ? opts.session : fileOf(opts, io);
  const context = contextOf(io);
  const game = await newGame(file, { ...setup, ...context });
  // The command line names the session as the user did, unless it is the folder's default one.
  const { hazardRoll, clarifications, ...made } = game.created!;
  const named = made.session === path.resolve(context.cwd ?? process.cwd(), DEFAULT_SESSION) ? null : file;
  const commandLine = commandLineOf(game.created!, setup, named);
  return { kind: 'new', data: { ...made, commandLine, hazardRoll, clarifications } };
}

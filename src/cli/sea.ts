// The standalone executable's entry (`npm run sea`, scripts/sea.mjs, docs/standalone.md): the command line with
// everything inside one file, @inquirer/prompts included. An executable's script can load only Node's built-in
// modules, so its bundle has no import() of a named module: esbuild turns the one below into a lazy start of the
// bundled copy, and the prompts are still loaded only when a prompt is shown.
import { cli } from './main.js';

void cli(() => import('@inquirer/prompts'));

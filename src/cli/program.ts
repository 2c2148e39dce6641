// The only file that knows commander: commands, flags, help texts. Each action runs a command and hands
// its View to `emit`; printing happens in main.ts.
import { Argument, Command, Option } from 'commander';
import type { IO } from './io.js';
import type { View } from '../render/view.js';
import type { CommandSpec } from './commands/completion.js';

export type Emit = (view: View, json: boolean) => void;

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

function sessionOption(cmd: Command): Command {
  return cmd.option('--session <file>', 'session file (default ./badzone-session.json, or $BADZONE_SESSION)');
}

/** How to roll and type physical dice: shown under the commands that take --dice (the manual prompts say it too). */
export const PHYSICAL_DICE_HELP = `
Your own dice (--dice, --manual): each die in the order badzone asks for it;
\`_\` (or a blank answer at a prompt) lets badzone roll that one;
at a prompt, r lets badzone roll the rest of the step, b goes back a die.
  D64: roll two D8 and type (first - 1) x 8 + second (3 then 5 is 21);
  at a prompt, the two as they fell: \`5 8\` or \`5,8\` is 40.
  D2, D3: read off a D6 (D2: 1-3 is 1, 4-6 is 2; D3: half, rounded up).
  D66: two D6 read as tens and units; type both digits (36).
  Scatter direction (a D12 clock number): with a scatter dice, type the clock
  number the arrow points nearest; re-roll a hit. 12 o'clock points to the
  table edge set at setup (default: the far edge, toward row A); see
  \`badzone orientation\`.
`;

function diceOptions(cmd: Command): Command {
  return cmd
    .option(
      '--dice <list>',
      'your own dice results, in the order badzone asks for them (e.g. 37,_,2: `_` is one badzone rolls; repeatable); the rest are rolled',
      collect,
    )
    .option('--manual', 'ask for each die on the terminal, saying what it is for')
    .option('--no-input', 'never prompt, even on a terminal');
}

/** The battlefield and table flags `new` takes, and `simulate` too (it plays on the setup `new` would make). */
function setupOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--mode <mode>', 'roll a D64 or draw from a 64-card deck').choices(['dice', 'deck']))
    .option('--tiles <n>', 'number of 12"x12" tiles (named A1, A2, B1, ...)')
    .option('--grid <RxC>', 'tiles as rows x columns (default 2x2)')
    .option('--spawn-points <n>', 'number of spawn points (default 4)')
    .option(
      '--gang <roster>',
      'a gang and its fighters on the battlefield: "Name: Fighter, Fighter" (repeatable)',
      collect,
    )
    .option(
      '--reserve <roster>',
      'fighters held back who may arrive as reinforcements: "Name: Fighter, ..." (repeatable)',
      collect,
    )
    .option('--lairs <n>', 'number of Beast Lairs on the battlefield')
    .option('--structures <n>', 'number of large structures on the battlefield')
    .option(
      '--hazard <roll|1-10|id|none>',
      'roll the Hazard, give your roll or the hazard (e.g. bog), or none (default none)',
    )
    .option('--table <file>', 'a custom event table (validated)')
    .option('--visibility-table <file>', 'your own visibility table instead of the house one');
}

/** What a skipped command's definition is built on: every method returns it, and nothing is made. */
const SKIPPED: Command = new Proxy({} as Command, { get: () => () => SKIPPED });

/**
 * The program. With `only` (the command being run: the first argument), only that command is defined; the
 * others' definitions are skipped, because commander makes an object for each of some 200 flags (about 2 ms of
 * every start-up, docs/development.md). main.ts builds them all when `only` names no command (a typo gets its
 * suggestion, `help` its list); `completion` describes every command, so it always has them all.
 */
export function buildProgram(io: IO, emit: Emit, version: string, only?: string): Command {
  const program = new Command();
  if (only !== undefined && only !== 'completion') {
    const define = program.command.bind(program);
    program.command = ((nameAndArgs: string, ...rest: never[]) =>
      nameAndArgs.split(' ')[0] === only ? define(nameAndArgs, ...rest) : SKIPPED) as typeof program.command;
  }
  program
    .name('badzone')
    .description(
      'Games-master assistant for Necromunda Badzone events: the Event Phase each round, End-Phase discards, and the Hazard Table.',
    )
    .version(version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .showHelpAfterError(false)
    .enablePositionalOptions()
    .configureHelp({ minWidthToWrap: 24 })
    .addHelpText(
      'after',
      examples(
        'badzone round          # next Event Phase (resolves an open End Phase first)',
        "badzone end            # this round's End Phase: effects, then discard rolls",
        'badzone status',
        'badzone hazard roll    # roll the Hazard at setup',
        'badzone events show 37',
        'badzone roll D6+6',
        'badzone round --json   # for scripts',
      ) +
        '\nYour own dice: `badzone round --help` says how to roll and type them.\n' +
        '\nExit codes: 0 ok, 1 refused or runtime error, 2 usage error, 3 no session,\n            4 invalid session or table file, 5 session locked, 6 file system\n            failed (nothing changed), 7 saved but the output could not be\n            printed. With --json, an error is one JSON object on stderr:\n            {"error": {code, kind, message, hint}}.\n',
    );

  // --- Dice and tables -------------------------------------------------------------------------
  program
    .command('roll')
    .description('roll a dice expression (D6, D2+1, D6+6, 2D6x10, D64, D66, ...)')
    .argument('<expr>', "dice expression in the rules' notation")
    .option('--times <n>', 'roll it N times (1-1000000); the text lists the first 200')
    .option(
      '--seed <seed>',
      'seed for a repeatable roll: letters and digits (ChaCha20), or a whole number (the Mersenne Twister)',
    )
    .option('--scatter', 'also roll a D12 clock direction, for a scatter')
    .option('--summary', 'with --times: how often each total came up, instead of the rolls')
    .option('--json', 'print JSON: each total and its dice (at most 1,000,000 dice; past that, use --summary)')
    .addHelpText(
      'after',
      examples(
        'badzone roll D6+6',
        'badzone roll D6+6 --scatter',
        'badzone roll 2D6x10',
        'badzone roll D66',
        'badzone roll D64 --times 1000 --json',
        'badzone roll 2D6 --times 100000 --summary',
      ) +
        '\nA D66 is two D6 read as tens and units (11..66). With physical dice, a D64 is\ntwo D8: (first - 1) x 8 + second. A scatter direction is a D12 clock number:\nread a scatter dice as the clock number the arrow points nearest; re-roll a hit.\n',
    )
    .action(async (expr: string, opts) =>
      emit(await (await import('./commands/roll.js')).run(expr, opts, io), opts.json === true),
    );

  const events = program
    .command('events')
    .description('the Badzone Event Table')
    .addHelpText('after', examples('badzone events list', 'badzone events show 37', 'badzone events list --json'));
  events
    .command('list')
    .description("list the 64 results of the Badzone Event Table (in a game's folder, the game's own table)")
    .option('--table <file>', 'list this event table file instead')
    .option(
      '--session <file>',
      'the game whose table to list (default ./badzone-session.json, or $BADZONE_SESSION; none: the shipped table)',
    )
    .option('--json', 'print JSON')
    .addHelpText('after', examples('badzone events list', 'badzone events list --json'))
    .action(async (opts) => emit(await (await import('./commands/events-list.js')).run(opts, io), opts.json === true));
  events
    .command('show')
    .description('show one event: its rules, what badzone rolls for it, and the rulings')
    .argument('<event>', 'event id, D64 number or name')
    .option('--table <file>', 'look it up in this event table file')
    .option(
      '--session <file>',
      'the game whose table to use (default ./badzone-session.json, or $BADZONE_SESSION; none: the shipped table)',
    )
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples('badzone events show 37', 'badzone events show pillar-of-flame', 'badzone events show "Horde of Rats"'),
    )
    .action(async (query: string, opts) =>
      emit(await (await import('./commands/events-show.js')).run(query, opts, io), opts.json === true),
    );

  const hazard = program
    .command('hazard')
    .description('the Hazard Table (Fallout: Factions), rolled at setup')
    .addHelpText(
      'after',
      examples(
        'badzone hazard roll',
        'badzone hazard roll --home-turf',
        'badzone hazard list',
        'badzone hazard show 2',
      ),
    );
  hazard
    .command('roll')
    .description('roll D10 on the Hazard Table (or look up your own roll with --roll)')
    .option('--home-turf', "rolling a crew's Home Turf (10 = Nomadic crew, Rating Limit 300)")
    .option(
      '--crew <name>',
      'roll a Home Turf for this crew, named in the result (repeatable: one roll each, in order)',
      collect,
    )
    .option('--roll <n>', 'the D10 you rolled yourself (1-10)')
    .option(
      '--seed <seed>',
      'seed for a repeatable roll: letters and digits (ChaCha20), or a whole number (the Mersenne Twister)',
    )
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples(
        'badzone hazard roll',
        'badzone hazard roll --home-turf',
        "badzone hazard roll --crew 'Iron Lords' --crew Eschers",
        'badzone hazard roll --roll 4 --json',
      ),
    )
    .action(async (opts) => emit(await (await import('./commands/hazard-roll.js')).run(opts, io), opts.json === true));
  hazard
    .command('list')
    .description('list the Hazard Table')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('badzone hazard list', 'badzone hazard list --json'))
    .action(async (opts) => emit(await (await import('./commands/hazard-list.js')).run(), opts.json === true));
  hazard
    .command('show')
    .description('show one hazard and its Home Turf Ploy')
    .argument('<hazard>', 'roll 1-10 or id (e.g. minefield)')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('badzone hazard show 2', 'badzone hazard show low-visibility'))
    .action(async (query: string, opts) =>
      emit(await (await import('./commands/hazard-show.js')).run(query), opts.json === true),
    );

  const tableCmd = program
    .command('table')
    .description('your own tables')
    .addHelpText('after', examples('badzone table lint my-table.json'));
  tableCmd
    .command('lint')
    .description('check a custom event table (or visibility table) file; exit 0 if valid, 4 if not')
    .argument('<file>', 'JSON file in the format of data/badzone-events.json')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('badzone table lint my-table.json'))
    .action(async (file: string, opts) =>
      emit(await (await import('./commands/table-lint.js')).run(file, opts, io), opts.json === true),
    );

  setupOptions(
    program
      .command('simulate')
      .description('play thousands of games on the setup `new` would make, and report how often each event comes up')
      .option('--games <n>', 'games to play (1-1000000, default 10000)')
      .option('--rounds <n>', 'rounds per game (1-100, default 6)')
      .option(
        '--seed <seed>',
        'seed: letters and digits (ChaCha20), or a 32-bit whole number (the Mersenne Twister) (default: a fresh ChaCha20 seed, printed)',
      ),
  )
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples(
        'badzone simulate',
        'badzone simulate --games 100000 --rounds 8 --seed 42',
        'badzone simulate --mode deck',
        'badzone simulate --table my-table.json --json',
      ),
    )
    .action(async (opts) => emit(await (await import('./commands/simulate.js')).run(opts, io), opts.json === true));

  // --- The game ----------------------------------------------------------------------------------
  sessionOption(
    setupOptions(
      program
        .command('new')
        .description('set up a new game (its session file); with no flags on a terminal, a setup wizard asks')
        .option(
          '--seed <seed>',
          'seed: 1-64 letters and digits (ChaCha20), or a 32-bit whole number (the Mersenne Twister: its rolls can be foreseen from a few of them) (default: a fresh 128-bit ChaCha20 seed, printed and stored)',
        ),
    )
      .option(
        '--hidden-seed',
        'hide the seed (a fresh one; not with --seed): show only a commitment (SHA-256 of generator, seed and salt) until `badzone reveal`',
      )
      .option('--turf-owner <name>', 'the crew whose Home Turf the Hazard is')
      .addOption(
        new Option(
          '--twelve <edge>',
          "the table edge 12 o'clock points to, seen from the GM's seat with row A along the far edge and A1 at its left (default far)",
        ).choices(['far', 'right', 'near', 'left']),
      )
      .option(
        '--spawn-at <tiles>',
        'the tile of each spawn point, in number order (e.g. A1,C3,D2,B4; a tile again for two on one tile); without --spawn-points, counts them',
      )
      .option('--lairs-at <tiles>', 'the tile of each Beast Lair, in number order; without --lairs, counts them')
      .option(
        '--structures-at <tiles>',
        'the tile of each large structure, in number order; without --structures, counts them',
      )
      .option('--force', 'replace an existing game (the old file is kept as a backup)')
      .option('--no-input', 'never prompt (no setup wizard)')
      .option('--json', 'print JSON'),
  )
    .option('--title <text>', "the battle report's title (kept in the game; `badzone details` changes it)")
    .option('--date <text>', 'when the game is played, as you write it')
    .option('--scenario <text>', 'the scenario played')
    .option('--result <text>', 'who won, and how (often given later: `badzone details --result`)')
    .addHelpText(
      'after',
      examples(
        'badzone new',
        'badzone new --grid 3x3 --spawn-points 6 --hazard roll',
        'badzone new --gang "Goliaths: Krag, Brute" --gang "Eschers: Vex, Nyx" \\\n      --reserve "Eschers: Lyra"',
        'badzone new --mode deck --seed 1234 --force',
        'badzone new --grid 2x2 --spawn-at A1,A2,B1,B2 --lairs-at B2',
        'badzone new --hidden-seed   # show only a commitment until `badzone reveal`',
        'badzone new --title "The Sump Run" --scenario "Looters" --date "14 March"',
      ) +
        '\nA whole-number seed (--seed 1234) rolls with the Mersenne Twister, as every\ngame did before: the same dice as always, but anyone who sees a few of its\nrolls can work out the rolls to come. Without --seed (or with --hidden-seed) a\ngame rolls with ChaCha20, whose rolls cannot be foreseen without the seed.\n',
    )
    .action(async (opts) => emit(await (await import('./commands/new.js')).run(opts, io), opts.json === true));

  diceOptions(
    sessionOption(
      program
        .command('round')
        .description('start the next round: resolve the last End Phase if still open, then the Event Phase')
        .option(
          '--occupied <tiles>',
          'tiles that hold player models, for Collapsed Section (e.g. A1,B2; repeatable)',
          collect,
        )
        .option(
          '--end-dice <list>',
          "your dice for last round's End Phase when it is still open (it comes first; --dice is for the new round)",
          collect,
        )
        .option('--json', 'print JSON'),
    ),
  )
    .addHelpText(
      'after',
      examples(
        'badzone round',
        'badzone round --occupied A1,B2',
        'badzone round --dice 37',
        'badzone round --end-dice 5 --dice 33',
        'badzone round --dice 37,_,2',
        'badzone round --manual',
        'badzone round --json',
      ) + PHYSICAL_DICE_HELP,
    )
    .action(async (opts) => emit(await (await import('./commands/round.js')).run(opts, io), opts.json === true));

  diceOptions(
    sessionOption(
      program
        .command('end')
        .description("resolve this round's End Phase: End-Phase effects, then the discard rolls")
        .option('--json', 'print JSON'),
    ),
  )
    .addHelpText(
      'after',
      examples('badzone end', 'badzone end --dice 4,2', 'badzone end --dice _,2') + PHYSICAL_DICE_HELP,
    )
    .action(async (opts) => emit(await (await import('./commands/end.js')).run(opts, io), opts.json === true));

  sessionOption(
    program
      .command('status')
      .description('round, phase, events in play, visibility, hazard, tiles and rosters')
      .option(
        '--full',
        'also the Hazard and its Home Turf Ploy in full, the rules of each event in play, and the clarifications',
      )
      .option('--json', 'print JSON'),
  )
    .addHelpText('after', examples('badzone status', 'badzone status --full', 'badzone status --json'))
    .action(async (opts) => emit(await (await import('./commands/status.js')).run(opts, io), opts.json === true));

  sessionOption(
    program
      .command('log')
      .description('every roll so far, with what it was for')
      .option('--round <n>', 'only this round')
      .option('--json', 'print JSON'),
  )
    .addHelpText('after', examples('badzone log', 'badzone log --round 3'))
    .action(async (opts) => emit(await (await import('./commands/log.js')).run(opts, io), opts.json === true));

  sessionOption(
    program
      .command('undo')
      .description('go back to before the last command that changed the game (same dice if you redo it)')
      .option('--json', 'print JSON'),
  )
    .addHelpText(
      'after',
      examples(
        'badzone undo',
        'badzone undo && badzone round   # badzone rolls the same dice as before',
        'badzone undo && badzone redo    # back again, with any dice you entered',
      ),
    )
    .action(async (opts) => emit(await (await import('./commands/undo.js')).run(opts, io), opts.json === true));

  sessionOption(
    program
      .command('redo')
      .description('re-apply the step undone last (since the last new step), with the same rolls and your entered dice')
      .option('--json', 'print JSON'),
  )
    .addHelpText(
      'after',
      `${examples('badzone undo && badzone redo', 'badzone redo --json')}\nWorks across commands: what undo took back is kept in the session file until\na new step is made.\n`,
    )
    .action(async (opts) => emit(await (await import('./commands/redo.js')).run(opts, io), opts.json === true));

  sessionOption(
    program
      .command('verify')
      .description('replay the log from the seed and check every roll and the state (exit 1 if not)')
      .option('--file <file>', 'check this session file or battle report (`badzone report --format json`) instead')
      .option('--commitment <hash>', 'also check the seed against the commitment `new --hidden-seed` printed')
      .option('--json', 'print JSON'),
  )
    .addHelpText(
      'after',
      examples(
        'badzone verify',
        'badzone verify --session old-game.json --json',
        'badzone verify --commitment 9f3c...   # after `badzone reveal`',
        'badzone verify --file game-report.json',
      ),
    )
    .action(async (opts) => emit(await (await import('./commands/verify.js')).run(opts, io), opts.json === true));

  sessionOption(
    program
      .command('reveal')
      .description('show a hidden seed and its salt, so that players can check the commitment')
      .option('--json', 'print JSON'),
  )
    .addHelpText('after', examples('badzone reveal', 'badzone reveal --json'))
    .action(async (opts) => emit(await (await import('./commands/reveal.js')).run(opts, io), opts.json === true));

  sessionOption(
    program
      .command('discard')
      .description('take an event out of play by hand (e.g. Pillar of Flame left the table)')
      .argument('<event>', 'event id, D64 number or name')
      .option('--json', 'print JSON'),
  )
    .addHelpText('after', examples('badzone discard pillar-of-flame'))
    .action(async (event: string, opts) =>
      emit(await (await import('./commands/discard.js')).run(event, opts, io), opts.json === true),
    );

  diceOptions(
    sessionOption(
      program
        .command('place')
        .description('put a persistent event into play by hand')
        .argument('<event>', 'event id, D64 number or name')
        .option('--json', 'print JSON'),
    ),
  )
    .addHelpText(
      'after',
      examples('badzone place static-storm', 'badzone place treasure --dice 3,_,_') + PHYSICAL_DICE_HELP,
    )
    .action(async (event: string, opts) =>
      emit(await (await import('./commands/place.js')).run(event, opts, io), opts.json === true),
    );

  sessionOption(
    program
      .command('visibility')
      .description('show the visibility, or set it by hand')
      .argument('[action]', '"set" to change it')
      .argument('[level]', 'level id, e.g. pitch-black, dark, gloomy, normal')
      .option('--json', 'print JSON'),
  )
    .addHelpText('after', examples('badzone visibility', 'badzone visibility set normal'))
    .action(async (verb: string | undefined, level: string | undefined, opts) =>
      emit(await (await import('./commands/visibility.js')).run(verb, level, opts, io), opts.json === true),
    );

  sessionOption(
    program
      .command('fighter')
      .description('correct the rosters: move a fighter to the battlefield, the reserve, or out of the game')
      .argument('<name>', "fighter's name")
      .addArgument(new Argument('<where>', 'battlefield, reserve or out').choices(['battlefield', 'reserve', 'out']))
      .option('--gang <name>', 'the gang (needed when two gangs share a name, or to add a fighter)')
      .option('--json', 'print JSON'),
  )
    .addHelpText('after', examples('badzone fighter Krag reserve', 'badzone fighter Lyra battlefield --gang Eschers'))
    .action(async (name: string, where: string, opts) =>
      emit(await (await import('./commands/fighter.js')).run(name, where, opts, io), opts.json === true),
    );

  sessionOption(
    program
      .command('report')
      .description("the game as a record: setup, Hazard, each round's events, rolls and End Phase, and the seed")
      .addOption(
        new Option(
          '--format <format>',
          'md (Markdown), html (one printable page) or json (a file `verify --file` checks)',
        ).choices(['md', 'html', 'json']),
      )
      .option('--json', 'the same as --format json')
      .option('--title <text>', "this report's title, over the game's own (`badzone details`; not saved)")
      .option('--date <text>', 'when the game was played, for this report only')
      .option('--scenario <text>', 'the scenario played, for this report only')
      .option('--result <text>', 'who won, and how, for this report only'),
  )
    .addHelpText(
      'after',
      examples(
        'badzone report > game.md',
        'badzone report --title "The Sump Run" --date 2026-03-14 --result "Eschers by two fighters" > game.md',
        'badzone report --format html > game.html',
        'badzone report --format json > game.json && badzone verify --file game.json',
      ) +
        "\nThe report is headed with the game's title, date, scenario and result, kept in\nthe game (`badzone new --title`, `badzone details`). --title, --date, --scenario\nand --result replace them in this report only; the game keeps its own.\n",
    )
    .action(async (opts) => {
      const view = await (await import('./commands/report.js')).run(opts, io);
      emit(view, view.kind === 'report');
    });

  sessionOption(
    program
      .command('rename')
      .description("correct a fighter's or a gang's name")
      .addArgument(new Argument('<what>', 'fighter or gang').choices(['fighter', 'gang']))
      .argument('<old>', 'the name now')
      .argument('<new>', 'the new name')
      .option('--gang <name>', "the fighter's gang (needed when two gangs share the name)")
      .option('--json', 'print JSON'),
  )
    .addHelpText(
      'after',
      examples(
        'badzone rename fighter Krag "Krag the Red"',
        'badzone rename fighter Vex Vexa --gang Eschers',
        'badzone rename gang Eschers "Blade Sisters"',
      ),
    )
    .action(async (what: string, from: string, to: string, opts) =>
      emit(await (await import('./commands/rename.js')).run(what, from, to, opts, io), opts.json === true),
    );

  diceOptions(
    sessionOption(
      program
        .command('collapse')
        .description(
          'record the right tile for a Collapsed Section badzone picked without knowing where the models stand',
        )
        .argument('[tile]', 'the tile that collapsed')
        .option(
          '--occupied <tiles>',
          'the tiles that hold player models: badzone rolls among the others (repeatable)',
          collect,
        )
        .option('--json', 'print JSON'),
    ),
  )
    .addHelpText(
      'after',
      examples('badzone collapse B2', 'badzone collapse --occupied A1,B1', 'badzone collapse --occupied A1 --dice 2') +
        '\nFor the last unconfirmed pick (made with no terminal and no --occupied). Naming\nthe tile badzone picked confirms it. The log keeps both the pick and this.\n',
    )
    .action(async (tile: string | undefined, opts) =>
      emit(await (await import('./commands/collapse.js')).run(tile, opts, io), opts.json === true),
    );

  sessionOption(
    program
      .command('dice')
      .description("the game's dice: rolled by badzone, or your own from now on (kept in the session)")
      .addArgument(new Argument('[mode]', 'manual (enter your own dice) or rolled').choices(['manual', 'rolled']))
      .option('--json', 'print JSON'),
  )
    .addHelpText(
      'after',
      examples('badzone dice', 'badzone dice manual', 'badzone dice rolled') +
        '\nWith manual, round, end, place, collapse and play ask for each die on a terminal\n(as --manual does), also after quitting and resuming. Without a terminal, --dice\ngives them and the rest are rolled.\n' +
        PHYSICAL_DICE_HELP,
    )
    .action(async (mode: string | undefined, opts) =>
      emit(await (await import('./commands/dice.js')).run(mode, opts, io), opts.json === true),
    );

  sessionOption(
    program
      .command('details')
      .description("the battle report's title, date, scenario and result, kept in the game (not a logged step)")
      .option('--title <text>', "the report's title (the gangs go under it)")
      .option('--no-title', 'clear the title (the gangs head the report)')
      .option('--date <text>', 'when the game was played, as you write it')
      .option('--no-date', 'clear the date')
      .option('--scenario <text>', 'the scenario played')
      .option('--no-scenario', 'clear the scenario')
      .option('--result <text>', 'who won, and how')
      .option('--no-result', 'clear the result')
      .option('--json', 'print JSON'),
  )
    .addHelpText(
      'after',
      examples(
        'badzone details',
        'badzone details --title "The Sump Run" --scenario Looters --date "14 March"',
        'badzone details --result "Eschers hold the casket, Goliaths bottled out"',
        'badzone details --no-date',
      ) +
        '\nWith no flag, shows them. Free text, at most 200 characters each, no control\ncharacters (exit 2). Changing them is not a step of the game: undo and redo\nleave them alone, and the dice and `badzone verify` are the same without them.\n`badzone report` heads the report with them (its own --title etc. replace them\nfor one report).\n',
    )
    .action(async (opts) => emit(await (await import('./commands/details.js')).run(opts, io), opts.json === true));

  sessionOption(
    program
      .command('orientation')
      .description("which edge of the table 12 o'clock points to, for every scatter (a logged step when changed)")
      .addArgument(
        new Argument('[edge]', "the edge 12 o'clock points to from now on, seen from the GM's seat").choices([
          'far',
          'right',
          'near',
          'left',
        ]),
      )
      .option('--json', 'print JSON'),
  )
    .addHelpText(
      'after',
      examples('badzone orientation', 'badzone orientation right') +
        "\nSeen from the GM's seat, the tiles lie with row A along the far edge, A1 at its\nleft-hand corner, column numbers growing to the right. 12 o'clock points to the\nfar edge unless you choose another; the hours go round clockwise from it.\nScatters already on the table stay where they landed; `badzone undo` takes it back.\n",
    )
    .action(async (edge: string | undefined, opts) =>
      emit(await (await import('./commands/orientation.js')).run(edge, opts, io), opts.json === true),
    );

  sessionOption(
    program
      .command('sites')
      .description('where the spawn points, Beast Lairs and large structures stand (a logged step when changed)')
      .option('--spawn-at <tiles>', 'the tile of each spawn point, in number order (e.g. A1,C3,D2,B4), or none')
      .option('--lairs-at <tiles>', 'the tile of each Beast Lair, in number order, or none')
      .option('--structures-at <tiles>', 'the tile of each large structure, in number order, or none')
      .option('--json', 'print JSON'),
  )
    .addHelpText(
      'after',
      examples(
        'badzone sites',
        'badzone sites --spawn-at A1,C3,D2,B4',
        'badzone sites --lairs-at B2,B2 --structures-at A1,C3',
        'badzone sites --spawn-at none',
      ) +
        '\nOne tile per spawn point (lair, structure), in number order: events name them by\nnumber, and the map draws them on their tiles. Name a tile again for two on one\ntile. How many there are is set with `badzone new`. `badzone undo` takes it back.\n',
    )
    .action(async (opts) => emit(await (await import('./commands/sites.js')).run(opts, io), opts.json === true));

  sessionOption(
    program
      .command('map')
      .description('the battlefield drawn: the tiles, every marker events placed, and a legend of where each landed')
      .option('--json', "print JSON (positions in inches from A1's outer corner)"),
  )
    .addHelpText(
      'after',
      examples('badzone map', 'badzone map --json') +
        "\nThe board is drawn to the terminal's width and height (80 columns when not a\nterminal), in box drawing, or ASCII when colour is off (NO_COLOR, a pipe); a\nboard too big is scaled down or split into parts, never wrapped. Each marker is\nlabelled by kind and number, in lowercase so it never reads as a tile (c3:\nLoot Casket 3, not tile C3; s smoke, m mine, g golden casket, b blast). The\nlegend says where each landed: its tile and offset in inches from that tile's\ncenter, seen from the GM's seat (row A along the far edge, A1 at its left-hand\ncorner), e.g.\n  A2, 2\" left and 4\" toward the near edge of its center\n  off the table, past the near edge\n`badzone marker` clears, moves or hands one to a fighter (3 or c3).\n",
    )
    .action(async (opts) => emit(await (await import('./commands/map.js')).run(opts, io), opts.json === true));

  sessionOption(
    program
      .command('marker')
      .description('clear a marker events placed (or all), move one to a tile center, or say a fighter carries it')
      .addArgument(new Argument('<op>', 'clear, move or carry').choices(['clear', 'move', 'carry']))
      .argument('<marker>', 'its number on the map, or its label (3 or c3; clear: or all)')
      .argument('[tile]', 'move: the tile whose center it goes to')
      .option('--gang <name>', 'carry: the gang that holds it')
      .option('--fighter <name>', 'carry: the fighter who holds it')
      .option('--json', 'print JSON'),
  )
    .addHelpText(
      'after',
      `${examples(
        'badzone marker clear 3',
        'badzone marker clear c3',
        'badzone marker clear all',
        'badzone marker move 3 B2',
        'badzone marker carry 3 --gang Goliaths --fighter Krag',
      )}\nA logged step: \`badzone undo\` takes it back. \`badzone map\` lists the numbers.\n`,
    )
    .action(async (op: string, which: string, tile: string | undefined, opts) =>
      emit(await (await import('./commands/marker.js')).run(op, which, tile, opts, io), opts.json === true),
    );

  // --- At the table --------------------------------------------------------------------------------
  sessionOption(
    program
      .command('play')
      .description('run the game at the table: a menu each round (the setup wizard first when there is no game)')
      .option('--manual', 'enter your own dice for the whole game, one by one, each named for what it is')
      .option('--seed <seed>', 'seed of the game the setup wizard makes (as new --seed; ignored when a game exists)'),
  )
    .addHelpText(
      'after',
      `${examples('badzone play', 'badzone play --manual', 'badzone play --seed 42', 'badzone play --session campaign/game3.json')}\nNeeds a terminal. Every step is saved as it happens; \`badzone play\` continues\na game where it stopped.\n`,
    )
    .action(async (opts) => emit(await (await import('./commands/play.js')).run(opts, io), false));

  sessionOption(
    program
      .command('serve')
      .description("a read-only live players' view of the game in a browser (a second screen, players' phones)")
      .option('--port <n>', 'port to listen on (default: a free one)')
      .option(
        '--host <address>',
        'address to listen on (default 127.0.0.1, this computer only; 0.0.0.0 for phones on your network, with an access token)',
      )
      .option('--open', "open the page in this computer's browser"),
  )
    .addHelpText(
      'after',
      examples(
        'badzone serve',
        'badzone serve --host 0.0.0.0        # phones on the same network: scan the QR code',
        'badzone serve --port 8080 --open',
      ) +
        '\nRead only: the page can never change the game, and never shows the seed. It updates\nlive as badzone round, end, undo (any command) change the session. Ctrl-C stops it.\n',
    )
    .action(async (opts) => emit(await (await import('./commands/serve.js')).run(opts, io), false));

  program
    .command('completion')
    .description('print a shell completion script for commands, flags and event ids')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      examples(
        'badzone completion bash > ~/.local/share/bash-completion/completions/badzone',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: zsh's own ${fpath[1]}, for the user's shell
        'badzone completion zsh > "${fpath[1]}/_badzone"',
        'badzone completion fish > ~/.config/fish/completions/badzone.fish',
      ),
    )
    .action(async (shell: string) =>
      emit(await (await import('./commands/completion.js')).run(shell, describeCommand(program)), false),
    );

  // The instance's own command() (set above) goes: commander's is used from here on.
  delete (program as { command?: unknown }).command;
  return program;
}

/** The command tree as plain data (names, flags, arguments), for `badzone completion`. */
export function describeCommand(cmd: Command): CommandSpec {
  return {
    name: cmd.name(),
    description: cmd.description(),
    options: [
      ...cmd.options.map((o) => ({
        flags: [o.short, o.long].filter((f): f is string => typeof f === 'string'),
        takesValue: o.required || o.optional,
        choices: o.argChoices ?? null,
        description: o.description,
      })),
      { flags: ['-h', '--help'], takesValue: false, choices: null, description: 'show help' },
    ],
    args: cmd.registeredArguments.map((a) => ({ name: a.name(), choices: a.argChoices ?? null })),
    commands: cmd.commands.map(describeCommand),
  };
}

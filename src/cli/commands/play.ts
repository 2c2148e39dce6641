// badzone play: the game at the table, one menu at a time. Every step is one of the other commands' `run`
// (so there is no second implementation of anything) and is saved as it happens: quitting, Ctrl-C or a closed
// terminal loses nothing already shown, and `badzone play` later continues where the game stopped.
//
// Keys: Enter takes the highlighted (likely next) step; keys typed before a prompt appeared never answer it (the
// prompter drops them), so a second Enter pressed while a round is being drawn does not also resolve its End
// Phase. Escape backs out of any sub-menu or question to the one before, without changing the game.
import { BadzoneError, EXIT, NoSessionError, UsageError } from '../../errors.js';
import type { RuleBook, SessionState } from '../../api/types.js';
import { renderText } from '../../render/text.js';
import { safeText } from '../../render/safe.js';
import { renderMapText } from '../../render/map-text.js';
import { terminalStyle } from '../../render/style.js';
import { loadGame, readGame } from '../../api/game.js';
import { folderExists, similarSession } from '../../api/files.js';
import { nameProblem } from '../../api/limits.js';
import type { IO } from '../io.js';
import { PromptBack, PromptCancelled, type Choice, type Prompter } from '../prompts.js';
import { explicitSession, fileOf, interactive } from '../shared.js';
import type { PlayData, View } from '../../render/view.js';

export type { PlayData };
import { parseExpr } from './roll.js';
import { nameCommand } from '../../render/naming.js';
import { edgeChoices } from '../../render/orientation.js';
import { PLAY_WORDS } from '../play-words.js';
import { sayError } from '../words.js';
import { shellWord } from '../../render/commands.js';
import { sitesProblem } from '../../api/map-sites.js';
import { siteArg } from '../setup-flags.js';
import { markersView } from '../../api/map.js';
import { markerLine } from '../../render/map.js';

export interface PlayOptions {
  session?: string;
  manual?: boolean;
  /** The seed of a game the wizard sets up (as `new --seed`); ignored when a game exists. */
  seed?: string;
}

/** The main menu's entries. */
export type MenuItem = 'next' | 'fighters' | 'events' | 'info' | 'dice' | 'undo' | 'redo' | 'quit';

/** The sub-menus' entries. */
export type SubItem =
  | 'out'
  | 'return'
  | 'reserve'
  | 'add'
  | 'discard'
  | 'place'
  | 'rules'
  | 'card'
  | 'lookup'
  | 'visibility'
  | 'status'
  | 'full'
  | 'hazard'
  | 'log'
  | 'roll'
  | 'own-dice'
  | 'dice-mode'
  | 'rename'
  | 'collapse'
  | 'orientation'
  | 'story'
  | 'sites'
  | 'map'
  | 'markers'
  | 'left-table';

const BACK = '\u0000back';

/** Bound on menu turns in one run (a real game has a few hundred at most). */
const MAX_TURNS = 100_000;

export async function run(opts: PlayOptions, io: IO): Promise<View<'play'>> {
  if (!interactive(io, {})) {
    throw new UsageError(
      '`badzone play` asks questions and needs a terminal, but stdin is not one (or CI / BADZONE_NO_INPUT is set). In a script, use `badzone round`, `badzone end` and the other commands.',
    );
  }
  const file = fileOf(opts, io);
  const session = opts.session !== undefined ? { session: opts.session } : {};
  const style = terminalStyle(io.env, io.stdoutIsTTY, io.columns, {
    hints: false,
    commandName: () => io.argv0,
    ...(opts.session !== undefined && opts.session.trim() !== '' ? { session: shellWord(opts.session) } : {}),
  });
  const done = (stopped: PlayData['stopped']): View<'play'> => {
    const s = readGame(file)?.state;
    return {
      kind: 'play',
      data: { session: file, round: s?.round ?? 0, phase: s?.phase ?? 'setup', stopped, saved: s !== undefined },
      ...(stopped === 'cancelled' ? { exitCode: EXIT.refused } : {}),
    };
  };

  // "Your own dice from now on" is the game's preference, kept in the session (the Dice menu sets it, and it holds
  // on resuming); --manual asks for them in this run, whatever the preference.
  let flag = opts.manual === true;
  try {
    const prompter = await io.prompter();
    // On a terminal of known height, what is shown must not scroll off before it is read: a round's card folds its
    // per-tile results when it would not fit above the menu, and a longer text comes a screen at a time.
    const show = async (v: View): Promise<void> => {
      const rows = io.rows !== undefined && io.rows >= MIN_ROWS ? io.rows : undefined;
      const s = readGame(file)?.state;
      const room = rows === undefined ? undefined : rows - 1 - (s ? menu(s, flag || s.manualDice).length + 1 : 8);
      const fold = room !== undefined && v.kind === 'round' && !inFull.has(v);
      if (v.kind === 'map' && rows !== undefined && room !== undefined) {
        // The Battlefield: the board a screen of its own (each part of a split one too), then its legend.
        const t = renderMapText(v.data, {
          width: style.width,
          height: rows - 2,
          ascii: style.ascii,
          color: style.color,
        });
        const board = t.screens.length === 1 ? [...t.screens[0]!, ''] : [];
        const parts =
          board.length && board.length + t.legend.length <= room
            ? [[...board, ...t.legend]]
            : [...t.screens, ...textParts(t.legend, rows, room)];
        await showParts(parts, prompter, io, true);
      } else {
        const text = renderText(v, fold ? { ...style, rows: room } : style);
        if (rows === undefined || room === undefined) io.stdout(`\n${text}`);
        else await inParts(text, rows, room, prompter, io);
      }
      for (const w of v.warnings ?? []) io.stderr(nameCommand(`${safeText(w)}\n`, io));
    };
    const existing = readGame(file);
    if (!existing) {
      // A path the GM typed (--session, BADZONE_SESSION) that holds no game may be a typo: ask before setting up.
      if (explicitSession(opts, io)) {
        if (!folderExists(file))
          throw new NoSessionError(
            `The folder for ${file} does not exist. Create it first, or give another --session path.`,
          );
        const near = similarSession(file);
        const hint = near ? ` (did you mean ${near}?)` : '';
        const go = await prompter.confirm(`There is no game at ${file}${hint}. Set up a new game there?`, false);
        if (!go) return done('no-game');
      }
      // No game yet: the setup wizard (badzone new without flags), then on to round 1.
      await show(
        await (await import('./new.js')).run(
          { ...session, ...(opts.seed !== undefined ? { seed: opts.seed } : {}) },
          io,
          { wizard: true },
        ),
      );
    } else if (existing.state.phase === 'round') {
      // Resuming mid-round: this round's event card first, as it was shown when the round started.
      await show(await (await import('./round.js')).current(session, io));
    } else {
      await show(await (await import('./status.js')).run(session, io));
    }
    for (let turn = 0; turn < MAX_TURNS; turn++) {
      const { state, book } = loadGame(file);
      const manual = flag || state.manualDice;
      let choice: MenuItem;
      try {
        choice = await prompter.select(menuTitle(state, manual), menu(state, manual), defaultItem());
      } catch (e) {
        // Escape at the main menu: there is nothing before it; the menu stays.
        if (e instanceof PromptBack) continue;
        throw e;
      }
      if (choice === 'quit') return done('quit');
      // Another command (a second window, a script) may have changed the game while the menu waited: the choice
      // was made for the game as it was shown, so show it as it is now and ask again rather than act on it.
      const now = readGame(file);
      if (now && fingerprint(now.state) !== fingerprint(state)) {
        io.stderr(
          nameCommand(
            `The game changed while this menu was open (another window or command): it is now ${standingText(now.state)}. Nothing was done; here is the menu again.\n`,
            io,
          ),
        );
        continue;
      }
      try {
        const view = await act(choice, state, book, prompter, io, session, manual, async (m) => {
          flag = false;
          await (await import('./dice.js')).run(m ? 'manual' : 'rolled', session, io);
        });
        if (view) await show(view);
      } catch (e) {
        // Escape in a sub-menu or question: back to the menu; nothing was changed.
        if (e instanceof PromptBack) continue;
        // A refusal (or the session being locked by another command) is shown, and the menu comes back.
        // The library's errors in play's own words (../play-words.ts): menu items, never a command to type.
        if (e instanceof BadzoneError) io.stderr(nameCommand(`badzone: ${safeText(sayError(e, PLAY_WORDS))}\n`, io));
        else throw e;
      }
    }
    return done('quit');
  } catch (e) {
    if (e instanceof PromptCancelled) return done('cancelled');
    throw e;
  }
}

/** Below this many rows, texts are not paged (a part would hold too little to read). */
const MIN_ROWS = 12;

/** Round cards asked for in full (Events > "This round's card in full"): never folded. */
const inFull = new WeakSet<View>();

/**
 * A text as parts for a screen of `rows`: each part but the last takes at most rows - 2 (a blank line before it,
 * the question after it); the last at most `last` (the menu comes under it). No part is a line or two on its own.
 */
export function textParts(lines: string[], rows: number, last: number): string[][] {
  const page = Math.max(1, rows - 2);
  const end = Math.max(1, last);
  const parts: string[][] = [];
  let rest = lines;
  while (rest.length > end) {
    const take = Math.min(page, Math.max(rest.length - end, Math.ceil(rest.length / 2)));
    parts.push(rest.slice(0, take));
    rest = rest.slice(take);
  }
  parts.push(rest);
  return parts;
}

/** Print `text` a screen at a time: Enter shows the next part, No or Escape stops (back to the menu). */
async function inParts(text: string, rows: number, last: number, prompter: Prompter, io: IO): Promise<void> {
  const ends = text.endsWith('\n');
  await showParts(textParts((ends ? text.slice(0, -1) : text).split('\n'), rows, last), prompter, io, ends);
}

/** Print each part, asking before the next (Enter shows it, No or Escape stops). */
async function showParts(parts: string[][], prompter: Prompter, io: IO, ends: boolean): Promise<void> {
  for (let i = 0; i < parts.length; i++) {
    io.stdout(`\n${parts[i]!.join('\n')}${ends || i < parts.length - 1 ? '\n' : ''}`);
    if (i === parts.length - 1) break;
    let more: boolean;
    try {
      more = await prompter.confirm(`Part ${i + 1} of ${parts.length} shown. Show the next part?`, true);
    } catch (e) {
      if (!(e instanceof PromptBack)) throw e;
      more = false;
    }
    if (!more) break;
  }
}

/** What changes whenever a step is made, undone or redone, or the dice preference is set. */
function fingerprint(s: SessionState): string {
  return JSON.stringify([
    s.round,
    s.phase,
    s.log.length,
    s.log[s.log.length - 1] ?? null,
    s.redo.length,
    s.manualDice ?? null,
    s.story ?? null,
  ]);
}

function standingText(s: SessionState): string {
  return s.phase === 'setup'
    ? 'before round 1'
    : s.phase === 'round'
      ? `round ${s.round}, End Phase not yet resolved`
      : `round ${s.round}, End Phase resolved`;
}

function menuTitle(s: SessionState, manual: boolean): string {
  const dice = manual ? ' (your own dice)' : '';
  if (s.phase === 'setup') return `Ready to play${dice}. What next?`;
  if (s.phase === 'round') return `Round ${s.round}${dice}. What next?`;
  return `Round ${s.round} is over${dice}. What next?`;
}

function defaultItem(): MenuItem {
  return 'next';
}

/** The step that moves the game on: the End Phase mid-round, else the next round. */
function nextStep(s: SessionState): string {
  if (s.phase === 'round') return 'End Phase';
  return s.phase === 'setup' ? 'Start round 1' : `Next round (round ${s.round + 1})`;
}

/** The main menu: the likely next step first (Enter takes it), then a few groups, short enough for 24 rows. */
export function menu(s: SessionState, manual: boolean): Choice<MenuItem>[] {
  const items: Choice<MenuItem>[] = [{ name: nextStep(s), value: 'next' }];
  items.push({ name: 'Fighters: out of action, back, reserve, add...', value: 'fighters' });
  items.push({ name: 'Events: discard, place, rules; visibility...', value: 'events' });
  items.push({ name: 'Battlefield map, status, Hazard, rules, log...', value: 'info' });
  items.push({
    name: manual ? 'Dice: roll any; let badzone roll again...' : 'Dice: my own dice for a step; roll any...',
    value: 'dice',
  });
  if (s.log.length > 1) items.push({ name: 'Undo the last step', value: 'undo' });
  if (s.redo.length > 0) items.push({ name: `Redo the step undone (${s.redo.length} can be redone)`, value: 'redo' });
  items.push({ name: 'Quit (the game is saved)', value: 'quit' });
  return items;
}

/** A sub-menu, with Back last; Escape or Back throw PromptBack (back to the main menu). */
async function subMenu<T extends string>(prompter: Prompter, message: string, choices: Choice<T>[]): Promise<T> {
  const v = await prompter.select<T | typeof BACK>(`${message} (Escape: back)`, [
    ...choices,
    { name: 'Back', value: BACK },
  ]);
  if (v === BACK) throw new PromptBack('back');
  return v as T;
}

/** Pick one of these (names from the game and its tables, shown terminal-safe), or go back. */
async function pick<T>(prompter: Prompter, message: string, choices: Choice<T>[], defaultValue?: T): Promise<T> {
  const safe = choices.map((c) => ({ ...c, name: safeText(c.name) }));
  const v = await prompter.select<T | typeof BACK>(
    safeText(`${message} (Escape: back)`),
    [...safe, { name: 'Back', value: BACK }],
    defaultValue,
  );
  if (v === BACK) throw new PromptBack('back');
  return v as T;
}

interface Fighter {
  name: string;
  gang: string;
  where: 'battlefield' | 'reserve' | 'out';
}

function fighters(s: SessionState): Fighter[] {
  return s.gangs.flatMap((g) => [
    ...g.battlefield.map((name) => ({ name, gang: g.name, where: 'battlefield' as const })),
    ...g.reserve.map((name) => ({ name, gang: g.name, where: 'reserve' as const })),
    ...g.out.map((name) => ({ name, gang: g.name, where: 'out' as const })),
  ]);
}

const WHERE = { battlefield: 'on the battlefield', reserve: 'in reserve', out: 'out of action' } as const;

async function act(
  choice: MenuItem,
  s: SessionState,
  book: RuleBook,
  prompter: Prompter,
  io: IO,
  session: { session?: string },
  manual: boolean,
  setManual: (m: boolean) => Promise<void>,
): Promise<View | null> {
  switch (choice) {
    case 'next':
      return nextStepRun(s, session, io, manual);
    case 'fighters':
      return rosters(s, prompter, io, session);
    case 'events':
      return eventsMenu(s, book, prompter, io, session, manual);
    case 'info': {
      const items: Choice<SubItem>[] = [
        { name: 'Battlefield: the map and where each marker landed', value: 'map' },
        { name: 'Status', value: 'status' },
      ];
      if (s.hazard) items.push({ name: 'Hazard and Home Turf Ploy', value: 'hazard' });
      items.push({ name: 'Everything in full: Hazard, rules of the events in play, clarifications', value: 'full' });
      items.push({ name: 'Log of this round', value: 'log' });
      items.push({ name: 'Battle report: title, date, scenario, result (set them)', value: 'story' });
      const sub = await subMenu(prompter, 'Show what?', items);
      if (sub === 'story') return story(s, prompter, io, session);
      if (sub === 'map') return (await import('./map.js')).run(session, io);
      if (sub === 'status') return (await import('./status.js')).run(session, io);
      if (sub === 'full') return (await import('./status.js')).run({ ...session, full: true }, io);
      if (sub === 'hazard') return (await import('./status.js')).hazard(session, io);
      return (await import('./log.js')).run({ ...session, round: String(s.round) }, io);
    }
    case 'dice': {
      const items: Choice<SubItem>[] = [];
      if (!manual) items.push({ name: `${nextStep(s)} with my own dice (this once)`, value: 'own-dice' });
      items.push({ name: 'Roll dice (any expression; not part of the game)', value: 'roll' });
      items.push(
        manual
          ? { name: 'Let badzone roll from now on', value: 'dice-mode' }
          : { name: 'Enter my own dice from now on (badzone names each one)', value: 'dice-mode' },
      );
      const sub = await subMenu<SubItem>(prompter, 'Dice', items);
      if (sub === 'own-dice') return nextStepRun(s, session, io, true);
      if (sub === 'dice-mode') {
        await setManual(!manual);
        io.stdout(
          !manual
            ? '\nFrom now on badzone asks for your own dice, one by one, naming what each is for (kept in the game).\n'
            : '\nFrom now on badzone rolls the dice.\n',
        );
        return null;
      }
      const expr = await prompter.input('Dice to roll (D6, D3+3, D6+6, 2D6x10, D64, ...; Escape: back):', {
        default: 'D6',
        validate: (v) => {
          try {
            parseExpr(v.trim());
            return true;
          } catch (e) {
            return e instanceof Error ? e.message : 'not a dice expression';
          }
        },
      });
      return (await import('./roll.js')).run(expr.trim(), {}, io);
    }
    case 'redo':
      // The same step again, with the same entered dice, so the same rolls: nothing to confirm.
      return (await import('./redo.js')).run(session, io);
    case 'undo': {
      const last = s.log[s.log.length - 1]!;
      const what =
        last.action.type === 'round'
          ? `round ${last.round}'s Event Phase`
          : last.action.type === 'end'
            ? `round ${last.round}'s End Phase`
            : `"${last.action.type}${'eventId' in last.action ? ` ${last.action.eventId}` : ''}${'level' in last.action ? ` ${last.action.level}` : ''}${'name' in last.action ? ` ${last.action.name} ${last.action.to}` : ''}"`;
      // No is the default: Enter pressed once too often never undoes a step.
      if (!(await prompter.confirm(`Undo ${what} (log entry #${last.seq})?`, false))) return null;
      return (await import('./undo.js')).run(session, io);
    }
    case 'quit':
      return null;
  }
}

/** The story's fields as play names them. */
const STORY_ITEMS = [
  ['title', 'Title'],
  ['date', 'Date'],
  ['scenario', 'Scenario'],
  ['result', 'Result'],
] as const;

/** Set or clear one of the battle report's title, date, scenario and result (as `badzone details` does). */
async function story(s: SessionState, prompter: Prompter, io: IO, session: { session?: string }): Promise<View | null> {
  const field = await pick(
    prompter,
    'Set which? (kept in the game; the battle report is headed with them)',
    STORY_ITEMS.map(([k, label]) => ({ name: `${label}: ${s.story[k] ?? '(not given)'}`, value: k })),
  );
  const label = STORY_ITEMS.find(([k]) => k === field)![1];
  const text = await prompter.input(safeText(`${label} (clear the text and press Enter to remove it):`), {
    default: s.story[field] ?? '',
    validate: (v) => v.trim() === '' || (nameProblem(v.trim(), label) ?? true),
  });
  const value = text.trim() === '' ? false : text.trim();
  return (await import('./details.js')).run({ ...session, [field]: value }, io);
}

function nextStepRun(s: SessionState, session: { session?: string }, io: IO, manual: boolean): Promise<View> {
  if (s.phase === 'round') return import('./end.js').then((m) => m.run({ ...session, manual }, io));
  return import('./round.js').then((m) => m.run({ ...session, manual }, io));
}

async function eventsMenu(
  s: SessionState,
  book: RuleBook,
  prompter: Prompter,
  io: IO,
  session: { session?: string },
  manual: boolean,
): Promise<View | null> {
  const items: Choice<SubItem>[] = [];
  const label = (id: string) => book.byId.get(id)?.name ?? id;
  if (s.inPlay.length)
    items.push({ name: 'Discard an event (e.g. the Pillar of Flame left the table)', value: 'discard' });
  items.push({ name: 'Place an event in play by hand', value: 'place' });
  if (s.inPlay.length) items.push({ name: 'Rules of the events in play', value: 'rules' });
  if (s.phase === 'round') items.push({ name: "This round's card in full (every tile's scatter)", value: 'card' });
  items.push({ name: 'Look up any event of the table', value: 'lookup' });
  items.push({ name: 'Visibility: set it', value: 'visibility' });
  items.push({ name: "Table: which edge 12 o'clock points to", value: 'orientation' });
  items.push({ name: 'Table: where the spawn points, lairs and structures stand', value: 'sites' });
  if (s.markers.length)
    items.push({ name: 'Markers: clear, move to a tile, or hand one to a fighter', value: 'markers' });
  // An event whose marker has left the table (the Pillar of Flame's Large Blast): offered first, to discard.
  const gone = markersView(s).filter((m) => m.live && m.at.offTable);
  for (const m of gone)
    items.unshift({ name: `Discard ${label(m.eventId)}: its ${m.what} has left the table`, value: 'left-table' });
  const unconfirmed = s.tilePicks.filter((t) => !t.confirmed);
  if (unconfirmed.length)
    items.unshift({
      name: 'Collapsed Section: record the right tile (badzone picked without knowing where models stand)',
      value: 'collapse',
    });
  const sub = await subMenu(prompter, 'Events', items);
  switch (sub) {
    case 'left-table':
      return (await import('./discard.js')).run(gone[0]!.eventId, session, io);
    case 'markers':
      return markerMenu(s, prompter, io, session);
    case 'discard': {
      const id = await pick(
        prompter,
        'Discard which event?',
        s.inPlay.map((p) => ({ name: `${label(p.eventId)} (since round ${p.sinceRound})`, value: p.eventId })),
      );
      return (await import('./discard.js')).run(id, session, io);
    }
    case 'place': {
      const choices = book.events.results
        .filter((e) => e.timing === 'persistent' && !s.inPlay.some((p) => p.eventId === e.id))
        .map((e) => ({
          name: `${e.name} (D64 ${e.range[0] === e.range[1] ? e.range[0] : `${e.range[0]}-${e.range[1]}`})`,
          value: e.id,
        }));
      if (choices.length === 0) {
        io.stdout('\nEvery persistent event of the table is already in play.\n');
        return null;
      }
      const id = await pick(prompter, 'Place which event in play?', choices);
      return (await import('./place.js')).run(id, { ...session, manual }, io);
    }
    case 'rules':
      return (await import('./status.js')).run({ ...session, full: true }, io);
    case 'card': {
      const v = await (await import('./round.js')).current(session, io);
      inFull.add(v);
      return v;
    }
    case 'lookup': {
      const id = await pick(
        prompter,
        'Which event?',
        book.events.results.map((e) => ({
          name: `${e.range[0] === e.range[1] ? e.range[0] : `${e.range[0]}-${e.range[1]}`}: ${e.name}`,
          value: e.id,
        })),
      );
      return (await import('./events-show.js')).run(id, {}, io);
    }
    case 'collapse': {
      const tp = s.tilePicks.filter((t) => !t.confirmed).at(-1)!;
      const HOW = '\u0000occupied';
      const tile = await pick(
        prompter,
        `Round ${tp.round}: badzone picked ${tp.tile ?? 'no tile'} among ${tp.among.join(' ')}. Which tile collapsed?`,
        [
          ...tp.among.map((t) => ({ name: t === tp.tile ? `${t} (badzone's pick: it was right)` : t, value: t })),
          { name: 'Say which tiles hold player models, and let badzone roll among the others', value: HOW },
        ],
      );
      if (tile !== HOW) return (await import('./collapse.js')).run(tile, session, io);
      const occupied = await prompter.checkbox(
        'Which tiles hold player models? (space to mark, enter when done)',
        tp.among.map((t) => ({ name: t, value: t })),
      );
      return (await import('./collapse.js')).run(
        undefined,
        { ...session, occupied, ...(manual ? { manual: true } : {}) },
        io,
      );
    }
    case 'visibility': {
      const choices = book.visibility.levels.map((l) => ({
        name: `${l.name} (${l.rangeInches === null ? 'unlimited' : `${l.rangeInches}"`})`,
        value: l.id,
      }));
      const id = await pick(prompter, 'Set the visibility to', choices, s.visibility.level);
      return (await import('./visibility.js')).run('set', id, session, io);
    }
    case 'orientation': {
      const edge = await pick(
        prompter,
        "12 o'clock points to (seen from the GM's seat, row A along the far edge)",
        edgeChoices(),
        s.orientation.twelve,
      );
      return (await import('./orientation.js')).run(edge, session, io);
    }
    case 'sites':
      return sitesItem(s, prompter, io, session);
    default:
      return null;
  }
}

/**
 * Events > Table: where the spawn points (and the lairs and structures, when counted) stand. Each question has the
 * tiles given so far as its default: Enter keeps them (or gives none), `none` takes them back. Checked as typed.
 */
async function sitesItem(s: SessionState, prompter: Prompter, io: IO, session: { session?: string }): Promise<View> {
  const what = { spawnAt: 'spawn points', lairsAt: 'Beast Lairs', structuresAt: 'large structures' } as const;
  const flags: { spawnAt?: string; lairsAt?: string; structuresAt?: string } = {};
  for (const k of ['spawnAt', 'lairsAt', 'structuresAt'] as const) {
    if (k === 'lairsAt' && !s.setup.lairs) continue;
    if (k === 'structuresAt' && !s.setup.structures) continue;
    const now = s.sitesAt?.[k]?.join(',') ?? '';
    const answer = (
      await prompter.input(`Where do the ${what[k]} stand? Tiles in order, or none (Escape: back)`, {
        default: now,
        validate: (v) => {
          if (v.trim() === '' || v.trim().toLowerCase() === 'none') return true;
          try {
            return sitesProblem(s, k, siteArg(v, 'The answer') ?? []) ?? true;
          } catch (e) {
            if (e instanceof BadzoneError) return e.message;
            throw e;
          }
        },
      })
    ).trim();
    if (answer !== '' && answer !== now) flags[k] = answer;
  }
  return (await import('./sites.js')).run({ ...session, ...flags }, io);
}

/** The GM's word about one marker (or all): clear, move to a tile's center, or who carries it. */
async function markerMenu(
  s: SessionState,
  prompter: Prompter,
  io: IO,
  session: { session?: string },
): Promise<View | null> {
  const ALL = '\u0000all';
  const which = await pick(prompter, 'Which marker?', [
    ...markersView(s).map((m) => ({
      name: clipLine(markerLine(m, terminalStyle(io.env, io.stdoutIsTTY, io.columns).ascii)),
      value: String(m.id),
    })),
    { name: 'All of them: clear the battlefield', value: ALL },
  ]);
  const run = (await import('./marker.js')).run;
  if (which === ALL) return run('clear', 'all', undefined, session, io);
  const op = await pick(prompter, `Marker ${which}:`, [
    { name: 'Clear it from the battlefield', value: 'clear' },
    { name: "Move it to a tile's center", value: 'move' },
    { name: 'A fighter carries it', value: 'carry' },
  ]);
  if (op === 'clear') return run('clear', which, undefined, session, io);
  if (op === 'move') {
    const tile = await pick(
      prompter,
      'To the center of which tile?',
      s.tiles.map((t) => ({ name: t, value: t })),
    );
    return run('move', which, tile, session, io);
  }
  const gangs = s.gangs.map((g) => g.name);
  const gang = gangs.length
    ? await pick(
        prompter,
        'Which gang carries it?',
        gangs.map((g) => ({ name: g, value: g })),
      )
    : (await prompter.input('Which gang carries it?')).trim();
  const roster = s.gangs.find((g) => g.name === gang);
  const NOBODY = '\u0000nobody';
  const fighter = roster
    ? await pick(prompter, 'Which fighter?', [
        ...[...roster.battlefield, ...roster.reserve, ...roster.out].map((f) => ({ name: f, value: f })),
        { name: 'Not saying which', value: NOBODY },
      ])
    : NOBODY;
  return run('carry', which, undefined, { ...session, gang, ...(fighter !== NOBODY ? { fighter } : {}) }, io);
}

/** A menu line fits a terminal: long legend lines are cut. */
function clipLine(line: string): string {
  return line.length > 76 ? `${line.slice(0, 75)}…` : line;
}

async function rosters(
  s: SessionState,
  prompter: Prompter,
  io: IO,
  session: { session?: string },
): Promise<View | null> {
  const all = fighters(s);
  const items: Choice<SubItem>[] = [];
  if (all.some((f) => f.where !== 'out'))
    items.push({ name: 'Out of Action: take a fighter out of the game', value: 'out' });
  if (all.some((f) => f.where !== 'battlefield'))
    items.push({ name: 'Back to the battlefield (from reserve or out of action)', value: 'return' });
  if (all.some((f) => f.where === 'battlefield')) items.push({ name: 'To the reserve', value: 'reserve' });
  items.push({ name: 'Add a fighter (or a new gang)', value: 'add' });
  if (s.gangs.length) items.push({ name: 'Rename a fighter or a gang', value: 'rename' });
  const sub = await subMenu(prompter, all.length ? 'Fighters' : 'Fighters (no rosters yet)', items);
  const fighter = (await import('./fighter.js')).run;
  // Each fighter is offered as the JSON of [gang, name]: names are unique within a gang, not across gangs.
  const choose = async (message: string, from: Fighter[]): Promise<Fighter> => {
    const key = await pick(
      prompter,
      message,
      from.map((f) => ({ name: `${f.name} (${f.gang}, ${WHERE[f.where]})`, value: JSON.stringify([f.gang, f.name]) })),
    );
    return from.find((f) => JSON.stringify([f.gang, f.name]) === key)!;
  };
  switch (sub) {
    case 'out': {
      const f = await choose(
        'Who is Out of Action?',
        all.filter((x) => x.where !== 'out'),
      );
      return fighter(f.name, 'out', { ...session, gang: f.gang }, io);
    }
    case 'return': {
      const f = await choose(
        'Who comes back to the battlefield?',
        all.filter((x) => x.where !== 'battlefield'),
      );
      return fighter(f.name, 'battlefield', { ...session, gang: f.gang }, io);
    }
    case 'reserve': {
      const f = await choose(
        'Who goes to the reserve?',
        all.filter((x) => x.where === 'battlefield'),
      );
      return fighter(f.name, 'reserve', { ...session, gang: f.gang }, io);
    }
    case 'rename': {
      // A fighter is [gang, name]; a gang is [null, name].
      const what = await pick(prompter, 'Rename whom?', [
        ...all.map((f) => ({
          name: `${f.name} (${f.gang}, ${WHERE[f.where]})`,
          value: JSON.stringify([f.gang, f.name]),
        })),
        ...s.gangs.map((g) => ({ name: `The gang ${g.name}`, value: JSON.stringify([null, g.name]) })),
      ]);
      const [gang, name] = JSON.parse(what) as [string | null, string];
      const isGang = gang === null;
      const taken = isGang
        ? new Set(s.gangs.map((g) => g.name))
        : new Set(all.filter((f) => f.gang === gang).map((f) => f.name));
      const to = (
        await prompter.input(`${isGang ? `The gang ${name}` : `${name} (${gang})`}: the new name (Escape: back):`, {
          default: name,
          validate: (v) => {
            const t = v.trim();
            const bad = nameProblem(t, isGang ? 'The gang name' : "The fighter's name");
            if (bad) return `${bad}.`;
            if (isGang && t.includes(':')) return 'A gang name cannot contain ":".';
            if (t === name) return 'That is the name already.';
            if (taken.has(t)) return `${t} is already taken${isGang ? ' by a gang of this game' : ` in ${gang}`}.`;
            return true;
          },
        })
      ).trim();
      return (await import('./rename.js')).run(
        isGang ? 'gang' : 'fighter',
        name,
        to,
        { ...session, ...(gang !== null ? { gang } : {}) },
        io,
      );
    }
    case 'add': {
      const NEW_GANG = '\u0000new-gang';
      let gang: string = s.gangs.length
        ? await pick(prompter, 'Which gang?', [
            ...s.gangs.map((g) => ({ name: g.name, value: g.name })),
            { name: 'A new gang', value: NEW_GANG },
          ])
        : NEW_GANG;
      if (gang === NEW_GANG) {
        gang = (
          await prompter.input("The new gang's name (Escape: back):", {
            validate: (v) => {
              const t = v.trim();
              if (t === '') return 'Give a name.';
              if (t.includes(':')) return 'A gang name cannot contain ":".';
              const bad = nameProblem(t, 'The gang name');
              if (bad) return `${bad}.`;
              if (s.gangs.some((g) => g.name === t)) return `${t} is already in this game: choose it from the list.`;
              return true;
            },
          })
        ).trim();
      }
      const taken = new Set(all.map((f) => f.name));
      const name = (
        await prompter.input(`${gang}: the new fighter's name (Escape: back):`, {
          validate: (v) => {
            const t = v.trim();
            if (t === '') return 'Give a name.';
            const bad = nameProblem(t, "The fighter's name");
            if (bad) return `${bad}.`;
            if (taken.has(t)) return `There is already a fighter called ${t}.`;
            return true;
          },
        })
      ).trim();
      const where = await pick<'battlefield' | 'reserve'>(prompter, `Where is ${name}?`, [
        { name: 'On the battlefield', value: 'battlefield' },
        { name: 'In reserve (may arrive as a reinforcement)', value: 'reserve' },
      ]);
      return fighter(name, where, { ...session, gang }, io);
    }
    default:
      return null;
  }
}

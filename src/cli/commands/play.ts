// badzone play: the game at the table, one menu at a time. Every step is one of the other commands' `run`
// (so there is no second implementation of anything) and is saved as it happens: quitting, Ctrl-C or a closed
// terminal loses nothing already shown, and `badzone play` later continues where the game stopped.
import { BadzoneError, EXIT, UsageError } from '../../errors.js';
import type { SessionState } from '../../engine/state.js';
import type { RuleBook } from '../../rules/book.js';
import { renderText } from '../../render/text.js';
import { safeText } from '../../render/safe.js';
import { terminalStyle } from '../../render/style.js';
import { load, tryLoad } from '../../store/session.js';
import type { IO } from '../io.js';
import { PromptCancelled, type Choice, type Prompter } from '../prompts.js';
import { fileOf, interactive } from '../shared.js';
import type { PlayData, View } from '../../render/view.js';

export type { PlayData };
import { parseExpr } from './roll.js';

export interface PlayOptions {
  session?: string;
  manual?: boolean;
}

/** The menu's entries. */
export type MenuItem =
  | 'round'
  | 'round-own-dice'
  | 'end'
  | 'end-own-dice'
  | 'discard'
  | 'place'
  | 'visibility'
  | 'roll'
  | 'status'
  | 'log'
  | 'undo'
  | 'dice-mode'
  | 'quit';

const BACK = '\u0000back';

/** Bound on menu turns in one run (a real game has a few hundred at most). */
const MAX_TURNS = 100_000;

export async function run(opts: PlayOptions, io: IO): Promise<View<'play', PlayData>> {
  if (!interactive(io, {})) {
    throw new UsageError(
      '`badzone play` asks questions and needs a terminal, but stdin is not one (or CI / BADZONE_NO_INPUT is set). In a script, use `badzone round`, `badzone end` and the other commands.',
    );
  }
  const file = fileOf(opts, io);
  const session = opts.session !== undefined ? { session: opts.session } : {};
  const style = terminalStyle(io.env, io.stdoutIsTTY, io.columns, { hints: false });
  const show = (v: View): void => {
    io.stdout(`\n${renderText(v, style)}\n`);
    for (const w of v.warnings ?? []) io.stderr(`${safeText(w)}\n`);
  };
  const done = (stopped: PlayData['stopped']): View<'play', PlayData> => {
    const s = tryLoad(file)?.state;
    return {
      kind: 'play',
      data: { session: file, round: s?.round ?? 0, phase: s?.phase ?? 'setup', stopped },
      ...(stopped === 'cancelled' ? { exitCode: EXIT.refused } : {}),
    };
  };

  let manual = opts.manual === true;
  try {
    const prompter = await io.prompter();
    if (!tryLoad(file)) {
      // No game yet: the setup wizard (badzone new without flags), then on to round 1.
      show(await (await import('./new.js')).run({ ...session }, io));
    } else {
      show(await (await import('./status.js')).run(session, io));
    }
    for (let turn = 0; turn < MAX_TURNS; turn++) {
      const { state, book } = load(file);
      const choice = await prompter.select(menuTitle(state, manual), menu(state, manual), defaultItem(state));
      if (choice === 'quit') return done('quit');
      if (choice === 'dice-mode') {
        manual = !manual;
        io.stdout(manual ? '\nFrom now on badzone asks for your own dice, one by one, naming what each is for.\n' : '\nFrom now on badzone rolls the dice.\n');
        continue;
      }
      try {
        const view = await act(choice, state, book, prompter, io, session, manual);
        if (view) show(view);
      } catch (e) {
        // A refusal (or the session being locked by another command) is shown, and the menu comes back.
        if (e instanceof BadzoneError) io.stderr(`badzone: ${safeText(e.message)}\n`);
        else throw e;
      }
    }
    return done('quit');
  } catch (e) {
    if (e instanceof PromptCancelled) return done('cancelled');
    throw e;
  }
}

function menuTitle(s: SessionState, manual: boolean): string {
  const dice = manual ? ' (your own dice)' : '';
  if (s.phase === 'setup') return `Ready to play${dice}. What next?`;
  if (s.phase === 'round') return `Round ${s.round}${dice}. What next?`;
  return `Round ${s.round} is over${dice}. What next?`;
}

function defaultItem(s: SessionState): MenuItem {
  return s.phase === 'round' ? 'end' : 'round';
}

export function menu(s: SessionState, manual: boolean): Choice<MenuItem>[] {
  const items: Choice<MenuItem>[] = [];
  if (s.phase === 'round') {
    items.push({ name: 'End Phase', value: 'end', description: 'End-Phase effects, then a D6 discard roll for each event that has one' });
    if (!manual) items.push({ name: 'End Phase with my own dice', value: 'end-own-dice', description: 'as above, entering your own dice this once' });
  } else {
    const next = s.phase === 'setup' ? 'Start round 1' : `Next round (round ${s.round + 1})`;
    items.push({ name: next, value: 'round', description: 'the Event Phase: a new event, then every event in play, oldest first' });
    if (!manual) items.push({ name: `${next} with my own dice`, value: 'round-own-dice', description: 'as above, entering your own dice this once' });
  }
  if (s.inPlay.length) items.push({ name: 'Discard an event', value: 'discard', description: 'take an event out of play (e.g. Pillar of Flame left the table)' });
  items.push({ name: 'Place an event in play', value: 'place', description: 'put a persistent event into play by hand' });
  items.push({ name: 'Visibility: set it', value: 'visibility', description: 'set the visibility by hand' });
  items.push({ name: 'Roll dice', value: 'roll', description: 'any expression: D6, D3+3, D6+6, 2D6x10, D64 (not part of the game log)' });
  items.push({ name: 'Status', value: 'status', description: 'events in play, visibility, hazard, battlefield and gangs' });
  items.push({ name: 'Log of this round', value: 'log', description: 'every die rolled or entered this round, with what it was for' });
  if (s.log.length > 1) items.push({ name: 'Undo the last step', value: 'undo', description: 'back to before it; doing it again gives the same rolls' });
  items.push(
    manual
      ? { name: 'Dice: let badzone roll from now on', value: 'dice-mode', description: 'you are entering your own dice; switch back to rolled dice' }
      : { name: 'Dice: enter my own from now on', value: 'dice-mode', description: 'badzone asks for each die, naming what it is for' },
  );
  items.push({ name: 'Quit', value: 'quit', description: 'the game is saved; `badzone play` continues it' });
  return items;
}

async function act(
  choice: MenuItem,
  s: SessionState,
  book: RuleBook,
  prompter: Prompter,
  io: IO,
  session: { session?: string },
  manual: boolean,
): Promise<View | null> {
  switch (choice) {
    case 'round':
    case 'round-own-dice':
      return (await import('./round.js')).run({ ...session, manual: manual || choice === 'round-own-dice' }, io);
    case 'end':
    case 'end-own-dice':
      return (await import('./end.js')).run({ ...session, manual: manual || choice === 'end-own-dice' }, io);
    case 'discard': {
      const choices = s.inPlay.map((p) => ({ name: safeText(`${book.byId.get(p.eventId)?.name ?? p.eventId} (since round ${p.sinceRound})`), value: p.eventId }));
      const id = await prompter.select('Discard which event?', [...choices, { name: 'Back', value: BACK }]);
      if (id === BACK) return null;
      return (await import('./discard.js')).run(id, session, io);
    }
    case 'place': {
      const choices = book.events.results
        .filter((e) => e.timing === 'persistent' && !s.inPlay.some((p) => p.eventId === e.id))
        .map((e) => ({ name: safeText(`${e.name} (D64 ${e.range[0] === e.range[1] ? e.range[0] : `${e.range[0]}-${e.range[1]}`})`), value: e.id }));
      if (choices.length === 0) {
        io.stdout('\nEvery persistent event of the table is already in play.\n');
        return null;
      }
      const id = await prompter.select('Place which event in play?', [...choices, { name: 'Back', value: BACK }]);
      if (id === BACK) return null;
      return (await import('./place.js')).run(id, { ...session, manual }, io);
    }
    case 'visibility': {
      const choices = book.visibility.levels.map((l) => ({ name: safeText(`${l.name} (${l.rangeInches === null ? 'unlimited' : `${l.rangeInches}"`})`), value: l.id }));
      const id = await prompter.select('Set the visibility to', [...choices, { name: 'Back', value: BACK }], s.visibility.level);
      if (id === BACK) return null;
      return (await import('./visibility.js')).run('set', id, session, io);
    }
    case 'roll': {
      const expr = await prompter.input('Dice to roll (D6, D3+3, D6+6, 2D6x10, D64, ...):', {
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
    case 'status':
      return (await import('./status.js')).run(session, io);
    case 'log':
      return (await import('./log.js')).run({ ...session, round: String(s.round) }, io);
    case 'undo': {
      const last = s.log[s.log.length - 1]!;
      const what = last.action.type === 'round' ? `round ${last.round}'s Event Phase` : last.action.type === 'end' ? `round ${last.round}'s End Phase` : `"${last.action.type}${'eventId' in last.action ? ` ${last.action.eventId}` : ''}${'level' in last.action ? ` ${last.action.level}` : ''}"`;
      if (!(await prompter.confirm(`Undo ${what} (log entry #${last.seq})?`, true))) return null;
      return (await import('./undo.js')).run(session, io);
    }
    case 'dice-mode':
    case 'quit':
      return null;
  }
}


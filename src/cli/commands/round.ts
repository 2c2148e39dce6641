// badzone round: resolve the last round's End Phase if it is still open, then run the next Event Phase.
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { askForGame, diceList, openSession, tileList } from '../shared.js';

export interface RoundOptions {
  session?: string;
  dice?: string | string[];
  /** Dice for the last round's End Phase when it is still open (the new round's go in `dice`). */
  endDice?: string | string[];
  manual?: boolean;
  occupied?: string | string[];
  input?: boolean;
}

export async function run(opts: RoundOptions, io: IO): Promise<View<'round'>> {
  const dice = diceList(opts.dice);
  const endDice = diceList(opts.endDice, '--end-dice');
  const occupied = tileList(opts.occupied);
  const game = await openSession(opts, io, true);
  const ask = await askForGame(io, opts, game);
  const data = await game.round({
    ...(dice ? { dice } : {}),
    ...(endDice ? { endDice } : {}),
    ...(occupied ? { occupied } : {}),
    ...(ask ? { ask } : {}),
  });
  return { kind: 'round', data };
}

/** The current round's card, as `round` showed it (`badzone play` resuming mid-round). */
export async function current(opts: { session?: string }, io: IO): Promise<View<'round'>> {
  const game = await openSession(opts, io);
  return { kind: 'round', data: await game.currentRound() };
}

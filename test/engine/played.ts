// Games played step by step for the undo, redo and verify tests, which tamper with them: a long one with every kind
// of step, a short one, and a game an older badzone wrote past a limit.
import { createGame, defaultSetup, step, type Action, type SessionState, type Setup } from '../../src/engine/index.js';
import { LIMITS } from '../../src/rules/limits.js';
import { book, ok } from './arbitraries.js';

/** Rosters, Beast Lairs, large structures and a rolled Hazard. */
export const LONG_SETUP: Setup = defaultSetup(20240601, {
  gangs: [
    { name: 'Goliaths', battlefield: ['Krag', 'Brak'], reserve: ['Gor'] },
    { name: 'Eschers', battlefield: ['Ana'], reserve: ['Bea'] },
  ],
  lairs: 2,
  structures: 3,
  hazard: 'roll',
});

/** Every kind of step: rounds and End Phases, placed and discarded events, a fighter, the visibility, an entered die. */
export const LONG_ACTIONS: Action[] = [
  { type: 'round' },
  { type: 'end' },
  { type: 'round', occupied: ['A1'] },
  { type: 'place', eventId: 'wyld-magic' },
  { type: 'place', eventId: 'sludge-jelly' },
  { type: 'end' },
  { type: 'round', dice: [57] },
  { type: 'fighter', name: 'Krag', to: 'out' },
  { type: 'visibility', level: 'dark' },
  { type: 'round' },
  { type: 'end' },
  { type: 'discard', eventId: 'sludge-jelly' },
  { type: 'round' },
  { type: 'round' },
  { type: 'place', eventId: 'horde-of-rats' },
];

/** The game after `new` and after each action, in order. */
export function statesOf(setup: Setup, actions: Action[]): SessionState[] {
  const states = [createGame(setup, book)];
  for (const a of actions) {
    const r = step(states[states.length - 1]!, a, book);
    if (!r.ok) throw new Error(`${a.type} refused: ${JSON.stringify(r)}`);
    states.push(r.state);
  }
  return states;
}

export const SHORT_SETUP: Setup = defaultSetup(20240601, {
  gangs: [
    { name: 'Goliaths', battlefield: ['Krag', 'Brak'], reserve: ['Gor'] },
    { name: 'Eschers', battlefield: ['Ana'], reserve: ['Bea'] },
  ],
  hazard: 'roll',
});

// Seq 1: a round with two rolls (the event, a tile); 3: a round whose event die was entered; 4: a GM visibility change.
export const SHORT_ACTIONS: Action[] = [
  { type: 'round' },
  { type: 'end' },
  { type: 'round', dice: [57] },
  { type: 'visibility', level: 'dark' },
  { type: 'round' },
];

/** The game after these actions. */
export function playAll(setup: Setup, actions: Action[]): SessionState {
  let s = createGame(setup, book);
  for (const a of actions) s = ok(step(s, a, book)).state;
  return s;
}

/** A game an older badzone wrote past a limit: a round naming more occupied tiles than a command may now give. */
export function pastLimit(): { state: SessionState; action: Action; limit: string } {
  const action: Action = { type: 'round', occupied: Array<string>(LIMITS.occupied + 1).fill('A1') };
  const s = createGame(SHORT_SETUP, book);
  const now = step(s, action, book);
  if (now.ok || !('refusal' in now)) throw new Error('the fixture should be past the occupied-tiles limit');
  return { state: ok(step(s, action, book, { limits: false })).state, action, limit: now.refusal.message };
}

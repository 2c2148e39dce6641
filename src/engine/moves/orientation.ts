// `orientation`: the GM says which edge of the table 12 o'clock points to from now on. A step of the game (logged,
// undone and redone like any other): it rolls nothing, but where a later scatter lands on the board follows from
// it, so a replay must know it at every step. Scatters already made stay where they landed.
import { isEdge, EDGES, type Edge } from '../../rules/orientation.js';
import { refusal } from '../refusals.js';
import type { Action } from '../state.js';
import type { Move } from './types.js';

export interface OrientationReport {
  kind: 'orientation';
  from: Edge;
  to: Edge;
}

export const orientation: Move<Extract<Action, { type: 'orientation' }>, OrientationReport> = (ctx, action) => {
  const { s } = ctx;
  if (!isEdge(action.twelve))
    return { refusal: refusal('no-such-edge', { edge: String(action.twelve), edges: [...EDGES] }) };
  const from = s.orientation.twelve;
  if (from === action.twelve) return { refusal: refusal('same-orientation', { edge: from }) };
  s.orientation = { twelve: action.twelve };
  ctx.notes.push(`GM set 12 o'clock to point to the ${action.twelve} edge (it pointed to the ${from} edge)`);
  return { report: { kind: 'orientation', from, to: action.twelve } };
};

// `visibility`: the GM sets the visibility level by hand.
import { refusal } from '../refusals.js';
import type { Action } from '../state.js';
import type { Move } from './types.js';

export interface VisibilityReport {
  kind: 'visibility';
  from: string;
  to: string;
}

export const visibility: Move<Extract<Action, { type: 'visibility' }>, VisibilityReport> = (ctx, action) => {
  const { s, book } = ctx;
  if (!book.level.has(action.level)) {
    return { refusal: refusal('no-such-level', { level: action.level, levels: [...book.level.keys()] }) };
  }
  const from = s.visibility.level;
  s.visibility = { level: action.level, sinceRound: s.round, source: 'gm' };
  ctx.notes.push(`GM set visibility to ${book.level.get(action.level)!.name}`);
  return { report: { kind: 'visibility', from, to: action.level } };
};

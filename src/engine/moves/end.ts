// `end`: this round's End Phase, on its own (End-Phase effects, then the discard rolls).
import { endPhase, type EndPhaseReport } from '../phases.js';
import { refusal } from '../refusals.js';
import type { Action } from '../state.js';
import type { Move } from './types.js';

export interface EndReport extends EndPhaseReport {
  kind: 'end';
}

export const end: Move<Extract<Action, { type: 'end' }>, EndReport> = (ctx) => {
  const { s } = ctx;
  if (s.phase === 'setup') return { refusal: refusal('no-round-yet', {}) };
  if (s.phase === 'end') return { refusal: refusal('end-phase-resolved', { round: s.round }) };
  const report = endPhase(ctx);
  s.phase = 'end';
  return { report: { kind: 'end', ...report } };
};

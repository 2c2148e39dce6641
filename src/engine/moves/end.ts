// `end`: this round's End Phase, on its own (End-Phase effects, then the discard rolls).
import { endPhase, type EndPhaseReport } from '../phases.js';
import type { Action } from '../state.js';
import type { Move } from './types.js';

export interface EndReport extends EndPhaseReport {
  kind: 'end';
}

export const end: Move<Extract<Action, { type: 'end' }>, EndReport> = (ctx) => {
  const { s } = ctx;
  if (s.phase === 'setup')
    return {
      refusal:
        'No round has been played yet, so there is no End Phase to resolve. Run `badzone round` to start round 1.',
    };
  if (s.phase === 'end')
    return {
      refusal: `The End Phase of round ${s.round} is already resolved. Run \`badzone round\` to start round ${s.round + 1}.`,
    };
  const report = endPhase(ctx);
  s.phase = 'end';
  return { report: { kind: 'end', ...report } };
};

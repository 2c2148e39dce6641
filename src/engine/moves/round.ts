// `round`: the last round's End Phase first if it is still open, then the next round's Event Phase.
import { Dice, type DiceSource } from '../dice.js';
import { endPhase, eventPhase, type EndPhaseReport, type EventPhaseReport } from '../phases.js';
import { refusal } from '../refusals.js';
import type { Ctx } from '../resolve.js';
import type { Action, EnteredDie, Roll, Visibility } from '../state.js';
import { working } from '../working.js';
import type { Move } from './types.js';

export interface RoundReport {
  kind: 'round';
  round: number;
  endPhase: EndPhaseReport | null;
  eventPhase: EventPhaseReport;
  visibility: Visibility;
  notes: string[];
}

const hasValue = (list: readonly EnteredDie[] | undefined): boolean => list?.some((d) => d !== null) === true;

/** A die of the End Phase, in words: "End Phase: Treasure discard check (2+) (D6)". */
function rollText(r: Roll): string {
  if (r.card) return `${r.for} (a card)`;
  return new RegExp(`\\bD${r.die}\\b`).test(r.for) ? r.for : `${r.for} (D${r.die})`;
}

/** The dice the open End Phase will ask for, in order (found by resolving it on a copy with every die a 1). */
export function endPhaseNeeds(ctx: Ctx): Roll[] {
  const ones: DiceSource = { die: () => 1, state: () => ({ seed: 0, uses: 0 }) };
  const probe = new Dice(ones);
  endPhase({ ...ctx, s: working(ctx.s), dice: probe, notes: [], loud: true, owned: false });
  return probe.rolls ?? [];
}

export const round: Move<Extract<Action, { type: 'round' }>, RoundReport> = (ctx, action, run) => {
  const { s } = ctx;
  let end: EndPhaseReport | null = null;
  if (s.phase === 'round') {
    // Dice typed for the new round never go into last round's End Phase: those come with endDice.
    if (action.endDice === undefined && hasValue(action.dice)) {
      const needs = endPhaseNeeds(ctx);
      if (needs.length > 0) {
        return { refusal: refusal('end-phase-open', { round: s.round, rolls: needs.map(rollText) }) };
      }
    }
    ctx.dice.useList('endDice', action.endDice ?? []);
    end = endPhase(ctx);
    if (ctx.dice.enteredUsed < ctx.dice.enteredGiven) {
      return {
        refusal: refusal('end-dice-unused', { given: ctx.dice.enteredGiven, needed: ctx.dice.enteredUsed }),
      };
    }
    run.used.endDice = ctx.dice.enteredUsed;
    ctx.dice.useList('dice', action.dice ?? []);
    ctx.notes.unshift(`End Phase of round ${s.round} resolved before the new round`);
  } else if (hasValue(action.endDice)) {
    return { refusal: refusal('no-open-end-phase', { round: s.round, phase: s.phase }) };
  }
  s.round += 1;
  s.phase = 'round';
  ctx.notes.push(`Round ${s.round}: Event Phase`);
  const ep = eventPhase(ctx);
  if (ep.noNewEvent) ctx.notes.push(`No new event: ${ep.noNewEvent}`);
  return {
    report: {
      kind: 'round',
      round: s.round,
      endPhase: end,
      eventPhase: ep,
      visibility: s.visibility,
      notes: ctx.notes,
    },
  };
};

// `rename`: a GM correction that is a step of the game (logged, undone and redone like any other): a fighter's or
// a gang's new name.
import { LIMITS } from '../../rules/limits.js';
import { closeNames } from '../../rules/names.js';
import { refusal } from '../refusals.js';
import type { Action, Gang } from '../state.js';
import type { Move } from './types.js';
import { badName, findFighter, findGang, roster } from './roster.js';

export type RenameReport = { kind: 'rename'; what: 'fighter' | 'gang'; gang: string; from: string; to: string };

/** A fighter's or a gang's new name. */
export const rename: Move<Extract<Action, { type: 'rename' }>, RenameReport> = (ctx, action, run) => {
  const bad = run.limits ? badName(action.to, 'the new name') : null;
  if (bad) return { refusal: bad };
  const { s } = ctx;
  const to = action.to.trim();
  if (to === '' || to.length > LIMITS.name)
    return { refusal: refusal('bad-new-name', { name: action.to, max: LIMITS.name }) };
  let gang: Gang | undefined;
  if (action.gang !== undefined) {
    gang = findGang(s.gangs, action.gang);
    if (!gang) {
      const gangNames = s.gangs.map((g) => g.name);
      const near = closeNames(action.gang, gangNames);
      return { refusal: refusal('no-such-gang', { gang: action.gang, near, gangs: gangNames }) };
    }
  }
  if (action.fighter === undefined) {
    if (!gang) return { refusal: refusal('rename-what', {}) };
    const from = gang.name;
    if (from === to) return { refusal: refusal('same-name', { name: to, gang: null }) };
    if (s.gangs.some((g) => g !== gang && g.name.toLowerCase() === to.toLowerCase()))
      return { refusal: refusal('gang-name-taken', { name: to }) };
    s.conditions = s.conditions.map((c) => (c.gang === from ? { ...c, gang: to } : c));
    gang.name = to;
    ctx.notes.push(`GM renamed the gang ${from} to ${to}`);
    return { report: { kind: 'rename', what: 'gang', gang: to, from, to } };
  }
  const among = gang ? [gang] : s.gangs;
  const found = findFighter(among, action.fighter);
  if (found && 'refusal' in found) return found;
  if (!found) {
    const near = closeNames(action.fighter, among.flatMap(roster));
    return {
      refusal: refusal('no-such-fighter', { fighter: action.fighter, gang: gang?.name ?? null, near, adding: false }),
    };
  }
  const { gang: g, name: from } = found;
  if (from === to) return { refusal: refusal('same-name', { name: to, gang: g.name }) };
  const others = roster(g).filter((f) => f !== from);
  if (others.some((f) => f.toLowerCase() === to.toLowerCase()))
    return { refusal: refusal('fighter-name-taken', { name: to, gang: g.name }) };
  for (const list of [g.battlefield, g.reserve, g.out]) {
    const at = list.indexOf(from);
    if (at >= 0) list[at] = to;
  }
  s.conditions = s.conditions.map((c) => (c.gang === g.name && c.fighter === from ? { ...c, fighter: to } : c));
  ctx.notes.push(`GM renamed ${from} (${g.name}) to ${to}`);
  return { report: { kind: 'rename', what: 'fighter', gang: g.name, from, to } };
};

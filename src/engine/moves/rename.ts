// `rename`: a GM correction that is a step of the game (logged, undone and redone like any other): a fighter's or
// a gang's new name.
import { echo, LIMITS, nameProblem } from '../../rules/limits.js';
import { closeNames } from '../../rules/names.js';
import type { Action, Gang } from '../state.js';
import type { Move } from './types.js';
import { findFighter, findGang, roster } from './roster.js';

export type RenameReport = { kind: 'rename'; what: 'fighter' | 'gang'; gang: string; from: string; to: string };

/** A fighter's or a gang's new name. */
export const rename: Move<Extract<Action, { type: 'rename' }>, RenameReport> = (ctx, action, run) => {
  const badName = run.limits ? nameProblem(action.to, 'the new name') : null;
  if (badName) return { refusal: `${badName[0]!.toUpperCase()}${badName.slice(1)}.`, usage: true };
  const { s } = ctx;
  const to = action.to.trim();
  if (to === '' || to.length > LIMITS.name)
    return { refusal: `A new name takes 1 to ${LIMITS.name} characters.`, usage: true };
  let gang: Gang | undefined;
  if (action.gang !== undefined) {
    gang = findGang(s.gangs, action.gang);
    if (!gang) {
      const gangNames = s.gangs.map((g) => g.name);
      const near = closeNames(action.gang, gangNames);
      return {
        refusal: `No gang is called ${echo(action.gang)}.${near.length ? ` Did you mean ${near.join(' or ')}?` : ''} Gangs: ${gangNames.join(', ') || 'none'}.`,
        usage: true,
      };
    }
  }
  if (action.fighter === undefined) {
    if (!gang) return { refusal: 'Say which fighter or gang to rename.', usage: true };
    const from = gang.name;
    if (from === to) return { refusal: `${from} is already called ${to}; nothing changed.` };
    if (s.gangs.some((g) => g !== gang && g.name.toLowerCase() === to.toLowerCase()))
      return { refusal: `Another gang is already called ${to}.`, usage: true };
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
    const none = gang
      ? `${gang.name} has no fighter called ${echo(action.fighter)}.`
      : `No gang has a fighter called ${echo(action.fighter)}.`;
    return { refusal: `${none}${near.length ? ` Did you mean ${near.join(' or ')}?` : ''}`, usage: true };
  }
  const { gang: g, name: from } = found;
  if (from === to) return { refusal: `${from} (${g.name}) is already called ${to}; nothing changed.` };
  const others = roster(g).filter((f) => f !== from);
  if (others.some((f) => f.toLowerCase() === to.toLowerCase()))
    return { refusal: `${g.name} already has a fighter called ${to}.`, usage: true };
  for (const list of [g.battlefield, g.reserve, g.out]) {
    const at = list.indexOf(from);
    if (at >= 0) list[at] = to;
  }
  s.conditions = s.conditions.map((c) => (c.gang === g.name && c.fighter === from ? { ...c, fighter: to } : c));
  ctx.notes.push(`GM renamed ${from} (${g.name}) to ${to}`);
  return { report: { kind: 'rename', what: 'fighter', gang: g.name, from, to } };
};

// `fighter`: the GM moves a fighter to the battlefield, the reserve or out of the game, or adds one to a gang's
// roster (a new gang too).
import { closeNames, matchName } from '../../rules/names.js';
import { refusal } from '../refusals.js';
import { moveFighter } from '../resolve.js';
import type { Action, Gang } from '../state.js';
import type { Move } from './types.js';
import { badName, findFighter, findGang, roster } from './roster.js';

export interface FighterReport {
  kind: 'fighter';
  name: string;
  gang: string;
  from: string;
  to: string;
}

export const fighter: Move<Extract<Action, { type: 'fighter' }>, FighterReport> = (ctx, action, run) => {
  const { s } = ctx;
  // Names are matched exactly, else ignoring case; a typo of an existing gang is refused, not made a new gang.
  let gang: Gang | undefined;
  if (action.gang !== undefined) {
    gang = findGang(s.gangs, action.gang);
    if (!gang) {
      const near = closeNames(
        action.gang,
        s.gangs.map((g) => g.name),
      );
      if (near.length) return { refusal: refusal('no-such-gang', { gang: action.gang, near, gangs: null }) };
    }
  }
  // A --gang that names no gang yet (a new one) holds no one: a fighter of another gang is refused below, not moved.
  const found = findFighter(action.gang === undefined ? s.gangs : gang ? [gang] : [], action.name);
  if (found && 'refusal' in found) return found;
  if (found) {
    const { gang: g, name } = found;
    const from = g.battlefield.includes(name) ? 'battlefield' : g.reserve.includes(name) ? 'reserve' : 'out';
    if (from === action.to)
      return { refusal: refusal('fighter-already-there', { fighter: name, gang: g.name, where: action.to }) };
    moveFighter(s, g.name, name, action.to);
    ctx.notes.push(`GM moved ${name} (${g.name}) from ${from} to ${action.to}`);
    return { report: { kind: 'fighter', name, gang: g.name, from, to: action.to } };
  }
  if (action.gang === undefined) {
    const near = closeNames(action.name, s.gangs.flatMap(roster));
    return { refusal: refusal('no-such-fighter', { fighter: action.name, gang: null, near, adding: true }) };
  }
  const elsewhere = s.gangs.find((g) => matchName(action.name, roster(g)) !== undefined);
  if (elsewhere)
    return {
      refusal: refusal('fighter-in-other-gang', { fighter: action.name, gang: action.gang, in: elsewhere.name }),
    };
  // A new fighter (and maybe a new gang): names that are stored are checked here, whoever calls the engine.
  if (run.limits) {
    const bad = badName(action.name, "the fighter's name") ?? (gang ? null : badName(action.gang, 'the gang name'));
    if (bad) return { refusal: bad };
  }
  if (!gang) {
    gang = { name: action.gang, battlefield: [], reserve: [], out: [] };
    s.gangs.push(gang);
  }
  gang[action.to].push(action.name);
  ctx.notes.push(`GM added ${action.name} to ${gang.name} (${action.to})`);
  return {
    report: {
      kind: 'fighter',
      name: action.name,
      gang: gang.name,
      from: 'nowhere (new to the roster)',
      to: action.to,
    },
  };
};

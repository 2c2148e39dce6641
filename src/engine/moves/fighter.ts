// `fighter`: the GM moves a fighter to the battlefield, the reserve or out of the game, or adds one to a gang's
// roster (a new gang too).
import { echo, nameProblem } from '../../rules/limits.js';
import { closeNames, matchName } from '../../rules/names.js';
import { moveFighter } from '../resolve.js';
import type { Action, Gang } from '../state.js';
import type { Move } from './types.js';
import { findFighter, findGang, roster } from './roster.js';

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
      if (near.length)
        return {
          refusal: `No gang is called ${echo(action.gang)}. Did you mean ${near.join(' or ')}?`,
          usage: true,
        };
    }
  }
  // A --gang that names no gang yet (a new one) holds no one: a fighter of another gang is refused below, not moved.
  const found = findFighter(action.gang === undefined ? s.gangs : gang ? [gang] : [], action.name);
  if (found && 'refusal' in found) return found;
  if (found) {
    const { gang: g, name } = found;
    const from = g.battlefield.includes(name) ? 'battlefield' : g.reserve.includes(name) ? 'reserve' : 'out';
    if (from === action.to)
      return {
        refusal: `${name} (${g.name}) is already ${{ battlefield: 'on the battlefield', reserve: 'in reserve', out: 'out of the game' }[action.to]}; nothing changed.`,
      };
    moveFighter(s, g.name, name, action.to);
    ctx.notes.push(`GM moved ${name} (${g.name}) from ${from} to ${action.to}`);
    return { report: { kind: 'fighter', name, gang: g.name, from, to: action.to } };
  }
  if (action.gang === undefined) {
    const near = closeNames(action.name, s.gangs.flatMap(roster));
    return {
      refusal: `No gang has a fighter called ${echo(action.name)}.${near.length ? ` Did you mean ${near.join(' or ')}?` : ''} To add a fighter, say which gang with --gang.`,
      usage: true,
    };
  }
  const elsewhere = s.gangs.find((g) => matchName(action.name, roster(g)) !== undefined);
  if (elsewhere)
    return {
      refusal: `${echo(action.name)} is a fighter of ${elsewhere.name}, not ${echo(action.gang)}. To move them, leave out --gang (or say --gang ${elsewhere.name}).`,
      usage: true,
    };
  // A new fighter (and maybe a new gang): names that are stored are checked here, whoever calls the engine.
  const badName = run.limits
    ? (nameProblem(action.name, "the fighter's name") ?? (gang ? null : nameProblem(action.gang, 'the gang name')))
    : null;
  if (badName) return { refusal: `${badName[0]!.toUpperCase()}${badName.slice(1)}.`, usage: true };
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

// Finding a gang or a fighter by the name the GM typed: exactly, else ignoring case (../../rules/names.ts). The
// `fighter` and `rename` moves both look names up here, and refuse a name several gangs have the same way.
import { nameProblem } from '../../rules/limits.js';
import { matchName } from '../../rules/names.js';
import { refusal, type Refusal } from '../refusals.js';
import type { Gang } from '../state.js';

/** Every fighter of a gang: on the battlefield, in reserve, then out of the game. */
export function roster(g: Gang): string[] {
  return [...g.battlefield, ...g.reserve, ...g.out];
}

/** The gang a typed name means, or undefined. */
export function findGang(gangs: readonly Gang[], typed: string): Gang | undefined {
  const name = matchName(
    typed,
    gangs.map((g) => g.name),
  );
  return gangs.find((g) => g.name === name);
}

/**
 * The fighter a typed name means among `gangs`: their gang and their name as the roster has it; null when none of
 * these gangs has them; a refusal when several do (the GM says which gang).
 */
export function findFighter(
  gangs: readonly Gang[],
  typed: string,
): { gang: Gang; name: string } | { refusal: Refusal } | null {
  const holders = gangs
    .map((gang) => ({ gang, name: matchName(typed, roster(gang)) }))
    .filter((x): x is { gang: Gang; name: string } => x.name !== undefined);
  if (holders.length > 1) {
    return {
      refusal: refusal('fighter-in-several-gangs', { fighter: typed, gangs: holders.map((h) => h.gang.name) }),
    };
  }
  return holders[0] ?? null;
}

/** A name that may not be stored (../../rules/limits.ts nameProblem), as a refusal naming the field; else null. */
export function badName(name: string, field: string): Refusal | null {
  const problem = nameProblem(name, field);
  return problem ? refusal('bad-name', { field, name }, `${problem[0]!.toUpperCase()}${problem.slice(1)}.`) : null;
}

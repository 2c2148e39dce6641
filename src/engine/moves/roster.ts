// Finding a gang or a fighter by the name the GM typed: exactly, else ignoring case (../../rules/names.ts). The
// `fighter` and `rename` moves both look names up here, and quote a typed name back the same way (echo).
import { echo } from '../../rules/limits.js';
import { matchName } from '../../rules/names.js';
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
): { gang: Gang; name: string } | { refusal: string; usage: true } | null {
  const holders = gangs
    .map((gang) => ({ gang, name: matchName(typed, roster(gang)) }))
    .filter((x): x is { gang: Gang; name: string } => x.name !== undefined);
  if (holders.length > 1) {
    return {
      refusal: `${holders.length} gangs have a fighter called ${echo(typed)}: say which with --gang (${holders.map((h) => h.gang.name).join(', ')}).`,
      usage: true,
    };
  }
  return holders[0] ?? null;
}

// The report simulate should give, worked out independently: the same games played one after another on the same
// dice with `step`, one round at a time, as `badzone round` and `badzone end` play them (shared by the simulate
// and simulation kernel tests).
import { createGame, step, type DiceSource, type Outcome, type Setup } from '../../src/engine/index.js';
import { CREATURES, type SimulationReport } from '../../src/engine/simulate.js';
import type { RuleBook } from '../../src/rules/book.js';

export const r6 = (x: number) => Math.round(x * 1e6) / 1e6;

export type Spawned = Record<(typeof CREATURES)[number], number>;

export const noSpawns = (): Spawned => ({ rats: 0, zombies: 0, scum: 0, genestealers: 0, abomination: 0 });

/** Nearest-rank percentile of a list of counts. */
function nearestRank(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.ceil(p * xs.length) - 1]!;
}

/**
 * Play `games` games of `rounds` rounds one after another on `source` as `badzone round` / `badzone end` do (with
 * `source` null, one game whose every step resumes the game's own dice from its saved position, as a command does), and
 * work out the report simulate should give from the states and reports that come back.
 */
export function loudReport(
  setup: Setup,
  book: RuleBook,
  games: number,
  rounds: number,
  source: (DiceSource & { state(): { uses: number } }) | null,
) {
  const results = book.events.results;
  const inPlay: number[][] = Array.from({ length: rounds }, () => []);
  const reduced = new Array<number>(rounds).fill(0);
  const spawnedSum: Spawned[] = Array.from({ length: rounds }, noSpawns);
  const appeared = new Map<string, number>(results.map((e) => [e.id, 0]));
  const roundsIn = new Map<string, number>(results.map((e) => [e.id, 0]));
  let duplicates = 0;
  let reshuffles = 0;
  let noNew = 0;
  let uses = 0;
  if (source === null && games !== 1) throw new Error('without a shared source, play one game');
  for (let g = 0; g < games; g++) {
    let s = createGame(setup, book, source ?? undefined);
    const dice = source ? { source } : {};
    const seen = new Set<string>();
    const spawned = noSpawns();
    const count = (outcomes: Outcome[]) => {
      for (const o of outcomes) if (o.kind === 'spawn') spawned[o.creature] += o.count;
    };
    for (let r = 1; r <= rounds; r++) {
      const res = step(s, { type: 'round' }, book, dice);
      if (!res.ok || res.report.kind !== 'round') throw new Error(`round ${r} of game ${g + 1} refused`);
      s = res.state;
      const rep = res.report;
      for (const t of rep.endPhase?.triggers ?? []) count(t.outcomes);
      for (const x of rep.eventPhase.resolved) count(x.outcomes);
      for (const d of rep.eventPhase.draws) {
        if (d.outcome === 'duplicate') duplicates++;
        else seen.add(d.eventId);
      }
      if (rep.eventPhase.reshuffled) reshuffles++;
      if (rep.eventPhase.noNewEvent !== null) noNew++;
      inPlay[r - 1]!.push(s.inPlay.length);
      for (const p of s.inPlay) roundsIn.set(p.eventId, roundsIn.get(p.eventId)! + 1);
      if (s.visibility.level !== book.visibility.normal) reduced[r - 1]!++;
      for (const c of CREATURES) spawnedSum[r - 1]![c] += spawned[c];
    }
    const end = step(s, { type: 'end' }, book, dice);
    if (!end.ok) throw new Error(`end of game ${g + 1} refused`);
    uses = end.state.rng.uses;
    for (const id of seen) appeared.set(id, appeared.get(id)! + 1);
  }
  const report: SimulationReport = {
    games,
    rounds,
    seed: setup.seed,
    mode: setup.mode,
    events: results.map((e) => ({
      eventId: e.id,
      name: e.name,
      range: [e.range[0], e.range[1]],
      timing: e.timing,
      discardOn: e.discardOn,
      appearedIn: r6(appeared.get(e.id)! / games),
      meanRoundsInPlay: appeared.get(e.id) === 0 ? null : r6(roundsIn.get(e.id)! / appeared.get(e.id)!),
    })),
    perRound: inPlay.map((xs, i) => {
      const spawned = noSpawns();
      for (const c of CREATURES) spawned[c] = r6(spawnedSum[i]![c] / games);
      return {
        round: i + 1,
        inPlay: {
          mean: r6(xs.reduce((a, b) => a + b, 0) / games),
          p50: nearestRank(xs, 0.5),
          p90: nearestRank(xs, 0.9),
          max: Math.max(...xs),
        },
        visibilityReduced: r6(reduced[i]! / games),
        spawned,
      };
    }),
    duplicatesPerGame: r6(duplicates / games),
    reshufflesPerGame: r6(reshuffles / games),
    noNewEventPerGame: r6(noNew / games),
    randomNumbers: source ? source.state().uses : uses,
  };
  // Raw counts, for the checks that a scenario exercises what it is meant to.
  return { report, inPlay, appeared, roundsIn, duplicates, reshuffles, noNew, reduced, spawnedSum };
}

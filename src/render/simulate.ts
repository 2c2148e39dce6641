// The human view of `badzone simulate`: a table per event and the per-round figures as a terminal chart.
// Plain characters only (# | -), so it reads the same with NO_COLOR and fits 80 columns. (The progress bar
// is in ./progress.ts, loaded only by the command.)
import type { SimulateData } from '../api/types.js';
import type { Style } from './style.js';

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function fit(s: string, w: number): string {
  return s.length <= w ? s.padEnd(w) : `${s.slice(0, Math.max(0, w - 1))}~`;
}

function num(x: number, digits: number): string {
  return x.toFixed(digits);
}

function bar(fraction: number, width: number): string {
  const n = Math.max(0, Math.min(width, Math.round(fraction * width)));
  return '#'.repeat(n).padEnd(width);
}

/** The per-round chart cell: '#' up to the mean, '|' at the 90th percentile; full width = `scale` events. */
function chart(mean: number, p90: number, scale: number, width: number): string {
  const cells = bar(mean / scale, width).split('');
  const at = Math.min(width - 1, Math.round((p90 / scale) * width) - 1);
  if (p90 > 0 && at >= 0 && cells[at] !== '#') cells[at] = '|';
  return cells.join('');
}

export function simulateLines(d: SimulateData, st: Style): string[] {
  const lines: string[] = [];
  const W = st.width;
  if (d.stopped) {
    const why = d.stopped.why === 'interrupted' ? 'Ctrl-C' : 'at the work limit, the estimate was low';
    lines.push(
      st.heading(
        `PARTIAL RESULT: stopped (${why}) after ${d.stopped.after.toLocaleString('en-US')} of ${d.stopped.of.toLocaleString('en-US')} games.`,
      ),
    );
    lines.push(st.dim('The figures below are over the games finished; run it again with --games to get them all.'));
  }
  lines.push(
    `${st.heading(`Simulated ${d.games} game${d.games === 1 ? '' : 's'} of ${d.rounds} round${d.rounds === 1 ? '' : 's'}`)} - ${d.table}, ${d.mode} mode, seed ${d.seed} (${d.generator === 'chacha20' ? 'ChaCha20' : 'Mersenne Twister'} dice)`,
  );
  const s = d.setup;
  lines.push(
    st.dim(
      `Setup: ${s.tiles} tile${s.tiles === 1 ? '' : 's'}, ${s.spawnPoints} spawn point${s.spawnPoints === 1 ? '' : 's'}, ${s.gangs ? `${s.gangs} gang${s.gangs === 1 ? '' : 's'}` : 'no rosters'}${s.lairs !== null ? `, ${s.lairs} Beast Lairs` : ''}${s.structures !== null ? `, ${s.structures} large structures` : ''}; no GM overrides.`,
    ),
  );

  // --- Per event --------------------------------------------------------------------------------
  const barW = Math.max(0, Math.min(20, W - 61));
  lines.push('', st.bold('Per event') + st.dim(' (appears = games in which it was drawn at least once)'));
  lines.push(
    st.bold(
      `${fit('D64', 5)} ${fit('Event', 22)} ${fit('Timing', 14)} ${'Appears'.padStart(7)} ${barW ? `${' '.repeat(barW)} ` : ''}${'Rounds'.padStart(6)}`,
    ),
  );
  for (const e of d.events) {
    const range = e.range[0] === e.range[1] ? `${e.range[0]}` : `${e.range[0]}-${e.range[1]}`;
    const timing = e.timing === 'once' ? 'Once' : e.discardOn === null ? 'Persistent' : `Persistent ${e.discardOn}+`;
    const rounds = e.timing === 'once' ? '-' : e.meanRoundsInPlay === null ? 'n/a' : num(e.meanRoundsInPlay, 2);
    const styledTiming = e.timing === 'once' ? st.once(fit(timing, 14)) : st.persistent(fit(timing, 14));
    lines.push(
      `${fit(range, 5)} ${fit(e.name, 22)} ${styledTiming} ${pct(e.appearedIn).padStart(7)} ${barW ? `${st.tool(bar(e.appearedIn, barW))} ` : ''}${rounds.padStart(6)}`,
    );
  }
  lines.push(st.dim('Rounds: mean Event Phases it was in play after, in the games where it appeared.'));

  // --- Per round ----------------------------------------------------------------------------------
  const chartW = Math.max(6, Math.min(30, W - 61));
  const scale = Math.max(1, ...d.perRound.map((r) => r.inPlay.max));
  lines.push(
    '',
    st.bold('Per round') +
      st.dim(` (right after its Event Phase; means over ${d.games} game${d.games === 1 ? '' : 's'})`),
  );
  lines.push(
    st.dim(
      `${' '.repeat(6)}${fit('persistent events in play', 19 + chartW)}  ${fit('visib.', 7)}  creatures spawned so far`,
    ),
  );
  lines.push(
    st.bold(
      `${'round'} ${'mean'.padStart(5)} ${'p50'.padStart(3)} ${'p90'.padStart(3)} ${'max'.padStart(3)}  ${fit('chart', chartW)}  ${fit('reduced', 7)}  ${'rats'.padStart(5)} ${'zomb.'.padStart(5)} ${'scum'.padStart(5)} ${'gene.'.padStart(5)}`,
    ),
  );
  for (const r of d.perRound) {
    const ip = r.inPlay;
    const sp = r.spawned;
    lines.push(
      `${String(r.round).padStart(5)} ${num(ip.mean, 2).padStart(5)} ${String(ip.p50).padStart(3)} ${String(ip.p90).padStart(3)} ${String(ip.max).padStart(3)}  ${st.tool(chart(ip.mean, ip.p90, scale, chartW))}  ${pct(r.visibilityReduced).padStart(7)}  ${num(sp.rats, 2).padStart(5)} ${num(sp.zombies, 2).padStart(5)} ${num(sp.scum, 2).padStart(5)} ${num(sp.genestealers, 2).padStart(5)}`,
    );
  }
  lines.push(
    st.dim(`chart: # = mean, | = 90th percentile; full width = ${scale} event${scale === 1 ? '' : 's'} in play.`),
  );
  lines.push(st.dim(`visib. reduced: visibility is not ${d.normalVisibility} (${d.visibilityTable}).`));

  // --- Per game -----------------------------------------------------------------------------------
  const last = d.perRound[d.perRound.length - 1];
  lines.push('', st.bold('Per game'));
  lines.push(`  Duplicates re-rolled: ${num(d.duplicatesPerGame, 2)}`);
  if (d.mode === 'deck') lines.push(`  Deck reshuffles: ${num(d.reshufflesPerGame, 2)}`);
  if (d.noNewEventPerGame > 0)
    lines.push(`  Event Phases with no new event (all left already in play): ${num(d.noNewEventPerGame, 2)}`);
  if (last && last.spawned.abomination > 0)
    lines.push(`  Abominations spawned by round ${last.round}: ${num(last.spawned.abomination, 3)}`);
  lines.push(st.dim(`Same run: the same --seed ${d.seed} and flags. --json gives every figure.`));
  return lines;
}

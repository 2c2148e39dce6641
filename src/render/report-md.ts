// `badzone report --format md`: the battle report as Markdown. Formatting only. Names and table texts are escaped
// for Markdown (and their HTML special characters as entities), so a gang name cannot become a link, a heading or
// markup in whatever renders the file.
import type { Outcome } from '../engine/resolve.js';
import type { Roll } from '../engine/state.js';
import type { ReportData } from '../serve/report.js';
import type { EndPhaseView, HistoryRound } from '../serve/history.js';

// Every text goes inline after a list marker or a label, so only inline syntax needs escaping.
const MD = /[\\`*_[\]|~!]/g;

/** Text for Markdown: inline, escaped. */
export function md(s: string): string {
  return s
    .replace(/\r?\n/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(MD, (c) => `\\${c}`);
}

function rollLine(r: Roll): string {
  return `${r.card ? 'card' : r.d66 ? 'D66' : `D${r.die}`} **${r.value}** (${r.entered ? 'entered' : 'rolled'}): ${md(r.for)}`;
}

function rolls(list: Roll[], indent = ''): string[] {
  return list.map((r) => `${indent}- ${rollLine(r)}`);
}

function outcomes(list: Outcome[], indent = ''): string[] {
  return list.map((o) => `${indent}- ${md(o.text)}`);
}

function endPhase(e: EndPhaseView): string[] {
  const out: string[] = [];
  for (const t of e.triggers) out.push(`- ${md(t.name)}`, ...outcomes(t.outcomes, '  '));
  for (const c of e.checks) out.push(`- ${md(c.name)}: discard check ${c.roll}, needs ${c.discardOn}+: **${c.discarded ? 'discarded' : 'stays in play'}**`);
  if (e.triggers.length === 0 && e.checks.length === 0) out.push('- Nothing happened.');
  if (e.resolvedBy === 'round') out.push('- (Resolved when the next round started.)');
  if (e.rolls.length) out.push('', 'Dice:', '', ...rolls(e.rolls));
  return out;
}

function round(h: HistoryRound): string[] {
  const out = [`### ${h.round === 0 ? 'Setup' : `Round ${h.round}`}`, ''];
  if (h.setup && (h.setup.notes.length || h.setup.rolls.length)) {
    if (h.setup.notes.length) out.push(...h.setup.notes.map((n) => `- ${md(n)}`), '');
    if (h.setup.rolls.length) out.push('Dice:', '', ...rolls(h.setup.rolls), '');
  }
  const ep = h.eventPhase;
  if (ep) {
    out.push('**Event Phase**', '');
    for (const d of ep.draws) out.push(`- ${d.card ? 'Card' : 'D64'} ${d.roll}: ${md(d.name)} (${d.outcome === 'once' ? 'Once' : d.outcome === 'placed' ? 'Persistent, placed in play' : 'already in play, drawn again'})`);
    if (ep.reshuffled) out.push('- The deck ran out and was reshuffled.');
    if (ep.noNewEvent) out.push(`- No new event: ${md(ep.noNewEvent)}`);
    for (const r of ep.resolved) {
      if (r.outcomes.length) out.push(`- ${md(r.name)}${r.source === 'in-play' ? ' (in play)' : ''}:`, ...outcomes(r.outcomes, '  '));
    }
    if (ep.rolls.length) out.push('', 'Dice:', '', ...rolls(ep.rolls));
    out.push('');
  }
  if (h.gm.length) {
    out.push('**By the GM**', '');
    for (const g of h.gm) {
      out.push(`- ${md(g.notes.join('; ') || g.action)}`);
      out.push(...rolls(g.rolls, '  '));
    }
    out.push('');
  }
  if (h.endPhase) out.push('**End Phase**', '', ...endPhase(h.endPhase), '');
  return out;
}

export function reportMarkdown(r: ReportData): string[] {
  const v = r.view;
  const s = r.setup;
  const out: string[] = [`# Battle report: ${md(v.game)}`, '', `Written by badzone ${md(r.version)}.`, '', '## The game', ''];
  out.push(`- Events: ${s.mode === 'deck' ? 'a 64-card deck' : 'a D64 roll each round'}, table: ${md(s.table)}`);
  out.push(`- Battlefield: ${s.tiles.length} tiles (${md(s.tiles.join(' '))}), ${s.spawnPoints} spawn points${s.lairs !== null ? `, ${s.lairs} Beast Lairs` : ''}${s.structures !== null ? `, ${s.structures} large structures` : ''}`);
  if (s.gangs.length) {
    out.push('- Gangs at the start:');
    for (const g of s.gangs) out.push(`  - ${md(g.name)}: ${g.battlefield.map(md).join(', ') || 'none'}${g.reserve.length ? ` (reserve: ${g.reserve.map(md).join(', ')})` : ''}`);
  } else out.push('- Gangs: no rosters given');
  const h = v.hazard;
  out.push(`- Hazard: ${h ? (h.nomadic ? `none (D10 ${h.roll}: Nomadic)` : `${md(h.name)} (D10 ${h.roll})${s.turfOwner ? `, the Home Turf of ${md(s.turfOwner)}` : ''}`) : 'none'}`);
  if (h && !h.nomadic) {
    out.push(`  - ${md(h.effect)}`);
    if (h.ploy) out.push(`  - Home Turf Ploy: ${md(h.ploy.name)} (${md(h.ploy.when)}): ${md(h.ploy.text)}`);
  }
  out.push(`- Rounds played: ${v.round}`);
  out.push(r.seed !== null ? `- Seed: ${r.seed}` : `- Seed commitment: \`${r.commitment ?? ''}\` (the seed is still hidden)`);
  out.push('', '## Checking it', '', ...r.check.flatMap((p) => [p, '']));
  out.push('## Where the game stands', '');
  out.push(`- Round ${v.round}, ${v.round === 0 ? 'not started' : v.phase === 'end' ? 'End Phase done' : 'End Phase to come'}`);
  out.push(`- In play (oldest first): ${v.inPlay.length ? v.inPlay.map((p) => `${md(p.name)} (since round ${p.sinceRound}${p.discardOn === null ? '' : `, discarded on ${p.discardOn}+`})`).join('; ') : 'none'}`);
  out.push(`- Visibility: ${md(v.visibility.name)}${v.visibility.rangeInches === null ? '' : ` (${v.visibility.rangeInches}")`}`);
  out.push(`- Tiles removed: ${v.tilesRemoved.length ? md(v.tilesRemoved.join(' ')) : 'none'}`);
  const ev = (id: string) => md(v.eventNames[id] ?? id);
  for (const p of v.inPlay) {
    if (!p.tile) continue;
    const sc = p.scatters ?? [];
    out.push(`- ${md(p.name)}: placed at the center of tile ${md(p.tile)}${sc.length ? `, then scattered ${sc.map((x) => `${x.distance}" toward ${x.direction} o'clock (round ${x.round})`).join(', then ')}` : ''}${p.worth ? `; worth ${p.worth.value} ${md(p.worth.unit)}` : ''}`);
  }
  for (const o of v.battlefield.objects) out.push(`- ${md(o.what)} (left by ${ev(o.eventId)}, round ${o.sinceRound})${o.tile ? ` on tile ${md(o.tile)}` : ''}${o.worth ? `; worth ${o.worth.value} ${md(o.worth.unit)}` : ''}`);
  for (const c of v.battlefield.conditions) out.push(`- ${md(c.fighter)} (${md(c.gang)}): ${md(c.condition)} since round ${c.sinceRound} (${ev(c.eventId)})`);
  for (const t of v.battlefield.tilePicks) {
    out.push(`- ${ev(t.eventId)}, round ${t.round}: ${t.tile === null ? 'no tile picked' : `tile ${md(t.tile)}`}${t.confirmed ? (t.correctedFrom !== undefined ? ` (recorded by the GM; badzone had picked ${md(t.correctedFrom ?? 'none')})` : '') : ' (not confirmed: picked among all tiles)'}`);
  }
  for (const g of v.gangs) {
    out.push(`- ${md(g.name)}: on the battlefield ${g.battlefield.map(md).join(', ') || 'none'}; in reserve ${g.reserve.map(md).join(', ') || 'none'}; out ${g.out.map(md).join(', ') || 'none'}`);
  }
  out.push('', '## Round by round', '');
  if (v.historyProblem) out.push(`Note: ${md(v.historyProblem)}`, '');
  for (const hr of [...v.history].reverse()) out.push(...round(hr));
  return out;
}

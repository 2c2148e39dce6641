// `badzone report --format md`: the battle report as Markdown. Formatting only. Every text that did not come from
// badzone itself (names, the file name, table texts, and any text a later change adds: titles, notes) goes through
// one of two functions, mdText or mdCode, so that a viewer that allows raw HTML shows it as text: it can become no
// element, no link, no heading, list or line break, and cannot end the line or the span it is in.
import type { Outcome, Roll } from '../api/types.js';
import type { ReportData } from '../api/report.js';
import { checkText } from './commands.js';
import type { EndPhaseView, GmActionView, HistoryRound } from '../api/history.js';
import { casketWords, diceCount } from './page.js';
import type { MapView } from '../api/types.js';
import { holderWords, legendParts } from './map-words.js';

// Inline syntax, escaped wherever it is: emphasis, code, links and images, tables, strikethrough, headings' closing
// #s. & < > become entities (no HTML tag, comment or entity can start).
const INLINE = /[\\`*_[\]|~!#]/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
// A text goes after a list marker or a label, so it may start a block inside a list item: a list marker (- + or
// "1." "1)"), a setext underline (=). Its first character is escaped then.
const BLOCK_START = /^(?:[-+=]|\d{1,9}(?=[.)]))/;
// What viewers turn into links without any Markdown (GitHub's autolinks, linkify): web addresses and e-mails.
const AUTOLINK = /:(?=\/\/)|\/(?=\/)|(?<=\bwww)\.|@/gi;

// Line breaks, and the Unicode line and paragraph separators (some renderers treat them as line ends).
const LINE_BREAK = /\r\n?|[\n\u2028\u2029]/g;

/** User text for Markdown, inert: on one line, trimmed, every character that could be syntax escaped. */
export function mdText(s: string): string {
  const line = String(s).replace(LINE_BREAK, ' ').trim();
  return line
    .replace(/[&<>]/g, (c) => ENTITY[c]!)
    .replace(INLINE, (c) => `\\${c}`)
    .replace(AUTOLINK, (c) => `\\${c}`)
    .replace(BLOCK_START, (m) => (/\d/.test(m) ? `${m}\\` : `\\${m}`));
}

/**
 * User text as a code span, shown exactly (on one line): the fence is longer than any run of backticks inside, so
 * a backtick in a file name cannot end it, and nothing inside a code span is syntax.
 */
export function mdCode(s: string): string {
  const line = String(s).replace(LINE_BREAK, ' ');
  const longest = (line.match(/`+/g) ?? []).reduce((n, run) => Math.max(n, run.length), 0);
  const fence = '`'.repeat(longest + 1);
  // A space pads content that starts or ends with a backtick, or both starts and ends with a space (one is stripped).
  const pad = /^`|`$/.test(line) || (/^ [^]* $/.test(line) && line.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}

function rollLine(r: Roll): string {
  return `${r.card ? 'card' : r.d66 ? 'D66' : `D${r.die}`} **${r.value}** (${r.entered ? 'entered' : 'rolled'}): ${mdText(r.for)}`;
}

function rolls(list: Roll[], indent = ''): string[] {
  return list.map((r) => `${indent}- ${rollLine(r)}`);
}

function outcomes(list: Outcome[], indent = ''): string[] {
  return list.map((o) => `${indent}- ${mdText(o.text)}`);
}

function endPhase(e: EndPhaseView): string[] {
  const out: string[] = [];
  for (const t of e.triggers) out.push(`- ${mdText(t.name)}`, ...outcomes(t.outcomes, '  '));
  for (const c of e.checks)
    out.push(
      `- ${mdText(c.name)}: discard check ${c.roll}, needs ${c.discardOn}+: **${c.discarded ? 'discarded' : 'stays in play'}**`,
    );
  if (e.triggers.length === 0 && e.checks.length === 0) out.push('- Nothing happened.');
  if (e.resolvedBy === 'round') out.push('- (Resolved when the next round started.)');
  return out;
}

/**
 * The map's legend in words (the HTML report draws the map): each line made whole, then escaped as one text by
 * mdText, so a name in it, a site's glyph (* % #) or an inch mark cannot become syntax.
 */
function mapLegend(map: MapView): string[] {
  const p = legendParts(map, { say: (s) => s, inch: '"' });
  const out = [`**The battlefield at the end of round ${map.round}** (${mdText(p.heading)})`, ''];
  if (!p.markers.length && !p.carried.length) out.push('- No markers on the table.');
  for (const m of p.markers) out.push(`- ${mdText(m.text)}`);
  for (const c of p.carried) out.push(`- ${mdText(c)} (not on the table)`);
  for (const n of p.notes) out.push(`- ${mdText(n)}`);
  return [...out, ''];
}

function round(h: HistoryRound, map?: MapView): string[] {
  const out = [`### ${h.round === 0 ? 'Setup' : `Round ${h.round}`}`, ''];
  if (h.setup?.notes.length) out.push(...h.setup.notes.map((n) => `- ${mdText(n)}`), '');
  const ep = h.eventPhase;
  if (ep) {
    out.push('**Event Phase**', '');
    for (const d of ep.draws)
      out.push(
        `- ${d.card ? 'Card' : 'D64'} ${d.roll}: ${mdText(d.name)} (${d.outcome === 'once' ? 'Once' : d.outcome === 'placed' ? 'Persistent, placed in play' : 'already in play, drawn again'})`,
      );
    if (ep.reshuffled) out.push('- The deck ran out and was reshuffled.');
    if (ep.noNewEvent) out.push(`- No new event: ${mdText(ep.noNewEvent)}`);
    for (const r of ep.resolved) {
      if (r.outcomes.length)
        out.push(`- ${mdText(r.name)}${r.source === 'in-play' ? ' (in play)' : ''}:`, ...outcomes(r.outcomes, '  '));
    }
    out.push('');
  }
  const gm = (title: string, list: GmActionView[]) => {
    if (!list.length) return;
    out.push(`**${title}**`, '');
    for (const g of list) out.push(`- ${mdText(g.notes.join('; ') || g.action)}`);
    out.push('');
  };
  gm(
    'By the GM',
    h.gm.filter((g) => !g.afterEndPhase),
  );
  if (h.endPhase) out.push('**End Phase**', '', ...endPhase(h.endPhase), '');
  gm(
    'After the End Phase, by the GM',
    h.gm.filter((g) => g.afterEndPhase),
  );
  if (map) out.push(...mapLegend(map));
  return out;
}

/** A round's dice, for the appendix, in the order they were rolled: the setup's, the Event Phase's, the GM's, the End Phase's, the GM's after it. */
function roundDice(h: HistoryRound): string[] {
  const list = [
    ...(h.setup?.rolls ?? []),
    ...(h.eventPhase?.rolls ?? []),
    ...h.gm.filter((g) => !g.afterEndPhase).flatMap((g) => g.rolls),
    ...(h.endPhase?.rolls ?? []),
    ...h.gm.filter((g) => g.afterEndPhase).flatMap((g) => g.rolls),
  ];
  return list.length ? [`### ${h.round === 0 ? 'Setup' : `Round ${h.round}`}`, '', ...rolls(list), ''] : [];
}

/**
 * The report's heading: the gangs that fought ("Goliaths vs Eschers"), each name escaped, or the game's file name
 * when no rosters were given.
 */
export function reportHeading(r: ReportData): string {
  const gangs = r.setup.gangs.map((g) => mdText(g.name));
  return gangs.length ? gangs.join(' vs ') : `Battle report: ${mdText(r.view.game)}`;
}

export function reportMarkdown(r: ReportData): string[] {
  const v = r.view;
  const s = r.setup;
  const n = r.story;
  // The story first (the setup, then round by round, then where the game stands); how to check it, with the seed
  // or its commitment, after it; every die in an appendix at the end.
  const out: string[] = [`# ${n.title !== null ? mdText(n.title) : reportHeading(r)}`, ''];
  // A title given: the gangs under it.
  if (n.title !== null && s.gangs.length) out.push(`**${reportHeading(r)}**`, '');
  out.push(`A battle report written by badzone ${mdText(r.version)}.`, '', '## The game', '');
  out.push(`- Game file: ${mdText(v.game)}`);
  if (n.date !== null) out.push(`- Date: ${mdText(n.date)}`);
  if (n.scenario !== null) out.push(`- Scenario: ${mdText(n.scenario)}`);
  if (n.result !== null) out.push(`- Result: ${mdText(n.result)}`);
  out.push(`- Events: ${s.mode === 'deck' ? 'a 64-card deck' : 'a D64 roll each round'}, table: ${mdText(s.table)}`);
  out.push(
    `- Battlefield: ${s.tiles.length} tiles (${mdText(s.tiles.join(' '))}), ${s.spawnPoints} spawn points${s.lairs !== null ? `, ${s.lairs} Beast Lairs` : ''}${s.structures !== null ? `, ${s.structures} large structures` : ''}`,
  );
  if (s.gangs.length) {
    out.push('- Gangs at the start:');
    for (const g of s.gangs)
      out.push(
        `  - ${mdText(g.name)}: ${g.battlefield.map(mdText).join(', ') || 'none'}${g.reserve.length ? ` (reserve: ${g.reserve.map(mdText).join(', ')})` : ''}`,
      );
  } else out.push('- Gangs: no rosters given');
  const h = v.hazard;
  out.push(
    `- Hazard: ${h ? (h.nomadic ? `none (D10 ${h.roll}: Nomadic)` : `${mdText(h.name)} (D10 ${h.roll})${s.turfOwner ? `, the Home Turf of ${mdText(s.turfOwner)}` : ''}`) : 'none'}`,
  );
  if (h && !h.nomadic) {
    out.push(`  - ${mdText(h.effect)}`);
    if (h.ploy) out.push(`  - Home Turf Ploy: ${mdText(h.ploy.name)} (${mdText(h.ploy.when)}): ${mdText(h.ploy.text)}`);
  }
  out.push(`- Rounds played: ${v.round}`);
  out.push('', '## Round by round', '');
  if (v.historyProblem) out.push(`Note: ${mdText(v.historyProblem)}`, '');
  const oldestFirst = [...v.history].reverse();
  const maps = new Map((r.maps ?? []).map((m) => [m.round, m.map]));
  for (const hr of oldestFirst) out.push(...round(hr, maps.get(hr.round)));
  out.push('## Where the game stands', '');
  out.push(
    `- Round ${v.round}, ${v.round === 0 ? 'not started' : v.phase === 'end' ? 'End Phase done' : 'End Phase to come'}`,
  );
  out.push(
    `- In play (oldest first): ${v.inPlay.length ? v.inPlay.map((p) => `${mdText(p.name)} (since round ${p.sinceRound}${p.discardOn === null ? '' : `, discarded on ${p.discardOn}+`})`).join('; ') : 'none'}`,
  );
  out.push(
    `- Visibility: ${mdText(v.visibility.name)}${v.visibility.rangeInches === null ? '' : ` (${v.visibility.rangeInches}")`}`,
  );
  out.push(`- Tiles removed: ${v.tilesRemoved.length ? mdText(v.tilesRemoved.join(' ')) : 'none'}`);
  const ev = (id: string) => mdText(v.eventNames[id] ?? id);
  for (const p of v.inPlay) {
    if (!p.tile) continue;
    const sc = p.scatters ?? [];
    if (p.carriedBy) {
      out.push(
        `- ${mdText(p.name)}: carried by ${holderWords(p.carriedBy, mdText)}${p.worth ? `; worth ${p.worth.value} ${mdText(p.worth.unit)}` : ''}`,
      );
      continue;
    }
    out.push(
      `- ${mdText(p.name)}: placed at the center of tile ${mdText(p.tile)}${sc.length ? `, then scattered ${sc.map((x) => `${x.distance}" toward ${x.direction} o'clock (round ${x.round})`).join(', then ')}` : ''}${p.worth ? `; worth ${p.worth.value} ${mdText(p.worth.unit)}` : ''}`,
    );
  }
  for (const o of v.battlefield.objects)
    out.push(
      `- ${mdText(o.what)} (left by ${ev(o.eventId)}, round ${o.sinceRound})${o.carriedBy ? ` carried by ${holderWords(o.carriedBy, mdText)}` : o.tile ? ` on tile ${mdText(o.tile)}` : ''}${o.worth ? `; worth ${o.worth.value} ${mdText(o.worth.unit)}` : ''}`,
    );
  for (const c of v.battlefield.conditions)
    out.push(
      `- ${mdText(c.fighter)} (${mdText(c.gang)}): ${mdText(c.condition)} since round ${c.sinceRound} (${ev(c.eventId)})`,
    );
  for (const t of v.battlefield.tilePicks) {
    out.push(
      `- ${ev(t.eventId)}, round ${t.round}: ${t.tile === null ? 'no tile picked' : `tile ${mdText(t.tile)}`}${t.confirmed ? (t.correctedFrom !== undefined ? ` (recorded by the GM; badzone had picked ${mdText(t.correctedFrom ?? 'none')})` : '') : ' (not confirmed: picked among all tiles)'}`,
    );
  }
  for (const g of v.gangs) {
    out.push(
      `- ${mdText(g.name)}: on the battlefield ${g.battlefield.map(mdText).join(', ') || 'none'}; in reserve ${g.reserve.map(mdText).join(', ') || 'none'}; out ${g.out.map(mdText).join(', ') || 'none'}`,
    );
  }
  if (r.caskets?.length) {
    out.push('', '## The caskets at the end', '');
    for (const c of r.caskets) out.push(`- ${casketWords(c, mdText)}`);
  }
  out.push('', '## Checking it', '');
  out.push(
    r.seed !== null
      ? `- Seed: ${r.seed}`
      : `- Seed commitment: ${mdCode(r.commitment ?? '')} (the seed is still hidden)`,
  );
  out.push(`- Dice: ${diceCount(v.dice)}`, '');
  // The same words as the report's \`check\`, with the commands (the file name in them) as safe code spans.
  out.push(...checkText(r.check, mdCode).flatMap((p) => [p, '']));
  const dice = oldestFirst.flatMap(roundDice);
  if (dice.length) out.push('## Dice', '', ...dice);
  while (out.at(-1) === '') out.pop();
  return out;
}

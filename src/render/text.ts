// The human view of each command's data. Formatting only: every fact comes from the view's data.
import Table from 'cli-table3';
import type { View } from '../cli/view.js';
import type { RollData } from '../cli/commands/roll.js';
import type { BadzoneEvent, HazardTable, Step } from '../rules/types.js';
import type { HazardRollData } from '../cli/commands/hazard-roll.js';
import type { HazardShowData } from '../cli/commands/hazard-show.js';
import type { LintData } from '../cli/commands/table-lint.js';
import type { NewData } from '../cli/commands/new.js';
import type { RoundData } from '../cli/commands/round.js';
import type { EndData } from '../cli/commands/end.js';
import type { StatusData } from '../cli/commands/status.js';
import type { LogData } from '../cli/commands/log.js';
import type { UndoData } from '../cli/commands/undo.js';
import type { VerifyData } from '../cli/commands/verify.js';
import type { DiscardData } from '../cli/commands/discard.js';
import type { PlaceData } from '../cli/commands/place.js';
import type { VisibilityData } from '../cli/commands/visibility.js';
import type { FighterData } from '../cli/commands/fighter.js';
import type { EndPhaseReport, Resolved } from '../engine/phases.js';
import type { Outcome } from '../engine/resolve.js';
import type { InPlayView } from '../engine/step.js';
import type { HazardView, VisibilityView } from '../cli/views.js';
import { safeDeep } from './safe.js';
import { wrap, type Style } from './style.js';

type Renderer = (data: never, st: Style) => string[];

export function renderText(view: View, st: Style): string {
  const r = RENDERERS[view.kind] as Renderer | undefined;
  const data = safeDeep(view.data);
  if (!r) return `${JSON.stringify(data, null, 2)}\n`;
  return `${r(data as never, st).join('\n')}\n`;
}

function table(st: Style, head: string[], colWidths?: number[]): Table.Table {
  return new Table({
    head: head.map((h) => st.bold(h)),
    style: { head: [], border: [], compact: false },
    wordWrap: true,
    ...(colWidths ? { colWidths } : {}),
    chars: st.color ? {} : { mid: '-', 'left-mid': '+', 'mid-mid': '+', 'right-mid': '+' },
  } as Table.TableConstructorOptions);
}

/** Split the terminal width among columns: fixed widths for the small ones, the rest to the last. */
function widths(st: Style, fixed: number[]): number[] {
  const used = fixed.reduce((a, b) => a + b, 0) + fixed.length + 2;
  return [...fixed, Math.max(16, st.width - used)];
}

function timingText(ev: { timing: string; discardOn: number | null }): string {
  if (ev.timing === 'once') return 'Once';
  return ev.discardOn === null ? 'Persistent' : `Persistent, discarded on ${ev.discardOn}+`;
}

function timingStyled(ev: { timing: string; discardOn: number | null }, st: Style): string {
  return ev.timing === 'once' ? st.once(timingText(ev)) : st.persistent(timingText(ev));
}

function rangeText(r: [number, number]): string {
  return r[0] === r[1] ? `${r[0]}` : `${r[0]}-${r[1]}`;
}

function stepText(s: Step): string {
  switch (s.kind) {
    case 'spawn':
      return `${s.count} ${s.what} at a random spawn point`;
    case 'scatterEachTile':
      return `a ${s.what} on each tile, scattered ${s.distance}" + direction`;
    case 'pickTile':
      return `a random tile${s.avoidOccupied ? ' with no player models' : ''}: ${s.what}${s.place ? `, ${s.place.count} ${s.place.what}s${s.place.scatterEach ? ` each scattered ${s.place.scatterEach}"` : ''}` : ''}${s.worth ? `, worth ${s.worth.dice} ${s.worth.unit}` : ''}${s.removeTile ? '; the tile is removed' : ''}`;
    case 'scatter':
      return `the ${s.what} scatters ${s.distance}" + direction`;
    case 'pickFighter':
      return `a random fighter ${s.from === 'reserve' ? "from each gang's reserve" : 'in each gang'}`;
    case 'rollEachFighter':
      return `${s.dice} for each fighter; on ${s.on.join(' or ')}: to ${s.moveTo}`;
    case 'pickLair':
      return `a random Beast Lair becomes a ${s.becomes}`;
    case 'pickStructure':
      return `a random ${s.what} is removed`;
    case 'visibilitySet':
      return `visibility becomes ${s.level}`;
    case 'visibilityRoll':
      return 'a roll on the visibility table';
    case 'visibilityClearPitchBlack':
      return 'Pitch Black is removed, if in effect';
  }
}

function toolLines(ev: BadzoneEvent): string[] {
  const out: string[] = [];
  const add = (when: string, list: Step[]) => {
    for (const s of list) out.push(`${when}: ${stepText(s)}`);
  };
  add('When drawn', ev.resolve.onDraw);
  add('Each Event Phase', ev.resolve.eachEventPhase);
  add('End Phase', ev.resolve.endPhase);
  return out;
}

function roll(d: RollData, st: Style): string[] {
  const fmt = (r: RollData['results'][number]) =>
    `${st.bold(String(r.total))}${r.dice.length > 1 || r.total !== r.dice[0] ? st.dim(` (dice ${r.dice.join('+')})`) : ''}${r.direction !== undefined ? ` toward ${r.direction} o'clock` : ''}`;
  if (d.results.length === 1) return [`${d.expression}${d.scatter ? '" scatter' : ''}: ${fmt(d.results[0]!)}`];
  const lines = [`${d.expression} x${d.times} (seed ${d.seed}):`];
  const shown = d.results.slice(0, 200).map((r) => String(r.total));
  lines.push(...wrap(shown.join(' '), st.width, '  ', '  '));
  if (d.results.length > 200) lines.push(st.dim(`  ... ${d.results.length - 200} more (use --json for all)`));
  const totals = d.results.map((r) => r.total);
  const mean = totals.reduce((a, b) => a + b, 0) / totals.length;
  lines.push(st.dim(`  min ${Math.min(...totals)}, max ${Math.max(...totals)}, mean ${mean.toFixed(2)}`));
  return lines;
}

function events(list: BadzoneEvent[], st: Style): string[] {
  const t = table(st, ['D64', '#', 'Event', 'Timing'], widths(st, [7, 4, 22]));
  for (const ev of list) t.push([rangeText(ev.range), String(ev.count), ev.name, timingStyled(ev, st)]);
  return [t.toString(), st.dim('`badzone events show <id | D64 number | name>` shows an event in full.')];
}

function eventCard(ev: BadzoneEvent, st: Style): string[] {
  const lines = [st.heading(`${ev.name}`) + st.dim(`  (${ev.id}, D64 ${rangeText(ev.range)}, ${ev.count} in the deck)`), timingStyled(ev, st), ''];
  lines.push(...wrap(ev.effect, st.width, '  ', '  '));
  const tl = toolLines(ev);
  if (tl.length) {
    lines.push('', st.bold('badzone rolls:'));
    for (const l of tl) lines.push(...wrap(l, st.width, '    ', '  » ').map(st.tool));
  }
  if (ev.gm) {
    lines.push('', st.bold('At the table:'));
    lines.push(...wrap(ev.gm, st.width, '  ', '  '));
  }
  if (ev.rulings?.length) {
    lines.push('', st.bold('Rulings:'));
    for (const r of ev.rulings) lines.push(...wrap(r, st.width, '    ', '  - '));
  }
  return lines;
}

function hazardRoll(d: HazardRollData, st: Style): string[] {
  const lines = [st.heading(`Hazard Table: D10 = ${d.roll}`) + (d.seed !== null ? st.dim(` (seed ${d.seed})`) : ' (your roll)')];
  if (d.hazard) {
    lines.push(st.bold(d.hazard.name) + (d.hazard.page ? st.dim(`  [${d.hazard.page}]`) : ''));
    lines.push(...wrap(d.hazard.effect, st.width, '  ', '  '));
    lines.push('', st.bold(`Home Turf Ploy: ${d.hazard.ploy.name}`) + st.dim(` (${d.hazard.ploy.when})`));
    lines.push(...wrap(d.hazard.ploy.text, st.width, '  ', '  '));
  } else {
    lines.push(st.bold('Nomadic'));
  }
  lines.push('', ...wrap(d.meaning, st.width));
  return lines;
}

function hazards(t: HazardTable, st: Style): string[] {
  const tb = table(st, ['D10', 'Hazard', 'Home Turf Ploy'], widths(st, [5, 18]));
  for (const h of t.hazards) tb.push([String(h.roll), h.name, `${h.ploy.name}: ${h.ploy.when}`]);
  tb.push([String(t.nomadic.roll), t.nomadic.name, `No Home Turf; Rating Limit ${t.nomadic.ratingLimit} (not ${t.nomadic.standardRatingLimit})`]);
  return [tb.toString(), st.dim('`badzone hazard show <1-10 | id>` shows a hazard in full.')];
}

function hazardShow(d: HazardShowData, st: Style): string[] {
  if (d.nomadic) return [st.heading(`${d.roll}: ${d.nomadicRule.name}`), ...wrap(d.nomadicRule.effect, st.width, '  ', '  ')];
  const h = d.hazard;
  return [
    st.heading(`${h.roll}: ${h.name}`) + (h.page ? st.dim(`  [${h.page}]`) : ''),
    ...wrap(h.effect, st.width, '  ', '  '),
    '',
    st.bold(`Home Turf Ploy: ${h.ploy.name}`) + st.dim(` (${h.ploy.when})`),
    ...wrap(h.ploy.text, st.width, '  ', '  '),
  ];
}

function lint(d: LintData, st: Style): string[] {
  if (d.valid) return [st.kept('OK') + ` ${d.file}: a valid ${d.kind === 'events' ? `event table (${d.events} entries covering D64 1-64)` : 'visibility table'}.`];
  return [st.discarded('INVALID') + ` ${d.problem ?? ''}`];
}

function visText(v: VisibilityView): string {
  return `${v.name} (${v.rangeInches === null ? 'unlimited' : `${v.rangeInches}"`})${v.pitchBlack ? ', Pitch Black' : ''}`;
}

function hazardLines(h: HazardView | null, st: Style, reminder: boolean): string[] {
  if (!h) return [];
  if (h.nomadic) return [`${st.bold('Hazard:')} none (Nomadic roll)`];
  const lines = wrap(`${st.bold('Hazard:')} ${h.name}. ${h.effect}`, st.width, '  ');
  if (h.ploy && (h.ployAtRoundStart || !reminder)) {
    const who = h.turfOwner ? ` (${h.turfOwner})` : '';
    lines.push(...wrap(`${st.bold('Home Turf Ploy')}${who}: ${h.ploy.name}, ${h.ploy.when}: ${h.ploy.text}`, st.width, '  ', reminder ? '  ↳ ' : '  '));
  }
  return lines;
}

function outcomeLines(o: Outcome[], st: Style, indent: string): string[] {
  const out: string[] = [];
  for (const x of o) out.push(...wrap(x.text, st.width, `${indent}  `, `${indent}» `).map(st.tool));
  return out;
}

function resolvedLines(r: Resolved, st: Style, n: number | null): string[] {
  const lines: string[] = [];
  const head = `${n === null ? '' : `${n}. `}${st.bold(r.name)}`;
  const tag = r.source === 'new' ? ` ${st.warn('[NEW]')}` : '';
  lines.push(`  ${head}${tag}  ${st.dim(timingText(r))}`);
  lines.push(...outcomeLines(r.outcomes, st, '     '));
  if (r.text) lines.push(...wrap(`GM: ${r.text}`, st.width, '         ', '     '));
  return lines;
}

function endLines(e: EndPhaseReport, st: Style, title: string): string[] {
  const lines = [st.heading(title)];
  if (e.triggers.length === 0 && e.checks.length === 0) lines.push('  Nothing to resolve: no End-Phase effects and no event with a discard roll.');
  for (const t of e.triggers) {
    lines.push(`  ${st.bold(t.name)}:`);
    lines.push(...outcomeLines(t.outcomes, st, '     '));
  }
  if (e.checks.length) {
    const nameW = Math.min(26, Math.max(...e.checks.map((c) => c.name.length)));
    for (const c of e.checks) {
      const verdict = c.discarded ? st.discarded('DISCARDED') : st.kept('stays in play');
      lines.push(`  ${c.name.padEnd(nameW)}  D6 ${st.tool(String(c.roll))}  needs ${c.discardOn}+  ${verdict}`);
    }
  }
  return lines;
}

function inPlayLines(list: InPlayView[], st: Style): string[] {
  if (list.length === 0) return ['  (none)'];
  return list.map((p, i) => {
    const extra = [p.tile ? `tile ${p.tile}` : '', p.worth !== undefined ? `worth ${p.worth}` : ''].filter(Boolean).join(', ');
    return `  ${i + 1}. ${p.name}  ${st.dim(`since round ${p.sinceRound}, ${p.discardOn === null ? 'stays until discarded' : `discarded on ${p.discardOn}+`}${extra ? `, ${extra}` : ''}`)}`;
  });
}

function round(d: RoundData, st: Style): string[] {
  const lines: string[] = [];
  if (d.startedNew) lines.push(st.warn(`No game here: started a new one (seed ${d.startedNew.seed}), saved in ${d.session}.`), '');
  if (d.endPhase) lines.push(...endLines(d.endPhase, st, `End Phase of round ${d.endPhase.round} (resolved now)`), '');
  const bar = `== Round ${d.round} `;
  lines.push(st.heading(bar + '='.repeat(Math.max(0, Math.min(st.width, 60) - bar.length))));
  lines.push(st.heading('Event Phase'));
  const ep = d.eventPhase;
  if (ep.reshuffled) lines.push(st.warn('  The deck ran out: the discard pile was shuffled into a new deck.'));
  for (const dr of ep.draws) {
    const name = d.eventPhase.resolved.find((r) => r.eventId === dr.eventId)?.name ?? dr.eventId;
    const what = dr.outcome === 'duplicate' ? st.dim(`${name}: already in play, discarded; drawing again`) : dr.outcome === 'once' ? `${name} ${st.once('(Once)')}` : `${name} ${st.persistent('(Persistent, placed in play)')}`;
    lines.push(`  ${d.eventPhase.draws.length ? 'D64' : ''} ${st.tool(String(dr.roll))} -> ${what}`);
  }
  if (ep.noNewEvent) lines.push(st.warn(`  No new event: ${ep.noNewEvent}.`));
  const newOne = ep.resolved.find((r) => r.source === 'new');
  if (newOne && newOne.timing === 'once') {
    lines.push('', st.bold(`NEW: ${newOne.name}`) + `  ${st.once('Once')}`);
    lines.push(...outcomeLines(newOne.outcomes, st, '  '));
    if (newOne.text) lines.push(...wrap(`GM: ${newOne.text}`, st.width, '      ', '  '));
  }
  const persistent = ep.resolved.filter((r) => r.timing === 'persistent');
  lines.push('', st.bold('Events in play, oldest first:'));
  if (persistent.length === 0) lines.push('  (none)');
  persistent.forEach((r, i) => lines.push(...resolvedLines(r, st, i + 1)));
  lines.push('', `${st.bold('Visibility:')} ${visText(d.visibility)}${d.visibility.sinceRound > 0 ? st.dim(` (since round ${d.visibility.sinceRound})`) : ''}`);
  lines.push(...hazardLines(d.hazard, st, true));
  if (d.dueInEndPhase.length) {
    lines.push(st.bold('Due in the End Phase:'));
    for (const x of d.dueInEndPhase) lines.push(...wrap(x, st.width, '    ', '  - '));
  }
  lines.push(st.dim('Run `badzone end` at the End Phase, then `badzone round` for the next round.'));
  return lines;
}

function end(d: EndData, st: Style): string[] {
  return [...endLines(d, st, `End Phase of round ${d.round}`), '', st.bold('In play:'), ...inPlayLines(d.inPlay, st), st.dim('Next: `badzone round`.')];
}

function status(d: StatusData, st: Style): string[] {
  const phase = d.phase === 'setup' ? 'set up, no round played yet' : d.phase === 'round' ? `round ${d.round} under way (End Phase not yet resolved)` : `round ${d.round} over (End Phase resolved)`;
  const lines = [st.heading(`Round ${d.round}`) + ` - ${phase}`];
  lines.push(st.dim(`${d.session} | ${d.mode} mode, seed ${d.seed}${d.deck ? ` | deck ${d.deck.drawPile} left, ${d.deck.discardPile} discarded` : ''}`));
  lines.push(st.bold('In play:'), ...inPlayLines(d.inPlay, st));
  lines.push(`${st.bold('Visibility:')} ${visText(d.visibility)}`);
  lines.push(...hazardLines(d.hazard, st, false));
  lines.push(`${st.bold('Tiles:')} ${d.tiles.join(' ') || '(none)'}${d.tilesRemoved.length ? st.dim(`  removed: ${d.tilesRemoved.join(' ')}`) : ''} | ${st.bold('Spawn points:')} ${d.spawnPoints}`);
  if (d.lairs) lines.push(`${st.bold('Beast Lairs:')} ${d.lairs.map((l) => (l.becomes ? `${l.name} -> ${l.becomes}` : l.name)).join('; ') || '(none)'}`);
  if (d.structures) lines.push(`${st.bold('Large structures standing:')} ${d.structures.length}`);
  for (const g of d.gangs) {
    lines.push(...wrap(`${st.bold(g.name)}: ${g.battlefield.join(', ') || '(none on the battlefield)'}${g.reserve.length ? ` | reserve: ${g.reserve.join(', ')}` : ''}${g.out.length ? ` | out: ${g.out.join(', ')}` : ''}`, st.width, '    '));
  }
  if (d.dueInEndPhase.length) lines.push(...wrap(`${st.bold('Due in the End Phase:')} ${d.dueInEndPhase.join('; ')}`, st.width, '  '));
  return lines;
}

function actionText(a: LogData['entries'][number]['action']): string {
  switch (a.type) {
    case 'new':
      return 'new game';
    case 'round':
      return `round${a.occupied ? ` --occupied ${a.occupied.join(',')}` : ''}`;
    case 'end':
      return 'end';
    case 'discard':
      return `discard ${a.eventId}`;
    case 'place':
      return `place ${a.eventId}`;
    case 'visibility':
      return `visibility set ${a.level}`;
    case 'fighter':
      return `fighter ${a.name} ${a.to}`;
  }
}

function log(d: LogData, st: Style): string[] {
  const lines = [st.heading(`Log of ${d.session}`) + st.dim(` (seed ${d.seed}${d.round !== null ? `, round ${d.round}` : ''})`)];
  if (d.entries.length === 0) lines.push('  (no entries)');
  for (const r of d.entries) {
    lines.push(st.bold(`#${r.seq} round ${r.round}: ${actionText(r.action)}`));
    for (const x of r.rolls) lines.push(...wrap(`D${x.die} ${x.value}${x.entered ? ' (entered)' : ''}${x.card ? ' (card)' : ''}  ${x.for}`, st.width, '        ', '    ').map((l, i) => (i === 0 ? st.tool(l) : l)));
    for (const n of r.notes) lines.push(...wrap(n, st.width, '      ', '    - ').map(st.dim));
  }
  return lines;
}

function undo(d: UndoData, st: Style): string[] {
  return [
    `Undone: #${d.undone.seq} ${actionText(d.undone.action)} (round ${d.undone.round}, ${d.undone.rolls.length} dice).`,
    `Now: round ${d.round}, ${d.phase === 'setup' ? 'before round 1' : d.phase === 'round' ? 'End Phase not yet resolved' : 'End Phase resolved'}. Running the same command again gives the same rolls.`,
    st.dim(`${d.remaining} command${d.remaining === 1 ? '' : 's'} left to undo.`),
  ];
}

function verify(d: VerifyData, st: Style): string[] {
  if (d.ok) return [`${st.kept('OK')} ${d.session}: all ${d.entries} log entries and ${d.rolls} dice follow from seed ${d.seed}, and so does the current state.`];
  return [`${st.discarded('DOES NOT FOLLOW')} ${d.session}: ${d.problem ?? ''}`, st.dim('The file was not changed. `badzone undo` or `badzone new --force` can get you back to a consistent game.')];
}

function discard(d: DiscardData, st: Style): string[] {
  return [`${d.name} discarded.`, st.bold('In play:'), ...inPlayLines(d.inPlay, st)];
}

function place(d: PlaceData, st: Style): string[] {
  return [`${d.name} placed in play.`, ...outcomeLines(d.outcomes, st, '  '), st.bold('In play:'), ...inPlayLines(d.inPlay, st)];
}

function visibility(d: VisibilityData, st: Style): string[] {
  const lines = [`${st.bold('Visibility:')} ${visText(d.visibility)}${d.changed ? ' (set by the GM)' : ''}`];
  if (d.visibility.rules) lines.push(...wrap(d.visibility.rules, st.width, '  ', '  '));
  if (!d.changed) lines.push(st.dim(`Levels: ${d.levels.map((l) => l.id).join(', ')}. Set one with \`badzone visibility set LEVEL\`.`));
  if (d.visibility.houseTable) lines.push(st.dim('(House visibility table: the Badzone rules do not include one.)'));
  return lines;
}

function fighter(d: FighterData): string[] {
  return [`${d.name} (${d.gang}): ${d.from} -> ${d.to}.`];
}

function newGame(d: NewData, st: Style): string[] {
  const lines = [st.heading('New game') + ` saved in ${d.session}`];
  if (d.backup) lines.push(st.warn(`The old game was kept as ${d.backup}.`));
  lines.push(`Seed ${d.seed}, ${d.mode} mode, tiles ${d.setup.tiles.join(' ')}, ${d.setup.spawnPoints} spawn points.`);
  lines.push(`Event table: ${d.setup.table}. Visibility: ${visText(d.visibility)}.`);
  for (const g of d.setup.gangs) lines.push(...wrap(`${g.name}: ${g.battlefield.join(', ') || '-'}${g.reserve.length ? ` | reserve: ${g.reserve.join(', ')}` : ''}`, st.width, '    ', '  '));
  if (d.hazard) lines.push(...hazardLines(d.hazard, st, false));
  lines.push(st.dim(`Same game without prompts: ${d.commandLine}`));
  lines.push('Next: `badzone round` at the start of each round.');
  return lines;
}

const RENDERERS: Record<string, (d: never, st: Style) => string[]> = {
  roll,
  events,
  event: eventCard,
  'hazard-roll': hazardRoll,
  hazards,
  hazard: hazardShow,
  lint,
  new: newGame,
  round,
  end,
  status,
  log,
  undo,
  verify,
  discard,
  place,
  visibility,
  fighter,
} as Record<string, (d: never, st: Style) => string[]>;

// The human view of each command's data. Formatting only: every fact comes from the view's data.
// Layout rules: fit st.width columns (80 when not on a terminal); rules text is plain, the tool's own rolls and
// picks follow the tool mark (» or >) in cyan; Once/Persistent, NEW, DISCARDED/stays in play are always words,
// colour only underlines them. All untrusted text has been made terminal-safe (safeDeep) before it gets here.
import Table from 'cli-table3';
import type {
  BadzoneEvent,
  BattlefieldView,
  CollapseData,
  DetailsData,
  DiceModeData,
  DiscardData,
  EventsListData,
  EventsShowData,
  EndData,
  EndPhaseReport,
  FighterData,
  HazardRollData,
  HazardRollsData,
  HazardListData,
  HazardShowData,
  HazardView,
  ApplyNowItem,
  InPlayView,
  LintData,
  LogData,
  MapSite,
  MapData,
  MarkerData,
  OrientationData,
  SitesData,
  Outcome,
  PlaceData,
  RedoData,
  RenameData,
  RevealData,
  RollData,
  RoundData,
  StatusData,
  Story,
  Step,
  UndoData,
  VerifyData,
  VisibilityData,
  VisibilityView,
} from '../api/types.js';
import type { ReportData } from '../api/report.js';
import type { Edge } from '../api/orientation.js';
import { EDGE_NAME, clockShort, tableFrame } from './orientation.js';
import type {
  CompletionData,
  NewView,
  PlayData,
  ReportJson,
  ServeData,
  View,
  ViewData,
  ViewKind,
  ViewOf,
} from './view.js';
import { safeDeep } from './safe.js';
import { nameCommand } from './naming.js';
import { clip, visibleWidth, wrap, type Style } from './style.js';
import { simulateLines } from './simulate.js';
import { dice, renderPage } from './page.js';
import { reportMarkdown } from './report-md.js';
import { markerLine, renderMap } from './map.js';
import { holderWords } from './map-words.js';

/** Each kind's renderer takes that kind's data (ViewData): wired to another kind's data, it does not compile. */
export type Renderers = { [K in ViewKind]: (data: ViewData[K], st: Style) => string[] };

export function renderText(view: View, st: Style): string {
  return renderWith(RENDERERS, view as ViewOf<ViewKind>, st);
}

/**
 * `view` drawn by the renderer of its kind among `renderers`. The command line's per-command bundles
 * (scripts/build.mjs) draw with the renderers of their command alone, so the others are not in them.
 */
export function renderWith<K extends ViewKind>(renderers: Partial<Renderers>, view: ViewOf<K>, st: Style): string {
  const r = renderers[view.kind] as Renderers[K] | undefined;
  if (!r) throw new Error(`no renderer for ${view.kind}`);
  // A completion script is code badzone generated (its line breaks are its own); every other string is data.
  const data = view.kind === 'completion' ? view.data : safeDeep(view.data);
  const lines = r(data, st);
  // A completion script is code, and a report a document, printed as they are; everything else fits the width,
  // whatever a name's length.
  // A command is named as the person can run it (`npx badzone end`), before the line is fitted to the width.
  const named = (l: string): string => (st.commandName ? nameCommand(l, st.commandName, st.session) : l);
  return `${(AS_IS.has(view.kind) ? lines : lines.flatMap((l) => fit(st, named(l)))).join('\n')}\n`;
}

const AS_IS = new Set<ViewKind>(['completion', 'report', 'report-md', 'report-html']);

const ANSI = /\u001b\[[0-9;]*m/g;

/** The safety net for the width: a line too long (a very long name) is wrapped under its own indentation, uncoloured. */
function fit(st: Style, line: string): string[] {
  return line.split('\n').flatMap((l) => {
    if (visibleWidth(l) <= st.width) return [l];
    const plain = l.replace(ANSI, '');
    const lead = /^\s*/.exec(plain)![0].slice(0, 20);
    return wrap(plain.trimStart(), st.width, `${lead}  `, lead);
  });
}

// --- Building blocks --------------------------------------------------------------------------------

const ASCII_TABLE = {
  top: '-',
  'top-mid': '+',
  'top-left': '+',
  'top-right': '+',
  bottom: '-',
  'bottom-mid': '+',
  'bottom-left': '+',
  'bottom-right': '+',
  left: '|',
  'left-mid': '+',
  mid: '-',
  'mid-mid': '+',
  right: '|',
  'right-mid': '+',
  middle: '|',
};

/** A table: box-drawing with colour, plain ASCII without; no line between rows (rows wrap within cells). */
function table(st: Style, head: string[], colWidths: number[]): Table.Table {
  return new Table({
    head: head.map((h) => st.bold(h)),
    style: { head: [], border: [], compact: true, 'padding-left': 1, 'padding-right': 1 },
    wordWrap: true,
    wrapOnWordBoundary: true,
    colWidths,
    ...(st.ascii ? { chars: ASCII_TABLE } : {}),
  } as Table.TableConstructorOptions);
}

/** Split the width among columns: fixed widths for the small ones, the rest to the last. */
function widths(st: Style, fixed: number[]): number[] {
  const borders = fixed.length + 2;
  const used = fixed.reduce((a, b) => a + b, 0) + borders;
  return [...fixed, Math.max(16, st.width - used)];
}

/** A heading with a rule after it, as wide as the terminal: "━━ Round 3: Event Phase ━━━━━━" (ASCII: "== ... ==="). */
function rule(st: Style, title: string): string {
  const w = st.width;
  const head = `${st.marks.hr.repeat(2)} ${title} `;
  return st.heading(head + st.marks.hr.repeat(Math.max(2, w - visibleWidth(head))));
}

/**
 * What to do next, in the words of where the text is shown: the command to type on the command line (`st.hints`),
 * the menu item inside `badzone play`, where a GM at the table is never sent to a shell. Engine and library texts
 * name no command (test/api/words-at-the-edge.test.ts); a custom table's own text is the group's, shown as written.
 */
const TODO = {
  discard: (id: string) => ({ cli: `\`badzone discard ${id}\``, play: 'Events > Discard an event' }),
  collapse: {
    cli: '`badzone collapse TILE` (or `badzone collapse --occupied TILES` to have badzone roll)',
    play: 'Events > Collapsed Section: record the right tile',
  },
  redo: { cli: '`badzone redo`', play: 'Redo' },
  redoMenu: { cli: '`badzone redo`', play: 'Redo, in the menu' },
  rolled: { cli: '`badzone dice rolled`', play: 'Dice > Let badzone roll' },
} as const;

function todo(st: Style, what: { readonly cli: string; readonly play: string }): string {
  return st.hints ? what.cli : what.play;
}

/**
 * Wrapped text after a prefix (which may be styled); continuation lines start with `rest` (default: spaces as
 * wide as the prefix). `paint` styles the text, not the prefix.
 */
function para(st: Style, text: string, first = '  ', rest?: string, paint: (s: string) => string = (s) => s): string[] {
  const indent = rest ?? ' '.repeat(visibleWidth(first));
  const wf = visibleWidth(first);
  const wi = visibleWidth(indent);
  // A prefix that leaves no room (a very long name) gets lines of its own; the text follows under it.
  if (wi > st.width - 20) return para(st, text, first, '  ', paint);
  if (wf > st.width - 20) return [...fit(st, first.trimEnd()), ...para(st, text, indent, indent, paint)];
  // Wrap with blank stand-ins of the prefixes' widths, then put the (possibly coloured) prefixes in their place.
  // A command in the text is named as the person types it first (`node bin/badzone.js collapse ... --session
  // g.json`), so that the lines are laid out with it: named after, a line overran and was wrapped again apart.
  const width = Math.max(st.width, Math.max(wf, wi) + 20);
  const named = st.commandName ? nameCommand(text, st.commandName, st.session) : text;
  return wrap(named, width, ' '.repeat(wi), ' '.repeat(wf)).map((l, i) =>
    i === 0 ? first + paint(l.slice(wf)) : indent + paint(l.slice(wi)),
  );
}

/** The tool's own roll or pick: tool mark, then the text, in the tool's colour. */
function toolLines(st: Style, text: string, indent: string): string[] {
  return para(st, text, `${indent}${st.tool(st.marks.tool)} `, `${indent}  `, st.tool);
}

/**
 * The tool's rolls and picks, one paragraph each. A scatter from each tile is packed several tiles to a line
 * (`A1 9" to 3`), never split inside a tile, so that a 6x6 board takes a few lines; with `fold`, it is one line
 * that says where to see them (`badzone play` on a screen too short for the card).
 */
function outcomeLines(st: Style, outcomes: Outcome[], indent: string, fold = false): string[] {
  return outcomes.flatMap((o) => {
    if (o.kind === 'scatterEachTile' && o.scatters.length > 1) {
      const n = o.scatters.length;
      if (fold) return toolLines(st, `${n} ${o.what}s, one per tile: Events > "This round's card in full"`, indent);
      const head = toolLines(st, `A ${o.what} at each tile's center, scattered (inches to o'clock):`, indent);
      const cells = o.scatters.map((sc) => `${sc.tile ?? ''} ${sc.distance}" to ${sc.direction}`);
      return [...head, ...packed(cells, visibleWidth(indent) + 2, st.width).map((l) => `${indent}  ${st.tool(l)}`)];
    }
    // An unconfirmed pick: how to record the right tile, in the words of where it is shown.
    const fix = o.kind === 'pickTile' && o.unconfirmed ? ` Record it: ${todo(st, TODO.collapse)}.` : '';
    return toolLines(st, o.text + fix, indent);
  });
}

/** Short cells, as many to a line as fit in `width` after `used` columns, two spaces apart. */
function packed(cells: string[], used: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const c of cells) {
    if (line && used + visibleWidth(line) + 2 + visibleWidth(c) > width) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line}  ${c}` : c;
  }
  if (line) lines.push(line);
  return lines;
}

function rangeText(r: [number, number]): string {
  return r[0] === r[1] ? `${r[0]}` : `${r[0]}-${r[1]}`;
}

interface Timed {
  timing: string;
  discardOn: number | null;
}

/** "Once", "Persistent, discarded on 4+", "Persistent, no discard roll". */
function timingText(ev: Timed): string {
  if (ev.timing === 'once') return 'Once';
  return ev.discardOn === null ? 'Persistent, no discard roll' : `Persistent, discarded on ${ev.discardOn}+`;
}

function timingStyled(ev: Timed, st: Style): string {
  return ev.timing === 'once' ? st.once(timingText(ev)) : st.persistent(timingText(ev));
}

/** "Pitch Black (3")", "Dark (12")", "Normal (unlimited)"; never the same words twice. */
function visText(v: VisibilityView): string {
  const range = v.rangeInches === null ? 'unlimited' : `${v.rangeInches}"`;
  const pb = v.pitchBlack && !/pitch black/i.test(v.name) ? ', counts as Pitch Black' : '';
  return `${v.name} (${range}${pb})`;
}

function visSource(v: VisibilityView): string {
  if (v.sinceRound === 0 && v.source === 'start') return '';
  return ` since round ${v.sinceRound}${v.source === 'gm' ? ', set by the GM' : ''}`;
}

/** When a ploy may be used, in words, from its trigger (the rules' own words for one set off by a game event). */
function triggerText(p: { when: string; trigger: string }): string {
  if (p.trigger === 'round-start') return 'at the start of any Round';
  if (p.trigger === 'turn-start') return 'at the start of your Turn';
  return p.when;
}

/** The Hazard in full: its rule, and the Home Turf Ploy with when it may be used (setup, `status --full`). */
function hazardLines(h: HazardView | null, st: Style): string[] {
  if (!h) return [];
  if (h.nomadic) return para(st, h.effect, `${st.bold('Hazard:')} none (D10 ${h.roll}: Nomadic). `, '  ');
  const lines = para(st, h.effect, `${st.bold('Hazard:')} ${h.name} (D10 ${h.roll}). `, '  ');
  if (h.ploy) {
    const who = h.turfOwner ? ` for ${h.turfOwner}` : '';
    lines.push(
      ...para(
        st,
        `${h.ploy.name}. ${h.ploy.text}`,
        `  ${st.bold(`Home Turf Ploy${who}, ${triggerText(h.ploy)}:`)} `,
        '  ',
      ),
    );
  }
  return lines;
}

/** The round card's reminder: only a ploy whose trigger is the start of a round, in one line. */
function ployReminder(h: HazardView | null, st: Style): string[] {
  if (!h || h.nomadic || !h.ploy || !h.ployAtRoundStart) return [];
  const who = h.turfOwner ? `${h.turfOwner} may` : 'the Home Turf crew may';
  return para(st, `${who} enact ${h.ploy.name} (${h.name}) now.`, `${st.bold('Home Turf Ploy:')} `, '  ');
}

/** One line for the Hazard (status). */
function hazardShort(h: HazardView | null, st: Style): string[] {
  if (!h) return [];
  if (h.nomadic) return [`${st.bold('Hazard:')} none (D10 ${h.roll}: Nomadic)`];
  const ploy = h.ploy
    ? `; Home Turf Ploy${h.turfOwner ? ` for ${h.turfOwner}` : ''}: ${h.ploy.name}, ${triggerText(h.ploy)}`
    : '';
  return para(st, `${h.name} (D10 ${h.roll})${ploy}`, `${st.bold('Hazard:')} `, '  ');
}

/** Scatters a marker's path shows in full; a longer one shows how many and the last few (`--json` has them all). */
const PATH_SHOWN = 6;

/**
 * Where a scattered marker went: 'scattered 8" toward 5, then 9" toward 9 o'clock'; after more than PATH_SHOWN
 * scatters, 'scattered 40 times since round 3, each from where the last left it; the last: ...', so that a long
 * game's `status` stays as short (and as quick) as a new one's (a Pillar of Flame scatters every End Phase).
 */
function scatterPath(p: InPlayView): string {
  const all = p.scatters ?? [];
  if (all.length === 0) return '';
  const s = all.length > PATH_SHOWN ? all.slice(-3) : all;
  const steps = s.map((x, i) => `${x.distance}" toward ${x.direction}${i === s.length - 1 ? " o'clock" : ''}`);
  const path = steps.length > 1 ? `${steps.slice(0, -1).join(', ')}, then ${steps[steps.length - 1]}` : steps[0];
  if (s === all) return ` (scattered ${path})`;
  return ` (scattered ${all.length} times since round ${all[0]!.round}, each from where the last left it; the last: ${path})`;
}

function inPlayLine(p: InPlayView, i: number, st: Style): string {
  const extra = [
    p.carriedBy ? `carried by ${holderWords(p.carriedBy)}` : p.tile ? `placed on ${p.tile}${scatterPath(p)}` : '',
    p.worth !== undefined ? `worth ${p.worth.value}${p.worth.unit === 'credits' ? '' : ` ${p.worth.unit}`}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const num = `${i + 1}.`.padStart(3);
  const name = p.name.length > 22 ? clip(p.name, 22) : p.name.padEnd(22);
  const tail = `${p.discardOn === null ? 'no discard roll' : `discarded on ${p.discardOn}+`}, since round ${p.sinceRound}${extra ? `, ${extra}` : ''}`;
  // The details wrap under the name rather than being cut: a GM needs the tile and the worth.
  return para(st, tail, `  ${num} ${st.bold(name)} `, ' '.repeat(29), st.persistent).join('\n');
}

function inPlayLines(list: InPlayView[], st: Style): string[] {
  if (list.length === 0) return ['  (none)'];
  return list.map((p, i) => inPlayLine(p, i, st));
}

/** What the rules left on the table beside the events in play: objects, conditions on fighters, unconfirmed tile picks. */
function battlefieldLines(b: BattlefieldView, st: Style): string[] {
  const lines: string[] = [];
  for (const o of b.objects) {
    const worth = o.worth ? `, worth ${o.worth.value} ${o.worth.unit} to whoever holds it when the game ends` : '';
    lines.push(
      ...para(
        st,
        `${o.what}${o.carriedBy ? `, carried by ${holderWords(o.carriedBy)}` : o.tile ? `, placed on ${o.tile}` : ''} (round ${o.sinceRound})${worth}.`,
        `${st.bold('On the battlefield:')} `,
        '  ',
      ),
    );
  }
  const byCondition = new Map<string, string[]>();
  for (const c of b.conditions)
    byCondition.set(c.condition, [...(byCondition.get(c.condition) ?? []), `${c.fighter} (${c.gang})`]);
  for (const [condition, who] of byCondition)
    lines.push(...para(st, who.join(', '), `${st.bold(`${condition}s:`)} `, '  '));
  for (const t of b.tilePicks) {
    if (t.confirmed) continue;
    lines.push(
      ...para(
        st,
        `${t.what} on ${t.tile ?? 'no tile'} (round ${t.round}) was picked among all tiles, not knowing where the player models stand. If it is wrong: ${todo(st, TODO.collapse)}.`,
        `${st.warn('Unconfirmed:')} `,
        '  ',
      ),
    );
  }
  return lines;
}

/** "1-4", or "1" */
function numbers(n: number): string {
  return n === 1 ? '1' : `1-${n}`;
}

function hint(st: Style, text: string): string[] {
  return st.hints ? para(st, text, '', '', st.dim) : [];
}

/** The value of one shell word as q() in new.ts writes it: 'single quoted', \x, or bare. */
function unquote(word: string): string {
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const c = word[i]!;
    if (c === "'") {
      const end = word.indexOf("'", i + 1);
      out += word.slice(i + 1, end < 0 ? word.length : end);
      i = end < 0 ? word.length : end;
    } else if (c === '\\') out += word[++i] ?? '';
    else out += c;
  }
  return out;
}

/**
 * A shell command line, wrapped between arguments with " \" so that it can still be pasted. A word too long for
 * a line is cut into quoted pieces joined by a backslash-newline (which the shell removes); the pieces after the
 * first start at column 0, so that no space comes between them.
 */
function commandLines(st: Style, cmd: string, first: string): string[] {
  const words = cmd.match(/(?:'[^']*'|\\.|[^\s'\\]+)+/g) ?? [cmd];
  const lines: string[] = [];
  const room = st.width - 2;
  let line = first;
  for (const w of words) {
    if (line !== first && visibleWidth(line) + 1 + w.length + 2 > st.width) {
      lines.push(`${line} \\`);
      line = '    ';
    }
    const sep = line === first || line.trim() === '' ? '' : ' ';
    if (visibleWidth(line) + sep.length + w.length <= room) {
      line += `${sep}${w}`;
      continue;
    }
    // Too long even on a line of its own: quoted pieces.
    let rest = [...unquote(w)];
    let start = `${line}${sep}`;
    while (rest.length) {
      const cost = (n: number) => visibleWidth(start) + 2 + n + 3 * (rest.slice(0, n).join('').split("'").length - 1);
      let n = Math.min(rest.length, Math.max(1, room - visibleWidth(start) - 2));
      while (n > 1 && cost(n) > room) n--;
      const quoted = `'${rest.slice(0, n).join('').replace(/'/g, "'\\''")}'`;
      rest = rest.slice(n);
      if (rest.length) {
        lines.push(`${start}${quoted}\\`);
        start = '';
      } else line = `${start}${quoted}`;
    }
  }
  lines.push(line);
  return lines;
}

// --- Tables and dice --------------------------------------------------------------------------------

function roll(d: RollData, st: Style): string[] {
  const fmt = (r: RollData['results'][number]) =>
    `${st.tool(st.bold(String(r.total)))}${r.dice.length > 0 && (r.dice.length > 1 || r.total !== r.dice[0]) ? st.dim(` (dice ${r.dice.join('+')})`) : ''}${r.direction !== undefined ? ` toward ${r.direction} o'clock` : ''}`;
  if (d.times === 1 && d.results.length === 1)
    return [`${d.expression}${d.scatter ? '" scatter' : ''}: ${fmt(d.results[0]!)}`];
  const lines = [`${d.expression}${d.scatter ? '" scatter' : ''} x${d.times} (seed ${d.seed}):`];
  if (d.results.length) {
    const shown = d.results.map((r) => (r.direction !== undefined ? `${r.total}"@${r.direction}` : String(r.total)));
    if (d.scatter) lines.push(st.dim('  distance"@direction (clock)'));
    lines.push(...wrap(shown.join(' '), st.width, '  ', '  '));
  }
  if (d.unlisted > 0 && !d.distribution)
    lines.push(
      st.dim(
        `  ... ${d.unlisted.toLocaleString('en-US')} more (--summary counts each total; --json lists up to 1,000,000 dice)`,
      ),
    );
  const t = d.totals;
  lines.push(st.dim(`  min ${t.min}, max ${t.max}, mean ${t.mean.toFixed(2)}, sd ${t.sd.toFixed(2)}`));
  if (d.distribution) lines.push(...histogram(d.distribution, d.times, st));
  if (d.directions)
    lines.push(
      `  directions (clock): ${d.directions.map((n, i) => `${i + 1}: ${n.toLocaleString('en-US')}`).join(', ')}`,
    );
  return lines;
}

/** How often each total came up: a row per total when there are few, else 20 equal ranges of totals. */
function histogram(dist: { total: number; count: number }[], times: number, st: Style): string[] {
  let rows: { label: string; count: number }[];
  if (dist.length <= 30) rows = dist.map((x) => ({ label: x.total.toLocaleString('en-US'), count: x.count }));
  else {
    const lo = dist[0]!.total;
    const hi = dist[dist.length - 1]!.total;
    const size = Math.ceil((hi - lo + 1) / 20);
    rows = [];
    for (let b = lo; b <= hi; b += size)
      rows.push({
        label: `${b.toLocaleString('en-US')}-${Math.min(hi, b + size - 1).toLocaleString('en-US')}`,
        count: 0,
      });
    for (const x of dist) rows[Math.floor((x.total - lo) / size)]!.count += x.count;
  }
  const labelWidth = Math.max(...rows.map((r) => r.label.length));
  const most = Math.max(...rows.map((r) => r.count));
  const barWidth = Math.max(5, Math.min(40, st.width - labelWidth - 24));
  return rows.map((r) => {
    const bar = '#'.repeat(Math.round((r.count / most) * barWidth));
    return `  ${r.label.padStart(labelWidth)}  ${bar.padEnd(barWidth)} ${((100 * r.count) / times).toFixed(1).padStart(5)}% (${r.count.toLocaleString('en-US')})`;
  });
}

/** Which table this is: the game's own, a given file, or badzone's shipped one. */
function tableSource(d: { table: string; tableFrom: string; tableFile: string | null }): string {
  if (d.tableFrom === 'game') return `${d.table}: this game's table (${d.tableFile})`;
  if (d.tableFrom === 'file') return `${d.table}: from ${d.tableFile}`;
  return `${d.table}: the shipped table (no game here)`;
}

function events(d: EventsListData, st: Style): string[] {
  const t = table(st, ['D64', '#', 'Event', 'Timing'], widths(st, [7, 4, 23]));
  for (const ev of d.events) t.push([rangeText(ev.range), String(ev.count), ev.name, timingStyled(ev, st)]);
  return [
    ...para(st, tableSource(d), '', '  ', st.dim),
    t.toString(),
    ...hint(st, '`badzone events show <id | D64 number | name>` shows an event in full.'),
  ];
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
      return `visibility becomes ${s.level}${s.rules !== undefined ? ` (its rules while it lasts: ${s.rules})` : ''}`;
    case 'visibilityRoll':
      return 'a roll on the visibility table';
    case 'visibilityClearPitchBlack':
      return 'Pitch Black is removed, if in effect';
  }
}

function eventShow(d: EventsShowData, st: Style): string[] {
  const lines = eventCard(d.event, st);
  if (d.clarifications.length) {
    lines.push('', st.bold('Clarifications of the rules:'));
    for (const c of d.clarifications) lines.push(...para(st, c, `  ${st.marks.bullet} `));
  }
  lines.push('', ...para(st, tableSource(d), '', '  ', st.dim));
  return lines;
}

function eventCard(ev: BadzoneEvent, st: Style): string[] {
  const lines = [
    `${st.heading(ev.name)}  ${timingStyled(ev, st)}`,
    st.dim(`${ev.id}, D64 ${rangeText(ev.range)}, ${ev.count} in the deck`),
    '',
  ];
  lines.push(...para(st, ev.effect, '  '));
  const steps: [string, Step[]][] = [
    ['When drawn', ev.resolve.onDraw],
    ['Each Event Phase', ev.resolve.eachEventPhase],
    ['End Phase', ev.resolve.endPhase],
  ];
  if (steps.some(([, l]) => l.length)) {
    lines.push('', st.bold('badzone rolls and picks:'));
    for (const [when, list] of steps)
      for (const s of list) lines.push(...toolLines(st, `${when}: ${stepText(s)}`, '  '));
  }
  if (ev.gm) lines.push('', st.bold('At the table:'), ...para(st, ev.gm, '  '));
  if (ev.rulings?.length) {
    lines.push('', st.bold('Rulings:'));
    for (const r of ev.rulings) lines.push(...para(st, r, `  ${st.marks.bullet} `));
  }
  return lines;
}

function hazardRoll(d: HazardRollData, st: Style): string[] {
  const lines = [
    `${st.heading('Hazard Table:')} ${st.tool(`D10 ${d.roll}`)} ${st.dim(d.seed !== null ? `(seed ${d.seed})` : '(your roll)')}`,
  ];
  if (!d.hazard.nomadic && d.hazard.ploy) {
    lines.push(st.bold(d.hazard.name) + (d.hazard.page ? st.dim(`  [${d.hazard.page}]`) : ''));
    lines.push(...para(st, d.hazard.effect, '  '));
    lines.push('', st.bold(`Home Turf Ploy: ${d.hazard.ploy.name}`) + st.dim(`, ${triggerText(d.hazard.ploy)}`));
    lines.push(...para(st, d.hazard.ploy.text, '  '));
  } else {
    lines.push(st.bold('Nomadic'));
  }
  lines.push('', ...para(st, d.meaning, ''));
  return lines;
}

function hazardRolls(d: HazardRollsData, st: Style): string[] {
  const lines = [
    `${st.heading('Hazard Table:')} ${st.tool(`Home Turf of ${d.rolls.length} crew${d.rolls.length === 1 ? '' : 's'}`)} ${st.dim(`(seed ${d.seed})`)}`,
  ];
  for (const r of d.rolls) {
    lines.push('', `${st.bold(r.crew)}: ${st.tool(`D10 ${r.roll}`)} ${st.bold(r.nomadic ? 'Nomadic' : r.hazard.name)}`);
    lines.push(...para(st, r.meaning, '  '));
  }
  lines.push(...hint(st, '`badzone hazard show <1-10>` shows a hazard and its Home Turf Ploy in full.'));
  return lines;
}

function hazards(t: HazardListData, st: Style): string[] {
  const tb = table(st, ['D10', 'Hazard', 'Home Turf Ploy'], widths(st, [5, 18]));
  for (const h of t.hazards) tb.push([String(h.roll), h.name, `${h.ploy.name}: ${h.ploy.when}`]);
  tb.push([
    String(t.nomadic.roll),
    t.nomadic.name,
    `No Home Turf; Rating Limit ${t.nomadic.ratingLimit} (not ${t.nomadic.standardRatingLimit})`,
  ]);
  return [tb.toString(), ...hint(st, '`badzone hazard show <1-10 | id>` shows a hazard in full.')];
}

function hazardShow(d: HazardShowData, st: Style): string[] {
  const h = d.hazard;
  if (h.nomadic || !h.ploy) return [st.heading(`${d.roll}: ${h.name}`), ...para(st, h.effect, '  ')];
  return [
    st.heading(`${h.roll}: ${h.name}`) + (h.page ? st.dim(`  [${h.page}]`) : ''),
    ...para(st, h.effect, '  '),
    '',
    st.bold(`Home Turf Ploy: ${h.ploy.name}`) + st.dim(`, ${triggerText(h.ploy)}`),
    ...para(st, h.ploy.text, '  '),
  ];
}

function lint(d: LintData, st: Style): string[] {
  if (!d.valid) return para(st, d.problem ?? '', `${st.discarded('INVALID')} `);
  const lines = para(
    st,
    `${d.file}: a valid ${d.tableKind === 'events' ? `event table (${d.events} entries covering D64 1-64)` : d.tableKind === 'hazards' ? 'hazard table' : 'visibility table'}.`,
    `${st.kept('OK')} `,
  );
  const h = d.heaviest;
  if (h) {
    const n = (x: number) => x.toLocaleString('en-US');
    const most = `${h.name}: one ${h.phase} can roll up to ${n(h.dice)} dice on the largest battlefield (676 tiles, 50 gangs of 200 fighters)`;
    lines.push(
      ...(h.dice <= h.limit
        ? para(st, `${most}, within the ${n(h.limit)} one command may roll.`, `${st.dim('Heaviest event:')} `)
        : para(
            st,
            `${most}; one command may roll at most ${n(h.limit)} (limit: rolls per step), so a round that would roll more is refused. Without rosters it stays within the limit on up to ${n(h.tilesThatFit)} tiles.`,
            `${st.discarded('WARNING')} `,
          )),
    );
  }
  return lines;
}

// --- The game ---------------------------------------------------------------------------------------

function endLines(e: EndPhaseReport, st: Style, title: string): string[] {
  const lines = [rule(st, title)];
  if (e.triggers.length === 0 && e.checks.length === 0)
    lines.push(...para(st, 'Nothing to resolve: no End-Phase effects and no event with a discard roll.'));
  if (e.triggers.length) {
    lines.push(st.bold('End-Phase effects:'));
    for (const t of e.triggers) {
      lines.push(`  ${st.bold(t.name)}`);
      lines.push(...outcomeLines(st, t.outcomes, '    '));
      for (const o of t.outcomes) {
        if (o.kind !== 'scatter' || !o.leftTable) continue;
        const where = o.leftTable.edge ? `past ${EDGE_NAME[o.leftTable.edge]}` : 'over a place where no tile was laid';
        lines.push(
          ...para(
            st,
            `Its center has left the table (${where}): discard ${t.name}.`,
            `    ${st.marks.arrow} `,
            '      ',
            st.warn,
          ),
          ...hint(st, `Discard it with \`badzone discard ${t.eventId}\`.`).map((l) => `    ${l}`),
        );
      }
    }
  }
  if (e.checks.length) {
    lines.push(st.bold('Discard rolls (D6), in play order:'));
    const nameW = Math.min(24, Math.max(...e.checks.map((c) => c.name.length)));
    for (const c of e.checks) {
      const verdict = c.discarded ? st.discarded('DISCARDED') : st.kept('stays in play');
      const name = c.name.length > nameW ? clip(c.name, nameW) : c.name.padEnd(nameW);
      lines.push(`  ${name}  ${st.tool(`D6 ${String(c.roll)}`)}  needs ${c.discardOn}+  ${verdict}`);
      for (const o of c.stays ?? []) {
        lines.push(
          ...para(
            st,
            `its ${o.what} stays on the battlefield${o.tile ? ` (${o.tile})` : ''}${o.worth ? `, worth ${o.worth.value} ${o.worth.unit}` : ''}`,
            `    ${st.marks.arrow} `,
            '      ',
          ),
        );
      }
    }
  }
  return lines;
}

/** A Once or Persistent event's timing on the card's first line. */
function cardTiming(c: { timing: string; discardOn: number | null; actsInEndPhase: boolean }): string {
  if (c.timing === 'once') return c.actsInEndPhase ? "Once, resolved in this round's End Phase" : 'Once';
  return c.discardOn !== null ? `Persistent, discarded on ${c.discardOn}+` : 'Persistent, no discard roll';
}

/**
 * The round card. It must fit a 24-row terminal with `badzone play`'s menu under it, so it shows, in order:
 * the new event (its rules text, badzone's rolls and picks for it, and the clarifications that matter for it),
 * what to do now for the older events in play (their rolls and picks this Event Phase), the events in play with
 * the D6 that discards each, the visibility, and a Home Turf Ploy only when it may be used now. The Hazard's
 * rules and the standing rules of older events are shown at setup and on request (`status --full`).
 */
export function round(d: RoundData, st: Style): string[] {
  const full = roundCard(d, st, false);
  return st.rows !== undefined && full.length > st.rows ? roundCard(d, st, true) : full;
}

function roundCard(d: RoundData, st: Style, fold: boolean): string[] {
  const lines: string[] = [];
  if (d.startedNew)
    lines.push(
      ...para(st, `No game here: started a new one (seed ${d.seed}), saved in ${d.session}.`, '', '', st.warn),
      '',
    );
  if (d.endPhase) lines.push(...endLines(d.endPhase, st, `End Phase of round ${d.endPhase.round} (resolved now)`), '');
  const notes = d.roundNotes?.length ? `, ${d.roundNotes.join(', ')}` : '';
  lines.push(rule(st, `Round ${d.round}: Event Phase${notes}`));
  const ep = d.eventPhase;
  const drawn = d.mode === 'deck' ? 'Card' : 'D64';
  const nameOf = (id: string) =>
    d.inPlay.find((p) => p.eventId === id)?.name ?? ep.resolved.find((r) => r.eventId === id)?.name ?? id;
  if (ep.reshuffled)
    lines.push(
      ...para(st, 'The deck ran out: the discard pile was shuffled into a new deck.', '  ', undefined, st.warn),
    );
  for (const dr of ep.draws.filter((x) => x.outcome === 'duplicate')) {
    lines.push(
      ...para(
        st,
        `${nameOf(dr.eventId)} is already in play: discarded, drawn again.`,
        `  ${st.tool(`${drawn} ${dr.roll}`)} `,
      ),
    );
  }
  if (ep.noNewEvent)
    lines.push(...para(st, `No new event: ${ep.noNewEventReason ?? 'none could be drawn'}.`, '  ', undefined, st.warn));

  // The new event, as a card.
  const card = d.newEvent;
  const fresh = ep.resolved.find((r) => r.source === 'new');
  if (card) {
    const bar = `  ${st.fresh(st.marks.bar)} `;
    const timing = card.timing === 'once' ? st.once(cardTiming(card)) : st.persistent(cardTiming(card));
    lines.push(
      ...para(
        st,
        timing,
        `${st.fresh('NEW EVENT')}  ${st.heading(card.name)}  ${st.tool(`(${drawn} ${card.roll})`)}  `,
        '  ',
      ),
    );
    lines.push(...para(st, card.effect, bar, bar, st.rule));
    // Its rolls and picks say what to do with it; the GM's instruction in words is in `events show` and
    // `status --full` (beside a pick it only says the rules again, and it costs a 24-row screen three lines).
    if (fresh?.outcomes.length) lines.push(...outcomeLines(st, fresh.outcomes, bar, fold));
    for (const c of card.clarifications ?? []) lines.push(...para(st, c, `${bar}${st.bold('Note:')} `, bar));
  }

  // What to apply now: each event in play, oldest first, then what stays after discarded events.
  lines.push(...applyLines(d.applyNow, st, card !== null));
  lines.push(...firstScatterLines(d.firstScatter, st));
  lines.push(
    ...visibilityLines(d.visibility, st, d.visibility.sinceRound === d.round && d.visibility.source !== 'start'),
  );
  lines.push(...ployReminder(d.hazard, st));
  lines.push(...hint(st, 'Next: `badzone end` in the End Phase, then `badzone round` for the next round.'));
  return lines;
}

/**
 * "Apply now": one line per event in play, oldest first, with its discard roll, whether it is new or still in
 * force, where its marker is, and its rolls and picks (or its short text); then what stays after discarded events.
 */
function applyLines(items: ApplyNowItem[], st: Style, cardShown: boolean): string[] {
  if (items.length === 0) return [`${st.bold('Apply now:')} nothing (no event in play)`];
  const lines = [`${st.bold('Apply now')} ${st.dim('(oldest first; discard roll)')}:`];
  for (const x of items) {
    if (x.type === 'condition') {
      const who = (x.fighters ?? []).map((f) => `${f.fighter} (${f.gang})`).join(', ');
      lines.push(...para(st, who, `  ${x.name}'s ${x.text}s: `, '    '));
      continue;
    }
    if (x.type === 'object') {
      const worth = x.worth ? `, worth ${x.worth.value} ${x.worth.unit}` : '';
      lines.push(...para(st, `stays${x.tile ? ` on ${x.tile}` : ''}${worth}`, `  ${x.name}'s ${x.text} `, '    '));
      continue;
    }
    const tags: string[] = [];
    if (x.fresh) tags.push(st.fresh('NEW'));
    if (x.inForce) tags.push(st.persistent('still in force'));
    if (x.tile) tags.push(`${x.scattered ? 'scattered from' : 'on'} ${x.tile}`);
    if (x.worth) tags.push(`worth ${x.worth.value}${x.worth.unit === 'credits' ? '' : ` ${x.worth.unit}`}`);
    const head = `  ${st.bold(x.name)}${x.discardOn !== null ? ` ${x.discardOn}+` : ''}${tags.length ? `, ${tags.join(', ')}` : ''}: `;
    if (x.fresh && cardShown) lines.push(...para(st, 'see the new event above', head, '    ', st.dim));
    else if (x.outcomes.length)
      lines.push(
        ...para(
          st,
          x.outcomes
            .map((o) => (o.kind === 'scatterEachTile' ? `${o.scatters.length} ${o.what}s scattered` : o.text))
            .join('; '),
          `${head}${st.tool(st.marks.tool)} `,
          '    ',
          st.tool,
        ),
      );
    else lines.push(...para(st, x.text, head, '    '));
  }
  return lines;
}

function visibilityLines(v: VisibilityView, st: Style, withRules: boolean): string[] {
  const head = `${st.bold('Visibility:')} ${v.rangeInches === null ? visText(v) : st.warn(visText(v))}${st.dim(visSource(v))}`;
  if (withRules && v.rangeInches !== null && v.rules) return para(st, v.rules, `${head}. `, '  ');
  return [head];
}

export function end(d: EndData, st: Style): string[] {
  const names = d.inPlay.map((p) => p.name);
  return [
    ...endLines(d, st, `End Phase of round ${d.round}`),
    ...firstScatterLines(d.firstScatter, st),
    ...para(st, names.length ? names.join(', ') : '(none)', `${st.bold('In play now:')} `, '  '),
    ...battlefieldLines(d.battlefield, st),
    ...hint(st, 'Next: `badzone round` starts the next round.'),
  ];
}

/** Where the game stands, said once: "Round 3: End Phase not yet resolved". */
function phaseHeading(st: Style, phase: string, round: number): string {
  if (phase === 'setup') return `${st.heading('Set up')}: no round played yet`;
  if (phase === 'round') return `${st.heading(`Round ${round}`)}: Event Phase done, End Phase not yet resolved`;
  return `${st.heading(`Round ${round}`)}: over (End Phase resolved)`;
}

export function status(d: StatusData, st: Style): string[] {
  const lines = [phaseHeading(st, d.phase, d.round)];
  const deck = d.deck ? `, deck: ${d.deck.drawPile} left, ${d.deck.discardPile} discarded` : '';
  lines.push(...para(st, `${d.session} | ${d.mode} mode, ${seedText(d)}${deck}`, '', '  ', st.dim));
  lines.push(`${st.bold('In play')} ${st.dim('(oldest first)')}`, ...inPlayLines(d.inPlay, st));
  lines.push(...visibilityLines(d.visibility, st, false));
  lines.push(...hazardShort(d.hazard, st));
  lines.push(...battlefieldRefs(d, st));
  d.gangs.forEach((g, i) => {
    const text = `${g.battlefield.join(', ') || '(none on the battlefield)'}${g.reserve.length ? ` | reserve: ${g.reserve.join(', ')}` : ''}${g.out.length ? ` | out of action: ${g.out.join(', ')}` : ''}`;
    lines.push(...para(st, text, `${i === 0 ? st.bold('Gangs:') : '      '} ${g.name}: `, '         '));
  });
  lines.push(...battlefieldLines(d.battlefield, st));
  const collapsed = d.battlefield.tilePicks.filter((t) => t.confirmed && t.removesTile && t.tile);
  if (collapsed.length)
    lines.push(
      ...para(
        st,
        collapsed
          .map(
            (t) =>
              `${t.tile} (round ${t.round}${t.correctedFrom !== undefined ? `, recorded by the GM instead of ${t.correctedFrom ?? 'no tile'}` : ''})`,
          )
          .join('; '),
        `${st.bold('Collapsed:')} `,
        '  ',
      ),
    );
  if (d.manualDice)
    lines.push(
      st.dim(`Dice: your own (badzone asks for each die on a terminal; ${todo(st, TODO.rolled)} to switch back).`),
    );
  if (d.redoable)
    lines.push(
      st.dim(`${d.redoable} undone step${d.redoable === 1 ? '' : 's'} can be redone (${todo(st, TODO.redoMenu)}).`),
    );
  // One paragraph: the events in play above already show their discard thresholds.
  if (d.dueInEndPhase.length) {
    const checks = d.dueInEndPhase.filter((x) => x.type === 'discard-check').length;
    const effects = d.dueInEndPhase.filter((x) => x.type === 'effect').map((x) => `${x.name}: ${x.what}`);
    const rolls = checks ? `${effects.length ? 'then ' : ''}${checks} discard roll${checks === 1 ? '' : 's'} (D6)` : '';
    lines.push(
      ...para(st, `${[...effects, rolls].filter(Boolean).join('; ')}.`, `${st.bold('Due in the End Phase:')} `, '  '),
    );
  }
  if (d.rules || d.clarifications) lines.push(...fullLines(d, st));
  return lines;
}

/**
 * The battlefield with the table's own references, in one paragraph (`status` fits 24 rows): the tiles and how they
 * lie, where 12 o'clock points, and the spawn points, Beast Lairs and large structures by number, a lair turned
 * Monster Nest and a collapsed structure said so.
 */
function battlefieldRefs(d: StatusData, st: Style): string[] {
  // A number, with its tile when the GM said where it stands ("2 at C3").
  const placed = (x: { tile?: string }): boolean => x.tile !== undefined;
  const numbered = (x: { number: number; tile?: string }): string =>
    x.tile === undefined ? `${x.number}` : `${x.number} at ${x.tile}`;
  const r = d.references;
  const removed = d.tilesRemoved.length ? ` (removed: ${d.tilesRemoved.join(' ')})` : '';
  const parts = [
    `tiles ${d.tiles.join(' ') || '(none)'}${removed} (row A far, A1 far left)`,
    `12 o'clock: ${EDGE_NAME[r.orientation.twelve]}`,
    `spawn points ${r.spawnPoints.some(placed) ? r.spawnPoints.map(numbered).join(', ') : numbers(r.spawnPoints.length)}`,
  ];
  if (r.lairs?.length)
    parts.push(
      `Beast Lairs ${r.lairs.every((l) => !l.becomes && !placed(l)) ? numbers(r.lairs.length) : r.lairs.map((l) => (l.becomes ? `${numbered(l)} ${st.marks.arrow} ${l.becomes}` : numbered(l))).join(', ')}`,
    );
  if (r.structures?.length)
    parts.push(
      `large structures ${r.structures.every((x) => x.standing && !placed(x)) ? numbers(r.structures.length) : r.structures.map((x) => (x.standing ? numbered(x) : `${numbered(x)} (collapsed)`)).join(', ')}`,
    );
  return para(st, parts.join('; '), `${st.bold('Battlefield:')} `, '  ');
}

/** Where 12 o'clock points, said on the card of the game's first scatter. */
function firstScatterLines(o: { twelve: Edge } | null, st: Style): string[] {
  return o ? para(st, clockShort(o.twelve), `${st.bold('Scatters:')} `, '  ') : [];
}

/** `status --full`: the Hazard in full, the rules of each event in play, the visibility's rules, the clarifications. */
function fullLines(d: StatusData, st: Style): string[] {
  const lines: string[] = [];
  if (d.hazard) lines.push('', ...hazardLines(d.hazard, st));
  if (d.rules?.length) {
    lines.push('', st.bold('Rules of the events in play') + st.dim(' (oldest first)'));
    for (const r of d.rules) {
      lines.push(
        `  ${st.bold(r.name)}  ${r.timing === 'once' ? st.once(timingText(r)) : st.persistent(timingText(r))}`,
      );
      lines.push(...para(st, r.effect, '    ', undefined, st.rule));
      if (r.gm) lines.push(...para(st, r.gm, `    ${st.bold('At the table:')} `, '      '));
      for (const c of r.clarifications) lines.push(...para(st, c, `    ${st.bold('Note:')} `, '      '));
    }
  }
  if (d.visibility.rules)
    lines.push('', ...para(st, d.visibility.rules, `${st.bold('Visibility')} ${visText(d.visibility)}: `, '  '));
  if (d.clarifications?.length) {
    lines.push('', st.bold('Clarifications'));
    for (const c of d.clarifications)
      lines.push(...para(st, c.text, `  ${st.marks.bullet} ${st.bold(`${c.name}:`)} `, '    '));
  }
  return lines;
}

function gameHazard(h: HazardView | null, st: Style): string[] {
  return h ? hazardLines(h, st) : ['No Hazard in this game.'];
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
    case 'rename':
      return a.fighter !== undefined
        ? `rename fighter ${a.fighter} ${a.to}${a.gang ? ` --gang ${a.gang}` : ''}`
        : `rename gang ${a.gang} ${a.to}`;
    case 'collapse':
      return a.tile !== undefined ? `collapse ${a.tile}` : `collapse --occupied ${(a.occupied ?? []).join(',')}`;
    case 'orientation':
      return `orientation ${a.twelve}`;
    case 'sites':
      return `sites${SITE_FLAGS.map(([k, flag]) => (a[k] === undefined ? '' : ` ${flag} ${a[k] === null ? 'none' : a[k]!.join(',')}`)).join('')}`;
    case 'marker':
      return a.op === 'clear'
        ? `marker clear ${a.marker}`
        : a.op === 'move'
          ? `marker move ${a.marker} ${a.tile}`
          : `marker carry ${a.marker} --gang ${a.gang}${a.fighter !== undefined ? ` --fighter ${a.fighter}` : ''}`;
  }
}

/** The `sites` flag of each list of positions (the log shows a `sites` step as the command that made it). */
const SITE_FLAGS = [
  ['spawnAt', '--spawn-at'],
  ['lairsAt', '--lairs-at'],
  ['structuresAt', '--structures-at'],
] as const;

function log(d: LogData, st: Style): string[] {
  const lines = para(
    st,
    `${d.session} (${seedText(d)}${d.round !== null ? `, round ${d.round}` : ''})`,
    `${st.heading('Log of')} `,
    '  ',
  );
  if (d.entries.length === 0) lines.push('  (no entries)');
  for (const r of d.entries) {
    lines.push(st.bold(`#${r.seq} round ${r.round}: ${actionText(r.action)}`));
    for (const x of r.rolls) {
      const tag = (x.entered ? 'entered' : x.card ? 'card' : '').padEnd(7);
      lines.push(
        ...para(
          st,
          x.for,
          `    ${st.tool(`${`D${x.die}`.padEnd(3)} ${String(x.value).padStart(2)}`)} ${tag}  `,
          '      ',
        ),
      );
    }
    for (const n of r.notes) lines.push(...para(st, n, `    ${st.marks.bullet} `, '      ', st.dim));
  }
  return lines;
}

/** Where the game stands, in words: "before round 1", "round 3, End Phase not yet resolved", ... */
function standing(d: { round: number; phase: string }): string {
  return d.phase === 'setup'
    ? 'before round 1'
    : `round ${d.round}, ${d.phase === 'round' ? 'End Phase not yet resolved' : 'End Phase resolved'}`;
}

function undo(d: UndoData, st: Style): string[] {
  const rolls = d.undone.rolls;
  // Only what badzone rolled comes back by itself (the random-number position is restored); dice the GM typed in
  // are kept for redo, not for a step played afresh.
  const again = rolls.some((x) => x.entered)
    ? `${todo(st, TODO.redo)} re-applies it with the dice you entered; played afresh, the step rolls them instead.`
    : rolls.length > 0
      ? 'Played again, the step rolls the same dice.'
      : '';
  return [
    ...para(
      st,
      `#${d.undone.seq} ${actionText(d.undone.action)} (round ${d.undone.round}, ${rolls.length} ${rolls.length === 1 ? 'die' : 'dice'}).`,
      `${st.bold('Undone:')} `,
    ),
    ...para(st, `${standing(d)}.${again ? ` ${again}` : ''}`, `${st.bold('Now:')} `),
    st.dim(
      `${d.remaining} step${d.remaining === 1 ? '' : 's'} left to undo; ${todo(st, TODO.redo)} re-applies ${d.redoable === 1 ? 'it' : `the ${d.redoable} undone`}.`,
    ),
  ];
}

function redo(d: RedoData, st: Style): string[] {
  return [
    ...para(
      st,
      `#${d.redone.seq} ${actionText(d.redone.action)} (round ${d.redone.round}), with the same ${d.redone.rolls.length} ${d.redone.rolls.length === 1 ? 'die' : 'dice'}.`,
      `${st.bold('Redone:')} `,
    ),
    ...d.notes.flatMap((n) => para(st, n, `  ${st.marks.bullet} `, '    ')),
    ...para(st, `${standing(d)}.`, `${st.bold('Now:')} `),
    st.dim(d.redoable ? `${d.redoable} more step${d.redoable === 1 ? '' : 's'} to redo.` : 'Nothing more to redo.'),
  ];
}

function rename(d: RenameData, st: Style): string[] {
  return para(
    st,
    d.what === 'gang' ? `the gang ${d.from} is now ${d.to}.` : `${d.from} (${d.gang}) is now ${d.to}.`,
    `${st.bold('Renamed:')} `,
  );
}

function collapse(d: CollapseData, st: Style): string[] {
  const lines: string[] = [];
  if (d.rolledAmong) {
    const r = d.rolls[0];
    lines.push(
      ...para(
        st,
        `${d.rolledAmong.join(' ') || '(none)'}${r ? ` ${st.tool(`D${r.die} ${r.value}`)}${r.entered ? ' (entered)' : ''}` : ''}`,
        `${st.bold('Tiles with no player models:')} `,
        '  ',
      ),
    );
  }
  const what =
    d.to === d.from
      ? `${d.to} is confirmed as the collapsed tile.`
      : d.to === null
        ? `no tile collapses (every tile holds player models); ${d.from} is back in play.`
        : `${d.to} collapsed, not ${d.from ?? 'no tile'}${d.from ? ` (${d.from} is back in play)` : ''}.`;
  lines.push(...para(st, what, `${st.bold('Collapsed Section:')} `, '  '));
  lines.push(...para(st, d.tiles.join(' ') || '(none)', `${st.bold('Tiles now:')} `, '  '));
  return lines;
}

function diceMode(d: DiceModeData, st: Style): string[] {
  const now = d.manualDice
    ? 'your own: badzone asks for each die on a terminal (--dice still works)'
    : 'rolled by badzone (--dice and --manual still give your own)';
  return para(st, `${now}.${d.changed ? '' : ' (unchanged)'}`, `${st.bold('Dice:')} `, '  ');
}

/** The GM's title, date, scenario and result, those given (for `new`, and `details`). */
function storyLines(story: Story, st: Style, all: boolean): string[] {
  const rows: [string, string | null][] = [
    ['Title', story.title],
    ['Date', story.date],
    ['Scenario', story.scenario],
    ['Result', story.result],
  ];
  return rows
    .filter(([, t]) => all || t !== null)
    .flatMap(([k, t]) => para(st, t ?? st.dim('(not given)'), `  ${st.bold(`${k}:`)} `, '    '));
}

function details(d: DetailsData, st: Style): string[] {
  return [
    st.heading(d.changed ? 'Battle report details, saved in the game' : 'Battle report details'),
    ...storyLines(d.story, st, true),
    ...hint(
      st,
      '`badzone report` heads the report with them. Set one with `badzone details --title TEXT` (--date, --scenario, --result); clear one with --no-title.',
    ),
  ];
}

/** One kind of numbered thing, each with its tile (a nest and a collapsed structure said so): "1 A1, 2 B2 (used)". */
function siteList(list: readonly MapSite[], st: Style): string {
  return list
    .map((x) => {
      const marks = [
        x.used ? 'spawned this round' : '',
        x.becomes ? `${st.marks.arrow} ${x.becomes}` : '',
        x.collapsed ? 'collapsed' : '',
      ].filter(Boolean);
      return `${x.number}${x.tile ? ` at ${x.tile}` : ''}${marks.length ? ` (${marks.join(', ')})` : ''}`;
    })
    .join(', ');
}

function sites(d: SitesData, st: Style): string[] {
  const lines = para(st, siteList(d.spawnPoints, st), `${st.bold('Spawn points:')} `, '  ');
  if (d.lairs.length) lines.push(...para(st, siteList(d.lairs, st), `${st.bold('Beast Lairs:')} `, '  '));
  if (d.structures.length)
    lines.push(...para(st, siteList(d.structures, st), `${st.bold('Large structures:')} `, '  '));
  if (d.changed.length === 0)
    lines.push(
      ...hint(
        st,
        'Say where they stand with `badzone sites --spawn-at A1,B2,...` (--lairs-at, --structures-at; none takes it back).',
      ),
    );
  return lines;
}

function orientation(d: OrientationData, st: Style): string[] {
  const was = d.from
    ? ` It pointed to the ${d.from} edge before; scatters already on the table stay where they landed.`
    : '';
  return [
    ...para(
      st,
      `${tableFrame(d.orientation.twelve)}${was}${d.changed ? '' : ' (unchanged)'}`,
      `${st.bold('Table:')} `,
      '  ',
    ),
    ...(d.changed ? [] : hint(st, 'Change it with `badzone orientation far|right|near|left`.')),
  ];
}

function map(d: MapData, st: Style): string[] {
  return renderMap(d, st);
}

function marker(d: MarkerData, st: Style): string[] {
  const did = d.op === 'clear' ? 'Cleared' : d.op === 'move' ? 'Moved' : 'Carried';
  return [
    ...d.markers.map((m) => `${st.bold(`${did}:`)} ${markerLine(m, st.ascii)}`),
    `  ${d.left} marker${d.left === 1 ? '' : 's'} left on the battlefield.`,
    ...hint(st, 'See them all with `badzone map`; `badzone undo` takes this back.'),
  ];
}

function verify(d: VerifyData, st: Style): string[] {
  const seed = d.seed === null ? 'the hidden seed' : `seed ${d.seed}`;
  // Dice entered by hand follow from what the GM typed, not from the seed: never counted as rolled.
  const counted =
    d.entered === 0
      ? `all ${d.entries} log entries and ${dice(d.rolls)} follow from ${seed}, and so does the current state.`
      : `all ${d.entries} log entries and the current state follow from ${seed} and the dice entered by hand: ${d.fromSeed} of the ${dice(d.rolls)} came from the seed, ${d.entered} ${d.entered === 1 ? 'was' : 'were'} entered by hand.`;
  const committed = d.commitmentChecked?.matches
    ? ` The seed and salt hash to the commitment ${d.commitmentChecked.given}: ${d.entered === 0 ? 'every die came from the committed seed' : `the ${dice(d.fromSeed)} badzone rolled came from the committed seed; the ${dice(d.entered)} entered by hand did not`}.`
    : '';
  if (d.ok) return para(st, `${d.session}: ${counted}${committed}`, `${st.kept('OK')} `);
  return [
    ...para(st, `${d.session}: ${d.problem ?? ''}`, `${st.discarded('DOES NOT FOLLOW')} `),
    ...para(
      st,
      `The file has ${dice(d.rolls)}: ${d.fromSeed} marked rolled by badzone, ${d.entered} entered by hand.`,
      '',
      '',
      st.dim,
    ),
    ...para(
      st,
      'The file was not changed. `badzone undo` or `badzone new --force` can get you back to a consistent game.',
      '',
      '',
      st.dim,
    ),
  ];
}

function discard(d: DiscardData, st: Style): string[] {
  const head = d.removed
    ? para(
        st,
        `${d.name}'s ${d.removed.what}${d.removed.tile ? ` (placed on ${d.removed.tile})` : ''} is off the battlefield.`,
        '',
      )
    : [`${st.bold(d.name)} ${st.discarded('DISCARDED')} by the GM.`];
  const stays = (d.stays ?? []).flatMap((o) =>
    para(
      st,
      `its ${o.what} stays on the battlefield${o.tile ? ` (${o.tile})` : ''}${o.worth ? `, worth ${o.worth.value} ${o.worth.unit}` : ''}; ${todo(st, TODO.discard(d.eventId))} again takes it off.`,
      `  ${st.marks.arrow} `,
      '    ',
    ),
  );
  return [...head, ...stays, `${st.bold('In play')} ${st.dim('(oldest first)')}`, ...inPlayLines(d.inPlay, st)];
}

function place(d: PlaceData, st: Style): string[] {
  return [
    `${st.bold(d.name)} placed in play by the GM.`,
    ...outcomeLines(st, d.outcomes, '  '),
    ...firstScatterLines(d.firstScatter, st),
    `${st.bold('In play')} ${st.dim('(oldest first)')}`,
    ...inPlayLines(d.inPlay, st),
  ];
}

function visibility(d: VisibilityData, st: Style): string[] {
  const lines = [
    `${st.bold('Visibility:')} ${visText(d.visibility)}${d.changed ? ' (set by the GM)' : st.dim(visSource(d.visibility))}`,
  ];
  if (d.visibility.rules) lines.push(...para(st, d.visibility.rules, '  '));
  if (!d.changed)
    lines.push(
      ...hint(st, `Levels: ${d.levels.map((l) => l.id).join(', ')}. Set one with \`badzone visibility set LEVEL\`.`),
    );
  if (d.visibility.houseTable)
    lines.push(...para(st, '(House visibility table: the Badzone rules do not include one.)', '', '', st.dim));
  return lines;
}

function fighter(d: FighterData, st: Style): string[] {
  return para(st, `${d.name} (${d.gang}): ${d.from} ${st.marks.arrow} ${d.to}.`, '');
}

function newGame(d: NewView, st: Style): string[] {
  const lines = para(st, `saved in ${d.session}`, `${st.heading('New game')} `, '  ');
  if (d.backup) lines.push(...para(st, `The old game was kept as ${d.backup}.`, '', '  ', st.warn));
  lines.push(
    ...para(
      st,
      `${d.seed === null ? 'Seed hidden' : `Seed ${d.seed}`}, ${d.mode} mode, tiles ${d.setup.tiles.join(' ')}, ${d.setup.spawnPoints} spawn points.`,
      '',
    ),
  );
  if (d.seed === null && d.commitment) {
    lines.push(
      ...para(
        st,
        'players, note it down: after `badzone reveal`, `badzone verify --commitment` checks every die badzone rolled against it.',
        `${st.bold('Commitment to the seed')} `,
        '  ',
      ),
    );
    lines.push(`  ${d.commitment}`);
  }
  const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
  const counted = [
    d.setup.lairs !== null ? n(d.setup.lairs, 'Beast Lair') : '',
    d.setup.structures !== null ? n(d.setup.structures, 'large structure') : '',
  ].filter(Boolean);
  if (counted.length) lines.push(...para(st, `${counted.join(', ')}.`, ''));
  lines.push(...para(st, tableFrame(d.setup.orientation.twelve), `${st.bold('Lay the tiles:')} `, '  '));
  // With their tiles when the GM gave them: "the spawn points 1 at A1, 2 at C3".
  const at = (n: number, tiles: string[] | undefined): string =>
    tiles ? tiles.map((t, i) => `${i + 1} at ${t}`).join(', ') : numbers(n);
  const numbered = [`the spawn points ${at(d.setup.spawnPoints, d.setup.spawnAt)}`];
  if (d.setup.lairs) numbered.push(`the Beast Lairs ${at(d.setup.lairs, d.setup.lairsAt)}`);
  if (d.setup.structures) numbered.push(`the large structures ${at(d.setup.structures, d.setup.structuresAt)}`);
  const uncounted = [d.setup.lairs === null ? 'Beast Lairs' : '', d.setup.structures === null ? 'large structures' : '']
    .filter(Boolean)
    .join(' and ');
  lines.push(
    ...para(
      st,
      `${numbered.join(', ')}: events name them by number.${uncounted ? ` (${uncounted} not counted: number them too if there are any.)` : ''}`,
      `${st.bold('Number on the table:')} `,
      '  ',
    ),
  );
  lines.push(...para(st, `Event table: ${d.setup.table}. Visibility: ${visText(d.visibility)}.`, ''));
  for (const g of d.setup.gangs)
    lines.push(
      ...para(
        st,
        `${g.battlefield.join(', ') || '-'}${g.reserve.length ? ` | reserve: ${g.reserve.join(', ')}` : ''}`,
        `  ${st.bold(g.name)}: `,
        '    ',
      ),
    );
  lines.push(...storyLines(d.story, st, false));
  if (d.hazard) lines.push(...hazardLines(d.hazard, st));
  if (d.clarifications.length) {
    lines.push(
      st.bold('Clarifications of the rules') +
        st.dim(
          st.hints
            ? ' (`badzone status --full` shows them again)'
            : ' (Battlefield map, status, Hazard, rules shows them again)',
        ),
    );
    for (const c of d.clarifications)
      lines.push(...para(st, c.text, `  ${st.marks.bullet} ${st.bold(`${c.name}:`)} `, '    '));
  }
  // Laid out with the command named as the person types it (`node bin/badzone.js new ...`), so the lines fit.
  const cmd = st.commandName ? d.commandLine.replace(/^badzone /, `${st.commandName()} `) : d.commandLine;
  lines.push(st.dim('The same game without prompts:'), ...commandLines(st, cmd, '  ').map(st.dim));
  lines.push(...hint(st, 'Next: `badzone round` at the start of each round (or `badzone play`).'));
  return lines;
}

function play(d: PlayData, st: Style): string[] {
  // Say "saved" only when there is a game: Ctrl-C during the setup questions writes nothing.
  if (!d.saved) {
    const text =
      d.stopped === 'no-game'
        ? `No game was set up; nothing was written. Start one with \`badzone new --session ${d.session}\` or \`badzone play\` with the right --session.`
        : `Stopped before the game was set up: nothing was written to ${d.session}. \`badzone play\` asks the setup questions again.`;
    return para(st, text, '');
  }
  const where =
    d.phase === 'setup'
      ? 'before round 1'
      : d.phase === 'round'
        ? `round ${d.round}, End Phase not yet resolved`
        : `round ${d.round}, End Phase resolved`;
  const text =
    d.stopped === 'cancelled'
      ? `Stopped. Everything shown above is saved in ${d.session} (${where}); a step left unanswered was not. \`badzone play\` continues from here.`
      : `The game is saved in ${d.session} (${where}). \`badzone play\` continues from here.`;
  return para(st, text, '');
}

function completion(d: CompletionData): string[] {
  return [d.script.replace(/\n$/, '')];
}

/** "seed 42"; "seed hidden, commitment 9f3c..." while hidden; "seed 42, commitment ..." once revealed. */
function seedText(d: { seed: string | null; commitment: string | null }): string {
  if (d.seed === null) return `seed hidden, commitment ${d.commitment}`;
  return d.commitment ? `seed ${d.seed}, commitment ${d.commitment}` : `seed ${d.seed}`;
}

function reveal(d: RevealData, st: Style): string[] {
  return [
    ...para(
      st,
      `${d.seed}, salt ${d.salt}.${d.firstReveal ? '' : ' (It was revealed before.)'}`,
      `${st.bold('Seed:')} `,
    ),
    // The hashed text on a line of its own, never broken (a fresh seed's is 68 characters).
    ...para(st, `${d.commitment}, the SHA-256 of:`, `${st.bold('Commitment:')} `),
    `  ${d.hashed}`,
    st.dim(
      'Check that the seed and salt hash to the commitment, and that every die badzone rolled came from the seed:',
    ),
    ...commandLines(st, `printf '%s' '${d.hashed}' | sha256sum`, '  ').map(st.dim),
    ...commandLines(st, `badzone verify --commitment ${d.commitment}`, '  ').map(st.dim),
  ];
}

const RENDERERS: Renderers = {
  roll,
  'events-list': events,
  'events-show': eventShow,
  'hazard-roll': hazardRoll,
  'hazard-rolls': hazardRolls,
  'hazard-list': hazards,
  'hazard-show': hazardShow,
  'table-lint': lint,
  reveal,
  new: newGame,
  round,
  end,
  status,
  log,
  undo,
  redo,
  rename,
  collapse,
  orientation,
  sites,
  map,
  marker,
  dice: diceMode,
  details,
  verify,
  discard,
  place,
  visibility,
  fighter,
  'game-hazard': gameHazard,
  play,
  completion,
  simulate: simulateLines,
  serve: (d: ServeData) => [`Stopped the players' view (${d.updates} update${d.updates === 1 ? '' : 's'} sent).`],
  // The report's JSON form, asked for with --format json but not --json: the same JSON, as it is.
  report: (d: ReportJson) => [JSON.stringify(d, null, 2)],
  'report-md': reportMarkdown,
  'report-html': (d: ReportData) => [
    renderPage(d.view, {
      mode: 'report',
      report: {
        setup: d.setup,
        seed: d.seed,
        commitment: d.commitment,
        check: d.check,
        version: d.version,
        story: d.story,
        maps: d.maps,
        caskets: d.caskets,
      },
    }).trimEnd(),
  ],
};

// The players' view as an HTML page: `badzone serve` sends it (and sends its <main> again on every change), and
// `badzone report --format html` writes the same page, static, as one printable file. Formatting only: every fact
// comes from the PlayersView (src/api/players-view.ts). Every text is escaped by the `html` template (./html.ts).
import type { HazardView, InPlayView, MapView, Outcome, Roll, Story, VisibilityView } from '../api/types.js';
import type { EventCard, PlayersView } from '../api/players-view.js';
import type { CasketView, CheckFacts, ReportSetup } from '../api/report.js';
import type { EndPhaseView, GmActionView, HistoryRound } from '../api/history.js';
import { esc, html, Html, raw, user, type Part } from './html.js';
import { PAGE_CSS } from './page-assets.js';
import { checkText } from './commands.js';
import { mapFigure } from './map-svg.js';
import { liveList, type LiveList } from './live-list.js';
import { MARKER_GLYPH, holderWords, recentPaths } from './map-words.js';

/** What the page shows when the game cannot be shown (no session yet, or an unreadable file). */
export interface Notice {
  kind: 'missing' | 'invalid';
  message: string;
}

/** Added by `badzone report`: how the game was set up, and how to check it. */
export interface ReportExtras {
  /** The GM's title, date, scenario and result (null: not given): free text, escaped everywhere like names. */
  story?: Story;
  setup: ReportSetup;
  /** The seed, or null while it is hidden. */
  seed: string | null;
  /** The seed's commitment while the seed is hidden. */
  commitment: string | null;
  /** What checking the game's every roll takes (said in words, its commands as code, by checkText). */
  check: CheckFacts;
  version: string;
  /** The battlefield's map at the end of each round in which something was placed: drawn in that round's history. */
  maps?: { round: number; map: MapView }[];
  /** Each casket on the battlefield at the end, and who holds it: said after the story. */
  caskets?: CasketView[];
}

export interface PageOptions {
  /** 'live': served, with the live-update script; 'report': static, one file, styles inline. */
  mode: 'live' | 'report';
  /** The version id of this content (live mode: the page tells the server which version it already has). */
  version?: string;
  notice?: Notice | null;
  report?: ReportExtras;
  /** <main>'s content when it was rendered already (renderMain with the same view and options). */
  main?: string;
  /** The battlefield's map (the library's MapView), drawn in the battlefield section when given. */
  map?: MapView;
}

const PHASE: Record<string, string> = {
  setup: 'Setup',
  round: 'Event Phase done, players\u2019 turns',
  end: 'End Phase done',
};

export function pageTitle(v: PlayersView | null, notice?: Notice | null): string {
  if (!v)
    return notice?.kind === 'invalid' ? 'Game file unreadable \u00b7 badzone' : 'Waiting for the game \u00b7 badzone';
  if (v.round === 0) return `Setup \u00b7 ${v.game} \u00b7 badzone`;
  return `Round ${v.round}${v.phase === 'end' ? ', End Phase done' : ''} \u00b7 badzone`;
}

/** One line for screen readers when the view changes. */
export function announcement(v: PlayersView | null, notice?: Notice | null): string {
  if (notice) return notice.message;
  if (!v) return '';
  if (v.round === 0) return 'The game is set up; round 1 has not started.';
  const ev = v.newEvent && v.newEvent.round === v.round ? ` New event: ${v.newEvent.name}.` : '';
  return `Round ${v.round}, ${v.phase === 'end' ? 'End Phase done' : 'Event Phase done'}.${ev}`;
}

/** The whole document. */
export function renderPage(v: PlayersView | null, opts: PageOptions): string {
  const live = opts.mode === 'live';
  const head = live
    ? html`<link rel="stylesheet" href="page.css"><script src="live.js" defer></script><noscript><meta http-equiv="refresh" content="15"></noscript>`
    : html`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"><style>${raw(PAGE_CSS)}</style>`;
  const title =
    opts.mode === 'report' && v
      ? `${opts.report?.story?.title ?? reportHeading(v, opts.report)} \u00b7 badzone`
      : pageTitle(v, opts.notice);
  const state = live
    ? html`<p class="live-state" id="live-state" role="status"><span class="dot" aria-hidden="true"></span> <span id="live-text">Static view: reload for news (updates are live with JavaScript)</span></p>`
    : html`<p class="live-state">Battle report, written by badzone ${opts.report?.version ?? ''}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark light">
<meta name="referrer" content="no-referrer">
${live ? '<link rel="icon" href="favicon.svg" type="image/svg+xml">' : ''}
<title>${html`${title}`}</title>
${head}
</head>
<body class="${opts.mode}">
<header class="top">
<p class="brand"><span class="logo" aria-hidden="true">\u2684</span> badzone <span class="sub">${opts.mode === 'report' ? 'battle report' : 'players\u2019 view'}</span></p>
${state}
</header>
<main id="game" data-version="${html`${opts.version ?? ''}`}">${opts.main ?? renderMain(v, opts)}</main>
<p id="announce" class="visually-hidden" aria-live="polite"></p>
<footer>
<p>${opts.mode === 'report' ? 'Made with badzone from the session file; every roll can be checked (see above).' : 'Read only: nothing on this page can change the game. It never shows the seed or the dice to come.'}</p>
</footer>
</body>
</html>
`;
}

export type { LiveList } from './live-list.js';

/**
 * The live page's <main>: `head`, its content with each list's element empty, and each list's items (the older
 * rounds, the markers on the map and in its legend, the objects on the table: an update sends the items that
 * changed).
 */
export interface LiveMain {
  head: string;
  lists: LiveList[];
}

/** The live page's <main> in parts (`joinLiveMain` makes the whole of it). */
export function renderLiveMain(v: PlayersView | null, opts: Pick<PageOptions, 'notice' | 'map'>): LiveMain {
  const lists: LiveList[] = [];
  return { head: mainHtml(v, { ...opts, mode: 'live' }, lists), lists };
}

/** <main>'s whole content from its parts: each list's items in its element. */
export function joinLiveMain(m: LiveMain): string {
  let out = m.head;
  for (const l of m.lists) {
    const at = out.indexOf(l.empty);
    const inside = at + l.empty.lastIndexOf('</');
    out = out.slice(0, inside) + l.items.join('') + out.slice(inside);
  }
  return out;
}

/** The content of <main> (on the live page, an update sends what changed: LiveMain). */
export function renderMain(
  v: PlayersView | null,
  opts: Pick<PageOptions, 'notice' | 'report' | 'mode' | 'map'>,
): string {
  if (opts.mode === 'live') return joinLiveMain(renderLiveMain(v, opts));
  return mainHtml(v, opts, []);
}

function mainHtml(
  v: PlayersView | null,
  opts: Pick<PageOptions, 'notice' | 'report' | 'mode' | 'map'>,
  lists: LiveList[],
): string {
  const notice = opts.notice ? noticeBox(opts.notice, v !== null) : null;
  if (!v) return html`${notice}`.text;
  const report = opts.report;
  return html`${notice}
${opts.mode === 'report' ? reportTitle(v, report) : html`<h1 class="visually-hidden">Players\u2019 view of ${v.game}</h1>`}
${report ? reportHead(v, report) : null}
<div class="grid">
${now(v)}
${justDone(v)}
${cardSection(v)}
<div class="side">
${applySection(v)}
${inPlaySection(v)}
${endPhaseSection(v)}
${visibilitySection(v.visibility)}
</div>
${hazardSection(v.hazard)}
${tableSection(v, opts.map, opts.mode === 'live' ? lists : null)}
${gangsSection(v)}
${historySection(v, opts.mode === 'report', report?.maps, lists)}
</div>
${report?.caskets?.length ? casketSection(report.caskets) : null}
${report ? reportCheck(report) : null}
${v.commitment && !report ? html`<p class="commitment">Seed commitment: <code>${v.commitment}</code>. Note it down: once the GM reveals the seed, it proves that every die badzone rolled came from the seed fixed at the start (dice the GM entered by hand are counted apart, under Dice).</p>` : null}`
    .text;
}

/** What the End Phase just done did, at the top of the page in large type, until the next Event Phase. */
function justDone(v: PlayersView): Html | null {
  const e = v.lastEndPhase;
  if (!e) return null;
  return html`<section class="just-done" aria-labelledby="done-h"><h2 id="done-h">What the End Phase of round ${e.round} did</h2>${endPhaseBody(e)}</section>`;
}

/**
 * A text, escaped, with what must not be parted on a narrow screen kept together: a number and its sign
 * ("\u20131 Strength": a browser may break after an en dash) are joined by a WORD JOINER, and the phase's last words
 * ("players\u2019 turns") stay on one line.
 */
function text(s: string): Html {
  return new Html(
    esc(s)
      .replace(/\u2013(?=\d)/g, '\u2013\u2060')
      .replace(/players\u2019 turns/g, '<span class="nowrap">players\u2019 turns</span>'),
  );
}

function noticeBox(n: Notice, stale: boolean): Html {
  const title = n.kind === 'missing' ? 'No game to show yet' : 'The game file cannot be read';
  const after = stale ? ' Below is the game as it was last read.' : '';
  return html`<section class="notice" role="alert" aria-labelledby="notice-h"><h2 id="notice-h"><span aria-hidden="true">\u26a0 </span>${title}</h2><p>${n.message}${after}</p></section>`;
}

function now(v: PlayersView): Html {
  const phase = v.round === 0 ? 'Setup: round 1 has not started' : (PHASE[v.phase] ?? v.phase);
  const vis = v.visibility;
  return html`<section class="now" aria-labelledby="now-h">
<h2 id="now-h">${v.round === 0 ? 'Before the game' : `Round ${v.round}`}</h2>
<p class="phase"><span class="label">Phase</span> <span class="value">${text(phase)}</span></p>
<p class="vis-short"><span class="label">Visibility</span> ${visName(vis)}</p>
<p class="count"><span class="label">In play</span> ${v.inPlay.length === 0 ? 'no events' : `${v.inPlay.length} event${v.inPlay.length === 1 ? '' : 's'}`}</p>
<p class="count"><span class="label">Dice</span> ${diceCount(v.dice)}</p>
</section>`;
}

/** "1 die", "3 dice". */
export function dice(n: number): string {
  return `${n} ${n === 1 ? 'die' : 'dice'}`;
}

/**
 * How many of the game's dice the GM entered by hand ("3 of 41 dice entered by hand"): those follow from no seed,
 * so a commitment vouches only for the others.
 */
export function diceCount(d: { rolls: number; entered: number }): string {
  if (d.rolls === 0) return 'none yet';
  if (d.entered === 0) return d.rolls === 1 ? '1 die, rolled by badzone' : `all ${d.rolls} dice rolled by badzone`;
  return `${d.entered} of ${dice(d.rolls)} entered by hand`;
}

function visName(vis: VisibilityView): Html {
  const range = vis.rangeInches === null ? 'unlimited range' : `${vis.rangeInches}\u2033 range`;
  return html`<strong>${user(vis.name)}</strong> (${range}${vis.pitchBlack && !/pitch black/i.test(vis.name) ? ', counts as Pitch Black' : ''})`;
}

function timingBadge(t: { timing: 'once' | 'persistent'; discardOn: number | null }): Html {
  if (t.timing === 'once') return html`<span class="badge once">Once</span>`;
  return html`<span class="badge persistent">Persistent</span> <span class="badge discard">${t.discardOn === null ? 'no discard roll' : `discarded on ${t.discardOn}+`}</span>`;
}

function when(c: EventCard): string {
  if (c.timing === 'once')
    return c.actsInEndPhase
      ? 'Acts in this round\u2019s End Phase, then it is discarded.'
      : 'Resolved now, then discarded.';
  const acts = [c.actsEachEventPhase ? 'every Event Phase' : '', c.actsInEndPhase ? 'every End Phase' : '']
    .filter(Boolean)
    .join(' and ');
  const stays = `Stays in play${acts ? ` and acts ${acts}` : ''}`;
  return c.discardOn === null
    ? `${stays}; no discard roll (the GM discards it).`
    : `${stays}; discarded on a D6 roll of ${c.discardOn}+ in an End Phase.`;
}

function cardSection(v: PlayersView): Html {
  const c = v.newEvent;
  if (!c) {
    const why = v.noNewEvent
      ? `No new event: ${v.noNewEvent}.`
      : 'No event yet: the first one comes with round 1\u2019s Event Phase.';
    return html`<section class="card empty" aria-labelledby="card-h"><h2 id="card-h">Newest event</h2><p>${why}</p></section>`;
  }
  const drawn = c.card ? `Card ${c.roll}` : `D64 roll ${c.roll}`;
  const current = c.round === v.round;
  return html`<section class="card" aria-labelledby="card-h">
<h2 id="card-h"><span class="kicker">${current ? `New this round (round ${c.round})` : `Newest event (round ${c.round})`}</span> ${user(c.name)}</h2>
<p class="meta"><span class="roll">${drawn}${c.entered ? ' (entered)' : ' (rolled)'}</span> ${timingBadge(c)}</p>
<p class="when">${when(c)}</p>
${c.redrawn.length ? html`<p class="redrawn">Drawn first and drawn again (already in play): ${c.redrawn.map((d, i) => html`${i ? ', ' : ''}${user(d.name)} (${d.roll})`)}.</p>` : null}
<div class="rules"><h3>Rules</h3>${paragraphs(c.effect)}</div>
${c.outcomes.length ? html`<div class="picks"><h3>What badzone rolled and picked</h3>${outcomeList(c.outcomes)}</div>` : null}
${c.rolls.length ? html`<details class="dice"><summary>Its dice (${c.rolls.length})</summary>${rollList(c.rolls)}</details>` : null}
</section>`;
}

function paragraphs(body: string): Html {
  return html`${body
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map((p) => html`<p>${text(p)}</p>`)}`;
}

function outcomeList(outcomes: Outcome[]): Html | null {
  if (outcomes.length === 0) return null;
  return html`<ul class="outcomes">${outcomes.map((o) => html`<li>${outcomeBody(o)}</li>`)}</ul>`;
}

function clock(d: number): string {
  return `${d} o\u2019clock`;
}

function outcomeBody(o: Outcome): Html {
  switch (o.kind) {
    case 'scatterEachTile':
      if (o.scatters.length > 1) {
        return html`A ${user(o.what)} at the center of each tile, scattered:<ul>${o.scatters.map((s) => html`<li><strong>${s.tile ?? ''}</strong>: ${s.distance}\u2033 toward ${clock(s.direction)}</li>`)}</ul>`;
      }
      return html`${o.text}`;
    case 'pickFighter':
      if (o.picks.length > 0) {
        return html`${o.picks.some((p) => p.fighter) ? html`Picked (each ${user(o.what)}):` : html`${o.text}`}<ul>${o.picks.map((p) => html`<li>${user(p.gang)}: ${p.fighter === null ? 'nobody available' : user(p.fighter)}</li>`)}</ul>`;
      }
      return html`${o.text}`;
    default:
      return html`${text(o.text)}`;
  }
}

function dieName(r: Roll): string {
  return r.card ? 'card' : r.d66 ? 'D66' : `D${r.die}`;
}

/** Each die with what it was for, and whether the GM entered it or badzone rolled it (words, not colour). */
function rollList(rolls: Roll[], heading = false): Html | null {
  if (rolls.length === 0) return null;
  return html`${heading ? html`<h4>Dice</h4>` : null}<ol class="rolls">${rolls.map(
    (r) =>
      html`<li><span class="die">${dieName(r)}</span> <strong class="value">${r.value}</strong> <span class="src ${r.entered ? 'entered' : 'rolled'}">${r.entered ? 'entered' : 'rolled'}</span> <span class="for">${r.for}</span></li>`,
  )}</ol>`;
}

/**
 * What to apply in this round's Event Phase, oldest first: each event in play (standing conditions named as still
 * in force), then what stays after discarded events. Shown while the round's Event Phase is the latest step.
 */
function applySection(v: PlayersView): Html | null {
  if (v.phase !== 'round' || v.history[0]?.round !== v.round) return null;
  const items = v.applyNow.map((x) => {
    if (x.type === 'condition')
      return html`<li><span class="name">${user(x.name)}’s ${user(x.text)}s</span>: ${(x.fighters ?? []).map((f, i) => html`${i ? ', ' : ''}${user(f.fighter)} (${user(f.gang)})`)}</li>`;
    if (x.type === 'object')
      return html`<li><span class="name">${user(x.name)}’s ${user(x.text)}</span> stays${x.tile ? html` on tile ${user(x.tile)}` : null}${x.worth ? `, worth ${x.worth.value} ${x.worth.unit}` : ''}</li>`;
    const where = x.tile ? html`; ${x.scattered ? 'scattered from' : 'on'} tile ${user(x.tile)}` : null;
    const worth = x.worth ? `; worth ${x.worth.value} ${x.worth.unit}` : '';
    const body = x.fresh
      ? html`<p>New this round: see its card.</p>`
      : x.outcomes.length
        ? outcomeList(x.outcomes)
        : html`<p>${text(x.text)}</p>`;
    return html`<li><span class="name">${user(x.name)}</span>${x.fresh ? html` <span class="badge once">new</span>` : null}${x.inForce ? html` <span class="badge persistent">still in force</span>` : null}${where || worth ? html`<span class="detail">${where}${worth}</span>` : null}${body}</li>`;
  });
  const body = items.length ? html`<ol class="apply">${items}</ol>` : html`<p>Nothing: no event is in play.</p>`;
  return html`<section class="apply-s" aria-labelledby="apply-h"><h2 id="apply-h">Apply now <span class="hint">round ${v.round}, oldest first</span></h2>${body}</section>`;
}

function inPlaySection(v: PlayersView): Html {
  const inPlay = v.inPlay;
  // What each event in play did in this round's Event Phase (the new one's picks are on its card).
  const now = v.history[0]?.round === v.round ? v.history[0]?.eventPhase : null;
  const didNow = (p: InPlayView) =>
    (now?.resolved ?? []).find((r) => r.eventId === p.eventId && r.source === 'in-play' && r.outcomes.length > 0);
  const body =
    inPlay.length === 0
      ? html`<p>No events in play.</p>`
      : html`<ol class="inplay">${inPlay.map((p) => {
          const did = didNow(p);
          return html`<li><span class="name">${user(p.name)}</span> <span class="detail">arrived in round ${p.sinceRound}; ${p.discardOn === null ? 'no discard roll' : `discarded on ${p.discardOn}+`}${p.carriedBy ? html`; carried by ${user(holderWords(p.carriedBy))}` : p.tile ? html`; on tile ${user(p.tile)}${p.scattered ? ' (scattered since)' : ''}` : null}${p.worth !== undefined ? `; worth ${p.worth.value} ${p.worth.unit}` : ''}</span>${did ? html`<p class="did">This round: </p>${outcomeList(did.outcomes)}` : null}</li>`;
        })}</ol>`;
  return html`<section class="inplay-s" aria-labelledby="inplay-h"><h2 id="inplay-h">Events in play <span class="hint">oldest first</span></h2>${body}</section>`;
}

function endPhaseSection(v: PlayersView): Html {
  let body: Html;
  if (v.phase === 'round') {
    body = v.dueInEndPhase.length
      ? html`<ul>${v.dueInEndPhase.map((d) => html`<li><strong>${user(d.name)}</strong>: ${text(d.what)}</li>`)}</ul>`
      : html`<p>Nothing: no event acts in this End Phase and none has a discard roll.</p>`;
  } else if (v.phase === 'end') {
    body = html`<p>The End Phase of round ${v.round} is done. The next round starts with its Event Phase.</p>`;
  } else {
    body = html`<p>Nothing yet: the first round has not started.</p>`;
  }
  return html`<section class="endphase" aria-labelledby="endphase-h"><h2 id="endphase-h">What the End Phase will do</h2>${body}</section>`;
}

function visibilitySection(vis: VisibilityView): Html {
  const since =
    vis.sinceRound === 0 && vis.source === 'start'
      ? 'since the start'
      : `since round ${vis.sinceRound}${vis.source === 'gm' ? ', set by the GM' : ''}`;
  return html`<section class="visibility" aria-labelledby="vis-h"><h2 id="vis-h">Visibility</h2>
<p class="big">${visName(vis)} <span class="detail">${since}</span></p>
${vis.rules ? html`<p>${text(vis.rules)}</p>` : null}
</section>`;
}

function hazardSection(h: HazardView | null): Html {
  let body: Html;
  if (!h) body = html`<p>No Hazard this game.</p>`;
  else if (h.nomadic) body = html`<p><strong>None</strong> (D10 ${h.roll}: Nomadic). ${h.effect}</p>`;
  else {
    body = html`<p class="big"><strong>${user(h.name)}</strong> <span class="detail">D10 ${h.roll}</span></p><p>${text(h.effect)}</p>
${h.ploy ? html`<h3>Home Turf Ploy${h.turfOwner ? html` for ${user(h.turfOwner)}` : ''}: ${user(h.ploy.name)}</h3><p><span class="label">When</span> ${h.ploy.when}</p><p>${text(h.ploy.text)}</p>` : null}`;
  }
  return html`<section class="hazard" aria-labelledby="hazard-h"><h2 id="hazard-h">Hazard</h2>${body}</section>`;
}

/**
 * Where a marker is now: placed at its tile's center, then each scatter from where the last left it (on the live
 * page, the newest RECENT_SCATTERS of them).
 */
function markerPath(p: InPlayView, live: boolean): Html {
  if (p.tile === null) return html`not placed (no tile was left)`;
  if (!p.tile) return html``;
  if (p.carriedBy) return html`carried by <strong>${user(holderWords(p.carriedBy))}</strong>`;
  const sc = p.scatters ?? [];
  const start = html`placed at the center of tile <strong>${user(p.tile)}</strong>`;
  if (sc.length === 0) return html`${start}${p.scattered ? ', scattered since' : ''}`;
  const step = (x: { round: number; distance: number; direction: number }) =>
    html`round ${x.round}: ${x.distance}″ toward ${clock(x.direction)}`;
  const last = sc[sc.length - 1]!;
  const shown = live ? sc.slice(-RECENT_SCATTERS) : sc;
  return html`${start}, then scattered ${sc.length} time${sc.length === 1 ? '' : 's'}, each from where the last left it; last in ${step(last)}${
    sc.length > 1
      ? html`<details><summary>${shown.length < sc.length ? `The last ${shown.length} scatters (every one is in the battle report)` : `Every scatter (${sc.length})`}</summary>${shown.length < sc.length ? html`<ol start="${sc.length - shown.length + 1}">` : html`<ol>`}${shown.map((x) => html`<li>${step(x)}</li>`)}</ol></details>`
      : null
  }`;
}

/** On the live page a marker's path shows its newest scatters (a Pillar in play for a long game scatters every round). */
export const RECENT_SCATTERS = 10;

/** `lists`: on the live page, where the map's markers go as lists updated item by item (null: the report). */
function tableSection(v: PlayersView, map: MapView | undefined, lists: LiveList[] | null): Html {
  const live = lists !== null;
  const objects: Html[] = [];
  for (const p of v.inPlay) {
    if (p.tile === undefined && p.worth === undefined) continue;
    objects.push(
      html`<li><strong>${user(p.name)}</strong> (in play): ${markerPath(p, live)}${p.worth !== undefined ? `; worth ${p.worth.value} ${p.worth.unit}` : ''}</li>`,
    );
  }
  const ev = (id: string) => v.eventNames[id] ?? id;
  for (const o of v.battlefield.objects) {
    objects.push(
      html`<li><strong>${user(o.what)}</strong> (left by ${user(ev(o.eventId))}, round ${o.sinceRound})${o.carriedBy ? html`: carried by <strong>${user(holderWords(o.carriedBy))}</strong>` : o.tile ? html`: placed on tile <strong>${user(o.tile)}</strong> (it may have been carried since)` : null}${o.worth ? `; worth ${o.worth.value} ${o.worth.unit}` : ''}</li>`,
    );
  }
  for (const l of v.lairs ?? [])
    if (l.becomes) objects.push(html`<li>${user(l.name)} is now a ${user(l.becomes)}</li>`);
  const picks = v.battlefield.tilePicks.map(
    (t) =>
      html`<li>${user(ev(t.eventId))}, round ${t.round}: ${t.tile === null ? 'no tile picked (every tile held models)' : html`tile <strong>${user(t.tile)}</strong> ${t.removesTile ? 'collapsed' : 'picked'}`}${
        t.confirmed
          ? t.correctedFrom !== undefined
            ? html` (the GM recorded it; badzone had picked ${t.correctedFrom ?? 'none'})`
            : null
          : html` <strong class="unconfirmed">not confirmed</strong> (picked among all tiles; the GM may record the right one)`
      }</li>`,
  );
  const removed = v.tilesRemoved.length
    ? html`${v.tilesRemoved.map((t, i) => html`${i ? ', ' : ''}<strong>${user(t)}</strong>`)}`
    : html`none`;
  return html`<section class="table" aria-labelledby="table-h"><h2 id="table-h">The battlefield</h2>
${map ? (lists ? mapFigure(recentPaths(map, RECENT_SCATTERS), 'map', undefined, lists) : mapFigure(map, 'map')) : null}
<p><span class="label">Tiles</span> ${v.tiles.length ? v.tiles.join(' ') : 'none left'}</p>
<p><span class="label">Tiles removed</span> ${removed}</p>
${picks.length ? html`<ul class="picks">${picks}</ul>` : null}
${v.structures !== null ? html`<p><span class="label">Large structures standing</span> ${v.structures.length}</p>` : null}
<h3>Objects on the table</h3>
${
  objects.length
    ? lists
      ? liveList(
          'ul',
          'objects',
          'table-objects',
          objects.map((o) => o.text),
          lists,
        )
      : html`<ul>${objects}</ul>`
    : html`<p>None.</p>`
}
</section>`;
}

function names(list: string[]): Html {
  return list.length
    ? html`${list.map((f, i) => html`${i ? ', ' : ''}${user(f)}`)}`
    : html`<span class="none">none</span>`;
}

const LASTS: Record<string, string> = {
  round: 'until it picks again',
  event: 'while it is in play',
  game: 'for the rest of the game',
};

/** A fighter's name, with the conditions events gave them (Wyld Magic: Psyker), in words. */
function fighter(v: PlayersView, gang: string, name: string): Html {
  const cs = v.battlefield.conditions.filter((c) => c.gang === gang && c.fighter === name);
  return html`${user(name)}${cs.length ? html` <span class="condition">(${cs.map((c, i) => html`${i ? ', ' : ''}${user(c.condition)}`)})</span>` : null}`;
}

function fighters(v: PlayersView, gang: string, list: string[]): Html {
  return list.length
    ? html`${list.map((f, i) => html`${i ? ', ' : ''}${fighter(v, gang, f)}`)}`
    : html`<span class="none">none</span>`;
}

function gangsSection(v: PlayersView): Html {
  const ev = (id: string) => v.eventNames[id] ?? id;
  const conditions = v.battlefield.conditions.map(
    (c) =>
      html`<li>${user(c.fighter)} (${user(c.gang)}) is a ${user(c.condition)}, since round ${c.sinceRound} (${user(ev(c.eventId))}, ${LASTS[c.lasts] ?? c.lasts})</li>`,
  );
  const body = v.gangs.length
    ? html`${v.gangs.map(
        (g) => html`<div class="gang"><h3>${user(g.name)}</h3><dl>
<dt>On the battlefield (${g.battlefield.length})</dt><dd>${fighters(v, g.name, g.battlefield)}</dd>
<dt>In reserve (${g.reserve.length})</dt><dd>${fighters(v, g.name, g.reserve)}</dd>
<dt>Out (${g.out.length})</dt><dd>${fighters(v, g.name, g.out)}</dd>
</dl></div>`,
      )}`
    : html`<p>No rosters were given for this game.</p>`;
  return html`<section class="gangs" aria-labelledby="gangs-h"><h2 id="gangs-h">Gangs</h2>${body}${conditions.length ? html`<div class="conditions"><h3>Conditions</h3><ul>${conditions}</ul></div>` : null}</section>`;
}

function drawWord(o: string): string {
  return o === 'once' ? 'Once' : o === 'placed' ? 'Persistent, placed in play' : 'already in play, drawn again';
}

function endPhaseBody(e: EndPhaseView): Html {
  return html`${e.triggers.map((t) => html`<p><strong>${user(t.name)}</strong></p>${outcomeList(t.outcomes)}`)}
${e.checks.length ? html`<ul class="checks">${e.checks.map((c) => html`<li>${user(c.name)}: rolled ${c.roll}, needs ${c.discardOn}+: <strong>${c.discarded ? 'discarded' : 'stays in play'}</strong></li>`)}</ul>` : null}
${e.triggers.length === 0 && e.checks.length === 0 ? html`<p>Nothing happened.</p>` : null}
${e.resolvedBy === 'round' ? html`<p class="detail">Resolved when the next round started.</p>` : null}`;
}

/** The GM's own steps in a round, before or after its End Phase. */
function gmList(title: string, list: GmActionView[]): Html | null {
  return list.length
    ? html`<h4>${title}</h4><ul>${list.map((g) => html`<li>${g.notes.join('; ') || g.action}</li>`)}</ul>`
    : null;
}

function historyRound(h: HistoryRound, report: boolean, map?: MapView): Html {
  const ep = h.eventPhase;
  // Its dice folded away (the report adds the End Phase's): the story reads without them.
  const dice = [
    ...(h.setup?.rolls ?? []),
    ...(ep?.rolls ?? []),
    ...h.gm.filter((g) => !g.afterEndPhase).flatMap((g) => g.rolls),
    ...(report ? (h.endPhase?.rolls ?? []) : []),
    ...h.gm.filter((g) => g.afterEndPhase).flatMap((g) => g.rolls),
  ];
  return html`<li class="hround"><h3>${h.round === 0 ? 'Setup' : `Round ${h.round}`}</h3>
${h.setup?.notes.length ? html`<ul>${h.setup.notes.map((n) => html`<li>${n}</li>`)}</ul>` : null}
${
  ep
    ? html`<h4>Event Phase</h4><ul>${ep.draws.map((d) => html`<li>${d.card ? `Card ${d.roll}` : `D64 ${d.roll}`}: <strong>${user(d.name)}</strong> (${drawWord(d.outcome)})</li>`)}${ep.noNewEvent ? html`<li>No new event: ${ep.noNewEvent}</li>` : null}${ep.reshuffled ? html`<li>The deck ran out and was reshuffled.</li>` : null}</ul>
${ep.resolved.filter((r) => r.outcomes.length).map((r) => html`<p class="resolved"><strong>${user(r.name)}</strong>${r.source === 'in-play' ? ' (in play)' : ''}</p>${outcomeList(r.outcomes)}`)}`
    : null
}
${gmList(
  'By the GM',
  h.gm.filter((g) => !g.afterEndPhase),
)}
${h.endPhase ? html`<h4>End Phase</h4>${endPhaseBody(h.endPhase)}` : null}
${gmList(
  'After the End Phase, by the GM',
  h.gm.filter((g) => g.afterEndPhase),
)}
${map ? html`<h4>The battlefield at the end of round ${h.round}</h4>${mapFigure(map, `map-round-${h.round}`, `Map of the battlefield at the end of round ${h.round}`)}` : null}
${dice.length ? html`<details class="dice"><summary>Dice of ${h.round === 0 ? 'the setup' : `round ${h.round}`} (${dice.length})</summary>${rollList(dice)}</details>` : null}
</li>`;
}

function historySection(
  v: PlayersView,
  report: boolean,
  maps: ReportExtras['maps'] = [],
  lists: LiveList[] = [],
): Html {
  const mapOf = (round: number) => maps.find((m) => m.round === round)?.map;
  const rounds = v.history.filter((h) => h.round > 0 || h.setup?.notes.length || h.setup?.rolls.length || h.gm.length);
  const older = report ? [] : rounds.slice(DETAILED);
  return html`<section class="history" aria-labelledby="history-h"><h2 id="history-h">Round history <span class="hint">newest first</span></h2>
${v.historyProblem ? html`<p class="problem"><strong>Note:</strong> ${v.historyProblem}</p>` : null}
${rounds.length ? html`<ol class="rounds">${rounds.slice(0, report ? rounds.length : DETAILED).map((h) => (report ? historyRound(h, true, mapOf(h.round)) : detailedRound(h)))}</ol>` : html`<p>No rounds played yet.</p>`}
${older.length ? html`<h3>Earlier rounds</h3>${liveList('ol', 'older', 'older-rounds', older.map(olderItem), lists)}<p class="detail">Every die of every round is in the battle report (badzone report).</p>` : null}
</section>`;
}

/** On the live page the newest rounds are shown in full and older ones in a line each, so the page stays small however long the game. */
const DETAILED = 5;

// What a round looks like on the live page, kept for as long as its HistoryRound lives: the players' view builder
// (src/api/history.ts) hands out the same object for a round until one of its log entries changes, so an update
// renders only the newest round or two, however long the game.
const detailed = new WeakMap<HistoryRound, Html>();
const summaries = new WeakMap<HistoryRound, string>();

function detailedRound(h: HistoryRound): Html {
  let x = detailed.get(h);
  if (!x) detailed.set(h, (x = historyRound(h, false)));
  return x;
}

function olderItem(h: HistoryRound): string {
  let x = summaries.get(h);
  if (x === undefined) summaries.set(h, (x = html`<li>${roundSummary(h)}</li>`.text));
  return x;
}

/** One line for a round: its events and what its End Phase discarded. */
function roundSummary(h: HistoryRound): Html {
  const parts: Html[] = [];
  for (const d of h.eventPhase?.draws ?? [])
    if (d.outcome !== 'duplicate')
      parts.push(
        html`${d.card ? 'card' : 'D64'} ${d.roll} ${user(d.name)} (${d.outcome === 'once' ? 'Once' : 'Persistent'})`,
      );
  if (h.eventPhase?.noNewEvent) parts.push(html`no new event`);
  const gone = h.endPhase?.checks.filter((c) => c.discarded) ?? [];
  if (h.endPhase)
    parts.push(
      html`End Phase: ${gone.length ? html`${gone.map((c, i) => html`${i ? ', ' : ''}${user(c.name)}`)} discarded` : 'nothing discarded'}`,
    );
  if (h.gm.length) parts.push(html`${h.gm.length} change${h.gm.length === 1 ? '' : 's'} by the GM`);
  return html`<strong>${h.round === 0 ? 'Setup' : `Round ${h.round}`}</strong>: ${parts.length ? parts.map((p, i) => html`${i ? '; ' : ''}${p}`) : 'nothing recorded'}`;
}

function reportHead(v: PlayersView, r: ReportExtras): Html {
  const s = r.setup;
  const n = r.story;
  const rows: [string, Part][] = [
    ['Game', user(v.game)],
    ...(['Date', 'Scenario', 'Result'] as const).flatMap((k): [string, Part][] => {
      const t = n?.[k.toLowerCase() as 'date' | 'scenario' | 'result'] ?? null;
      return t === null ? [] : [[k, user(t)]];
    }),
    ['Events', html`${s.mode === 'deck' ? 'a 64-card deck' : 'a D64 roll each round'}, table: ${user(s.table)}`],
    [
      'Battlefield',
      `${s.tiles.length} tiles (${s.tiles.join(' ')}), ${s.spawnPoints} spawn points${s.lairs !== null ? `, ${s.lairs} Beast Lairs` : ''}${s.structures !== null ? `, ${s.structures} large structures` : ''}`,
    ],
    [
      'Gangs at the start',
      s.gangs.length
        ? html`${s.gangs.map((g, i) => html`${i ? '; ' : ''}${user(g.name)}: ${names(g.battlefield)}${g.reserve.length ? html` (reserve: ${names(g.reserve)})` : null}`)}`
        : 'no rosters given',
    ],
    [
      'Hazard',
      v.hazard
        ? v.hazard.nomadic
          ? `none (D10 ${v.hazard.roll}: Nomadic)`
          : html`${user(v.hazard.name)} (D10 ${v.hazard.roll})${s.turfOwner ? html`, the Home Turf of ${user(s.turfOwner)}` : null}`
        : 'none',
    ],
    ['Rounds played', String(v.round)],
  ];
  return html`<section class="report-head" aria-labelledby="setup-h"><h2 id="setup-h">The game</h2>
<dl class="facts">${rows.map(([k, x]) => html`<dt>${k}</dt><dd>${x}</dd>`)}</dl>
</section>`;
}

/** The report's title: the gangs that fought ("Goliaths vs Eschers"), or the game's file name without rosters. */
function reportHeading(v: PlayersView, r: ReportExtras | undefined): string {
  const gangs = r?.setup.gangs.map((g) => g.name) ?? [];
  return gangs.length ? gangs.join(' vs ') : `Battle report: ${v.game}`;
}

/** The report's heading: the GM's title, with the gangs under it; or the gangs. */
function reportTitle(v: PlayersView, r: ReportExtras | undefined): Html {
  const title = r?.story?.title ?? null;
  if (title === null) return html`<h1 class="report-title">${reportHeading(v, r)}</h1>`;
  return html`<h1 class="report-title">${user(title)}</h1>${r?.setup.gangs.length ? html`<p class="report-gangs">${user(reportHeading(v, r))}</p>` : null}`;
}

/**
 * A casket at the end, in words ("c3 Loot Casket (round 2): held by Vex (Eschers)"); `say` makes a name safe where
 * it goes (the HTML's escaping, Markdown's mdText). The Markdown and HTML reports say the same.
 */
export function casketWords(c: CasketView, say: (s: string) => string): string {
  const head = `${MARKER_GLYPH[c.kind]}${c.id} ${say(c.what)} (round ${c.round}${c.worth ? `, worth ${c.worth.value} ${say(c.worth.unit)}` : ''})`;
  if (c.carriedBy) return `${head}: held by ${holderWords(c.carriedBy, say)}`;
  return `${head}: ${c.tile !== null ? `lies on tile ${say(c.tile)}; who holds it is not recorded` : c.offTable ? 'lost: it landed off the table' : 'lies over a tile removed from the battlefield; who holds it is not recorded'}`;
}

/** After the story: who holds each casket at the end. */
function casketSection(list: CasketView[]): Html {
  return html`<section class="report-caskets" aria-labelledby="caskets-h"><h2 id="caskets-h">The caskets at the end</h2>
<ul>${list.map((c) => html`<li>${raw(casketWords(c, (t) => user(t).text))}</li>`)}</ul>
</section>`;
}

/** After the story: the seed (or its commitment) and how to check every roll, its commands as code. */
function reportCheck(r: ReportExtras): Html {
  const seed =
    r.seed !== null
      ? html`<dt>Seed</dt><dd>${String(r.seed)}</dd>`
      : html`<dt>Seed commitment</dt><dd><code>${r.commitment ?? ''}</code> (the seed is still hidden)</dd>`;
  return html`<section class="report-check" aria-labelledby="check-h"><h2 id="check-h">Checking it</h2>
<dl class="facts">${seed}</dl>
${checkHtml(r.check).map((p) => html`<p>${p}</p>`)}
</section>`;
}

/**
 * The check's words with each command in <code>. checkText's own words hold no user text (the file name and the
 * commitment are only ever inside its commands), so each command is stood in for by a numbered mark while the words
 * are made, then the words are escaped and each mark replaced by its command, escaped, in <code>.
 */
function checkHtml(f: CheckFacts): Html[] {
  const commands: string[] = [];
  const text = checkText(f, (c) => `\ue000${commands.push(c) - 1}\ue001`);
  return text.map(
    (p) =>
      html`${p.split(/\ue000(\d+)\ue001/).map((x, i) => (i % 2 ? html`<code>${commands[Number(x)]!}</code>` : x))}`,
  );
}

// The page's own assets, shipped inside the program (no CDN, no file read at run time, nothing else to serve):
// the style sheet (also inlined into the HTML report), the live-update script and the icon.

/**
 * Two layouts from one sheet: a phone layout (one column, body text 17px) and, from 1000px wide, a big-screen
 * layout readable across a table (two columns, type growing with the screen). High contrast (light text on near
 * black, at least 7:1), text that wraps (long names too) instead of scrolling sideways, and a print style.
 */
export const PAGE_CSS = `
:root{--bg:#101216;--panel:#1b1e24;--line:#3a404b;--text:#f3f4f6;--muted:#c9ced6;--accent:#ffd45c;--good:#8fe3a8;--warn:#ffb38a;--focus:#7cc4ff}
*{box-sizing:border-box}
html{font-size:17px;-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;line-height:1.45;overflow-wrap:anywhere;word-break:normal}
a{color:var(--focus)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.top{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:baseline;justify-content:space-between;padding:.6rem 1rem;border-bottom:1px solid var(--line)}
.brand{margin:0;font-weight:700;font-size:1.1rem}
.brand .sub{font-weight:400;color:var(--muted)}
.logo{color:var(--accent)}
.live-state{margin:0;color:var(--muted);font-size:.9rem}
.live-state .dot{display:inline-block;width:.7em;height:.7em;border-radius:50%;border:2px solid var(--muted)}
.live-state[data-state=live] .dot{background:var(--good);border-color:var(--good)}
.live-state[data-state=down] .dot{background:transparent;border-color:var(--warn)}
main{padding:.75rem;max-width:100rem;margin:0 auto}
.grid{display:grid;grid-template-columns:minmax(0,1fr);gap:.75rem}
.side{display:flex;flex-direction:column;gap:.75rem;min-width:0}
section{background:var(--panel);border:1px solid var(--line);border-radius:.5rem;padding:.75rem 1rem;min-width:0}
h1,h2,h3,h4{line-height:1.2}
h2{margin:0 0 .5rem;font-size:1.25rem}
h3{margin:.75rem 0 .25rem;font-size:1.05rem}
h4{margin:.6rem 0 .2rem;font-size:1rem;color:var(--muted)}
p{margin:.3rem 0}
ul,ol{margin:.3rem 0;padding-left:1.3rem}
li{margin:.15rem 0}
.hint,.detail{font-weight:400;color:var(--muted);font-size:.9em}
.label{display:inline-block;min-width:6.5em;color:var(--muted);font-size:.85em;text-transform:uppercase;letter-spacing:.04em}
.none{color:var(--muted);font-style:italic}
.now h2{font-size:2rem;margin:0}
.now p{margin:.15rem 0}
.card{border:2px solid var(--accent)}
.card h2{font-size:1.9rem}
.card .kicker{display:block;font-size:.9rem;font-weight:600;color:var(--accent);text-transform:uppercase;letter-spacing:.05em;margin-bottom:.2rem}
.card .meta{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center}
.card .roll{font-weight:700}
.card .when{font-style:italic}
.card .rules{font-size:1.05rem}
.badge{display:inline-block;padding:.05rem .5rem;border:1px solid currentColor;border-radius:1rem;font-size:.85rem;font-weight:600}
.badge.once{color:var(--warn)}
.badge.persistent{color:var(--good)}
.badge.discard{color:var(--text)}
.outcomes>li{margin:.3rem 0}
.rolls{list-style:none;padding-left:0;font-size:.95rem}
.rolls li{padding:.1rem 0;border-bottom:1px dotted var(--line)}
.rolls .die{display:inline-block;min-width:3em;color:var(--muted)}
.rolls .value{display:inline-block;min-width:1.8em;text-align:right}
.rolls .src{display:inline-block;min-width:4.5em;font-size:.8em;text-transform:uppercase;letter-spacing:.04em}
.rolls .src.entered{color:var(--accent)}
.inplay .name{font-weight:700}
.condition{color:var(--accent)}
.unconfirmed{color:var(--warn);text-transform:uppercase;font-size:.85em;letter-spacing:.04em}
.conditions{grid-column:1/-1}
.inplay .did{margin:.2rem 0 0}
.now .phase{display:flex;align-items:baseline;gap:.3em}
.now .phase .label{flex:none}
.nowrap{white-space:nowrap}
.just-done{border:2px solid var(--accent);font-size:1.3rem}
.just-done h2{font-size:1.6em}
.inplay>li{margin:.35rem 0}
.apply .name{font-weight:700}
.apply>li{margin:.4rem 0;font-size:1.05rem}
.apply p{margin:.15rem 0}
.visibility .big,.hazard .big{font-size:1.3rem;margin:.1rem 0 .4rem}
.gang dl{margin:.2rem 0}
.gang dt{color:var(--muted);font-size:.9em}
.gang dd{margin:0 0 .35rem 0}
.history .rounds{padding-left:0;list-style:none}
.hround{border-top:1px solid var(--line);padding:.4rem 0}
.older{padding-left:0;list-style:none}
.older li{padding:.15rem 0;border-top:1px dotted var(--line)}
.hround h3{margin-top:.2rem;font-size:1.15rem}
details summary{cursor:pointer;color:var(--muted);padding:.2rem 0}
.card details{margin-top:.5rem}
.notice{border:2px solid var(--warn);background:#2a1d16;margin-bottom:.75rem}
.problem{color:var(--warn)}
.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.2rem 1rem}
.facts dt{color:var(--muted)}
.facts dd{margin:0}
.report-title{margin:.25rem .25rem .75rem;font-size:1.8rem;overflow-wrap:anywhere}
.report-gangs{margin:-.5rem .25rem .75rem;font-size:1.2rem;overflow-wrap:anywhere}
/* A phone: each fact's label above its value, so the text gets the whole width. */
@media (max-width:40rem){
 .facts{grid-template-columns:minmax(0,1fr);gap:0}
 .facts dd{margin:0 0 .4rem}
 .map-figure .map{margin:0 -1rem;width:calc(100% + 2rem);max-width:none}
 .map .map-label{font-size:1.7px}
 .map .map-tile-name{font-size:1.6px}
 .map .map-site{font-size:1.5px}
}
code{font-family:ui-monospace,Menlo,Consolas,monospace;overflow-wrap:anywhere}
main>.commitment{color:var(--muted);font-size:.9rem;margin:.75rem .25rem}
footer{padding:.75rem 1rem 1.5rem;color:var(--muted);font-size:.9rem;text-align:center}
/* The battlefield map (src/render/map-svg.ts): an inline SVG measured in inches, styled here only (no style attribute). */
.map-figure{margin:.5rem 0 0}
.map{display:block;width:100%;height:auto;max-height:88vh}
.map .map-table{fill:var(--bg)}
.map .map-tile{fill:#262a32;stroke:#8a93a3;stroke-width:.12}
.map .map-tile.map-removed{fill:#17191d}
.map .map-hatch-line{stroke:#8a93a3;stroke-width:.3}
.map .map-unconfirmed{fill:none;stroke:var(--warn);stroke-width:.25;stroke-dasharray:.8 .5}
.map text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;fill:var(--text)}
.map .map-tile-name{font-size:1.3px;font-weight:700;fill:var(--muted)}
.map .map-note{font-size:.95px;fill:var(--warn)}
.map .map-scatter{stroke:var(--muted);stroke-width:.14;stroke-dasharray:.5 .3}
.map .map-path{stroke:var(--warn);stroke-width:.2}
.map .map-arrowhead{fill:var(--muted)}
.map .map-origin{fill:var(--muted)}
.map .map-blast{fill:#ff8a5c;fill-opacity:.28;stroke:var(--warn);stroke-width:.15}
.map .map-marker{fill:var(--accent);stroke:var(--bg);stroke-width:.15}
.map .map-smoke-marker{fill:#c9ced6}
.map .map-frag-mine{fill:#ff6b6b}
.map .map-large-blast{fill:var(--warn)}
.map .map-label{font-size:1.25px;font-weight:700;paint-order:stroke;stroke:var(--bg);stroke-width:.3}
.map .map-step{font-size:.9px;fill:var(--warn)}
.map .map-site{font-size:1.2px;font-weight:700;text-anchor:end;fill:var(--good)}
.map .map-used{fill:var(--accent)}
.map .map-collapsed{text-decoration:line-through}
.map .map-compass circle{fill:none;stroke:var(--muted);stroke-width:.1}
.map .map-compass line{stroke:var(--accent);stroke-width:.25}
.map .map-hour{font-size:.95px;text-anchor:middle;fill:var(--muted)}
.map .map-hour.map-twelve{fill:var(--accent);font-weight:700}
.map .map-compass-note{font-size:1.1px;fill:var(--muted)}
.map-legend{font-size:.95rem}
.map-legend .map-key{color:var(--muted)}
.map-list{list-style:none;padding-left:0}
.visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (min-width:1000px){
 html{font-size:calc(12px + .55vw)}
 .grid{grid-template-columns:minmax(0,3fr) minmax(0,2fr);align-items:start}
 .now,.just-done,.report-head,.history,.notice{grid-column:1/-1}
 .card,.hazard,.table{grid-column:1}
 .side{grid-column:2;grid-row:span 3}
 .now{display:flex;flex-wrap:wrap;gap:.5rem 2.5rem;align-items:baseline}
 .now h2{font-size:2.4rem}
 .card h2{font-size:2.5rem}
 .card .rules{font-size:1.15rem}
 .gangs{grid-column:1/-1}
 .gangs{display:grid;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));gap:.25rem 1.5rem}
 .gangs h2{grid-column:1/-1}
}
@media (min-width:2200px){html{font-size:26px}}
@media print{
 :root{--bg:#fff;--panel:#fff;--line:#999;--text:#000;--muted:#333;--accent:#000;--good:#000;--warn:#000}
 html{font-size:11pt}
 .grid{display:block}
 section{break-inside:avoid-page;margin:0 0 .6rem;border-color:#999}
 .history,.hround{break-inside:auto}
 .hround{break-inside:avoid}
 details{display:block}
 .live-state .dot{display:none}
 .map .map-tile{fill:#fff;stroke:#000}
 .map .map-table{fill:#fff}
}
`;

/**
 * The live-update script. Progressive: without it the page is complete and static (a no-script refresh reloads it).
 * With it, an EventSource receives each new version of <main> (rendered and escaped by the server) and puts it in
 * place; the browser reconnects by itself, sending the last version it has (Last-Event-ID), and the server sends
 * the current one when it differs, so a page that was away catches up. When the server refuses or is gone, it
 * retries with a growing pause. It sends nothing but GET requests and changes nothing but this page.
 *
 * An update is either whole (`html`: <main>'s content) or a change to the version the page has (`base`): <main>'s
 * content with each long list's element empty (`html`), and for each list (`lists`: its id, how many items the
 * page's copy has, and at which item `remove` items are replaced by the markup `add`) the items that changed; the
 * page keeps its own list's other items. A change to a version the page does not have, or to a list that is not
 * as the server says, is not applied: the page reconnects without a version and gets the whole update.
 */
export const LIVE_JS = `'use strict';
(function () {
  var main = document.getElementById('game');
  var state = document.getElementById('live-state');
  var text = document.getElementById('live-text');
  var announce = document.getElementById('announce');
  if (!main || !state || !text || typeof window.EventSource !== 'function') return;
  var version = main.getAttribute('data-version') || '';
  var es = null;
  var pause = 1000;
  function show(kind, words) {
    state.setAttribute('data-state', kind);
    text.textContent = words;
  }
  function change(m) {
    var lists = Array.isArray(m.lists) ? m.lists : [];
    var kept = [];
    for (var i = 0; i < lists.length; i++) {
      var l = lists[i];
      var old = l.size > 0 ? document.getElementById(l.id) : null;
      if (l.size > 0 && (!old || !main.contains(old) || old.children.length !== l.size || l.at + l.remove > l.size)) return false;
      kept.push(old);
    }
    main.innerHTML = m.html;
    for (var j = 0; j < lists.length; j++) {
      var list = lists[j];
      var now = document.getElementById(list.id);
      if (!now) continue;
      var el = kept[j];
      if (el) {
        for (var k = 0; k < list.remove; k++) el.removeChild(el.children[list.at]);
        now.replaceWith(el);
      } else el = now;
      var next = el.children[list.at];
      if (next) next.insertAdjacentHTML('beforebegin', list.add);
      else el.insertAdjacentHTML('beforeend', list.add);
    }
    return true;
  }
  function connect() {
    es = new EventSource('events?v=' + encodeURIComponent(version));
    es.addEventListener('open', function () {
      pause = 1000;
      show('live', 'Live: updates as the GM plays');
    });
    es.addEventListener('view', function (e) {
      var m;
      try { m = JSON.parse(e.data); } catch (err) { return; }
      if (!m || typeof m.html !== 'string' || m.version === version) return;
      if (typeof m.base === 'string') {
        if (m.base !== version || !change(m)) {
          // Not the version this page has: start again from the whole of the current one.
          es.close();
          version = '';
          connect();
          return;
        }
      } else main.innerHTML = m.html;
      version = m.version;
      main.setAttribute('data-version', version);
      if (typeof m.title === 'string') document.title = m.title;
      if (announce && typeof m.announce === 'string') announce.textContent = m.announce;
    });
    es.addEventListener('error', function () {
      show('down', 'Reconnecting\\u2026 (the view may be out of date)');
      if (es.readyState === 2) {
        es.close();
        setTimeout(connect, pause);
        pause = Math.min(pause * 2, 15000);
      }
    });
  }
  connect();
})();
`;

/** A die face, as the tab's icon. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect x="4" y="4" width="56" height="56" rx="12" fill="#ffd45c"/><g fill="#101216"><circle cx="20" cy="20" r="6"/><circle cx="44" cy="20" r="6"/><circle cx="32" cy="32" r="6"/><circle cx="20" cy="44" r="6"/><circle cx="44" cy="44" r="6"/></g></svg>
`;

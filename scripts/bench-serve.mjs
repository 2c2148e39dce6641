// The players' view under `npm run bench` (scripts/bench.mjs calls benchServe): a real `badzone serve` (bin/,
// spawned), fed session files written the way badzone writes them (temp file, fsync, rename), read by
// server-sent-event clients in this process and, for the round-to-page figure, by Debian's Chromium.
//
//   1. memory: the server's resident memory after 1,000 updates (a 70-round game played forward and undone back,
//      again and again), against its memory after the first;
//   2. round to page: `badzone round` spawned, until the open page in Chromium shows the new round (without
//      Chromium: until an event-stream client has it);
//   3. 200 pages: 200 event-stream clients and 2 stalled ones (they never read); the time from each write to the
//      last of the 200 having the update, whether every page got every update, and the server's memory;
//   4. a flood: `serve --host 0.0.0.0` while scripts/serve-flood.mjs holds 2,000 connections without the token
//      from 127.0.0.2-9 (idle, partial headers, slow drips, each reopened a second after the server closes it);
//      the time a page with the token takes to load from 127.0.0.1 (the page, its three assets and the event
//      stream's first update, each on a new connection), against the same without the flood. Linux only.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process, in MB (Linux /proc; elsewhere ps). */
function rssMB(pid, field = 'VmRSS') {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (m) return Number(m[1]) / 1024;
  } catch {
    /* not Linux */
  }
  const r = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
  return Number(r.stdout.trim()) / 1024;
}

/** An event-stream reader that counts `view` events and records when each arrived. */
function client(url) {
  const c = { views: [], status: 0, req: null, waiters: [] };
  c.ready = new Promise((resolve, reject) => {
    c.req = http.get(url, { agent: false, headers: { Accept: 'text/event-stream' } }, (res) => {
      c.status = res.statusCode;
      resolve();
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buf += chunk;
        let end;
        while ((end = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, end);
          buf = buf.slice(end + 2);
          if (!block.includes('event: view')) continue;
          const id = /^id: (.*)$/m.exec(block)?.[1] ?? '';
          c.views.push({ id, at: process.hrtime.bigint(), bytes: Buffer.byteLength(block) + 2 });
          for (const w of c.waiters.splice(0)) w();
        }
      });
      res.on('error', () => {});
    });
    c.req.on('error', reject);
  });
  c.waitFor = (n, ms = 20_000) =>
    new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`update ${n} not received in ${ms} ms`)), ms);
      const check = () => {
        if (c.views.length >= n) {
          clearTimeout(t);
          resolve(c.views[n - 1]);
        } else c.waiters.push(check);
      };
      check();
    });
  c.close = () => c.req.destroy();
  return c;
}

/** `ulimit -n` for the flood and the server it floods: 2,000 sockets and up to 1,100. */
const FILES = 4096;

async function startServe(BIN, env, cwd, file, more = []) {
  const cmd = [process.execPath, BIN, 'serve', '--session', file, ...more];
  const proc = more.length
    ? spawn('bash', ['-c', `ulimit -n ${FILES} && exec "$@"`, 'bash', ...cmd], {
        cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(cmd[0], cmd.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout.setEncoding('utf8').on('data', (c) => (out += c));
  proc.stderr.setEncoding('utf8').on('data', (c) => (err += c));
  const t0 = process.hrtime.bigint();
  while (!out.includes('Ctrl-C stops it.')) {
    if (proc.exitCode !== null) throw new Error(`badzone serve exited ${proc.exitCode}: ${err}`);
    if (Number(process.hrtime.bigint() - t0) / 1e6 > 15_000)
      throw new Error('badzone serve printed no address in 15 s');
    await sleep(2);
  }
  const startMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const url = /http:\/\/\S+/.exec(out)[0];
  return {
    proc,
    url,
    startMs,
    stop: () =>
      new Promise((resolve) => {
        proc.once('exit', resolve);
        proc.kill('SIGINT');
      }),
  };
}

export async function benchServe({ BIN, work, env, load, note }) {
  const { createGame, step, defaultSetup } = await load('engine/index.ts');
  const { shippedBook } = await load('store/tables.ts');
  const { serialize } = await load('store/session.ts');
  const files = await load('store/files.ts');
  // As badzone writes: a temp file beside the session, renamed over it.
  const writeAtomic = (f, text) => files.writeAtomic(files.resolveTarget(f, 'write'), text);
  const book = shippedBook();
  const setup = defaultSetup(20261201, {
    tiles: ['A1', 'A2', 'A3', 'B1', 'B2', 'B3', 'C1', 'C2', 'C3'],
    gangs: [
      { name: 'Goliaths', battlefield: ['Krag', 'Brute', 'Grub', 'Mauler'], reserve: ['Hulk'] },
      { name: 'Eschers', battlefield: ['Vex', 'Nyx', 'Sable'], reserve: ['Lyra'] },
    ],
    lairs: 2,
    structures: 3,
    hazard: 'roll',
  });
  // A 70-round game: 140 commands (round, end), each state as the file would hold it.
  const states = [];
  let s = createGame(setup, book);
  states.push(serialize(s));
  for (let i = 1; i <= 140; i++) {
    const r = step(s, { type: i % 2 ? 'round' : 'end' }, book);
    if (!r.ok) throw new Error('bench game: a step was refused');
    s = r.state;
    states.push(serialize(s));
  }
  // For the page's update: the games of `npm run bench`'s growth figures (scripts/bench.mjs: 1 round and 1,000
  // rounds played with \`round\`, seed 20261130), each also with the next round played.
  // As `badzone round` writes them: scripts/bench-games.ts.
  const games = (await load('../scripts/bench-games.ts')).gamesAt([1, 2, 1000, 1001]);
  const long = { smallA: games.get(1), smallB: games.get(2), bigA: games.get(1000), bigB: games.get(1001) };
  const dir = fs.mkdtempSync(path.join(work, 'serve-'));
  const file = path.join(dir, 'badzone-session.json');
  writeAtomic(file, states[0]);
  const rows = [];

  // --- 0. The page's update on a 1,000-round game against a 1-round one ----------------------------------------------
  note('serve: page update, 1000-round game vs 1...');
  rows.push(...(await updateRows({ BIN, env, dir, load, writeAtomic, long })));
  if (process.env.BENCH_SERVE_ONLY === 'update') {
    fs.rmSync(dir, { recursive: true, force: true });
    return rows;
  }

  // --- 1. Memory after 1,000 updates -------------------------------------------------------------------------------
  note('serve: 1,000 updates...');
  const server = await startServe(BIN, env, dir, file);
  const c1 = client(`${server.url}events`);
  await c1.ready;
  await c1.waitFor(1);
  // Forward through the game and back (undo), again and again: every write is a different state.
  const order = [];
  for (let k = 0; order.length < 1000; k++) {
    const forward = k % 2 === 0;
    for (let i = 1; i <= 140 && order.length < 1000; i++) order.push(forward ? i : 140 - i);
  }
  const lat = [];
  const rssAfterFirst = await (async () => {
    writeAtomic(file, states[order[0]]);
    await c1.waitFor(2);
    await sleep(200);
    return rssMB(server.proc.pid);
  })();
  let rssHalf = 0;
  for (let n = 1; n < order.length; n++) {
    const t0 = process.hrtime.bigint();
    writeAtomic(file, states[order[n]]);
    const v = await c1.waitFor(n + 2);
    lat.push(Number(v.at - t0) / 1e6);
    if (n === 499) rssHalf = rssMB(server.proc.pid);
  }
  await sleep(500);
  const rssAfter = rssMB(server.proc.pid);
  const rssPeak = rssMB(server.proc.pid, 'VmHWM');
  const pageKB = Buffer.byteLength(await (await fetch(server.url)).text()) / 1024;
  c1.close();
  rows.push(['serve: start-up, spawn to address printed', `${server.startMs.toFixed(1)} ms`, '', undefined]);
  // V8 grows its heap before it collects, so the figure to watch is the plateau: 500 updates against 1,000.
  rows.push([
    'serve: RSS after 1 / 500 / 1,000 updates',
    `${rssAfterFirst.toFixed(1)} / ${rssHalf.toFixed(1)} / ${rssAfter.toFixed(1)} MB (peak ${rssPeak.toFixed(1)} MB)`,
    '<= 120 MB, +<= 10 MB from 500',
    rssAfter <= 120 && rssAfter - rssHalf <= 10,
  ]);
  rows.push([
    'serve: file written to page update (1 page)',
    `median ${median(lat).toFixed(1)} ms, p95 ${pct(lat, 95).toFixed(1)} ms`,
    'median <= 100 ms',
    median(lat) <= 100,
  ]);
  rows.push(['serve: page size, 70-round game', `${pageKB.toFixed(0)} KB`, '', undefined]);

  // --- 2. `badzone round` to the page showing it ----------------------------------------------------------------------
  note('serve: round to page...');
  writeAtomic(file, states[40]); // round 20 over: `round` starts round 21
  await sleep(300);
  const samples = [];
  const cliMs = [];
  let how = 'an event-stream client';
  let browser = null;
  let profile = null;
  try {
    if (fs.existsSync('/usr/bin/chromium')) {
      const { chromium } = await import('playwright-core');
      profile = fs.mkdtempSync(path.join(os.tmpdir(), 'badzone-bench-chromium-'));
      browser = await chromium.launchPersistentContext(profile, {
        executablePath: '/usr/bin/chromium',
        headless: true,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      how = 'Chromium';
    }
    const page = browser ? await browser.newPage() : null;
    if (page) {
      await page.goto(server.url);
      await page.waitForFunction(() => document.getElementById('live-state')?.getAttribute('data-state') === 'live');
    }
    const c2 = page ? null : client(`${server.url}events`);
    if (c2) await c2.ready;
    for (let i = 0; i < 10; i++) {
      const want = `Round ${21}`;
      const t0 = process.hrtime.bigint();
      const seen = page
        ? page
            .waitForFunction((w) => document.querySelector('#now-h')?.textContent === w, want, {
              polling: 'raf',
              timeout: 20_000,
            })
            .then(() => process.hrtime.bigint())
        : c2.waitFor(c2.views.length + 1).then((v) => v.at);
      const r = spawnSync(process.execPath, [BIN, 'round', '--session', file], { cwd: dir, env, stdio: 'ignore' });
      const done = process.hrtime.bigint();
      if (r.status !== 0) throw new Error(`badzone round failed (${r.status})`);
      samples.push(Number((await seen) - t0) / 1e6);
      cliMs.push(Number(done - t0) / 1e6);
      // Back to round 20 for the next sample (also an update; waited for).
      const back = page
        ? page.waitForFunction(() => document.querySelector('#now-h')?.textContent === 'Round 20', null, {
            timeout: 20_000,
          })
        : c2.waitFor(c2.views.length + 1);
      writeAtomic(file, states[40]);
      await back;
    }
    c2?.close();
  } finally {
    await browser?.close();
    if (profile) fs.rmSync(profile, { recursive: true, force: true });
  }
  rows.push([
    `serve: \`badzone round\` to the page showing it (${how})`,
    `median ${median(samples).toFixed(1)} ms (the command itself ${median(cliMs).toFixed(1)} ms)`,
    '<= 500 ms',
    median(samples) <= 500,
  ]);
  await server.stop();

  // --- 3. 200 pages and 2 stalled ones -------------------------------------------------------------------------------
  note('serve: 200 pages...');
  writeAtomic(file, states[40]);
  const big = await startServe(BIN, env, dir, file);
  const rssIdle = rssMB(big.proc.pid);
  const port = Number(new URL(big.url).port);
  const stalled = [0, 1].map(() => {
    const sock = net.connect(port, '127.0.0.1');
    sock.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    sock.pause();
    return sock;
  });
  const pages = Array.from({ length: 200 }, () => client(`${big.url}events`));
  await Promise.all(pages.map((p) => p.ready));
  await Promise.all(pages.map((p) => p.waitFor(1)));
  const UPDATES = 60;
  const fanout = [];
  for (let n = 1; n <= UPDATES; n++) {
    const t0 = process.hrtime.bigint();
    writeAtomic(file, states[40 + n]);
    const last = await Promise.all(pages.map((p) => p.waitFor(n + 1)));
    fanout.push(Number(last.reduce((m, v) => (v.at > m ? v.at : m), 0n) - t0) / 1e6);
  }
  await sleep(300);
  const rss200 = rssMB(big.proc.pid);
  const everyOne = pages.every((p) => p.views.length === UPDATES + 1);
  for (const p of pages) p.close();
  for (const x of stalled) x.destroy();
  await big.stop();
  rows.push([
    'serve: 200 pages, write to the last page updated',
    `median ${median(fanout).toFixed(1)} ms, p95 ${pct(fanout, 95).toFixed(1)} ms (${UPDATES} updates)`,
    'median <= 250 ms',
    median(fanout) <= 250,
  ]);
  rows.push(['serve: 200 pages + 2 stalled, every page got every update', everyOne ? 'yes' : 'NO', 'yes', everyOne]);
  rows.push([
    'serve: RSS with 200 pages + 2 stalled (idle)',
    `${rss200.toFixed(1)} MB (${rssIdle.toFixed(1)} MB)`,
    '<= 150 MB',
    rss200 <= 150,
  ]);

  // --- 4. A page with the token under a flood without it --------------------------------------------------------------
  note('serve: a flood of 2,000 connections without the token...');
  rows.push(await floodRow(BIN, env, dir, file));
  fs.rmSync(dir, { recursive: true, force: true });
  return rows;
}

/**
 * The page's update after a `round` on a game of 1,000 rounds against one of 1 round, side by side: the next
 * round's file replaces the game's, then the game's replaces it again (the undo). Measured twice:
 *   - spawned: a real `badzone serve` for each game, both running; from the file's rename to the event read by a
 *     page (an event-stream client here), so the watcher and its 25 ms debounce are in it, as a player sees it;
 *   - in-process: src/serve's own LiveView and server, the update called at once after the write (no watcher):
 *     the file's part (LiveView.read: read, parse, check, the same work as `status`) and the page's part (the view,
 *     the render, the update's frame written to a connected page), each timed inside the one update.
 */
async function updateRows({ BIN, env, dir, load, writeAtomic, long }) {
  const N = Number(process.env.BENCH_UPDATES ?? 50) || 50; // 50 of each: 25 moved the ratio by 0.03 between runs
  const games = ['small', 'big'].map((g) => ({
    g,
    a: long[`${g}A`],
    b: long[`${g}B`],
    file: path.join(dir, `${g}.json`),
  }));
  // Spawned.
  const spawned = { small: { round: [], undo: [] }, big: { round: [], undo: [] } };
  for (const x of games) {
    writeAtomic(x.file, x.a);
    x.server = await startServe(BIN, env, dir, x.file);
    x.client = client(`${x.server.url}events`);
    await x.client.ready;
    await x.client.waitFor(1);
  }
  const once = async (x, text) => {
    const n = x.client.views.length + 1;
    const t0 = process.hrtime.bigint();
    writeAtomic(x.file, text);
    const v = await x.client.waitFor(n);
    return Number(v.at - t0) / 1e6;
  };
  try {
    for (let i = 0; i < N; i++)
      for (const x of i % 2 ? [...games].reverse() : games) {
        spawned[x.g].round.push(await once(x, x.b));
        spawned[x.g].undo.push(await once(x, x.a));
      }
  } finally {
    for (const x of games) {
      x.client.close();
      await x.server.stop();
    }
  }
  // In-process. The garbage collector's pauses are noted too: parsing a long file leaves the parsed game to be
  // collected, and a collection runs where the next allocation happens, often in the page's part.
  const { PerformanceObserver, performance } = await import('node:perf_hooks');
  const gcs = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push([e.startTime, e.startTime + e.duration]);
  });
  observer.observe({ entryTypes: ['gc'] });
  const gcIn = (from, to) => gcs.reduce((n, [a, b]) => n + Math.max(0, Math.min(b, to) - Math.max(a, from)), 0);
  const { LiveView } = await load('serve/live.ts');
  const { startServer } = await load('serve/server.ts');
  const inproc = {};
  for (const x of games) {
    writeAtomic(x.file, x.a);
    const live = new LiveView(x.file);
    const read = live.read.bind(live);
    const t = { readMs: 0, readEnd: 0 };
    live.read = () => {
      const t0 = performance.now();
      const r = read();
      t.readEnd = performance.now();
      t.readMs = t.readEnd - t0;
      return r;
    };
    const server = await startServer({ host: '127.0.0.1', port: 0, live });
    const c = client(`http://127.0.0.1:${server.port}/events`);
    await c.ready;
    await c.waitFor(1);
    inproc[x.g] = {
      x,
      live,
      t,
      server,
      c,
      round: { read: [], page: [], gc: [], bytes: [] },
      undo: { read: [], page: [], gc: [], bytes: [] },
    };
  }
  const update = async (p, text, into) => {
    writeAtomic(p.x.file, text);
    const n = p.c.views.length + 1;
    const t0 = performance.now();
    if (!p.server.update()) throw new Error('the bench game did not change the page');
    const t1 = performance.now();
    const v = await p.c.waitFor(n);
    into.read.push(p.t.readMs);
    into.page.push(t1 - t0 - p.t.readMs);
    into.gc.push([p.t.readEnd, t1]); // summed once the observer has had every entry
    into.bytes.push(v.bytes);
  };
  try {
    for (let i = 0; i < 4 * N; i++)
      for (const g of i % 2 ? ['big', 'small'] : ['small', 'big']) {
        const p = inproc[g];
        await update(p, p.x.b, p.round);
        await update(p, p.x.a, p.undo);
      }
    await sleep(200);
    for (const p of Object.values(inproc))
      for (const into of [p.round, p.undo]) into.gc = into.gc.map(([a, b]) => gcIn(a, b));
  } finally {
    observer.disconnect();
    for (const p of Object.values(inproc)) {
      p.c.close();
      await p.server.close();
    }
  }
  const ratio = (big, small) =>
    `${median(big).toFixed(2)} ms vs ${median(small).toFixed(2)} ms = ${(median(big) / median(small)).toFixed(3)}x`;
  const sr = median(spawned.big.round) / median(spawned.small.round);
  return [
    [
      'serve: page update, 1000-round game vs 1 (`round`: file renamed to a page having it, spawned serve)',
      ratio(spawned.big.round, spawned.small.round),
      '<= 1.10x',
      sr <= 1.1,
    ],
    [
      '  the same after an undo (the 1-round and 1000-round files put back)',
      ratio(spawned.big.undo, spawned.small.undo),
      '',
      undefined,
    ],
    [
      '  in-process, the file: read, parse, check (LiveView.read, as `status`)',
      ratio(inproc.big.round.read, inproc.small.round.read),
      '',
      undefined,
    ],
    [
      '  in-process, the page: view, render, frame sent (`round`)',
      ratio(inproc.big.round.page, inproc.small.round.page),
      '',
      undefined,
    ],
    [
      '    of which garbage collection (the file just parsed is collected in it)',
      `${mean(inproc.big.round.gc).toFixed(2)} ms vs ${mean(inproc.small.round.gc).toFixed(2)} ms (mean; ${gcs.length} collections in all)`,
      '',
      undefined,
    ],
    ['  in-process, the page after an undo', ratio(inproc.big.undo.page, inproc.small.undo.page), '', undefined],
    [
      '  bytes sent per update (`round` / undo)',
      `${median(inproc.big.round.bytes)} / ${median(inproc.big.undo.bytes)} B vs ${median(inproc.small.round.bytes)} / ${median(inproc.small.undo.bytes)} B`,
      '',
      undefined,
    ],
  ];
}

const FLOOD_ROW = 'serve: page with the token from 127.0.0.1, 2,000 connections without it from 127.0.0.2-9';

/** One load as a browser makes it: the page, its assets, the event stream's first update; each a new connection. */
async function loadPage(base) {
  const t0 = process.hrtime.bigint();
  for (const p of ['', 'page.css', 'live.js', 'favicon.svg']) {
    const status = await new Promise((resolve, reject) => {
      const req = http.get(base + p, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', reject);
      req.setTimeout(15_000, () => req.destroy(new Error('no answer in 15 s')));
    });
    if (status !== 200) throw new Error(`${p || 'the page'}: ${status}`);
  }
  const c = client(`${base}events`);
  try {
    await c.ready;
    await c.waitFor(1, 15_000);
  } finally {
    c.close();
  }
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

async function floodRow(BIN, env, dir, file) {
  if (process.platform !== 'linux')
    return [FLOOD_ROW, 'skipped: needs 127.0.0.2-9 on the loopback interface (Linux)', '', undefined];
  if (spawnSync('bash', ['-c', `ulimit -n ${FILES}`]).status !== 0)
    return [FLOOD_ROW, `skipped: \`ulimit -n ${FILES}\` failed (the hard limit is lower)`, '', undefined];
  const served = await startServe(BIN, env, dir, file, ['--host', '0.0.0.0']);
  const u = new URL(served.url);
  const base = `http://127.0.0.1:${u.port}${u.pathname}`;
  const LOADS = 20;
  const quiet = [];
  for (let i = 0; i < LOADS; i++) quiet.push(await loadPage(base));
  const floodScript = path.join(path.dirname(new URL(import.meta.url).pathname), 'serve-flood.mjs');
  const flood = spawn(
    'bash',
    [
      '-c',
      `ulimit -n ${FILES} && exec "$@"`,
      'bash',
      process.execPath,
      floodScript,
      '--port',
      u.port,
      '--count',
      '2000',
      '--from',
      '2-9',
      '--reconnect-ms',
      '1000',
    ],
    { env, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let out = '';
  flood.stdout.setEncoding('utf8').on('data', (c) => (out += c));
  const lastLine = () => JSON.parse(out.trim().split('\n').pop());
  const under = [];
  let failed = 0;
  try {
    while (!out.includes('"ready"')) {
      if (flood.exitCode !== null) throw new Error(`the flood exited ${flood.exitCode}`);
      await sleep(20);
    }
    // Past the first header timeouts (5 s), so the loads see the flood's reconnections too.
    for (let i = 0; i < LOADS; i++) {
      try {
        under.push(await loadPage(base));
      } catch {
        failed++;
      }
      await sleep(400);
    }
  } finally {
    const ended = new Promise((r) => flood.once('exit', r));
    flood.stdin.end();
    await ended;
    await served.stop();
  }
  const f = lastLine();
  const ok = failed === 0 && median(under) <= 250;
  return [
    FLOOD_ROW,
    `${under.length ? `median ${median(under).toFixed(1)} ms, max ${Math.max(...under).toFixed(1)} ms, ` : ''}${under.length}/${LOADS} loaded (no flood: median ${median(quiet).toFixed(1)} ms); the flood made ${f.attempts} connections, at most ${f.heldMax} held per address`,
    'every load; median <= 250 ms',
    ok,
  ];
}

// Alone: `node scripts/bench-serve.mjs` (after `npm run build`) prints only these figures.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const { tsImport } = await import('tsx/esm/api');
  const { pathToFileURL } = await import('node:url');
  const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'badzone-bench-'));
  const env = { ...process.env, NO_COLOR: '1', BADZONE_NO_INPUT: '1' };
  delete env.BADZONE_SESSION;
  delete env.CI;
  try {
    const rows = await benchServe({
      BIN: path.join(ROOT, 'bin', 'badzone.js'),
      work,
      env,
      load: (p) => tsImport(pathToFileURL(path.join(ROOT, 'src', p)).href, import.meta.url),
      note: (t) => process.stderr.write(`${t}\n`),
    });
    for (const r of rows)
      process.stdout.write(`${r[0]}  ${r[1]}  ${r[2]}  ${r[3] === undefined ? '' : r[3] ? 'PASS' : 'MISS'}\n`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

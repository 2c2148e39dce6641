// badzone report: Markdown, one static HTML page (the players' view page), and JSON that `verify --file` checks.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineCounts, resetEngineCounts } from '../../src/engine/counts.js';
import { cli, runCli, tempDir, readSession } from '../helpers.js';

const FILE = 'badzone-session.json';

/** The fresh seed a hidden-seed game gets here (a ChaCha20 seed, as the operating system would give one). */
const HIDDEN = 'HIDDENREPORTSEEDQ7Z3';

/** A game of three rounds, with a hostile gang name, an entered D64 and a skipped `end`. */
async function game(): Promise<string> {
  const dir = tempDir('badzone-report-');
  await cli(
    dir,
    'new',
    '--seed',
    '31',
    '--gang',
    '<img src=x onerror=alert(1)>: Krag, *Brute*',
    '--gang',
    'Eschers: Vex',
    '--hazard',
    '2',
    '--turf-owner',
    'Eschers',
  );
  await cli(dir, 'round', '--dice', '33');
  await cli(dir, 'end');
  await cli(dir, 'round');
  await cli(dir, 'round');
  return dir;
}

describe('badzone report', () => {
  it('--format md: setup, Hazard, each round with its dice marked entered or rolled, End Phase results, the seed, and how to check it', async () => {
    const dir = await game();
    const out = await cli(dir, 'report');
    const log = readSession(path.join(dir, FILE)).log;
    // The gangs in the heading, escaped like every name; the file name among the facts.
    expect(out).toMatch(/^# &lt;img src=x onerror=alert\(1\)&gt; vs Eschers\n/);
    expect(out).toContain('- Game file: badzone-session.json\n');
    // The story first (the setup, round by round), then how to check it with the seed, then the dice appendix.
    const at = (t: string) => {
      expect(out).toContain(t);
      return out.indexOf(t);
    };
    const order = [
      '## The game',
      '## Round by round',
      '- D64 33: Static Storm',
      '## Where the game stands',
      '## Checking it',
      '- Seed: 31',
      'badzone verify --file',
      '## Dice',
      '- D64 **33** (entered)',
    ].map(at);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // No die in the story: every die line comes after the Dice heading.
    const dice = out.indexOf('\n## Dice\n');
    expect(out.slice(0, dice)).not.toMatch(/\*\*\d+\*\* \((entered|rolled)\)/);
    expect(out.slice(dice)).not.toMatch(/\n## (?!Dice)/);
    expect(out).toContain('- Seed: 31\n');
    expect(out).toContain('- Hazard: Minefield (D10 2), the Home Turf of Eschers');
    expect(out).toContain('### Setup\n\n- Hazard 2: Minefield\n');
    for (const n of [1, 2, 3]) expect(out).toContain(`### Round ${n}\n`);
    // Oldest first in the record.
    expect(out.indexOf('### Round 1')).toBeLessThan(out.indexOf('### Round 3'));
    expect(out).toContain('- D64 33: Static Storm (Persistent, placed in play)');
    expect(out).toContain('- D64 **33** (entered): Event Phase: event table');
    // Every die of the log is listed once, marked.
    const listed = out.split('\n').filter((l) => /^\s*- (D\d+|card) \*\*\d+\*\* \((entered|rolled)\): /.test(l));
    expect(listed.length).toBe(log.reduce((n: number, e: any) => n + e.rolls.length, 0));
    expect(out).toContain('**End Phase**');
    expect(out).toMatch(/Static Storm: discard check \d, needs \d\+: \*\*(discarded|stays in play)\*\*/);
    expect(out).toContain('(Resolved when the next round started.)');
    expect(out).toContain('badzone verify --file badzone-session-report.json');
    // Names cannot become markup.
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).not.toContain('<img');
    expect(out).toContain('\\*Brute\\*');
  });

  it('--format html: the players\u2019 view page, static, one file, printable, with the seed and every die', async () => {
    const dir = await game();
    const out = await cli(dir, 'report', '--format', 'html');
    expect(out).toMatch(/^<!doctype html>\n<html lang="en">/);
    // The gangs name the report, escaped like every name.
    expect(out).toContain('<title>&lt;img src=x onerror=alert(1)&gt; vs Eschers \u00b7 badzone</title>');
    expect(out).toContain('<h1 class="report-title">&lt;img src=x onerror=alert(1)&gt; vs Eschers</h1>');
    // The story first (the setup, the rounds), then the seed and how to check it.
    const order = ['<h1', 'id="setup-h"', 'id="history-h"', 'id="check-h"', '<dt>Seed</dt>', 'badzone verify'].map(
      (t) => {
        expect(out).toContain(t);
        return out.indexOf(t);
      },
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Commands as code, not in backticks.
    expect(out).toContain('<code>badzone verify --file badzone-session-report.json</code>');
    expect(out).not.toContain('`');
    // Each round's dice folded away, the End Phase's with them: no die outside a <details>.
    const folded = out.replace(/<details[^]*?<\/details>/g, '');
    expect(folded).not.toContain('class="rolls"');
    expect(out).toMatch(/<details class="dice"><summary>Dice of round 1 \(2\)<\/summary>/);
    expect(out).toContain('<main id="game"');
    expect(out).toContain('<section class="history"');
    expect(out).toContain('@media print');
    // On a phone, each fact's label stacks above its value.
    expect(out).toMatch(/@media \(max-width:40rem\)\{\s*\.facts\{grid-template-columns:minmax\(0,1fr\)/);
    expect(out).not.toMatch(/<script|<link|src=["']?http/i);
    expect(out).toContain("content=\"default-src 'none'; style-src 'unsafe-inline'");
    expect(out).toContain('<dt>Seed</dt><dd>31</dd>');
    expect(out).toContain('badzone verify --file badzone-session-report.json');
    expect(out).toContain('<span class="src entered">entered</span> <span class="for">Event Phase: event table</span>');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).not.toContain('<img');
    expect(out.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('--format json is a file `badzone verify --file` accepts; a changed roll in it is found; it is never written to', async () => {
    const dir = await game();
    const out = await cli(dir, 'report', '--format', 'json');
    const rep = JSON.parse(out);
    expect(rep).toMatchObject({ kind: 'report', schema: 3, seed: '31', generator: 'mt19937', commitment: null });
    expect(rep.view.kind).toBe('players-view');
    expect(rep.session.setup.seed).toBe(31);
    const file = path.join(dir, 'game-report.json');
    fs.writeFileSync(file, out);
    const ok = await runCli(['verify', '--file', 'game-report.json', '--json'], { cwd: dir });
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, seed: '31', session: file });

    const bad = JSON.parse(out);
    const roll = bad.session.log[2].rolls[0];
    roll.value = roll.value === 1 ? 2 : 1;
    fs.writeFileSync(file, JSON.stringify(bad));
    const before = fs.readFileSync(file, 'utf8');
    const r = await runCli(['verify', '--file', 'game-report.json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('log entry 2');
    // A report is not a game to play on.
    const play = await runCli(['round', '--session', 'game-report.json'], { cwd: dir });
    expect(play.code).toBe(4);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });

  it('with a hidden seed: the commitment, not the seed, anywhere; verify --file refuses it until the seed is revealed, then checks it against the commitment', async () => {
    const dir = tempDir('badzone-report-');
    await cli({ cwd: dir, seeds: [HIDDEN] }, 'new', '--hidden-seed');
    await cli(dir, 'round');
    await cli(dir, 'end');
    const out = await cli(dir, 'report', '--json');
    expect(out).not.toContain(HIDDEN);
    const rep = JSON.parse(out);
    expect(rep.seed).toBeNull();
    expect(rep.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(rep.session.setup.seed).toBeUndefined();
    expect(rep.session.setup.generator).toBe('chacha20');
    expect(rep.session.rng.seed).toBeUndefined();
    expect(rep.session.setup.hiddenSeed.salt).toBeUndefined();
    const md = await cli(dir, 'report');
    expect(md).not.toContain(HIDDEN);
    expect(md).toContain(`- Seed commitment: \`${rep.commitment}\` (the seed is still hidden)`);
    expect(md).toContain(`--commitment ${rep.commitment}`);
    const html = await cli(dir, 'report', '--format', 'html');
    expect(html).not.toContain(HIDDEN);
    expect(html).toContain(rep.commitment);
    fs.writeFileSync(path.join(dir, 'hidden.json'), out);
    const refused = await runCli(['verify', '--file', 'hidden.json'], { cwd: dir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("made while the game's seed was hidden");
    await cli(dir, 'reveal');
    fs.writeFileSync(path.join(dir, 'revealed.json'), await cli(dir, 'report', '--format', 'json'));
    const ok = await runCli(['verify', '--file', 'revealed.json', '--commitment', rep.commitment, '--json'], {
      cwd: dir,
    });
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      ok: true,
      seed: HIDDEN,
      generator: 'chacha20',
      commitmentChecked: { given: rep.commitment, matches: true },
    });
  });

  it('the story kept in the game heads every report, escaped like names: Markdown inert, HTML text, JSON data', async () => {
    const dir = await game();
    const story = {
      title: '# <script>alert(1)</script> [x](javascript:alert(1)) ![i](x.png)',
      date: '14 March, *Sump* Run',
      scenario: 'Ambush `at` the vents',
      result: 'Eschers <b>won</b>',
    };
    const log = readSession(path.join(dir, FILE)).log;
    await cli(dir, 'details', '--title', story.title, '--date', story.date, '--scenario', story.scenario);
    await cli(dir, 'details', '--result', story.result);
    const saved = readSession(path.join(dir, FILE));
    expect(saved.story).toEqual(story);
    expect(saved.log).toEqual(log); // not a step
    const md = await cli(dir, 'report');
    expect(md).toMatch(
      /^# \\# &lt;script&gt;alert\(1\)&lt;\/script&gt; \\\[x\\\]\(javascript:alert\(1\)\) \\!\\\[i\\\]\(x\.png\)\n\n\*\*&lt;img src=x onerror=alert\(1\)&gt; vs Eschers\*\*\n/,
    );
    expect(md).toContain('- Date: 14 March, \\*Sump\\* Run\n');
    expect(md).toContain('- Scenario: Ambush \\`at\\` the vents\n');
    expect(md).toContain('- Result: Eschers &lt;b&gt;won&lt;/b&gt;\n');
    const page = await cli(dir, 'report', '--format', 'html');
    expect(page).toContain(
      '<title># &lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1)) ![i](x.png) \u00b7 badzone</title>',
    );
    expect(page).toContain(
      '<h1 class="report-title"><bdi># &lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1)) ![i](x.png)</bdi></h1><p class="report-gangs"><bdi>&lt;img src=x onerror=alert(1)&gt; vs Eschers</bdi></p>',
    );
    expect(page).toContain('<dt>Scenario</dt><dd><bdi>Ambush `at` the vents</bdi></dd>');
    expect(page).toContain('<dt>Result</dt><dd><bdi>Eschers &lt;b&gt;won&lt;/b&gt;</bdi></dd>');
    expect(page).not.toMatch(/<script|<b>|<img/);
    const json = JSON.parse(await cli(dir, 'report', '--format', 'json'));
    expect(json.story).toEqual(story);
    expect(json.session.story).toEqual(story);
    // The report still verifies: the story is no part of what verify replays.
    fs.writeFileSync(path.join(dir, 'r.json'), JSON.stringify(json));
    expect((await runCli(['verify', '--file', 'r.json'], { cwd: dir })).code).toBe(0);
  });

  it('--title, --date, --scenario and --result replace the stored ones for one report, in every format; the game keeps its own', async () => {
    const dir = await game();
    await cli(dir, 'details', '--title', 'The Sump Run', '--result', 'Eschers');
    const before = fs.readFileSync(path.join(dir, FILE), 'utf8');
    const md = await cli(dir, 'report', '--title', 'Night *Raid*', '--date', '15 March');
    expect(md).toMatch(/^# Night \\\*Raid\\\*\n/);
    expect(md).toContain('- Date: 15 March\n');
    expect(md).toContain('- Result: Eschers\n'); // not given this time: the game's
    const page = await cli(dir, 'report', '--format', 'html', '--scenario', '<i>Looters</i>');
    expect(page).toContain('<h1 class="report-title"><bdi>The Sump Run</bdi></h1>');
    expect(page).toContain('<dt>Scenario</dt><dd><bdi>&lt;i&gt;Looters&lt;/i&gt;</bdi></dd>');
    const json = JSON.parse(await cli(dir, 'report', '--json', '--result', 'Goliaths'));
    expect(json.story).toEqual({ title: 'The Sump Run', date: null, scenario: null, result: 'Goliaths' });
    expect(json.session.story).toEqual({ title: 'The Sump Run', date: null, scenario: null, result: 'Eschers' });
    // Kept nowhere: the session is as it was.
    expect(fs.readFileSync(path.join(dir, FILE), 'utf8')).toBe(before);
    // Checked like names, naming the flag: a line break, an ANSI escape.
    const bad = await runCli(['report', '--result', 'a\nb'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--result "a');
    const esc = await runCli(['report', '--title', 'x\u001b[2Jy'], { cwd: dir });
    expect(esc.code).toBe(2);
    expect(esc.stderr).toContain('--title "x\\x1b[2Jy" contains an escape (\\x1b)');
    expect(esc.stderr).not.toContain('\u001b');
  });

  it('a hidden-seed game with a story: the report names the story and still hides the seed', async () => {
    const dir = tempDir('badzone-report-');
    await cli({ cwd: dir, seeds: [HIDDEN] }, 'new', '--hidden-seed', '--title', 'Secret Sump');
    await cli(dir, 'round');
    await cli(dir, 'details', '--result', 'Eschers');
    const details = await cli(dir, 'details', '--json');
    expect(details).not.toContain(HIDDEN);
    for (const format of ['md', 'html', 'json']) {
      const out = await cli(dir, 'report', '--format', format);
      expect(out).toContain('Secret Sump');
      expect(out).not.toContain(HIDDEN);
    }
  });

  it("a GM's step after a round's End Phase is told after it, in every format, and its dice in that order", async () => {
    const dir = tempDir('badzone-report-');
    await cli(dir, 'new', '--seed', '7', '--hazard', 'none');
    await cli(dir, 'round'); // Cold Snap (D64 48), placed in play
    await cli(dir, 'visibility', 'set', 'pitch-black'); // before the End Phase
    await cli(dir, 'end'); // Cold Snap's discard check: D6 5, discarded
    await cli(dir, 'visibility', 'set', 'dark'); // after it
    await cli(dir, 'place', 'treasure'); // after it, with dice (its casket's tile and worth)
    const md = await cli(dir, 'report');
    const round1 = md.slice(md.indexOf('### Round 1'), md.indexOf('## Where the game stands'));
    const at = (t: string) => round1.indexOf(t);
    expect(at('**By the GM**')).toBeGreaterThan(at('**Event Phase**'));
    expect(at('Pitch Black')).toBeGreaterThan(at('**By the GM**'));
    expect(at('**End Phase**')).toBeGreaterThan(at('Pitch Black'));
    expect(at('**After the End Phase, by the GM**')).toBeGreaterThan(at('Cold Snap: discard check'));
    expect(at('Dark')).toBeGreaterThan(at('**After the End Phase, by the GM**'));
    const dice = md.slice(md.indexOf('## Dice'));
    expect(dice.indexOf('Treasure')).toBeGreaterThan(dice.indexOf('Cold Snap discard check'));
    const page = await cli(dir, 'report', '--format', 'html');
    const h = page.slice(page.indexOf('<h3>Round 1</h3>'));
    expect(h.indexOf('<h4>By the GM</h4>')).toBeLessThan(h.indexOf('<h4>End Phase</h4>'));
    expect(h.indexOf('<h4>After the End Phase, by the GM</h4>')).toBeGreaterThan(h.indexOf('<h4>End Phase</h4>'));
    const j = JSON.parse(await cli(dir, 'report', '--format', 'json'));
    const gm = j.view.history.find((r: { round: number }) => r.round === 1).gm;
    expect(gm.map((g: { afterEndPhase: boolean }) => g.afterEndPhase)).toEqual([false, true, true]);
  });

  it('refuses what it cannot do: no game (3), an unknown format (2), --file with --session (2)', async () => {
    const dir = tempDir('badzone-report-');
    expect((await runCli(['report'], { cwd: dir })).code).toBe(3);
    const f = await runCli(['report', '--format', 'pdf'], { cwd: dir });
    expect(f.code).toBe(2);
    expect(f.stderr).toContain('md, html, json');
    await cli(dir, 'new', '--seed', '1');
    expect((await runCli(['verify', '--file', FILE, '--session', FILE], { cwd: dir })).code).toBe(2);
    expect((await runCli(['verify', '--file', 'missing.json'], { cwd: dir })).code).toBe(3);
  });
});

/**
 * A 2 x 2 game: round 1 draws Falling Crates (A1 10" toward 3, A2 7" toward 9, B1 12" toward 6, B2 8" toward 12),
 * the GM places Treasure (A1, worth 50) and records a hostile fighter carrying casket 1; round 2 places nothing;
 * in round 3 the GM moves casket 3 (off the table) to B2.
 */
async function caskets(): Promise<string> {
  const dir = tempDir('badzone-report-map-');
  await cli(dir, 'new', '--seed', '7', '--hazard', 'none');
  await cli(dir, 'round', '--dice', '10,4,3,1,9,6,6,2,12');
  await cli(dir, 'place', 'treasure', '--dice', '1,2,3');
  await cli(
    dir,
    'marker',
    'carry',
    '1',
    '--gang',
    '<img src=x onerror=alert(1)>',
    '--fighter',
    '*Vex* [a](http://e.vil)',
  );
  await cli(dir, 'end');
  await cli(dir, 'round');
  await cli(dir, 'end');
  await cli(dir, 'round');
  await cli(dir, 'marker', 'move', '3', 'b2');
  return dir;
}

const HOLDER = '\\*Vex\\* \\[a\\](http\\:\\//e.vil) (&lt;img src=x onerror=alert(1)&gt;)';

describe("the report's maps and who holds the caskets", () => {
  it('--format md: the legend of each round whose markers changed, and each casket at the end with its holder or tile', async () => {
    const dir = await caskets();
    const out = await cli(dir, 'report');
    const lines = out.split('\n');
    const heads = lines.filter((l) => l.startsWith('**The battlefield at the end of round'));
    expect(heads.map((l) => l.split(' (')[0])).toEqual([
      '**The battlefield at the end of round 1**',
      '**The battlefield at the end of round 3**',
    ]);
    const at = (round: number) => lines.indexOf(heads[round === 1 ? 0 : 1]!);
    expect(lines.slice(at(1) + 2, at(1) + 8)).toEqual([
      '- c2 Loot Casket, round 1: A1, 5" right of its center (from A2\'s center, 7" toward 9 o\'clock)',
      '- c3 Loot Casket, round 1: off the table, past the near edge (6" from the left-hand edge): lost, not placed (from B1\'s center, 12" toward 6 o\'clock)',
      '- c4 Loot Casket, round 1: A2, 4" toward the near edge of its center (from B2\'s center, 8" toward 12 o\'clock)',
      '- g5 golden Loot Casket, round 1: A1, at its center, worth 50 credits (not scattered)',
      `- c1 Loot Casket, round 1: carried by ${HOLDER} (not on the table)`,
      '- Spawn points: without a tile: 1, 2, 3, 4 (number them on the table).',
    ]);
    expect(lines[at(3) + 3]).toBe(
      "- c3 Loot Casket, round 1: B2, at its center, moved there by the GM (it had scattered from B1's center, 12\" toward 6 o'clock)",
    );
    const end = lines.indexOf('## The caskets at the end');
    expect(end).toBeGreaterThan(lines.indexOf('## Where the game stands'));
    expect(lines.slice(end + 2, end + 8)).toEqual([
      `- c1 Loot Casket (round 1): held by ${HOLDER}`,
      '- c2 Loot Casket (round 1): lies on tile A1; who holds it is not recorded',
      '- c3 Loot Casket (round 1): lies on tile B2; who holds it is not recorded',
      '- c4 Loot Casket (round 1): lies on tile A2; who holds it is not recorded',
      '- g5 golden Loot Casket (round 1, worth 50 credits): lies on tile A1; who holds it is not recorded',
      '',
    ]);
  });

  it('--format html: one map for each round whose markers changed, in that round, and the caskets at the end, names as text', async () => {
    const dir = await caskets();
    const out = await cli(dir, 'report', '--format', 'html');
    expect(out.match(/<figure class="map-figure">/g)).toHaveLength(2);
    expect([...out.matchAll(/<title id="(map-round-\d+)-title">([^<]*)</g)].map((m) => [m[1], m[2]])).toEqual([
      ['map-round-3', 'Map of the battlefield at the end of round 3'],
      ['map-round-1', 'Map of the battlefield at the end of round 1'],
    ]);
    // Each drawn in its round's history: round 3's list item holds round 3's map.
    const round3 = out.slice(out.indexOf('<h3>Round 3'), out.indexOf('<h3>Round 2'));
    expect(round3).toContain('<title id="map-round-3-title">');
    expect(out).not.toContain('<img');
    const section = out.slice(
      out.indexOf('<section class="report-caskets"'),
      out.indexOf('<section class="report-check"'),
    );
    expect(section).toContain(
      '<li>c1 <bdi>Loot Casket</bdi> (round 1): held by <bdi>*Vex* [a](http://e.vil)</bdi> (<bdi>&lt;img src=x onerror=alert(1)&gt;</bdi>)</li>',
    );
    expect(section).toContain(
      '<li>g5 <bdi>golden Loot Casket</bdi> (round 1, worth 50 <bdi>credits</bdi>): lies on tile <bdi>A1</bdi>; who holds it is not recorded</li>',
    );
  });

  it("takes each round's map from the one replay the history makes: each log entry after the setup stepped once", async () => {
    const dir = await caskets();
    const entries = readSession(path.join(dir, FILE)).log.length;
    resetEngineCounts();
    await cli(dir, 'report', '--format', 'html');
    expect(engineCounts.steps).toBe(entries - 1);
  });

  it('--json: the caskets at the end (in the schema), and no per-round maps', async () => {
    const dir = await caskets();
    const r = await runCli(['report', '--json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    const rep = JSON.parse(r.stdout);
    expect(rep.maps).toBeUndefined();
    expect(rep.caskets[0]).toEqual({
      id: 1,
      kind: 'loot-casket',
      what: 'Loot Casket',
      eventId: 'falling-crates',
      round: 1,
      worth: null,
      carriedBy: { gang: '<img src=x onerror=alert(1)>', fighter: '*Vex* [a](http://e.vil)' },
      tile: null,
      offTable: false,
    });
    expect(rep.caskets.map((c: { id: number; tile: string | null }) => [c.id, c.tile])).toEqual([
      [1, null],
      [2, 'A1'],
      [3, 'B2'],
      [4, 'A2'],
      [5, 'A1'],
    ]);
    expect(rep.caskets[4]).toMatchObject({
      kind: 'golden-casket',
      worth: { value: 50, unit: 'credits' },
      carriedBy: null,
    });
  });
});

// The battlefield map in a real terminal (tmux, 80x24; issue 22): `badzone map` draws 3x3, 4x4 and 6x6 boards with
// their markers (Falling Crates' caskets, some off the table; the Pillar of Flame's Blast after several End
// Phases) without a wrapped line, the board on one screen, then a legend giving each marker's landing tile and
// offset; and `play`'s Battlefield item shows the board and every line of its legend, a screen at a time.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, runBin, tempDir } from '../helpers.js';
import { hasTmux, openScreen, until, type Screen } from './tmux.js';

const built = fs.existsSync(path.join(ROOT, 'dist', 'badzone.js'));
const open: Screen[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

const screen = (dir: string, args: string[], env: Record<string, string> = {}): Screen =>
  open[open.push(openScreen(dir, args, 80, 24, env)) - 1]!;

interface Place {
  tile: string | null;
  offset?: { x: number; y: number };
  offTable?: true;
  edge?: 'far' | 'near' | 'left' | 'right';
}
interface Marker {
  id: number;
  kind: string;
  at: Place;
  scatters: unknown[];
}

/**
 * Seed 7 on a GRID board, no Hazard; with `pillar`, the Pillar of Flame placed first (seed 7 puts it on D4 of a 4x4).
 * Round 1 is Falling Crates with entered dice: tile i's casket scatters D6 ((i mod 6) + 1) + 6" toward (5i mod 12) + 1
 * o'clock (A1's, 8" toward 6, lands on B1; a 4x4's D4, 11" toward 5, off the near edge). Then `ends` End Phases
 * and rounds, rolled from the seed (the Pillar scatters each End Phase).
 */
function game(grid: string, pillar: boolean, ends: number): string {
  const dir = tempDir();
  const ok = (args: string[]) => expect(runBin(args, { cwd: dir }).code).toBe(0);
  ok(['new', '--seed', '7', '--grid', grid, '--hazard', 'none']);
  if (pillar) ok(['place', 'pillar-of-flame']);
  const [r, c] = grid.split('x').map(Number) as [number, number];
  const dice = ['10'];
  for (let i = 1; i <= r * c; i++) dice.push(String((i % 6) + 1), String(((i * 5) % 12) + 1));
  ok(['round', '--dice', dice.join(',')]);
  for (let i = 0; i < ends; i++) {
    ok(['end']);
    ok(['round']);
  }
  return dir;
}

function markers(dir: string): Marker[] {
  const r = runBin(['map', '--json'], { cwd: dir });
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as { markers: Marker[] }).markers;
}

const LABEL: Record<string, string> = { 'loot-casket': 'c', 'large-blast': 'b' };
const EDGE = { far: 'the far edge', near: 'the near edge', left: 'the left-hand edge', right: 'the right-hand edge' };

/** Where the legend must say a marker is: its landing tile and offset from that tile's center, to the half inch. */
function where(at: Place, inch: string): string {
  if (at.offTable) return `off the table, past ${EDGE[at.edge!]}`;
  const half = (n: number) => String(Math.round(Math.abs(n) * 2) / 2);
  const parts: string[] = [];
  if (half(at.offset!.x) !== '0') parts.push(`${half(at.offset!.x)}${inch} ${at.offset!.x > 0 ? 'right' : 'left'}`);
  if (half(at.offset!.y) !== '0')
    parts.push(`${half(at.offset!.y)}${inch} toward the ${at.offset!.y > 0 ? 'near' : 'far'} edge`);
  return `${at.tile}, ${parts.length ? `${parts.join(' and ')} of its center` : 'at its center'}`;
}

/** The legend's entries, each one line again (the legend wraps them itself, continuing with 4 spaces). */
function entries(lines: string[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    if (l.startsWith('    ') && out.length) out[out.length - 1] += ` ${l.trim()}`;
    else out.push(l);
  }
  return out;
}

/** Each marker's legend entry says its landing tile and offset; its label is on the board. */
function expectLegend(board: string[], legend: string[], list: Marker[], inch: string): void {
  const said = entries(legend);
  for (const m of list) {
    const label = `${LABEL[m.kind]}${m.id}`;
    expect(board.some((l) => new RegExp(`(?<![A-Z0-9])${label}(?![0-9])`).test(l))).toBe(true);
    const line = said.find((l) => l.startsWith(`${label} `));
    expect(line).toBeDefined();
    expect(line).toContain(`: ${where(m.at, inch)}`);
  }
}

/** `badzone map` on the terminal: everything it printed, the board (title to the blank line) and the legend. */
function mapOnScreen(
  dir: string,
  env: Record<string, string> = {},
): { all: string[]; board: string[]; legend: string[] } {
  const s = screen(dir, ['map'], env);
  until(() => s.exited(), 'map to finish');
  expect(s.exitCode()).toBe(0);
  const all = s.history().split('\n');
  const from = all.findIndex((l) => l.startsWith('Battlefield, round'));
  const to = all.indexOf('', from);
  const end = all.findIndex((l, i) => i > to && l === '');
  return { all, board: all.slice(from, to), legend: all.slice(to + 1, end === -1 ? undefined : end) };
}

/** The screen holds the whole board: its title, row A's tiles, the last row's, and the bottom border under them. */
function wholeBoard(rows: string[], last: string): boolean {
  const title = rows.findIndex((l) => l.startsWith('Battlefield, round'));
  const a = rows.findIndex((l) => l.startsWith('|A1'));
  const z = rows.findIndex((l) => l.startsWith(`|${last}1`));
  return title >= 0 && a > title && z > a && rows.slice(z).some((l) => /^\+-/.test(l));
}

/** play on the game in `dir`: Status > Battlefield, then Enter at each part; the screen at each part and at the menu. */
function battlefieldInPlay(dir: string, menu: RegExp): { screens: string[][]; printed: string[] } {
  const s = screen(dir, ['play']);
  s.waitFor(menu);
  s.keys('Down', 'Down', 'Down', 'Enter');
  s.waitFor(/Show what\?/);
  for (let i = 0; i < 10 && !/^❯ Battlefield/m.test(s.capture().join('\n')); i++) s.keys('Down');
  s.waitFor(/^❯ Battlefield/m);
  s.keys('Enter');
  const screens: string[][] = [];
  const PART = /Show the next part\? \(Y\/n\)\s*$/;
  for (;;) {
    const at = s.waitFor(new RegExp(`${PART.source}|${menu.source}`));
    const rows = s.capture();
    expect(rows.filter((l) => [...l].length > 80)).toEqual([]);
    screens.push(rows);
    if (!PART.test(at)) break;
    const asked = at.trimEnd().split('\n').at(-1);
    s.keys('Enter');
    until(() => s.capture().join('\n').trimEnd().split('\n').at(-1) !== asked, 'the next part');
  }
  // What was printed (scrollback included), from the board's title to the menu, less the part questions.
  const all = s.history().split('\n');
  // The answered menu line stays on one row at 80 columns (it wrapped mid-word with a longer item name).
  expect(
    all.some((l) =>
      l.trimEnd().endsWith('Show what? (Escape: back) Battlefield: the map and where each marker landed'),
    ),
  ).toBe(true);
  const from = all.findIndex((l) => l.startsWith('Battlefield, round'));
  const to = all.findIndex((l, i) => i > from && /What next\?/.test(l));
  const printed = all.slice(from, to).filter((l) => l.trim() !== '' && !/Show the next part\?/.test(l));
  s.type('q');
  s.keys('Enter');
  until(() => s.exited(), 'play to quit');
  return { screens, printed };
}

describe.skipIf(!hasTmux || !built)('the battlefield map at 80x24 in a real terminal', { timeout: 180_000 }, () => {
  it.each([
    ['3x3', false, 0],
    ['4x4', true, 3],
    ['6x6', false, 0],
  ] as const)(
    'badzone map on a %s board: the board fits one screen, no line wraps, the legend places every marker',
    (grid, pillar, ends) => {
      const dir = game(grid, pillar, ends);
      const list = markers(dir);
      const [r, c] = grid.split('x').map(Number) as [number, number];
      expect(list.filter((m) => m.kind === 'loot-casket')).toHaveLength(r * c);
      expect(list.some((m) => m.at.offTable)).toBe(true);
      const { all, board, legend } = mapOnScreen(dir);
      // history() joins rows the terminal wrapped: a line over 80 would show here.
      expect(all.filter((l) => [...l].length > 80)).toEqual([]);
      expect(board.length).toBeLessThanOrEqual(24);
      // ASCII (NO_COLOR): every tile named in its corner.
      const text = board.join('\n');
      for (const row of 'ABCDEF'.slice(0, r)) for (let k = 1; k <= c; k++) expect(text).toContain(`|${row}${k}`);
      expectLegend(board, legend, list, '"');
      if (pillar) {
        const blast = list.find((m) => m.kind === 'large-blast')!;
        expect(blast.scatters.length).toBeGreaterThan(1);
        expect(entries(legend).find((l) => l.startsWith(`b${blast.id} Large Blast`))).toMatch(
          /; path: D4's center, then round 1 /,
        );
      }
    },
  );

  it('with colour on, the 4x4 board is drawn in box-drawing characters, and the legend says inches with ″', () => {
    const dir = game('4x4', true, 3);
    const { all, board, legend } = mapOnScreen(dir, { NO_COLOR: '', FORCE_COLOR: '1' });
    expect(all.filter((l) => [...l].length > 80)).toEqual([]);
    expect(board.join('\n')).toMatch(/┌─+┬/);
    expect(board.join('\n')).toContain('│D4');
    expectLegend(board, legend, markers(dir), '″');
  });

  it("in play, Status > Battlefield shows the 4x4 board and, a screen at a time, every casket's and the Pillar's place", () => {
    const dir = game('4x4', true, 3);
    const list = markers(dir);
    const { screens, printed } = battlefieldInPlay(dir, /Round 4\. What next\?[\s\S]*Quit/);
    expect(screens.length).toBeGreaterThan(1);
    // The board is whole on the first screen, above the question.
    const first = screens[0]!;
    const title = first.findIndex((l) => l.startsWith('Battlefield, round 4'));
    expect(title).toBeGreaterThanOrEqual(0);
    expect(wholeBoard(first, 'D')).toBe(true);
    expect(first.join('\n')).toMatch(/Part 1 of \d+ shown/);
    // Every legend line was on screen in some part; every marker's place among them.
    const seen = new Set(screens.flat());
    expect(printed.filter((l) => !seen.has(l))).toEqual([]);
    const legend = printed.slice(printed.findIndex((l) => l.startsWith('Markers (offsets')));
    expectLegend(first, legend, list, '"');
  });

  it('in play, a 6x6 board is drawn to fit one screen (never cut between two parts), its legend after it', () => {
    const dir = game('6x6', false, 0);
    const { screens, printed } = battlefieldInPlay(dir, /Round 1\. What next\?[\s\S]*Quit/);
    const first = screens[0]!.join('\n');
    expect(wholeBoard(screens[0]!, 'F')).toBe(true);
    expect(first).toMatch(/Part 1 of \d+ shown/);
    expect(first).not.toContain('Markers (offsets');
    const seen = new Set(screens.flat());
    expect(printed.filter((l) => !seen.has(l))).toEqual([]);
    const legend = printed.slice(printed.findIndex((l) => l.startsWith('Markers (offsets')));
    expectLegend(screens[0]!, legend, markers(dir), '"');
  });
});

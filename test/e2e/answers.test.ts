// Dice typed at a real terminal prompt (`--manual`, tmux) while another shell changes the game: the answers were
// for the game as it was asked, so they are refused and nothing is saved, even when the other shell's change
// leaves the log's length and the dice position as they were (an undo, then another step).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, runBin, tempDir, readSession, expandSession } from '../helpers.js';
import { hasTmux, openScreen, until, type Screen } from './tmux.js';

const built = fs.existsSync(path.join(ROOT, 'dist', 'badzone.js'));
const FILE = 'badzone-session.json';
const open: Screen[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

describe.skipIf(!hasTmux || !built)(
  'answers typed at a prompt while another command changes the game',
  { timeout: 120_000 },
  () => {
    it('undo then place in another shell while `end --manual` asks: refused (exit 1), nothing saved, asked afresh next time', () => {
      const dir = tempDir();
      const ok = (args: string[]) => {
        const r = runBin(args, { cwd: dir });
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      };
      ok(['new', '--seed', '5']);
      ok(['round', '--dice', '25']); // Dome Quake: Once, rolls nothing more
      ok(['place', 'static-storm']); // discarded on 4+; placing it rolls nothing

      const s = openScreen(dir, ['end', '--manual'], 120, 30);
      open.push(s);
      s.waitFor(/Static Storm discard check \(4\+\): enter your D6/);
      // Another shell, while the GM reads the die: the log keeps its length and the dice position stays.
      ok(['undo']);
      ok(['place', 'howling-wind']);
      const between = fs.readFileSync(path.join(dir, FILE), 'utf8');
      s.type('5');
      s.keys('Enter');
      until(() => s.exited(), 'end --manual exits');
      const screenText = s.joined().join('\n');
      expect(s.exitCode(), screenText).toBe(1);
      expect(screenText).toMatch(
        /The game changed while you were answering .*Nothing was saved; run the command again/,
      );
      // Nothing of the answer was saved: the file is the other shell's game, byte for byte, and it verifies.
      expect(fs.readFileSync(path.join(dir, FILE), 'utf8')).toBe(between);
      const log = expandSession(JSON.parse(between)).log.map(
        (e: { action: { type: string; eventId?: string } }) => e.action.eventId ?? e.action.type,
      );
      expect(log).toEqual(['new', 'round', 'howling-wind']);
      expect(runBin(['verify'], { cwd: dir }).code).toBe(0);

      // Run again, the GM is asked for the event in play now, and the answer is saved.
      const again = openScreen(dir, ['end', '--manual'], 120, 30);
      open.push(again);
      again.waitFor(/Howling Wind discard check \(3\+\): enter your D6/);
      again.type('2');
      again.keys('Enter');
      until(() => again.exited(), 'the second end --manual exits');
      expect(again.exitCode(), again.joined().join('\n')).toBe(0);
      const rolls = readSession(path.join(dir, FILE)).log.at(-1).rolls;
      expect(rolls).toEqual([{ die: 6, value: 2, for: 'End Phase: Howling Wind discard check (3+)', entered: true }]);
    });
  },
);

// `badzone play` end to end, in a real pseudo-terminal: the built bin/badzone.js, the real @inquirer/prompts,
// keystrokes typed by a python `pty` driver (test/e2e/pty_driver.py): the setup wizard, a round and its End Phase,
// quitting and resuming, Ctrl-C and a closed terminal losing nothing, and no prompt without a terminal. Skipped,
// with the reason printed, when python3 is missing. (Its screen at given sizes: screen.test.ts.)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, runBin, tempDir, readSession } from '../helpers.js';
import { drivePty, hasPty, type Driven, type Step } from './pty.js';

const FILE = 'badzone-session.json';
const ENTER = '\r';
const CTRL_C = '\u0003';

const built = fs.existsSync(path.join(ROOT, 'dist', 'badzone.js'));

const CODES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;
const plain = (s: string) => s.replace(CODES, '').replace(/\r/g, '');

function drive(cwd: string, args: string[], steps: Step[], timeout = 180): Driven {
  const d = drivePty(cwd, [process.execPath, BIN, ...args], steps, timeout);
  if (!d.ok) throw new Error(`${d.error}\n--- terminal output ---\n${plain(d.output)}`);
  return d;
}

describe.skipIf(!hasPty || !built)('badzone play in a real terminal', () => {
  it('wizard, a round and its End Phase, quit; then resume, Ctrl-C mid-round, and a closed terminal lose nothing', () => {
    const dir = tempDir();
    // 1. No game: the wizard (a gang named, the rest defaults), round 1, its End Phase, then Quit.
    // A pinned seed: rounds 1 and 2 draw no event that asks a question (a random one would, now and then).
    const first = drive(
      dir,
      ['play', '--seed', '7'],
      [
        { expect: 'rows x columns', send: ENTER },
        { expect: 'How many spawn points', send: ENTER },
        { expect: "First gang's name", send: `Goliaths${ENTER}` },
        { expect: 'Goliaths: fighters on the battlefield', send: `Krag, Brute${ENTER}` },
        { expect: 'Goliaths: fighters in reserve', send: ENTER },
        { expect: "Gang 2's name", send: ENTER },
        { expect: 'How many Beast Lairs', send: ENTER },
        { expect: 'How many large structures', send: ENTER },
        { expect: 'Where do the spawn points stand', send: ENTER },
        { expect: "which edge does 12 o'clock point to", send: ENTER },
        { expect: 'roll a D64 each round, or draw', send: ENTER },
        { expect: 'The Hazard', send: ENTER },
        { expect: 'Ready to play\\. What next\\?', send: ENTER }, // Start round 1
        { expect: 'Round 1\\. What next\\?', send: ENTER }, // End Phase
        { expect: 'Round 1 is over\\. What next\\?', send: `q${ENTER}` }, // typing q picks Quit
      ],
    );
    const out1 = plain(first.output);
    expect(first.exit, out1).toBe(0);
    expect(out1).toMatch(/New game saved in/);
    expect(out1.replace(/ \\\n\s+/g, ' ')).toMatch(
      /The same game without prompts:\s+(?:npx badzone|badzone|node \S+badzone\.js) new --seed 7 --mode dice --grid 2x2 --spawn-points 4 --gang 'Goliaths: Krag, Brute' --hazard none/,
    );
    expect(out1.indexOf('Round 1: Event Phase')).toBeLessThan(out1.indexOf('End Phase of round 1'));
    expect(out1).toMatch(/continues from here/);
    let s = readSession(path.join(dir, FILE));
    expect({
      round: s.round,
      phase: s.phase,
      log: s.log.map((e: { action: { type: string } }) => e.action.type),
    }).toEqual({ round: 1, phase: 'end', log: ['new', 'round', 'end'] });
    expect(s.setup.gangs).toEqual([{ name: 'Goliaths', battlefield: ['Krag', 'Brute'], reserve: [] }]);
    expect(runBin(['verify'], { cwd: dir }).code).toBe(0);

    // 2. Resume: the status first, then the next round; Ctrl-C at the menu mid-round.
    const second = drive(
      dir,
      ['play'],
      [
        { expect: 'Round 1: over', send: '' },
        { expect: 'Round 1 is over\\. What next\\?', send: ENTER }, // Next round (round 2)
        { expect: 'Round 2\\. What next\\?', send: CTRL_C },
      ],
    );
    const out2 = plain(second.output);
    expect(second.exit, out2).toBe(1);
    expect(out2).toMatch(/Round 2: Event Phase/);
    expect(out2).toMatch(/Stopped\. Everything shown above is saved/);
    s = readSession(path.join(dir, FILE));
    expect({ round: s.round, phase: s.phase }).toEqual({ round: 2, phase: 'round' });
    expect(runBin(['verify'], { cwd: dir }).code).toBe(0);
    const before = fs.readFileSync(path.join(dir, FILE), 'utf8');

    // 3. The terminal closes at the menu: the process ends, the file is as it was and still verifies.
    const third = drive(dir, ['play'], [{ expect: 'Round 2\\. What next\\?', close: true }]);
    expect(third.exit === null ? third.signal : third.exit).not.toBeNull();
    expect(fs.readFileSync(path.join(dir, FILE), 'utf8')).toBe(before);
    expect(runBin(['verify'], { cwd: dir }).code).toBe(0);
    expect(fs.readdirSync(dir).sort()).toEqual([FILE]);
    // Three programs driven one key at a time: slow on a loaded machine.
  }, 600_000);

  it('refuses with exit 2 when stdin is not a terminal, without hanging', () => {
    const r = runBin(['play'], { cwd: tempDir(), input: '\n\n\n', timeout: 20_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs a terminal/);
  });
});

if (!hasPty) console.log('skipped the pseudo-terminal tests: python3 with the pty module is not available');
if (!built) console.log('skipped the pseudo-terminal tests: dist/ is not built (run `node scripts/build.mjs`)');

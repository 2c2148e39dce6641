// Command layer, the conventions every command follows: exit codes, session paths, invalid files,
// help and version, colour, and escaping of untrusted names.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { plantNames, runCli, tempDir } from '../helpers.js';

const json = (s: string): any => JSON.parse(s);
const FILE = 'badzone-session.json';
const ESC = '\x1b';

const SESSION_COMMANDS: string[][] = [
  ['end'],
  ['status'],
  ['status', '--json'],
  ['log'],
  ['undo'],
  ['verify'],
  ['discard', 'cold-snap'],
  ['place', 'static-storm'],
  ['visibility'],
  ['visibility', 'set', 'dark'],
  ['fighter', 'Krag', 'out'],
];

describe('exit 3: session commands without a session', () => {
  it.each(SESSION_COMMANDS)(
    '%s in an empty folder exits 3 saying how to start a game, and creates nothing',
    async (...args) => {
      const dir = tempDir();
      const r = await runCli(args, { cwd: dir });
      expect(r.code).toBe(3);
      expect(r.stderr).toContain('badzone new');
      expect(r.stderr).toContain(path.join(dir, FILE));
      expect(r.stderr).not.toContain('    at ');
      expect(r.stdout).toBe('');
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );
});

describe('exit 4: an invalid session file is never overwritten', () => {
  const broken: [string, (good: string) => string, RegExp][] = [
    ['truncated', (good) => good.slice(0, Math.floor(good.length / 2)), /not valid JSON/],
    ['empty', () => '', /not valid JSON/],
    ['rng.uses negative', (good) => JSON.stringify({ ...JSON.parse(good), rng: { seed: 7, uses: -1 } }), /rng\.uses/],
    ['newer schema', (good) => JSON.stringify({ ...JSON.parse(good), schemaVersion: 99 }), /newer badzone/],
    ['not an object', () => '[1,2,3]', /badzone-session\.json/],
  ];

  it.each(broken)(
    '%s: every command exits 4, the file left byte-for-byte unchanged',
    async (_name, breakIt, message) => {
      const dir = tempDir();
      expect((await runCli(['new', '--seed', '7'], { cwd: dir })).code).toBe(0);
      expect((await runCli(['round'], { cwd: dir })).code).toBe(0);
      const bad = breakIt(fs.readFileSync(path.join(dir, FILE), 'utf8'));
      fs.writeFileSync(path.join(dir, FILE), bad);
      for (const args of [
        ['round'],
        ['round', '--dice', '33'],
        ['end'],
        ['status'],
        ['log'],
        ['undo'],
        ['verify'],
        ['discard', 'cold-snap'],
        ['place', 'static-storm'],
        ['visibility', 'set', 'dark'],
        ['fighter', 'A', 'out', '--gang', 'G'],
      ]) {
        const r = await runCli(args, { cwd: dir });
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(4);
        expect(r.stderr).toMatch(message);
        expect(r.stderr).not.toContain('    at ');
        expect(fs.readFileSync(path.join(dir, FILE), 'utf8')).toBe(bad);
      }
      expect(fs.readdirSync(dir)).toEqual([FILE]);
      // `new --force` replaces it and keeps the broken one as a backup.
      const f = await runCli(['new', '--force', '--seed', '1', '--json'], { cwd: dir });
      expect(f.code).toBe(0);
      expect(fs.readFileSync(json(f.stdout).backup, 'utf8')).toBe(bad);
    },
  );
});

describe('session paths: --session and BADZONE_SESSION', () => {
  it('--session puts the game where asked; other commands find it with the same flag', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'games'));
    const r = await runCli(['new', '--seed', '7', '--session', 'games/friday.json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.existsSync(path.join(dir, 'games', 'friday.json'))).toBe(true);
    expect(fs.existsSync(path.join(dir, FILE))).toBe(false);
    expect((await runCli(['round', '--session', 'games/friday.json'], { cwd: dir })).code).toBe(0);
    const s = json(
      (await runCli(['status', '--json', '--session', path.join(dir, 'games', 'friday.json')], { cwd: '/' })).stdout,
    );
    expect(s).toMatchObject({ round: 1, seed: '7', session: path.join(dir, 'games', 'friday.json') });
    expect((await runCli(['status'], { cwd: dir })).code).toBe(3);
  });

  it('BADZONE_SESSION is used when there is no --session; --session wins over it', async () => {
    const dir = tempDir();
    const env = { BADZONE_SESSION: 'env-game.json' };
    expect((await runCli(['new', '--seed', '7'], { cwd: dir, env })).code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'env-game.json'))).toBe(true);
    expect((await runCli(['round'], { cwd: dir, env })).code).toBe(0);
    expect(json((await runCli(['status', '--json'], { cwd: dir, env })).stdout).round).toBe(1);
    expect((await runCli(['status', '--session', 'other.json'], { cwd: dir, env })).code).toBe(3);
    // A path named by BADZONE_SESSION is never created on demand: round there exits 3 and says how to start one.
    const other = tempDir();
    const r = await runCli(['round'], { cwd: other, env, seeds: [5] });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`BADZONE_SESSION names ${path.join(other, 'env-game.json')}, where there is no game.`);
    expect(r.stderr).toMatch(/`badzone new` \(it uses BADZONE_SESSION too\)/);
    expect(fs.readdirSync(other)).toEqual([]);
  });

  it('--session naming a folder means badzone-session.json inside it; a trailing slash names a folder', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'sub'));
    expect((await runCli(['status', '--session', 'sub'], { cwd: dir })).code).toBe(3);
    const made = await runCli(['new', '--session', 'sub', '--seed', '3'], { cwd: dir });
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(path.join(dir, 'sub', 'badzone-session.json'));
    for (const args of [['round'], ['status'], ['end']]) {
      const r = await runCli([...args, '--session', 'sub/'], { cwd: dir });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
    expect(fs.readdirSync(dir)).toEqual(['sub']);
    expect(fs.readdirSync(path.join(dir, 'sub'))).toEqual(['badzone-session.json']);
    // A trailing slash on a folder that does not exist: that folder is missing (exit 3), no file named like it is made.
    const r = await runCli(['round', '--session', 'nodir/'], { cwd: dir });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('does not exist');
    expect(fs.readdirSync(dir)).toEqual(['sub']);
  });

  it('a session in a folder that does not exist is a clear error, not a trace', async () => {
    const dir = tempDir();
    const r = await runCli(['new', '--session', 'nope/x.json'], { cwd: dir });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/folder/);
    expect(r.stderr).not.toContain('    at ');
    const q = await runCli(['round', '--session', 'nope/x.json'], { cwd: dir });
    expect(q.code).not.toBe(0);
    expect(q.stderr).not.toContain('    at ');
  });
});

describe('usage errors (exit 2)', () => {
  it.each([
    [['bogus']],
    [['round', '--bogus']],
    [['status', 'extra']],
    [['new', '--mode']],
    [['events']],
    [['log', '--round']],
  ])('%j exits 2 with a hint and no trace', async (args) => {
    const dir = tempDir();
    const r = await runCli(args, { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('    at ');
    expect(r.stderr.length).toBeGreaterThan(0);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('help and version', () => {
  const commands = [
    [],
    ['roll'],
    ['events'],
    ['events', 'list'],
    ['events', 'show'],
    ['hazard'],
    ['hazard', 'roll'],
    ['hazard', 'list'],
    ['hazard', 'show'],
    ['table'],
    ['table', 'lint'],
    ['new'],
    ['round'],
    ['end'],
    ['status'],
    ['log'],
    ['undo'],
    ['verify'],
    ['discard'],
    ['place'],
    ['visibility'],
    ['fighter'],
  ];
  it.each(commands.map((c) => [c.join(' ') || '(the program)', c] as const))(
    'badzone %s --help shows Examples and exits 0',
    async (_name, cmd) => {
      const r = await runCli([...cmd, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Examples');
      expect(r.stdout).toContain('badzone');
      if (cmd.length) expect(r.stdout).toContain(`$ badzone ${cmd.join(' ')}`);
    },
  );

  it('no arguments prints the help; --version prints a version', async () => {
    const r = await runCli([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage');
    const h = await runCli(['help', 'events']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('events show');
    const v = await runCli(['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('colour and untrusted text', () => {
  async function playedGame(): Promise<string> {
    const dir = tempDir();
    await runCli(['new', '--seed', '7', '--gang', 'Goliaths: Krag'], { cwd: dir });
    await runCli(['round'], { cwd: dir });
    return dir;
  }

  it('NO_COLOR output has no escape codes, even on a terminal', async () => {
    const dir = await playedGame();
    for (const args of [
      ['status'],
      ['log'],
      ['events', 'list'],
      ['events', 'show', '37'],
      ['hazard', 'list'],
      ['round'],
      ['end'],
    ]) {
      const r = await runCli(args, { cwd: dir, stdoutIsTTY: true, env: { NO_COLOR: '1' } });
      expect(r.code).toBe(0);
      expect(r.stdout, args.join(' ')).not.toContain(ESC);
    }
  });

  it('FORCE_COLOR=1 gives colour; a terminal gives colour; --json never has colour', async () => {
    const dir = await playedGame();
    const forced = await runCli(['status'], { cwd: dir, env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(forced.stdout).toContain(`${ESC}[`);
    const tty = await runCli(['events', 'show', '37'], {
      cwd: dir,
      stdoutIsTTY: true,
      env: { NO_COLOR: undefined, TERM: 'xterm' },
    });
    expect(tty.stdout).toContain(`${ESC}[`);
    const plain = await runCli(['status'], { cwd: dir, env: { NO_COLOR: undefined } });
    expect(plain.stdout).not.toContain(ESC);
    for (const args of [
      ['status', '--json'],
      ['round', '--json'],
      ['events', 'list', '--json'],
      ['log', '--json'],
    ]) {
      const j = await runCli(args, { cwd: dir, stdoutIsTTY: true, env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
      expect(j.code).toBe(0);
      expect(j.stdout).not.toContain(ESC);
      expect(() => JSON.parse(j.stdout)).not.toThrow();
    }
  });

  it('FORCE_COLOR=0 turns colour off even on a terminal', async () => {
    const r = await runCli(['events', 'show', '37'], {
      stdoutIsTTY: true,
      env: { NO_COLOR: undefined, FORCE_COLOR: '0', TERM: 'xterm' },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(ESC);
  });

  it('text is wrapped to the terminal width (80 columns when not a terminal)', async () => {
    for (const [tty, columns, limit] of [
      [false, 200, 80],
      [true, 60, 60],
      [true, 100, 100],
    ] as const) {
      for (const args of [['events', 'list'], ['hazard', 'list'], ['events', 'show', '50'], ['round']]) {
        const r = await runCli(args, { cwd: tempDir(), stdoutIsTTY: tty, columns, seeds: [7] });
        expect(r.code).toBe(0);
        const widest = Math.max(...r.stdout.split('\n').map((l) => [...l].length));
        expect(widest, `${args.join(' ')} at ${columns} columns, tty ${tty}`).toBeLessThanOrEqual(limit);
        expect(widest).toBeGreaterThan(30);
      }
    }
  });

  it('names with escape sequences are shown escaped in text and preserved in JSON', async () => {
    const dir = tempDir();
    const gang = 'Bad\x1b[31mGang';
    // Typed, they are refused (exit 2, shown escaped); a game 0.1.0 stored them in still shows them escaped.
    const refused = await runCli(['new', '--seed', '7', '--gang', `${gang}: A\x07lpha`], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).not.toContain(ESC);
    expect(refused.stderr).toContain('Bad\\x1b[31mGang');
    const r = await runCli(['new', '--seed', '7', '--gang', 'BadGangQ: AlphaQ'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    plantNames(path.join(dir, 'badzone-session.json'), { BadGangQ: gang, AlphaQ: 'A\x07lpha' });
    const t = await runCli(['status'], { cwd: dir });
    expect(t.stdout).not.toContain(ESC);
    expect(t.stdout).not.toContain('\x07');
    expect(t.stdout).toContain('Bad\\x1b[31mGang');
    const j = await runCli(['status', '--json'], { cwd: dir });
    expect(j.stdout).not.toContain(ESC); // JSON escapes it as \u001b
    expect(json(j.stdout).gangs[0]).toMatchObject({ name: gang, battlefield: ['A\x07lpha'] });
    // Error messages quoting what was typed are escaped too, commander's own included.
    for (const args of [['\x1b[31mevil'], ['round', '--x\x1b[31m'], ['events', 'show', '\x1b[2J']]) {
      const u = await runCli(args, { cwd: dir });
      expect(u.code).toBe(2);
      expect(u.stderr).not.toContain(ESC);
      expect(u.stderr).toContain('\\x1b[');
    }
    // An error message naming the fighter is escaped too.
    const e = await runCli(['fighter', 'X\x1b[2J', 'out'], { cwd: dir });
    expect(e.code).toBe(2);
    expect(e.stderr).not.toContain(ESC);
  });
});

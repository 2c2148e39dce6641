// End-to-end: the built bin/ spawned for each command: --json parses, exit codes 0 and 2, NO_COLOR output
// without escape codes, the README's first command in an empty folder, a closed pipe, and never a stack trace.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { Rng } from '../../src/dice/rng.js';
import { BIN, binWithTraceCheck, ROOT, tempDir } from '../helpers.js';

const FILE = 'badzone-session.json';
const json = (s: string): any => JSON.parse(s);
const ESC = '\x1b';

const { bin, checkNoTraces } = binWithTraceCheck();
afterEach(() => checkNoTraces((stderr) => expect(stderr).not.toContain('    at ')));

describe('the README quick start', () => {
  it('`badzone round` in an empty folder starts a game, says so, and plays round 1', () => {
    const dir = tempDir();
    const r = bin(['round'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/started a new one/);
    expect(r.stdout).toContain(path.join(fs.realpathSync(dir), FILE));
    expect(r.stdout).toMatch(/Round 1/);
    const s = json(fs.readFileSync(path.join(dir, FILE), 'utf8'));
    expect(s.round).toBe(1);
    // The printed seed is the stored one.
    expect(r.stdout).toContain(`seed ${s.setup.seed}`);
    const st = bin(['status', '--json'], dir);
    expect(json(st.stdout)).toMatchObject({ round: 1, phase: 'round', seed: s.setup.seed });
  });
});

describe('every command through the bin', () => {
  it('--json output parses, exits 0, and pinned seeds give pinned rolls', () => {
    const dir = tempDir();
    const cases: [string[], (d: any) => void][] = [
      [
        ['roll', 'D64', '--times', '3', '--seed', '7', '--json'],
        (d) => {
          const rng = new Rng({ seed: 7, uses: 0 });
          expect(d.results.map((x: { total: number }) => x.total)).toEqual([rng.die(64), rng.die(64), rng.die(64)]);
        },
      ],
      [['events', 'list', '--json'], (d) => expect(d.events).toHaveLength(33)],
      [
        ['events', 'show', '37', '--json'],
        (d) => expect(d.event).toMatchObject({ id: 'collapsed-structure', name: 'Collapsed Structure' }),
      ],
      [
        ['hazard', 'roll', '--roll', '10', '--home-turf', '--json'],
        (d) =>
          expect(d).toMatchObject({ roll: 10, nomadic: true, hazard: { nomadic: true, id: null }, ratingLimit: 300 }),
      ],
      [['hazard', 'roll', '--seed', '3', '--json'], (d) => expect(d.roll).toBe(new Rng({ seed: 3, uses: 0 }).die(10))],
      [['hazard', 'list', '--json'], (d) => expect(d.hazards).toHaveLength(9)],
      [['hazard', 'show', '2', '--json'], (d) => expect(d.hazard.id).toBe('minefield')],
      [['table', 'lint', path.join(ROOT, 'data', 'badzone-events.json'), '--json'], (d) => expect(d.valid).toBe(true)],
      [
        ['new', '--seed', '7', '--gang', 'Goliaths: Krag', '--json'],
        (d) => expect(d).toMatchObject({ seed: '7', round: 0, phase: 'setup' }),
      ],
      [['status', '--json'], (d) => expect(d.phase).toBe('setup')],
      [
        ['round', '--json'],
        (d) =>
          expect(d.eventPhase.draws).toEqual([
            { roll: new Rng({ seed: 7, uses: 0 }).die(64), eventId: 'cold-snap', outcome: 'placed' },
          ]),
      ],
      [
        ['end', '--json'],
        (d) => {
          const rng = new Rng({ seed: 7, uses: 0 });
          rng.die(64);
          const d6 = rng.die(6);
          expect(d.checks).toEqual([
            { eventId: 'cold-snap', name: 'Cold Snap', roll: d6, discardOn: 4, discarded: d6 >= 4 },
          ]);
        },
      ],
      [['place', 'static-storm', '--json'], (d) => expect(d.eventId).toBe('static-storm')],
      [['discard', 'static-storm', '--json'], (d) => expect(d.eventId).toBe('static-storm')],
      [['visibility', 'set', 'gloomy', '--json'], (d) => expect(d.visibility.level).toBe('gloomy')],
      [['visibility', '--json'], (d) => expect(d.changed).toBe(false)],
      [['fighter', 'Krag', 'reserve', '--json'], (d) => expect(d).toMatchObject({ name: 'Krag', to: 'reserve' })],
      [
        ['log', '--json', '--round', '1'],
        (d) => expect(d.entries.every((e: { round: number }) => e.round === 1)).toBe(true),
      ],
      [['verify', '--json'], (d) => expect(d.ok).toBe(true)],
      [['undo', '--json'], (d) => expect(d.undone.action.type).toBe('fighter')],
    ];
    for (const [args, check] of cases) {
      const r = bin(args, dir);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stdout).not.toContain(ESC);
      check(json(r.stdout));
    }
  });

  it('usage errors exit 2 with a one-line reason and no trace', () => {
    const dir = tempDir();
    bin(['new', '--seed', '1'], dir);
    const before = fs.readFileSync(path.join(dir, FILE), 'utf8');
    for (const args of [
      ['bogus'],
      ['roll', 'D7x'],
      ['roll', 'D6', '--times', '-1'],
      ['new', '--seed', 'a b'],
      ['round', '--dice', '99'],
      ['round', '--dice', '33,1,1'],
      ['round', '--manual'],
      ['round', '--nope'],
      ['events'],
      ['visibility', 'set', 'murky'],
    ]) {
      const r = bin(args, dir);
      expect(r.code, args.join(' ')).toBe(2);
      // a missing subcommand shows that command's help on stderr; everything else is a one-line reason
      expect(r.stderr).toMatch(args[0] === 'events' ? /^Usage: badzone events/ : /^badzone: /);
      expect(r.stdout).toBe('');
    }
    expect(fs.readFileSync(path.join(dir, FILE), 'utf8')).toBe(before);
  });

  it('NO_COLOR text output is free of escape codes; FORCE_COLOR gives colour', () => {
    const dir = tempDir();
    bin(['new', '--seed', '7'], dir);
    for (const args of [
      ['round'],
      ['status'],
      ['end'],
      ['log'],
      ['events', 'list'],
      ['events', 'show', '50'],
      ['hazard', 'list'],
      ['hazard', 'roll', '--roll', '3'],
      ['roll', 'D6+6', '--scatter'],
      ['--help'],
    ]) {
      const r = bin(args, dir, { NO_COLOR: '1' });
      expect(r.code).toBe(0);
      expect(r.stdout + r.stderr, args.join(' ')).not.toContain(ESC);
    }
    const c = bin(['status'], dir, { NO_COLOR: undefined, FORCE_COLOR: '1' });
    expect(c.stdout).toContain(`${ESC}[`);
    const j = bin(['status', '--json'], dir, { NO_COLOR: undefined, FORCE_COLOR: '1' });
    expect(j.stdout).not.toContain(ESC);
  });

  it('--version prints the package version; --help lists the commands with examples', () => {
    const dir = tempDir();
    const pkg = json(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const v = bin(['--version'], dir);
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toBe(pkg.version);
    const h = bin(['--help'], dir);
    expect(h.code).toBe(0);
    for (const c of ['round', 'end', 'status', 'undo', 'verify', 'hazard', 'events']) expect(h.stdout).toContain(c);
    expect(h.stdout).toContain('Examples');
  });

  it('session commands without a session exit 3', () => {
    const dir = tempDir();
    for (const args of [['end'], ['status'], ['log'], ['undo'], ['verify']]) {
      const r = bin(args, dir);
      expect(r.code).toBe(3);
      // As it can be typed here: `badzone` on the PATH, `npx badzone` under npx, else this bin by its path (`node …/bin/badzone.js`).
      expect(r.stderr).toMatch(/`(?:npx badzone|badzone|node \S+badzone\.js) new`/);
    }
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('a closed pipe', () => {
  function piped(cmd: string): { status: number | null; stdout: string; stderr: string } {
    // bash, to get node's own exit status from the pipeline.
    const r = spawnSync('bash', ['-c', `${cmd}; exit \${PIPESTATUS[0]}`], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 30_000,
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  it('`badzone events list | head -3` ends quietly', () => {
    const r = piped(`node ${JSON.stringify(BIN)} events list | head -3`);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n').filter((l) => l !== '')).toHaveLength(3);
  });

  it('a large output cut short by head: no EPIPE trace, exit 0', () => {
    for (const args of ['roll D64 --times 200000 --json', 'roll D6 --times 300000']) {
      const r = piped(`node ${JSON.stringify(BIN)} ${args} | head -1`);
      expect(r.stderr, args).toBe('');
      expect(r.status, args).toBe(0);
      expect(r.stdout.split('\n').filter((l) => l !== '')).toHaveLength(1);
    }
  });
});

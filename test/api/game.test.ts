// The library: a game played through openGame/newGame, returning what `--json` prints, throwing typed errors.
import { commandLine } from '../../src/cli/command-line.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  InvalidFileError,
  LockedError,
  newGame,
  NoSessionError,
  openGame,
  RefusedError,
  UsageError,
  type DieNeed,
  type Game,
} from '../../src/api/index.js';
import { runCli, tempDir, readSession } from '../helpers.js';

const dir = (): string => tempDir('badzone-api-');

const GANGS = [
  { name: 'Goliaths', battlefield: ['Krag', 'Brute'], reserve: ['Grub'] },
  { name: 'Eschers', battlefield: ['Vex', 'Nyx'] },
];

describe('a game through the library', () => {
  it('new, rounds and End Phases, with the seed pinned: exact rolls', async () => {
    const d = dir();
    const game = await newGame('g.json', { cwd: d, seed: 42, gangs: GANGS });
    expect(game.file).toBe(path.join(d, 'g.json'));
    expect(game.created).toMatchObject({ round: 0, phase: 'setup', seed: '42', generator: 'mt19937', backup: null });
    // The library names no flags: the command line that makes the same game is the command line's (new prints it).
    expect(game.created).not.toHaveProperty('commandLine');
    expect(commandLine(game.created!, { seed: 42, gangs: GANGS }, 'g.json')).toBe(
      "badzone new --seed 42 --mode dice --tiles 4 --spawn-points 4 --gang 'Goliaths: Krag, Brute' --reserve 'Goliaths: Grub' --gang 'Eschers: Vex, Nyx' --hazard none --session g.json",
    );
    const r = await game.round();
    expect(r.round).toBe(1);
    expect(r.eventPhase.draws).toEqual([{ roll: 39, eventId: 'headhunters', outcome: 'placed' }]);
    expect(r.newEvent).toMatchObject({ eventId: 'headhunters', timing: 'persistent', discardOn: 4 });
    const e = await game.end();
    expect(e.triggers[0]!.rolls.map((x) => [x.die, x.value])).toEqual([
      [3, 3],
      [4, 1],
    ]);
    const s = await game.status();
    expect(s).toMatchObject({ round: 1, phase: 'end', logEntries: 3 });
    // A second handle on the same file sees every change (nothing is cached between calls).
    const again = await openGame(path.join(d, 'g.json'));
    await again.round();
    expect((await game.status()).round).toBe(2);
    expect((await game.verify()).ok).toBe(true);
    expect((await game.log({ round: 2 })).entries.map((x) => x.action.type)).toEqual(['round']);
  });

  it('returns exactly what `--json` prints, command by command', async () => {
    const a = dir();
    const b = dir();
    const lib = await newGame('badzone-session.json', { cwd: a, seed: 7, gangs: GANGS, lairs: 2, structures: 3 });
    const cli = await runCli(
      [
        'new',
        '--seed',
        '7',
        '--gang',
        'Goliaths: Krag, Brute',
        '--reserve',
        'Goliaths: Grub',
        '--gang',
        'Eschers: Vex, Nyx',
        '--lairs',
        '2',
        '--structures',
        '3',
        '--json',
      ],
      { cwd: b },
    );
    const same = (fromLib: unknown, out: string) => {
      const strip = (x: unknown) => JSON.parse(JSON.stringify(x).split(a).join('<dir>').split(b).join('<dir>'));
      expect(strip(fromLib)).toEqual(strip(JSON.parse(out)));
    };
    // `new`'s command line is the command line's own (src/cli/command-line.ts): the library names no flags.
    const { commandLine, ...created } = JSON.parse(cli.stdout) as { commandLine: string };
    expect(commandLine).toMatch(/^badzone new --seed 7 /);
    same(lib.created, JSON.stringify(created));
    const steps: [() => Promise<unknown>, string[]][] = [
      [() => lib.round({ dice: [60] }), ['round', '--dice', '60']],
      [() => lib.status(), ['status']],
      [() => lib.place('pillar-of-flame'), ['place', 'pillar-of-flame']],
      [() => lib.end(), ['end']],
      [() => lib.round(), ['round']],
      [() => lib.discard(50), ['discard', '50']],
      [() => lib.visibility({ set: 'dark' }), ['visibility', 'set', 'dark']],
      [() => lib.visibility(), ['visibility']],
      [() => lib.fighter('Grub', 'battlefield'), ['fighter', 'Grub', 'battlefield']],
      [() => lib.undo(), ['undo']],
      [() => lib.log(), ['log']],
      [() => lib.verify(), ['verify']],
    ];
    for (const [call, args] of steps) {
      const out = await runCli([...args, '--json'], { cwd: b });
      expect(out.code, `${args.join(' ')}: ${out.stderr}`).toBe(0);
      same(await call(), out.stdout);
    }
  });

  it('asks the ask callbacks for dice and occupied tiles, and logs the dice as entered', async () => {
    const d = dir();
    const game = await newGame(d, { seed: 3 });
    const asked: DieNeed[] = [];
    const r = await game.round({
      ask: {
        die: (need) => {
          asked.push(need);
          return need.sides === 64 ? 57 : 1;
        },
        occupied: () => ['a1', 'A2', 'B1'],
      },
    });
    expect(asked[0]).toMatchObject({ kind: 'die', sides: 64 });
    expect(r.newEvent?.eventId).toBe('collapsed-section');
    const s = await game.status();
    expect(s.tilesRemoved).toEqual(['B2']);
    const log = await game.log({ round: 1 });
    expect(log.entries[0]!.action).toMatchObject({ type: 'round', occupied: ['A1', 'A2', 'B1'] });
    expect(log.entries[0]!.rolls.every((x) => x.entered === true)).toBe(true);
    expect(log.entries[0]!.rolls.length).toBe(asked.length);
  });

  it("ask.die: a random fighter's die names the roster in order; 'back' asks the die before again, 'rest' rolls the rest", async () => {
    const d = dir();
    const game = await newGame('g.json', { cwd: d, seed: 1, gangs: GANGS });
    await game.place('wyld-magic');
    const asked: [string, number, string[] | undefined][] = [];
    const answers: ('back' | 'rest' | number)[] = [38, 2, 'back', 1, 'rest'];
    await game.round({
      ask: {
        die: (need, step) => {
          asked.push([need.for, step.answered, need.among]);
          return answers.shift()!;
        },
      },
    });
    expect(answers).toEqual([]);
    expect(asked).toEqual([
      ['Event Phase: event table', 0, undefined],
      ['Wyld Magic: fighter of Goliaths', 1, ['Krag', 'Brute']],
      ['Wyld Magic: fighter of Eschers', 2, ['Vex', 'Nyx']],
      ['Wyld Magic: fighter of Goliaths', 1, ['Krag', 'Brute']],
      ['Wyld Magic: fighter of Eschers', 2, ['Vex', 'Nyx']],
    ]);
    const e = (await game.log({ round: 1 })).entries[0]!;
    // The die taken back is gone; the one after 'rest' was rolled by badzone.
    expect(e.action).toEqual({ type: 'round', dice: [38, 1] });
    expect(e.rolls.map((r) => [r.for, r.entered === true])).toEqual([
      ['Event Phase: event table', true],
      ['Wyld Magic: fighter of Goliaths', true],
      ['Wyld Magic: fighter of Eschers', false],
    ]);
    expect((await game.verify()).ok).toBe(true);
    // 'back' at the first die of a step has nothing to go back to: a usage error, nothing saved.
    const before = fs.readFileSync(game.file, 'utf8');
    await expect(game.end({ ask: { die: () => 'back' } })).rejects.toMatchObject({ kind: 'usage', exitCode: 2 });
    expect(fs.readFileSync(game.file, 'utf8')).toBe(before);
  });

  it("ask.die 'back' takes back an End Phase die of a round, leaving no empty list behind", async () => {
    const d = dir();
    const game = await newGame('g.json', { cwd: d, seed: 1 });
    await game.place('static-storm');
    await game.round({ dice: [25] });
    const answers: ('back' | 'rest' | number)[] = [5, 'back', 'rest'];
    const lists: (string | undefined)[] = [];
    await game.round({
      ask: {
        die: (need) => {
          lists.push(need.list);
          return answers.shift()!;
        },
      },
    });
    // The End Phase's die, then the event table's, where 'back' returns to the End Phase's, where 'rest' rolls all.
    expect(lists).toEqual(['endDice', undefined, 'endDice']);
    const e = (await game.log({ round: 2 })).entries.at(-1)!;
    expect(e.action).toEqual({ type: 'round' });
    expect(e.rolls.every((r) => r.entered !== true)).toBe(true);
  });

  it('a wrong answer from ask is a usage error, and nothing is saved', async () => {
    const d = dir();
    const game = await newGame(d, { seed: 3 });
    const before = fs.readFileSync(game.file, 'utf8');
    await expect(game.round({ ask: { die: () => 65 } })).rejects.toMatchObject({ kind: 'usage', exitCode: 2 });
    expect(fs.readFileSync(game.file, 'utf8')).toBe(before);
  });

  it('answers are refused when another Game changed the game while ask waited, even with the same log length and dice position', async () => {
    const d = dir();
    const game = await newGame(d, { seed: 5 });
    await game.round({ dice: [25] }); // Dome Quake: Once, no dice of its own
    await game.place('static-storm'); // discarded on 4+, no dice when placed
    const before = fs.readFileSync(game.file, 'utf8');
    const other = await openGame(d);
    const asked: string[] = [];
    const end = game.end({
      ask: {
        die: async (need) => {
          asked.push(need.for);
          // While the GM thinks: another handle undoes the place and places another event. The log has as many
          // entries as before and the dice position is the same (neither place rolls a die), but the die asked
          // for Static Storm's discard check would go to Howling Wind's.
          await other.undo();
          await other.place('howling-wind');
          return 5;
        },
      },
    });
    await expect(end).rejects.toMatchObject({
      kind: 'refused',
      exitCode: 1,
      message: expect.stringMatching(/changed while you were answering/),
    });
    expect(asked).toEqual(['End Phase: Static Storm discard check (4+)']);
    // Nothing of the answer was saved: the file is the other handle's game, and it verifies.
    const now = readSession(game.file);
    expect(
      now.log.map((e: { action: { type: string; eventId?: string } }) => e.action.eventId ?? e.action.type),
    ).toEqual(['new', 'round', 'howling-wind']);
    expect(fs.readFileSync(game.file, 'utf8')).not.toBe(before);
    expect((await game.verify()).ok).toBe(true);
    // Asked again, the GM is asked for the event now in play.
    const again: string[] = [];
    await game.end({ ask: { die: (need) => (again.push(need.for), 2) } });
    expect(again).toEqual(['End Phase: Howling Wind discard check (3+)']);
  });

  it('endDice go to the open End Phase, dice to the Event Phase', async () => {
    const d = dir();
    const game = await newGame(d, { seed: 5 });
    await game.round({ dice: [39] }); // Headhunters: D3 Hive Scum at a D4 spawn point in the End Phase, discarded on 4+
    const r = await game.round({ endDice: [2, 3, 5], dice: [4] });
    expect(r.endPhase!.triggers[0]!.outcomes[0]).toMatchObject({ kind: 'spawn', count: 2, spawnPoint: 3 });
    expect(r.endPhase!.checks[0]).toMatchObject({ eventId: 'headhunters', roll: 5, discarded: true });
    expect(r.eventPhase.draws[0]).toMatchObject({ roll: 4, eventId: 'critters-attack' });
  });

  it('endDice with no End Phase open are refused, not used for something else', async () => {
    const d = dir();
    const game = await newGame(d, { seed: 5 });
    const before = fs.readFileSync(game.file, 'utf8');
    await expect(game.round({ endDice: [3] })).rejects.toBeInstanceOf(UsageError);
    expect(fs.readFileSync(game.file, 'utf8')).toBe(before);
  });
});

describe('the seed a caller gives picks the generator', () => {
  const firstRound = async (seed: number | string) => {
    const game = await newGame(dir(), { seed });
    const r = await game.round();
    return { created: game.created!, rolls: r.eventPhase.resolved.flatMap((x) => x.rolls), draws: r.eventPhase.draws };
  };

  it('a number, or its decimal text, is the Mersenne Twister: the same game; other text keys ChaCha20', async () => {
    const n = await firstRound(42);
    const t = await firstRound('42');
    expect(n.created).toMatchObject({ seed: '42', generator: 'mt19937' });
    expect(t.created).toMatchObject({ seed: '42', generator: 'mt19937' });
    expect([t.draws, t.rolls]).toEqual([n.draws, n.rolls]);
    const c = await firstRound('Dust');
    expect(c.created).toMatchObject({ seed: 'Dust', generator: 'chacha20' });
    // What status gives back makes the same game again.
    expect(await firstRound(c.created.seed!)).toMatchObject({ draws: c.draws, rolls: c.rolls });
  });

  it('anything else is a UsageError naming the option; nothing is written', async () => {
    const d = dir();
    for (const seed of ['a-b', '', 2 ** 31, 'x'.repeat(65), true]) {
      await expect(newGame(d, { seed: seed as never })).rejects.toThrow(/^seed /);
      await expect(newGame(d, { seed: seed as never })).rejects.toBeInstanceOf(UsageError);
    }
    expect(fs.readdirSync(d)).toEqual([]);
  });
});

describe('typed errors, with the kinds and exit codes of the command line', () => {
  const kindOf = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      const err = e as { kind: string; exitCode: number; constructor: unknown };
      return [err.constructor, err.kind, err.exitCode];
    }
    return 'no error';
  };

  it('no session, refused, usage, invalid file', async () => {
    const d = dir();
    expect(await kindOf(openGame(path.join(d, 'missing.json')))).toEqual([NoSessionError, 'no-session', 3]);
    const game = await newGame(d, { seed: 1 });
    expect(await kindOf(game.end())).toEqual([RefusedError, 'refused', 1]);
    expect(await kindOf(newGame(d, { seed: 2 }))).toEqual([RefusedError, 'refused', 1]);
    expect(await kindOf(game.round({ dice: [0] }))).toEqual([UsageError, 'usage', 2]);
    expect(await kindOf(game.round({ occupied: ['Z9'] }))).toEqual([UsageError, 'usage', 2]);
    expect(await kindOf(game.discard('no-such-event'))).toEqual([UsageError, 'usage', 2]);
    expect(await kindOf(newGame(path.join(d, 'x.json'), { seed: 1.5 }))).toEqual([UsageError, 'usage', 2]);
    // A grid given as the command line's text names the shape it takes.
    await expect(newGame(path.join(d, 'g.json'), { seed: 1, grid: '3x3' as never })).rejects.toThrow(
      /^grid is \{ rows, cols \}, like \{ rows: 3, cols: 3 \}, not "3x3"\.$/,
    );
    expect(fs.existsSync(path.join(d, 'g.json'))).toBe(false);
    expect(await kindOf(game.redo())).toEqual([RefusedError, 'refused', 1]);
    fs.writeFileSync(game.file, '{ not json');
    expect(await kindOf(game.status())).toEqual([InvalidFileError, 'invalid', 4]);
  });

  it('takes the same lock as the command line: a held lock is exit 5, and the game is not changed', async () => {
    const d = dir();
    const game: Game = await newGame(d, { seed: 1 });
    const before = fs.readFileSync(game.file, 'utf8');
    // This process is alive, so its lock is never taken over: the call waits its 2 s and gives up.
    fs.writeFileSync(`${game.file}.lock`, JSON.stringify({ pid: process.pid, token: 'held-by-test' }));
    expect(await kindOf(game.round())).toEqual([LockedError, 'locked', 5]);
    expect(fs.readFileSync(game.file, 'utf8')).toBe(before);
    fs.rmSync(`${game.file}.lock`);
    expect((await game.round()).round).toBe(1);
  });
});

describe("the battle report's story through the library", () => {
  it('newGame takes it, details sets and clears fields (the others stay), not as a step', async () => {
    const d = dir();
    const game = await newGame(d, { seed: 5, story: { title: '  The Sump Run ', scenario: 'Looters' } });
    expect(game.created!.story).toEqual({ title: 'The Sump Run', date: null, scenario: 'Looters', result: null });
    await game.round();
    const log = readSession(game.file).log;
    const set = await game.details({ set: { result: 'Eschers', scenario: null } });
    expect(set).toEqual({
      kind: 'details',
      schema: 3,
      session: game.file,
      story: { title: 'The Sump Run', date: null, scenario: null, result: 'Eschers' },
      changed: true,
    });
    expect((await game.details({ set: { result: 'Eschers' } })).changed).toBe(false);
    expect(await game.details()).toEqual({ ...set, changed: false });
    expect(readSession(game.file).log).toEqual(log);
    // Undo takes back the round, not the words.
    await game.undo();
    expect((await game.details()).story.result).toBe('Eschers');
  });

  it.each<[string, Record<string, unknown>, string, Record<string, unknown>]>([
    ['an escape sequence', { title: 'x\u001b[31my' }, 'bad-name', { field: 'title', name: 'x\u001b[31my' }],
    ['a blank text', { date: '   ' }, 'bad-name', { field: 'date', name: '   ' }],
    ['201 characters', { result: 'x'.repeat(201) }, 'bad-name', { field: 'result' }],
    ['a number', { scenario: 7 }, 'bad-option', { option: 'scenario', given: 7 }],
    ['a field a story does not have', { winner: 'Eschers' }, 'bad-option', { option: 'story.winner' }],
  ])('refuses %s with its code, saving nothing', async (_n, set, code, facts) => {
    const d = dir();
    const game = await newGame(d, { seed: 5 });
    const before = fs.readFileSync(game.file, 'utf8');
    const e = await game.details({ set: set as never }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UsageError);
    expect(e).toMatchObject({ code, facts, exitCode: 2 });
    expect((e as Error).message).not.toMatch(/--/); // the library names no flag
    expect(fs.readFileSync(game.file, 'utf8')).toBe(before);
    await expect(newGame(dir(), { seed: 5, story: set as never })).rejects.toMatchObject({ code });
  });

  it('the changed-game check still sees the whole file: a story saved while ask waits refuses the answers, and is kept', async () => {
    const d = dir();
    const game = await newGame(d, { seed: 5 });
    await game.round({ dice: [25] });
    await game.place('static-storm');
    const other = await openGame(d);
    const end = game.end({
      ask: {
        die: async () => {
          await other.details({ set: { title: 'The Sump Run' } });
          return 5;
        },
      },
    });
    await expect(end).rejects.toMatchObject({ code: 'changed-while-answering' });
    const now = readSession(game.file);
    expect(now.story.title).toBe('The Sump Run');
    expect(now.phase).toBe('round');
  });
});

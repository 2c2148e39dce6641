// src/store/session.ts in this process: where the session is; loading (what each broken file is refused as, naming
// the file; the advice to start again for a file that is not JSON, in a form a shell takes back; a custom table the
// game's visibility table cannot play; a failure reading badzone's own tables); `verify --file` reading a session or
// a battle report (refusing a hidden-seed report); changing a game under its lock (the result, no write for no
// change, the second guard, the `saved` list, the size limit); the verb of a failed look at the path; and creating
// one (private when it holds a secret, never over a game without --force, then with a backup; never over a folder).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createGame, defaultSetup, SCHEMA_VERSION, step, type SessionState } from '../../src/engine/index.js';
import { LIMITS } from '../../src/rules/limits.js';
import { buildReport } from '../../src/api/report.js';
import { cliWords } from '../../src/cli/words.js';
import { arm, errno, reset } from './fs-seam.js';
import { freshStore, type Store } from './fresh.js';
import { thrown, useTempFolder } from './kit.js';

vi.mock('node:fs', async (importOriginal) => (await import('./fs-seam.js')).seamed(await importOriginal()));

let S: Store;
let E: Store['errors'];
let session: Store['session'];
beforeEach(async () => {
  S = await freshStore();
  E = S.errors;
  session = S.session;
});

/** An error of the file layer in the command line's words (src/cli/words.ts): its sentence and what to type. */
function cliSays(error: Error): string {
  const e = error as Error & { code: string; facts: unknown };
  return (cliWords() as unknown as Record<string, (f: unknown, said: string) => string>)[e.code]!(e.facts, e.message);
}

let dir = '';
/** The folder's own session (badzone-session.json). */
let file = '';
/** A session at a path given with --session. */
let given = '';
useTempFolder('badzone-session-', (d) => {
  dir = d;
  file = path.join(d, session.DEFAULT_SESSION);
  given = path.join(d, 'g.json');
});

function game(rounds = 1, seed = 77): SessionState {
  const book = S.tables.shippedBook();
  let s = createGame(defaultSetup(seed, { gangs: [{ name: 'G', battlefield: ['a'], reserve: [] }] }), book);
  for (let i = 0; i < rounds; i++) {
    const r = step(s, { type: 'round' }, book);
    if (!r.ok) throw new Error('refused');
    s = r.state;
  }
  return s;
}

const save = (s: SessionState, f = file) => fs.writeFileSync(f, session.serialize(s));
const write = (f: string, v: unknown) => fs.writeFileSync(f, typeof v === 'string' ? v : JSON.stringify(v));
const list = (): string[] => fs.readdirSync(dir).sort();
const report = (s: SessionState, f = given) => buildReport(f, s, S.tables.shippedBook(), '0.0.0-test');

describe('sessionPath', () => {
  it('--session, else BADZONE_SESSION, else ./badzone-session.json, each from the current folder', () => {
    expect(session.sessionPath('g.json', { BADZONE_SESSION: 'env.json' }, dir)).toBe(path.join(dir, 'g.json'));
    expect(session.sessionPath(undefined, { BADZONE_SESSION: 'env.json' }, dir)).toBe(path.join(dir, 'env.json'));
    expect(session.sessionPath(undefined, {}, dir)).toBe(path.join(dir, session.DEFAULT_SESSION));
    expect(session.sessionPath('/abs/g.json', {}, dir)).toBe('/abs/g.json');
    expect(session.sessionPath('  ', {}, dir)).toBe(path.join(dir, session.DEFAULT_SESSION));
    expect(session.sessionPath('', {}, dir)).toBe(path.join(dir, session.DEFAULT_SESSION));
  });

  it('a folder (existing, or written with a trailing slash) means the default file inside it', () => {
    fs.mkdirSync(path.join(dir, 'camp'));
    expect(session.sessionPath('camp', {}, dir)).toBe(path.join(dir, 'camp', session.DEFAULT_SESSION));
    expect(session.sessionPath('later/', {}, dir)).toBe(path.join(dir, 'later', session.DEFAULT_SESSION));
    expect(session.sessionPath('later\\', {}, dir)).toBe(path.join(dir, 'later\\', session.DEFAULT_SESSION));
    expect(session.sessionPath(undefined, { BADZONE_SESSION: 'camp' }, dir)).toBe(
      path.join(dir, 'camp', session.DEFAULT_SESSION),
    );
    expect(session.sessionPath('later', {}, dir)).toBe(path.join(dir, 'later'));
  });
});

describe('loading a session', () => {
  it('no file: tryLoad gives null, load says there is no game at that path and how to start one', () => {
    expect(session.tryLoad(file)).toBeNull();
    const e = thrown(() => session.load(file));
    expect(e).toBeInstanceOf(E.NoSessionError);
    expect(e.message).toContain(file);
    // The file layer says what is wrong, as a code and facts; the command line says what to type.
    expect(e.message).not.toContain('badzone new');
    expect([(e as unknown as { code: string }).code, (e as unknown as { facts: unknown }).facts]).toEqual([
      'no-session',
      { file },
    ]);
    expect(cliSays(e)).toContain('badzone new');
  });

  it('a saved game loads as it was saved, with its book', () => {
    const s = game(2);
    save(s);
    const l = session.load(file);
    expect(l.state).toEqual(s);
    expect(l.file).toBe(file);
    expect(l.migratedFrom).toBeNull();
    expect(l.book.events.results).toHaveLength(S.tables.shippedBook().events.results.length);
  });

  it.each([
    ['not JSON', '{"schemaVersion": 2,', /not valid JSON/],
    ['an array', '[1]', /expected an object, found an array: this is not a badzone session file/],
    ['null', 'null', /expected an object, found null: this is not a badzone session file/],
    ['a number', '7', /expected an object, found a number/],
    ['text', '"x"', /expected an object, found a string/],
    ['an object without schemaVersion', '{"a":1}', /schemaVersion: missing: this is not a badzone session file/],
  ])('%s is refused (exit 4) naming the file, and left as it is', (_l, text, why) => {
    fs.writeFileSync(file, text);
    const e = thrown(() => session.tryLoad(file));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(file);
    expect(e.message).toMatch(why);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });

  it('not JSON: the message says how to recover (a backup, or a new game)', () => {
    fs.writeFileSync(file, '{');
    expect(cliSays(thrown(() => session.tryLoad(file)))).toMatch(/\.bak.*badzone new --force/);
  });

  it('written by a newer badzone: names the version', () => {
    const s = JSON.parse(session.serialize(game())) as Record<string, unknown>;
    s.schemaVersion = SCHEMA_VERSION + 5;
    fs.writeFileSync(file, JSON.stringify(s));
    const e = thrown(() => session.tryLoad(file));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(`schemaVersion ${SCHEMA_VERSION + 5}`);
    expect(e.message).toContain(file);
  });

  it('a field that is wrong: names the file and the field', () => {
    const s = JSON.parse(session.serialize(game())) as { round: unknown };
    s.round = 'three';
    fs.writeFileSync(file, JSON.stringify(s));
    const e = thrown(() => session.tryLoad(file));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: round: `));
  });

  it("a custom table in the session that is broken: names the file and the table's field", () => {
    const s = JSON.parse(session.serialize(game())) as { setup: { table: unknown } };
    const t = structuredClone(S.tables.shippedTables().events) as unknown as { results: { range: unknown }[] };
    t.results[0]!.range = [0, 3];
    s.setup.table = t;
    fs.writeFileSync(file, JSON.stringify(s));
    const e = thrown(() => session.tryLoad(file));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(file);
    expect(e.message).toContain('results[0].range');
  });
});

describe('a file that is not JSON: the advice to start again names the file in a form a shell takes back', () => {
  /** The path in the advice's `badzone new --force --session ...` (null when the advice gives none). */
  function adviceArg(f: string): string | null {
    fs.writeFileSync(f, '{');
    const e = thrown(() => session.tryLoad(f));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(f);
    return /badzone new --force --session (.*)`; if it is not/s.exec(cliSays(e))?.[1] ?? null;
  }
  const shell = (arg: string) => spawnSync('sh', ['-c', `printf %s ${arg}`], { encoding: 'utf8' }).stdout;

  it("the folder's own session (badzone-session.json): `new --force` in its folder, with no --session", () => {
    const f = path.join(dir, session.DEFAULT_SESSION);
    fs.writeFileSync(f, '{');
    const msg = cliSays(thrown(() => session.tryLoad(f)));
    expect(msg).toContain('badzone new --force` in its folder');
    expect(msg).not.toContain('--session');
  });

  it('another file: --session with the path as it is when it needs no quoting', () => {
    expect(adviceArg(given)).toBe(given);
    const odd = path.join(dir, 'a-b_c.d:e.json');
    expect(adviceArg(odd)).toBe(odd);
  });

  it.each([
    ['a space', 'my game.json'],
    ['a leading space', ' g.json'],
    ['a trailing space', 'g.json '],
    ['a dollar sign', '$HOME.json'],
    ['a semicolon', 'a;b.json'],
  ])('a path with %s is single-quoted, and the shell gives back the path', (_l, name) => {
    const f = path.join(dir, name);
    const arg = adviceArg(f)!;
    expect(arg).toBe(`'${f}'`);
    if (process.platform !== 'win32') expect(shell(arg)).toBe(f);
  });

  it("a path with a single quote: each quote written '\\'' inside the quotes, and the shell gives back the path", () => {
    const f = path.join(dir, "it's o'clock.json");
    const arg = adviceArg(f)!;
    expect(arg).toBe(`'${f.replace(/'/g, `'\\''`)}'`);
    expect(arg).toContain(`it'\\''s o'\\''clock.json'`);
    if (process.platform !== 'win32') expect(shell(arg)).toBe(f);
  });
});

describe("a custom table the game's visibility table cannot play", () => {
  it('is refused naming the file, setup.table and the field (cross-check), and left as it is', () => {
    const s = JSON.parse(session.serialize(game(0))) as { setup: { table: unknown } };
    const t = structuredClone(S.tables.shippedTables().events);
    const i = t.results.findIndex((ev) => ev.resolve.onDraw.some((st) => st.kind === 'visibilitySet'));
    const j = t.results[i]!.resolve.onDraw.findIndex((st) => st.kind === 'visibilitySet');
    (t.results[i]!.resolve.onDraw[j] as { level: string }).level = 'void';
    s.setup.table = t;
    const text = JSON.stringify(s);
    fs.writeFileSync(given, text);
    const e = thrown(() => session.tryLoad(given));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(`${given}: setup.table: results[${i}].resolve.onDraw[${j}].level`);
    expect(e.message).toContain('"void"');
    expect(fs.readFileSync(given, 'utf8')).toBe(text);
  });
});

describe("a failure reading badzone's own tables while a game loads", () => {
  it('is that failure (a disk error naming the table), not the session file called invalid', async () => {
    const s = game(1);
    write(given, session.serialize(s));
    // A new process: the shipped tables not read yet.
    S = await freshStore();
    ({ errors: E, session } = S);
    const hazards = path.join(S.tables.dataDir(), 'hazards.json');
    arm('openSync', { throws: errno('EIO') }, (args) => args[0] === hazards);
    const e = thrown(() => session.tryLoad(given));
    reset();
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(hazards);
    expect(e.message).not.toContain(given);
    expect(session.load(given).state).toEqual(s);
  });
});

describe('loadForChecking: a session, or the session inside a battle report', () => {
  it('a session file loads as it is', () => {
    const s = game(2);
    write(given, session.serialize(s));
    const l = session.loadForChecking(given);
    expect(l.state).toEqual(s);
    expect(l.file).toBe(given);
  });

  it('a report (`report --format json`) gives the session it carries', () => {
    const s = game(3);
    const r = report(s);
    expect(r.kind).toBe('report');
    write(given, r);
    const l = session.loadForChecking(given);
    expect(l.state).toEqual(s);
    expect(l.state.round).toBe(3);
  });

  it('no file: NoSessionError naming the path', () => {
    const e = thrown(() => session.loadForChecking(given));
    expect(e).toBeInstanceOf(E.NoSessionError);
    expect(e.message).toContain(given);
    expect(fs.existsSync(given)).toBe(false);
  });

  it('a report made while the seed was hidden is refused naming the file, and left as it is', () => {
    const s = game(1);
    s.setup.hiddenSeed = { salt: 'a'.repeat(32), commitment: 'b'.repeat(64), revealed: false };
    const r = report(s);
    expect(r.seed).toBeNull();
    const text = JSON.stringify(r);
    write(given, text);
    const e = thrown(() => session.loadForChecking(given));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(given);
    expect(fs.readFileSync(given, 'utf8')).toBe(text);
  });

  it('only an object with kind "report" and a session is read as a report; anything else as a session file', () => {
    const s = game(1);
    // kind other than "report": the session inside is not looked at; the file itself has no schemaVersion.
    write(given, { kind: 'other', session: s });
    let e = thrown(() => session.loadForChecking(given));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(`${given}: schemaVersion: missing`);
    // kind "report" without a session: a file that is not a session.
    write(given, { kind: 'report', seed: 1 });
    e = thrown(() => session.loadForChecking(given));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(`${given}: schemaVersion: missing`);
    // Not an object at all: refused as not a session (never a TypeError).
    for (const [text, found] of [
      ['null', 'null'],
      ['[1]', 'an array'],
      ['"report"', 'a string'],
      ['7', 'a number'],
    ]) {
      write(given, text);
      e = thrown(() => session.loadForChecking(given));
      expect(e, text).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toContain(`${given}: expected an object, found ${found}`);
    }
  });

  it('tryLoad / load never open a report as a game to play on', () => {
    write(given, report(game(1)));
    for (const f of [() => session.tryLoad(given), () => session.load(given)]) {
      const e = thrown(f);
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toContain(`${given}: schemaVersion: missing`);
    }
    let ran = false;
    expect(thrown(() => session.mutate(given, () => ((ran = true), { state: null, result: null })))).toBeInstanceOf(
      E.InvalidFileError,
    );
    expect(ran).toBe(false);
  });
});

describe('mutate: changing a game under its lock', () => {
  it('saves the new state, returns the result, and leaves only the session', () => {
    const s0 = game(1);
    save(s0);
    const s1 = game(2);
    const result = session.mutate(file, (loaded) => {
      expect(loaded!.state).toEqual(s0);
      expect(fs.existsSync(`${file}.lock`)).toBe(true);
      return { state: s1, result: 'done' };
    });
    expect(result).toBe('done');
    expect(fs.readFileSync(file, 'utf8')).toBe(session.serialize(s1));
    expect(list()).toEqual([session.DEFAULT_SESSION]);
  });

  it('no file: the change gets null, and may create the game', () => {
    const s = game(0);
    session.mutate(file, (loaded) => {
      expect(loaded).toBeNull();
      return { state: s, result: null };
    });
    expect(session.load(file).state).toEqual(s);
  });

  it('a change that returns no state writes nothing', () => {
    save(game(1));
    const before = fs.statSync(file);
    expect(session.mutate(file, () => ({ state: null, result: 7 }))).toBe(7);
    const after = fs.statSync(file);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(list()).toEqual([session.DEFAULT_SESSION]);
  });

  it('a change that throws writes nothing and releases the lock', () => {
    save(game(1));
    const before = fs.readFileSync(file, 'utf8');
    expect(
      thrown(() =>
        session.mutate(file, () => {
          throw new E.RefusedError('no');
        }),
      ),
    ).toBeInstanceOf(E.RefusedError);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(list()).toEqual([session.DEFAULT_SESSION]);
  });

  it('the lock removed while the command ran: not saved, exit 5, the game as it was', () => {
    save(game(1));
    const before = fs.readFileSync(file, 'utf8');
    const e = thrown(() =>
      session.mutate(file, () => {
        fs.rmSync(`${file}.lock`);
        return { state: game(2), result: null };
      }),
    );
    expect(e).toBeInstanceOf(E.LockedError);
    expect(e.message).toContain(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(list()).toEqual([session.DEFAULT_SESSION]);
  });

  it('the file changed by another program while the command ran: not saved, exit 5, the other change kept', () => {
    save(game(1));
    const e = thrown(() =>
      session.mutate(file, () => {
        fs.writeFileSync(file, session.serialize(game(3)));
        return { state: game(2), result: null };
      }),
    );
    expect(e).toBeInstanceOf(E.LockedError);
    expect(session.load(file).state.round).toBe(3);
    // Created by another program where there was none: the same.
    fs.rmSync(file);
    expect(
      thrown(() =>
        session.mutate(file, () => {
          save(game(3));
          return { state: game(1), result: null };
        }),
      ),
    ).toBeInstanceOf(E.LockedError);
    expect(session.load(file).state.round).toBe(3);
  });

  it('a file that cannot be looked at again before the rename counts as changed', () => {
    save(game(1));
    const before = fs.readFileSync(file, 'utf8');
    let armed = false;
    arm('lstatSync', { throws: Object.assign(new Error('EIO'), { code: 'EIO' }) }, (args) => armed && args[0] === file);
    const e = thrown(() =>
      session.mutate(file, () => {
        armed = true;
        return { state: game(2), result: null };
      }),
    );
    reset();
    expect(e).toBeInstanceOf(E.LockedError);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });

  it('a read-only session is refused before the lock is taken', () => {
    save(game(1));
    fs.chmodSync(file, 0o444);
    let ran = false;
    const e = thrown(() => session.mutate(file, () => ((ran = true), { state: null, result: null })));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(ran).toBe(false);
    expect(list()).toEqual([session.DEFAULT_SESSION]);
  });

  it('made read-only while waiting for the lock: refused under the lock too', () => {
    save(game(1));
    let ran = false;
    arm('linkSync', { calls: (real, args) => (fs.chmodSync(file, 0o444), real(...args)) }, (args) =>
      String(args[1]).endsWith('.lock'),
    );
    const e = thrown(() => session.mutate(file, () => ((ran = true), { state: null, result: null })));
    reset();
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(ran).toBe(false);
  });

  it('sweeps temp files of dead processes before it reads', () => {
    save(game(1));
    const stale = path.join(dir, `.${session.DEFAULT_SESSION}.999999999~nowhere-0~x.tmp`);
    const dead = `.${session.DEFAULT_SESSION}.${2 ** 22 + 12345}.1.tmp`;
    fs.writeFileSync(path.join(dir, dead), 'old');
    fs.writeFileSync(stale, 'foreign');
    session.mutate(file, () => ({ state: null, result: null }));
    expect(list()).not.toContain(dead);
    expect(list()).toContain(path.basename(stale)); // another computer's, fresh: kept
  });

  it('through a symbolic link: the target is saved, the link stays a link, the lock is beside the target', () => {
    fs.mkdirSync(path.join(dir, 'real'));
    const target = path.join(dir, 'real', 'g.json');
    save(game(1), target);
    fs.symlinkSync(target, file);
    session.mutate(file, () => {
      expect(fs.existsSync(`${target}.lock`)).toBe(true);
      expect(fs.existsSync(`${file}.lock`)).toBe(false);
      return { state: game(2), result: null };
    });
    expect(fs.lstatSync(file).isSymbolicLink()).toBe(true);
    expect(session.load(target).state.round).toBe(2);
  });
});

describe('the second guard and the saved list', () => {
  it('the file changed by another program while the command ran: LockedError naming the file', () => {
    write(given, session.serialize(game(1)));
    const e = thrown(() =>
      session.mutate(given, () => {
        write(given, session.serialize(game(3)));
        return { state: game(2), result: null };
      }),
    );
    expect(e).toBeInstanceOf(E.LockedError);
    expect(e.message).toContain(given);
    expect(session.load(given).state.round).toBe(3);
  });

  it('a new game whose folder stops letting badzone in before the rename: permission denied, not "changed by another program"', () => {
    let armed = false;
    const denied = () => Object.assign(new Error('EACCES'), { code: 'EACCES' });
    arm('lstatSync', { throws: denied() }, (args) => armed && args[0] === given);
    const renamed = arm('renameSync', { throws: denied() }, (args) => armed && args[1] === given);
    const e = thrown(() =>
      session.mutate(given, () => {
        armed = true;
        return { state: game(1), result: null };
      }),
    );
    reset();
    expect(renamed.fired()).toBe(1);
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(given);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('saved: empty when the process starts; each file written is added, a change that writes nothing or fails is not', () => {
    expect(session.saved).toEqual([]);
    const other = path.join(dir, 'h.json');
    session.create(given, game(0), false, 'S');
    expect(session.saved).toEqual([given]);
    session.mutate(given, () => ({ state: null, result: null }));
    expect(session.saved).toEqual([given]);
    session.mutate(other, () => ({ state: game(1), result: null }));
    expect(session.saved).toEqual([given, other]);
    expect(thrown(() => session.create(given, game(0), false, 'S'))).toBeInstanceOf(E.RefusedError);
    expect(session.saved).toEqual([given, other]);
  });
});

describe('the session size limit', () => {
  /** A game whose file is just past LIMITS.sessionBytes: reserve fighters with long names. */
  function big(extra = 0): SessionState {
    const s = game(1);
    const name = (i: number) => `${String(i).padStart(6, '0')}${'x'.repeat(3994)}`;
    const n = Math.ceil(LIMITS.sessionBytes / 4003) + 1 + extra;
    s.gangs[0]!.reserve = Array.from({ length: n }, (_, i) => name(i));
    return s;
  }

  it('a game larger than the limit is refused, naming the limit, and nothing is written; a game already past it saves when it does not grow', () => {
    const s = big();
    const text = session.serialize(s);
    expect(Buffer.byteLength(text)).toBeGreaterThan(LIMITS.sessionBytes);
    let e = thrown(() => session.create(given, s, false, 'S'));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(`${LIMITS.sessionBytes / 1e6} MB`);
    expect(fs.readdirSync(dir)).toEqual([]);
    // Written past the limit by an older badzone: it opens, and a step that does not grow it saves.
    fs.writeFileSync(given, text);
    const same = session.mutate(given, (l) => ({
      state: { ...l!.state, manualDice: !l!.state.manualDice },
      result: 'saved',
    }));
    expect(same).toBe('saved');
    expect(session.load(given).state.manualDice).toBe(!s.manualDice);
    // A step that grows it is refused, and the file is as it was.
    const before = fs.readFileSync(given);
    e = thrown(() => session.mutate(given, () => ({ state: big(1), result: null })));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(`${LIMITS.sessionBytes / 1e6} MB`);
    expect(fs.readFileSync(given).equals(before)).toBe(true);
  });
});

describe('the verb of a failed look at the path: read, save or create', () => {
  it.each<[string, () => unknown]>([
    ['read', () => session.tryLoad(given)],
    ['read', () => session.loadForChecking(given)],
    ['save', () => session.mutate(given, () => ({ state: null, result: null }))],
    ['create', () => session.create(given, game(0), false, 'S')],
  ])('%s', (verb, f) => {
    arm('lstatSync', { throws: errno('EIO', 'lstat') }, (args) => args[0] === given);
    const e = thrown(f);
    reset();
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(`Could not ${verb} ${given}:`);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('a game that holds a secret (a hidden seed) is created private', () => {
  const hidden = (revealed = false): SessionState => {
    const book = S.tables.shippedBook();
    return createGame(
      defaultSetup(77, { hiddenSeed: { salt: 'a'.repeat(32), commitment: 'b'.repeat(64), revealed } }),
      book,
    );
  };
  const modeOf = (f: string) => fs.statSync(f).mode & 0o7777;
  const umask = process.umask();

  it('create: 0600 where there was none, and over a 0644 game (whose backup keeps 0644); a game without a secret: 0644 less the umask', () => {
    session.create(file, hidden(), false, 'S');
    expect(modeOf(file)).toBe(0o600);
    const other = path.join(dir, 'open.json');
    session.create(other, game(0), false, 'S');
    expect(modeOf(other)).toBe(0o644 & ~umask);
    const r = session.create(other, hidden(), true, 'S2');
    expect(modeOf(other)).toBe(0o600);
    expect(modeOf(r.backup!)).toBe(0o644 & ~umask);
    // A revealed seed is no secret: a new file as any other.
    const told = path.join(dir, 'told.json');
    session.create(told, hidden(true), false, 'S');
    expect(modeOf(told)).toBe(0o644 & ~umask);
  });

  it('mutate: a hidden-seed game it creates is 0600; an existing game keeps its mode (a game made before stays as it is until chmod)', () => {
    session.mutate(file, () => ({ state: hidden(), result: null }));
    expect(modeOf(file)).toBe(0o600);
    fs.chmodSync(file, 0o644);
    session.mutate(file, (l) => ({ state: l!.state, result: null }));
    expect(modeOf(file)).toBe(0o644);
  });
});

describe('create: a new game', () => {
  it('writes the game where there was none, with no backup', () => {
    const s = game(0);
    expect(session.create(file, s, false, 'STAMP')).toEqual({ backup: null });
    expect(session.load(file).state).toEqual(s);
    expect(list()).toEqual([session.DEFAULT_SESSION]);
  });

  it('never over a game without force; with force, the old game is kept as a backup', () => {
    save(game(3));
    const old = fs.readFileSync(file, 'utf8');
    const e = thrown(() => session.create(file, game(0), false, 'STAMP'));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(old);
    const r = session.create(file, game(0), true, 'STAMP');
    expect(r.backup).toBe(`${file}.STAMP.bak`);
    expect(fs.readFileSync(r.backup!, 'utf8')).toBe(old);
    expect(session.load(file).state.round).toBe(0);
  });

  it('a folder or a device at the path is refused and left alone, force or not', () => {
    fs.mkdirSync(file);
    for (const force of [false, true])
      expect(thrown(() => session.create(file, game(0), force, 'S'))).toBeInstanceOf(E.InvalidFileError);
    fs.rmdirSync(file);
    fs.symlinkSync('/dev/null', file);
    for (const force of [false, true]) {
      const e = thrown(() => session.create(file, game(0), force, 'S'));
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toMatch(/not a regular file/);
    }
    expect(fs.readlinkSync(file)).toBe('/dev/null');
  });

  it('a game created by someone else while waiting for the lock: refused under the lock', () => {
    arm('linkSync', { calls: (real, args) => (save(game(5)), real(...args)) }, (args) =>
      String(args[1]).endsWith('.lock'),
    );
    const e = thrown(() => session.create(file, game(0), false, 'S'));
    reset();
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(session.load(file).state.round).toBe(5);
  });

  it('a name too long for its temp files is refused before anything is written', () => {
    const long = path.join(dir, `${'n'.repeat(240)}.json`);
    expect(thrown(() => session.create(long, game(0), false, 'S'))).toBeInstanceOf(E.RefusedError);
    expect(list()).toEqual([]);
  });
});

describe('create over a folder', () => {
  it('is refused as a folder, naming the path, force or not; the folder is left alone', () => {
    fs.mkdirSync(given);
    fs.writeFileSync(path.join(given, 'inside'), 'x');
    for (const force of [false, true]) {
      const e = thrown(() => session.create(given, game(0), force, 'S'));
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toContain(`${given} is a folder`);
    }
    expect(fs.readdirSync(given)).toEqual(['inside']);
    expect(fs.readdirSync(dir)).toEqual(['g.json']);
  });
});

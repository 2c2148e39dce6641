// src/store/session.ts, the parts test/store/session.test.ts leaves open: `badzone verify --file` reading a session
// or a battle report (and refusing a hidden-seed report, naming it), the recovery advice for a file that is not
// JSON (the folder's own session vs a --session path, quoted so it can be pasted into a shell), a custom table
// the game's visibility table cannot play (named with the file and the table's field), the session size limit
// (a game past it still saves when it does not grow), the verb of a failed read / save / create, the "changed by
// another program" guard naming the file, the `saved` list, and create refusing a folder.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createGame, defaultSetup, step, type SessionState } from '../../src/engine/index.js';
import { LIMITS } from '../../src/rules/limits.js';
import { buildReport } from '../../src/api/report.js';
import { arm, errno, reset } from './fs-seam.js';
import { freshStore, type Store } from './fresh.js';
import { thrown, useTempFolder } from './kit.js';

vi.mock('node:fs', async (importOriginal) => (await import('./fs-seam.js')).seamed(await importOriginal()));

let S: Store;
let E: Store['errors'];
let session: Store['session'];
let dir = '';
let file = '';

beforeEach(async () => {
  S = await freshStore();
  E = S.errors;
  session = S.session;
});
useTempFolder('badzone-sessmut-', (d) => {
  dir = d;
  file = path.join(d, 'g.json');
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

const write = (f: string, v: unknown) => fs.writeFileSync(f, typeof v === 'string' ? v : JSON.stringify(v));
const report = (s: SessionState, f = file) => buildReport(f, s, S.tables.shippedBook(), '0.0.0-test');

describe('loadForChecking: a session, or the session inside a battle report', () => {
  it('a session file loads as it is', () => {
    const s = game(2);
    write(file, session.serialize(s));
    const l = session.loadForChecking(file);
    expect(l.state).toEqual(s);
    expect(l.file).toBe(file);
  });

  it('a report (`report --format json`) gives the session it carries', () => {
    const s = game(3);
    const r = report(s);
    expect(r.kind).toBe('report');
    write(file, r);
    const l = session.loadForChecking(file);
    expect(l.state).toEqual(s);
    expect(l.state.round).toBe(3);
  });

  it('no file: NoSessionError naming the path', () => {
    const e = thrown(() => session.loadForChecking(file));
    expect(e).toBeInstanceOf(E.NoSessionError);
    expect(e.message).toContain(file);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('a report made while the seed was hidden is refused naming the file, and left as it is', () => {
    const s = game(1);
    s.setup.hiddenSeed = { salt: 'a'.repeat(32), commitment: 'b'.repeat(64), revealed: false };
    const r = report(s);
    expect(r.seed).toBeNull();
    const text = JSON.stringify(r);
    write(file, text);
    const e = thrown(() => session.loadForChecking(file));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });

  it('only an object with kind "report" and a session is read as a report; anything else as a session file', () => {
    const s = game(1);
    // kind other than "report": the session inside is not looked at; the file itself has no schemaVersion.
    write(file, { kind: 'other', session: s });
    let e = thrown(() => session.loadForChecking(file));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(`${file}: schemaVersion: missing`);
    // kind "report" without a session: a file that is not a session.
    write(file, { kind: 'report', seed: 1 });
    e = thrown(() => session.loadForChecking(file));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(`${file}: schemaVersion: missing`);
    // Not an object at all: refused as not a session (never a TypeError).
    for (const [text, found] of [
      ['null', 'null'],
      ['[1]', 'an array'],
      ['"report"', 'a string'],
      ['7', 'a number'],
    ]) {
      write(file, text);
      e = thrown(() => session.loadForChecking(file));
      expect(e, text).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toContain(`${file}: expected an object, found ${found}`);
    }
  });

  it('tryLoad / load never open a report as a game to play on', () => {
    write(file, report(game(1)));
    for (const f of [() => session.tryLoad(file), () => session.load(file)]) {
      const e = thrown(f);
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toContain(`${file}: schemaVersion: missing`);
    }
    let ran = false;
    expect(thrown(() => session.mutate(file, () => ((ran = true), { state: null, result: null })))).toBeInstanceOf(
      E.InvalidFileError,
    );
    expect(ran).toBe(false);
  });
});

describe('a file that is not JSON: the advice to start again names the file in a form a shell takes back', () => {
  /** The path in the advice's `badzone new --force --session ...` (null when the advice gives none). */
  function adviceArg(f: string): string | null {
    fs.writeFileSync(f, '{');
    const e = thrown(() => session.tryLoad(f));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(f);
    return /badzone new --force --session (.*)`; if it is not/s.exec(e.message)?.[1] ?? null;
  }
  const shell = (arg: string) => spawnSync('sh', ['-c', `printf %s ${arg}`], { encoding: 'utf8' }).stdout;

  it("the folder's own session (badzone-session.json): `new --force` in its folder, with no --session", () => {
    const f = path.join(dir, session.DEFAULT_SESSION);
    fs.writeFileSync(f, '{');
    const msg = thrown(() => session.tryLoad(f)).message;
    expect(msg).toContain('badzone new --force` in its folder');
    expect(msg).not.toContain('--session');
  });

  it('another file: --session with the path as it is when it needs no quoting', () => {
    expect(adviceArg(file)).toBe(file);
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
    fs.writeFileSync(file, text);
    const e = thrown(() => session.tryLoad(file));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(`${file}: setup.table: results[${i}].resolve.onDraw[${j}].level`);
    expect(e.message).toContain('"void"');
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });
});

describe("a failure reading badzone's own tables while a game loads", () => {
  it('is that failure (a disk error naming the table), not the session file called invalid', async () => {
    const s = game(1);
    write(file, session.serialize(s));
    // A new process: the shipped tables not read yet.
    S = await freshStore();
    ({ errors: E, session } = S);
    const hazards = path.join(S.tables.dataDir(), 'hazards.json');
    arm('openSync', { throws: errno('EIO') }, (args) => args[0] === hazards);
    const e = thrown(() => session.tryLoad(file));
    reset();
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(hazards);
    expect(e.message).not.toContain(file);
    expect(session.load(file).state).toEqual(s);
  });
});

describe('the verb of a failed look at the path: read, save or create', () => {
  it.each<[string, () => unknown]>([
    ['read', () => session.tryLoad(file)],
    ['read', () => session.loadForChecking(file)],
    ['save', () => session.mutate(file, () => ({ state: null, result: null }))],
    ['create', () => session.create(file, game(0), false, 'S')],
  ])('%s', (verb, f) => {
    arm('lstatSync', { throws: errno('EIO', 'lstat') }, (args) => args[0] === file);
    const e = thrown(f);
    reset();
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(`Could not ${verb} ${file}:`);
    expect(fs.readdirSync(dir)).toEqual([]);
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
    let e = thrown(() => session.create(file, s, false, 'S'));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(`${LIMITS.sessionBytes / 1e6} MB`);
    expect(fs.readdirSync(dir)).toEqual([]);
    // Written past the limit by an older badzone: it opens, and a step that does not grow it saves.
    fs.writeFileSync(file, text);
    const same = session.mutate(file, (l) => ({
      state: { ...l!.state, manualDice: !l!.state.manualDice },
      result: 'saved',
    }));
    expect(same).toBe('saved');
    expect(session.load(file).state.manualDice).toBe(!s.manualDice);
    // A step that grows it is refused, and the file is as it was.
    const before = fs.readFileSync(file);
    e = thrown(() => session.mutate(file, () => ({ state: big(1), result: null })));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(`${LIMITS.sessionBytes / 1e6} MB`);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });
});

describe('the second guard and the saved list', () => {
  it('the file changed by another program while the command ran: LockedError naming the file', () => {
    write(file, session.serialize(game(1)));
    const e = thrown(() =>
      session.mutate(file, () => {
        write(file, session.serialize(game(3)));
        return { state: game(2), result: null };
      }),
    );
    expect(e).toBeInstanceOf(E.LockedError);
    expect(e.message).toContain(file);
    expect(session.load(file).state.round).toBe(3);
  });

  it('a new game whose folder stops letting badzone in before the rename: permission denied, not "changed by another program"', () => {
    let armed = false;
    const denied = () => Object.assign(new Error('EACCES'), { code: 'EACCES' });
    arm('lstatSync', { throws: denied() }, (args) => armed && args[0] === file);
    const renamed = arm('renameSync', { throws: denied() }, (args) => armed && args[1] === file);
    const e = thrown(() =>
      session.mutate(file, () => {
        armed = true;
        return { state: game(1), result: null };
      }),
    );
    reset();
    expect(renamed.fired()).toBe(1);
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(file);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('saved: empty when the process starts; each file written is added, a change that writes nothing or fails is not', () => {
    expect(session.saved).toEqual([]);
    const other = path.join(dir, 'h.json');
    session.create(file, game(0), false, 'S');
    expect(session.saved).toEqual([file]);
    session.mutate(file, () => ({ state: null, result: null }));
    expect(session.saved).toEqual([file]);
    session.mutate(other, () => ({ state: game(1), result: null }));
    expect(session.saved).toEqual([file, other]);
    expect(thrown(() => session.create(file, game(0), false, 'S'))).toBeInstanceOf(E.RefusedError);
    expect(session.saved).toEqual([file, other]);
  });
});

describe('create over a folder', () => {
  it('is refused as a folder, naming the path, force or not; the folder is left alone', () => {
    fs.mkdirSync(file);
    fs.writeFileSync(path.join(file, 'inside'), 'x');
    for (const force of [false, true]) {
      const e = thrown(() => session.create(file, game(0), force, 'S'));
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toContain(`${file} is a folder`);
    }
    expect(fs.readdirSync(file)).toEqual(['inside']);
    expect(fs.readdirSync(dir)).toEqual(['g.json']);
  });
});

// src/store/session.ts in this process: where the session is, loading (what each broken file is refused as, naming
// the file), changing a game under its lock (the result, no write for no change, the second guard), creating one
// (never over a game without --force, then with a backup). Loading tables: tables.test.ts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createGame, defaultSetup, SCHEMA_VERSION, step, type SessionState } from '../../src/engine/index.js';
import { arm, reset } from './fs-seam.js';
import { freshStore, type Store } from './fresh.js';
import { thrown, useTempFolder } from './kit.js';

let InvalidFileError: Store['errors']['InvalidFileError'];
let LockedError: Store['errors']['LockedError'];
let NoSessionError: Store['errors']['NoSessionError'];
let RefusedError: Store['errors']['RefusedError'];
let create: Store['session']['create'];
let DEFAULT_SESSION: Store['session']['DEFAULT_SESSION'];
let load: Store['session']['load'];
let mutate: Store['session']['mutate'];
let serialize: Store['session']['serialize'];
let sessionPath: Store['session']['sessionPath'];
let tryLoad: Store['session']['tryLoad'];
let shippedBook: Store['tables']['shippedBook'];
let shippedTables: Store['tables']['shippedTables'];
let S: Store;

vi.mock('node:fs', async (importOriginal) => (await import('./fs-seam.js')).seamed(await importOriginal()));

beforeEach(async () => {
  S = await freshStore();
  ({ InvalidFileError, LockedError, NoSessionError, RefusedError } = S.errors);
  ({ create, DEFAULT_SESSION, load, mutate, serialize, sessionPath, tryLoad } = S.session);
  ({ shippedBook, shippedTables } = S.tables);
});

let dir = '';
let file = '';
useTempFolder('badzone-session-', (d) => {
  dir = d;
  file = path.join(d, DEFAULT_SESSION);
});

function game(rounds = 1): SessionState {
  const book = shippedBook();
  let s = createGame(defaultSetup(77, { gangs: [{ name: 'G', battlefield: ['a'], reserve: [] }] }), book);
  for (let i = 0; i < rounds; i++) {
    const r = step(s, { type: 'round' }, book);
    if (!r.ok) throw new Error('refused');
    s = r.state;
  }
  return s;
}

const save = (s: SessionState, f = file) => fs.writeFileSync(f, serialize(s));
const list = (): string[] => fs.readdirSync(dir).sort();

describe('sessionPath', () => {
  it('--session, else BADZONE_SESSION, else ./badzone-session.json, each from the current folder', () => {
    expect(sessionPath('g.json', { BADZONE_SESSION: 'env.json' }, dir)).toBe(path.join(dir, 'g.json'));
    expect(sessionPath(undefined, { BADZONE_SESSION: 'env.json' }, dir)).toBe(path.join(dir, 'env.json'));
    expect(sessionPath(undefined, {}, dir)).toBe(path.join(dir, DEFAULT_SESSION));
    expect(sessionPath('/abs/g.json', {}, dir)).toBe('/abs/g.json');
    expect(sessionPath('  ', {}, dir)).toBe(path.join(dir, DEFAULT_SESSION));
    expect(sessionPath('', {}, dir)).toBe(path.join(dir, DEFAULT_SESSION));
  });

  it('a folder (existing, or written with a trailing slash) means the default file inside it', () => {
    fs.mkdirSync(path.join(dir, 'camp'));
    expect(sessionPath('camp', {}, dir)).toBe(path.join(dir, 'camp', DEFAULT_SESSION));
    expect(sessionPath('later/', {}, dir)).toBe(path.join(dir, 'later', DEFAULT_SESSION));
    expect(sessionPath('later\\', {}, dir)).toBe(path.join(dir, 'later\\', DEFAULT_SESSION));
    expect(sessionPath(undefined, { BADZONE_SESSION: 'camp' }, dir)).toBe(path.join(dir, 'camp', DEFAULT_SESSION));
    expect(sessionPath('later', {}, dir)).toBe(path.join(dir, 'later'));
  });
});

describe('loading a session', () => {
  it('no file: tryLoad gives null, load says there is no game at that path and how to start one', () => {
    expect(tryLoad(file)).toBeNull();
    const e = thrown(() => load(file));
    expect(e).toBeInstanceOf(NoSessionError);
    expect(e.message).toContain(file);
    expect(e.message).toContain('badzone new');
  });

  it('a saved game loads as it was saved, with its book', () => {
    const s = game(2);
    save(s);
    const l = load(file);
    expect(l.state).toEqual(s);
    expect(l.file).toBe(file);
    expect(l.migratedFrom).toBeNull();
    expect(l.book.events.results).toHaveLength(shippedBook().events.results.length);
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
    const e = thrown(() => tryLoad(file));
    expect(e).toBeInstanceOf(InvalidFileError);
    expect(e.message).toContain(file);
    expect(e.message).toMatch(why);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });

  it('not JSON: the message says how to recover (a backup, or a new game)', () => {
    fs.writeFileSync(file, '{');
    expect(thrown(() => tryLoad(file)).message).toMatch(/\.bak.*badzone new --force/);
  });

  it('written by a newer badzone: names the version', () => {
    const s = JSON.parse(serialize(game())) as Record<string, unknown>;
    s.schemaVersion = SCHEMA_VERSION + 5;
    fs.writeFileSync(file, JSON.stringify(s));
    const e = thrown(() => tryLoad(file));
    expect(e).toBeInstanceOf(InvalidFileError);
    expect(e.message).toContain(`schemaVersion ${SCHEMA_VERSION + 5}`);
    expect(e.message).toContain(file);
  });

  it('a field that is wrong: names the file and the field', () => {
    const s = JSON.parse(serialize(game())) as { round: unknown };
    s.round = 'three';
    fs.writeFileSync(file, JSON.stringify(s));
    const e = thrown(() => tryLoad(file));
    expect(e).toBeInstanceOf(InvalidFileError);
    expect(e.message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: round: `));
  });

  it("a custom table in the session that is broken: names the file and the table's field", () => {
    const s = JSON.parse(serialize(game())) as { setup: { table: unknown } };
    const t = structuredClone(shippedTables().events) as unknown as { results: { range: unknown }[] };
    t.results[0]!.range = [0, 3];
    s.setup.table = t;
    fs.writeFileSync(file, JSON.stringify(s));
    const e = thrown(() => tryLoad(file));
    expect(e).toBeInstanceOf(InvalidFileError);
    expect(e.message).toContain(file);
    expect(e.message).toContain('results[0].range');
  });
});

describe('mutate: changing a game under its lock', () => {
  it('saves the new state, returns the result, and leaves only the session', () => {
    const s0 = game(1);
    save(s0);
    const s1 = game(2);
    const result = mutate(file, (loaded) => {
      expect(loaded!.state).toEqual(s0);
      expect(fs.existsSync(`${file}.lock`)).toBe(true);
      return { state: s1, result: 'done' };
    });
    expect(result).toBe('done');
    expect(fs.readFileSync(file, 'utf8')).toBe(serialize(s1));
    expect(list()).toEqual([DEFAULT_SESSION]);
  });

  it('no file: the change gets null, and may create the game', () => {
    const s = game(0);
    mutate(file, (loaded) => {
      expect(loaded).toBeNull();
      return { state: s, result: null };
    });
    expect(load(file).state).toEqual(s);
  });

  it('a change that returns no state writes nothing', () => {
    save(game(1));
    const before = fs.statSync(file);
    expect(mutate(file, () => ({ state: null, result: 7 }))).toBe(7);
    const after = fs.statSync(file);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(list()).toEqual([DEFAULT_SESSION]);
  });

  it('a change that throws writes nothing and releases the lock', () => {
    save(game(1));
    const before = fs.readFileSync(file, 'utf8');
    expect(
      thrown(() =>
        mutate(file, () => {
          throw new RefusedError('no');
        }),
      ),
    ).toBeInstanceOf(RefusedError);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(list()).toEqual([DEFAULT_SESSION]);
  });

  it('the lock removed while the command ran: not saved, exit 5, the game as it was', () => {
    save(game(1));
    const before = fs.readFileSync(file, 'utf8');
    const e = thrown(() =>
      mutate(file, () => {
        fs.rmSync(`${file}.lock`);
        return { state: game(2), result: null };
      }),
    );
    expect(e).toBeInstanceOf(LockedError);
    expect(e.message).toContain(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(list()).toEqual([DEFAULT_SESSION]);
  });

  it('the file changed by another program while the command ran: not saved, exit 5, the other change kept', () => {
    save(game(1));
    const e = thrown(() =>
      mutate(file, () => {
        fs.writeFileSync(file, serialize(game(3)));
        return { state: game(2), result: null };
      }),
    );
    expect(e).toBeInstanceOf(LockedError);
    expect(load(file).state.round).toBe(3);
    // Created by another program where there was none: the same.
    fs.rmSync(file);
    expect(
      thrown(() =>
        mutate(file, () => {
          save(game(3));
          return { state: game(1), result: null };
        }),
      ),
    ).toBeInstanceOf(LockedError);
    expect(load(file).state.round).toBe(3);
  });

  it('a file that cannot be looked at again before the rename counts as changed', () => {
    save(game(1));
    const before = fs.readFileSync(file, 'utf8');
    let armed = false;
    arm('lstatSync', { throws: Object.assign(new Error('EIO'), { code: 'EIO' }) }, (args) => armed && args[0] === file);
    const e = thrown(() =>
      mutate(file, () => {
        armed = true;
        return { state: game(2), result: null };
      }),
    );
    reset();
    expect(e).toBeInstanceOf(LockedError);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });

  it('a read-only session is refused before the lock is taken', () => {
    save(game(1));
    fs.chmodSync(file, 0o444);
    let ran = false;
    const e = thrown(() => mutate(file, () => ((ran = true), { state: null, result: null })));
    expect(e).toBeInstanceOf(RefusedError);
    expect(ran).toBe(false);
    expect(list()).toEqual([DEFAULT_SESSION]);
  });

  it('made read-only while waiting for the lock: refused under the lock too', () => {
    save(game(1));
    let ran = false;
    arm('linkSync', { calls: (real, args) => (fs.chmodSync(file, 0o444), real(...args)) }, (args) =>
      String(args[1]).endsWith('.lock'),
    );
    const e = thrown(() => mutate(file, () => ((ran = true), { state: null, result: null })));
    reset();
    expect(e).toBeInstanceOf(RefusedError);
    expect(ran).toBe(false);
  });

  it('sweeps temp files of dead processes before it reads', () => {
    save(game(1));
    const stale = path.join(dir, `.${DEFAULT_SESSION}.999999999~nowhere-0~x.tmp`);
    const dead = `.${DEFAULT_SESSION}.${2 ** 22 + 12345}.1.tmp`;
    fs.writeFileSync(path.join(dir, dead), 'old');
    fs.writeFileSync(stale, 'foreign');
    mutate(file, () => ({ state: null, result: null }));
    expect(list()).not.toContain(dead);
    expect(list()).toContain(path.basename(stale)); // another computer's, fresh: kept
  });

  it('through a symbolic link: the target is saved, the link stays a link, the lock is beside the target', () => {
    fs.mkdirSync(path.join(dir, 'real'));
    const target = path.join(dir, 'real', 'g.json');
    save(game(1), target);
    fs.symlinkSync(target, file);
    mutate(file, () => {
      expect(fs.existsSync(`${target}.lock`)).toBe(true);
      expect(fs.existsSync(`${file}.lock`)).toBe(false);
      return { state: game(2), result: null };
    });
    expect(fs.lstatSync(file).isSymbolicLink()).toBe(true);
    expect(load(target).state.round).toBe(2);
  });
});

describe('a game that holds a secret (a hidden seed) is created private', () => {
  const hidden = (revealed = false): SessionState => {
    const book = shippedBook();
    return createGame(
      defaultSetup(77, { hiddenSeed: { salt: 'a'.repeat(32), commitment: 'b'.repeat(64), revealed } }),
      book,
    );
  };
  const modeOf = (f: string) => fs.statSync(f).mode & 0o7777;
  const umask = process.umask();

  it('create: 0600 where there was none, and over a 0644 game (whose backup keeps 0644); a game without a secret: 0644 less the umask', () => {
    create(file, hidden(), false, 'S');
    expect(modeOf(file)).toBe(0o600);
    const other = path.join(dir, 'open.json');
    create(other, game(0), false, 'S');
    expect(modeOf(other)).toBe(0o644 & ~umask);
    const r = create(other, hidden(), true, 'S2');
    expect(modeOf(other)).toBe(0o600);
    expect(modeOf(r.backup!)).toBe(0o644 & ~umask);
    // A revealed seed is no secret: a new file as any other.
    const told = path.join(dir, 'told.json');
    create(told, hidden(true), false, 'S');
    expect(modeOf(told)).toBe(0o644 & ~umask);
  });

  it('mutate: a hidden-seed game it creates is 0600; an existing game keeps its mode (a game made before stays as it is until chmod)', () => {
    mutate(file, () => ({ state: hidden(), result: null }));
    expect(modeOf(file)).toBe(0o600);
    fs.chmodSync(file, 0o644);
    mutate(file, (l) => ({ state: l!.state, result: null }));
    expect(modeOf(file)).toBe(0o644);
  });
});

describe('create: a new game', () => {
  it('writes the game where there was none, with no backup', () => {
    const s = game(0);
    expect(create(file, s, false, 'STAMP')).toEqual({ backup: null });
    expect(load(file).state).toEqual(s);
    expect(list()).toEqual([DEFAULT_SESSION]);
  });

  it('never over a game without force; with force, the old game is kept as a backup', () => {
    save(game(3));
    const old = fs.readFileSync(file, 'utf8');
    const e = thrown(() => create(file, game(0), false, 'STAMP'));
    expect(e).toBeInstanceOf(RefusedError);
    expect(e.message).toContain(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(old);
    const r = create(file, game(0), true, 'STAMP');
    expect(r.backup).toBe(`${file}.STAMP.bak`);
    expect(fs.readFileSync(r.backup!, 'utf8')).toBe(old);
    expect(load(file).state.round).toBe(0);
  });

  it('a folder or a device at the path is refused and left alone, force or not', () => {
    fs.mkdirSync(file);
    for (const force of [false, true])
      expect(thrown(() => create(file, game(0), force, 'S'))).toBeInstanceOf(InvalidFileError);
    fs.rmdirSync(file);
    fs.symlinkSync('/dev/null', file);
    for (const force of [false, true]) {
      const e = thrown(() => create(file, game(0), force, 'S'));
      expect(e).toBeInstanceOf(InvalidFileError);
      expect(e.message).toMatch(/not a regular file/);
    }
    expect(fs.readlinkSync(file)).toBe('/dev/null');
  });

  it('a game created by someone else while waiting for the lock: refused under the lock', () => {
    arm('linkSync', { calls: (real, args) => (save(game(5)), real(...args)) }, (args) =>
      String(args[1]).endsWith('.lock'),
    );
    const e = thrown(() => create(file, game(0), false, 'S'));
    reset();
    expect(e).toBeInstanceOf(RefusedError);
    expect(load(file).state.round).toBe(5);
  });

  it('a name too long for its temp files is refused before anything is written', () => {
    const long = path.join(dir, `${'n'.repeat(240)}.json`);
    expect(thrown(() => create(long, game(0), false, 'S'))).toBeInstanceOf(RefusedError);
    expect(list()).toEqual([]);
  });
});

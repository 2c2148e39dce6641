// Watching the session file for `badzone serve` (src/store/watch.ts). On the real file system: badzone replaces the
// file by rename, so the watcher must follow the name, not the first inode; bursts are debounced; a folder that
// appears later and a symbolic link to a file elsewhere are followed by the poll and the second folder watch.
// Then each rule on its own, on a clock the test moves and with folder watches the test drives (fs.watch replaced,
// while `fakes().on`, by a stand-in that records each watch made, its folder, options and listener, and lets the
// test send events or errors through it): the poll's change detection and period, the debounce, which events
// count, one watch per folder, a failed watch made again, the watch of a link's old folder dropped when the link
// is re-pointed, and nothing left running or called after close().
import type { EventEmitter } from 'node:events';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveTarget, writeAtomic as writeTarget } from '../../src/store/files.js';
import { watchSession, type Watcher } from '../../src/store/watch.js';
import { tempDir } from '../helpers.js';

interface FakeWatch {
  dir: string;
  options: unknown;
  listener: (event: string, name: string | null) => void;
  closed: boolean;
  w: EventEmitter;
}
type Fakes = { on: boolean; made: FakeWatch[] };
const fakes = (): Fakes => ((globalThis as { __fakeWatches?: Fakes }).__fakeWatches ??= { on: false, made: [] });

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const { EventEmitter: Emitter } = await import('node:events');
  const watch = (dir: string, options: unknown, listener: FakeWatch['listener']): unknown => {
    const f = (globalThis as { __fakeWatches?: Fakes }).__fakeWatches;
    if (!f?.on) return (real.watch as (...a: unknown[]) => unknown)(dir, options, listener);
    real.statSync(dir); // a folder that is not there throws, as fs.watch does
    const w = new Emitter();
    const made: FakeWatch = { dir, options, listener, closed: false, w };
    Object.assign(w, { close: () => void (made.closed = true) });
    f.made.push(made);
    return w;
  };
  return { ...real, watch, default: { ...real, watch } };
});

const watchers: Watcher[] = [];
afterEach(() => {
  for (const w of watchers.splice(0)) w.close();
});

function counter(file: string, opts: { debounceMs?: number; pollMs?: number }) {
  let calls = 0;
  const waiters: (() => void)[] = [];
  watchers.push(
    watchSession(
      file,
      () => {
        calls++;
        for (const w of waiters.splice(0)) w();
      },
      opts,
    ),
  );
  return {
    get calls() {
      return calls;
    },
    /** Resolves at the next call; rejects after `ms`. */
    next(ms = 5000): Promise<void> {
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no change noticed within ${ms} ms`)), ms);
        waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    },
  };
}

/** Write as badzone does: through any symbolic link, a temp file renamed over the real file. */
const writeAtomic = (file: string, text: string): void => writeTarget(resolveTarget(file, 'write'), text);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('watchSession', () => {
  it('notices every atomic replace (a new inode each time) through the folder watch alone', async () => {
    const d = tempDir('badzone-watch-');
    const file = path.join(d, 'badzone-session.json');
    writeAtomic(file, '{"n":0}');
    const c = counter(file, { debounceMs: 10, pollMs: 600_000 });
    for (let i = 1; i <= 3; i++) {
      const seen = c.next();
      writeAtomic(file, `{"n":${i}}`);
      await seen;
      expect(c.calls).toBe(i);
    }
  });

  it('debounces a burst into one call, and ignores other files in the folder', async () => {
    const d = tempDir('badzone-watch-');
    const file = path.join(d, 'badzone-session.json');
    writeAtomic(file, '{}');
    const c = counter(file, { debounceMs: 80, pollMs: 600_000 });
    const seen = c.next();
    for (let i = 0; i < 10; i++) writeAtomic(file, `{"n":${i}}`);
    await seen;
    await sleep(200);
    expect(c.calls).toBe(1);
    fs.writeFileSync(path.join(d, 'other.json'), 'x');
    fs.writeFileSync(path.join(d, 'badzone-session.json.lock'), 'x');
    await sleep(250);
    expect(c.calls).toBe(1);
  });

  it('a session in a folder that does not exist yet: noticed when it is created', async () => {
    const d = tempDir('badzone-watch-');
    const file = path.join(d, 'later', 'game.json');
    const c = counter(file, { debounceMs: 10, pollMs: 100 });
    const seen = c.next();
    fs.mkdirSync(path.join(d, 'later'));
    writeAtomic(file, '{}');
    await seen;
    // And from then on through the folder watch the poll set up.
    const again = c.next();
    writeAtomic(file, '{"n":1}');
    await again;
  });

  it('a session path that is a symbolic link: a replace of the file it points to is noticed', async () => {
    const d = tempDir('badzone-watch-');
    const real = path.join(d, 'games', 'real.json');
    fs.mkdirSync(path.dirname(real));
    writeAtomic(real, '{}');
    const link = path.join(d, 'badzone-session.json');
    fs.symlinkSync(real, link);
    const c = counter(link, { debounceMs: 10, pollMs: 600_000 });
    const seen = c.next();
    writeAtomic(real, '{"n":1}');
    await seen;
    // badzone writing through the link replaces the file it points to, in that file's folder.
    const again = c.next();
    writeAtomic(link, '{"n":2}');
    await again;
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('a removed file is noticed, and nothing is called after close()', async () => {
    const d = tempDir('badzone-watch-');
    const file = path.join(d, 'badzone-session.json');
    writeAtomic(file, '{}');
    const c = counter(file, { debounceMs: 10, pollMs: 600_000 });
    const seen = c.next();
    fs.unlinkSync(file);
    await seen;
    watchers.pop()!.close();
    const calls = c.calls;
    writeAtomic(file, '{}');
    await sleep(150);
    expect(c.calls).toBe(calls);
  });
});

describe('each rule on its own: a clock the test moves, folder watches the test drives', () => {
  let fresh: typeof import('../../src/store/watch.js');
  let dir = '';
  const closers: (() => void)[] = [];
  beforeEach(async () => {
    vi.resetModules();
    fresh = await import('../../src/store/watch.js');
    dir = fs.realpathSync(tempDir('badzone-watch-'));
    fakes().on = true;
    fakes().made = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    for (const c of closers.splice(0)) c();
    vi.useRealTimers();
    fakes().on = false;
  });

  function watch(
    file: string,
    opts?: { debounceMs?: number; pollMs?: number },
  ): { calls: () => number; close: () => void } {
    let calls = 0;
    const w = fresh.watchSession(file, () => calls++, opts);
    closers.push(() => w.close());
    return { calls: () => calls, close: () => w.close() };
  }
  const made = (d: string): FakeWatch[] => fakes().made.filter((m) => m.dir === d);
  const tick = (ms: number): void => void vi.advanceTimersByTime(ms);

  describe('the poll', () => {
    it('notices a change made in place (no folder event at all), at its period, and nothing while nothing changes', () => {
      const file = path.join(dir, 'g.json');
      fs.writeFileSync(file, '{}');
      const c = watch(file, { debounceMs: 10, pollMs: 100 });
      tick(1000);
      expect(c.calls()).toBe(0);
      fs.writeFileSync(file, '{"n":1}');
      tick(99);
      expect(c.calls()).toBe(0);
      tick(1 + 10);
      expect(c.calls()).toBe(1);
      tick(1000);
      expect(c.calls()).toBe(1);
      // Removed: noticed too, once.
      fs.rmSync(file);
      tick(100 + 10);
      expect(c.calls()).toBe(2);
      tick(1000);
      expect(c.calls()).toBe(2);
    });

    it('by default polls once a second, and calls after 25 ms of quiet', () => {
      const file = path.join(dir, 'g.json');
      fs.writeFileSync(file, '{}');
      const c = watch(file);
      fs.writeFileSync(file, '{"n":1}');
      tick(999);
      expect(c.calls()).toBe(0);
      tick(1);
      tick(24);
      expect(c.calls()).toBe(0);
      tick(1);
      expect(c.calls()).toBe(1);
    });

    it('keeps one watch per folder, however many times it looks', () => {
      const file = path.join(dir, 'g.json');
      fs.writeFileSync(file, '{}');
      watch(file, { pollMs: 100 });
      tick(1000);
      expect(fakes().made).toHaveLength(1);
      expect(made(dir)).toHaveLength(1);
      expect(made(dir)[0]!.closed).toBe(false);
    });
  });

  describe('folder events', () => {
    it('the folder watch does not keep the process running', () => {
      watch(path.join(dir, 'g.json'), { pollMs: 100_000 });
      expect(made(dir)).toHaveLength(1);
      expect(made(dir)[0]!.options).toEqual({ persistent: false });
    });

    it('a burst of events is one call, the quiet time after the last; an event that names no file counts', () => {
      const c = watch(path.join(dir, 'g.json'), { debounceMs: 200, pollMs: 100_000 });
      const { listener } = made(dir)[0]!;
      listener('change', 'g.json');
      tick(150);
      listener('rename', 'g.json');
      tick(199);
      expect(c.calls()).toBe(0);
      tick(1);
      expect(c.calls()).toBe(1);
      listener('change', 'other.json');
      tick(1000);
      expect(c.calls()).toBe(1);
      listener('rename', null);
      tick(200);
      expect(c.calls()).toBe(2);
    });

    it('a folder watch that fails is closed, and the next poll watches the folder again', () => {
      const c = watch(path.join(dir, 'g.json'), { debounceMs: 10, pollMs: 100 });
      const first = made(dir)[0]!;
      first.w.emit('error', Object.assign(new Error('watch failed'), { code: 'EPERM' }));
      expect(first.closed).toBe(true);
      tick(100);
      expect(made(dir)).toHaveLength(2);
      made(dir)[1]!.listener('change', 'g.json');
      tick(10);
      expect(c.calls()).toBe(1);
    });

    it.skipIf(process.platform === 'win32')(
      'a link re-pointed to another folder: that folder is watched, the old one dropped, a late event from it ignored',
      () => {
        for (const d of ['a', 'b']) {
          fs.mkdirSync(path.join(dir, d));
          fs.writeFileSync(path.join(dir, d, 'real.json'), `{"in":"${d}"}`);
        }
        const link = path.join(dir, 'g.json');
        fs.symlinkSync(path.join(dir, 'a', 'real.json'), link);
        const c = watch(link, { debounceMs: 10, pollMs: 100 });
        expect(
          fakes()
            .made.map((m) => m.dir)
            .sort(),
        ).toEqual([dir, path.join(dir, 'a')]);
        const old = made(path.join(dir, 'a'))[0]!;
        fs.rmSync(link);
        fs.symlinkSync(path.join(dir, 'b', 'real.json'), link);
        tick(100 + 10);
        expect(c.calls()).toBe(1); // the file the path names is another one now
        expect(old.closed).toBe(true);
        expect(made(path.join(dir, 'a'))).toHaveLength(1);
        expect(made(path.join(dir, 'b')).map((m) => m.closed)).toEqual([false]);
        expect(made(dir).map((m) => m.closed)).toEqual([false]);
        // An event the old folder's watch delivers late is not about our file any more.
        expect(() => old.listener('rename', 'real.json')).not.toThrow();
        tick(100);
        expect(c.calls()).toBe(1);
        // The new folder's events are.
        made(path.join(dir, 'b'))[0]!.listener('change', 'real.json');
        tick(10);
        expect(c.calls()).toBe(2);
      },
    );
  });

  describe('close()', () => {
    it('stops everything: watches closed, no timer left, and events that still arrive call nothing', () => {
      const c = watch(path.join(dir, 'g.json'), { debounceMs: 50, pollMs: 100 });
      const w = made(dir)[0]!;
      w.listener('change', 'g.json');
      expect(vi.getTimerCount()).toBe(2); // the poll and the pending call
      c.close();
      expect(w.closed).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
      w.listener('change', 'g.json');
      expect(vi.getTimerCount()).toBe(0);
      fs.writeFileSync(path.join(dir, 'g.json'), '{}');
      tick(1000);
      expect(c.calls()).toBe(0);
    });
  });
});

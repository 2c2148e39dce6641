// Watching the session file for `badzone serve`: badzone replaces the file by rename, so the watcher must follow
// the name, not the first inode; bursts are debounced; a folder that appears later and a symbolic link to a file
// elsewhere are followed by the poll and the second folder watch.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { resolveTarget, writeAtomic as writeTarget } from '../../src/store/files.js';
import { watchSession, type Watcher } from '../../src/store/watch.js';
import { tempDir } from '../helpers.js';

const dirs: string[] = [];
const watchers: Watcher[] = [];
afterEach(() => {
  for (const w of watchers.splice(0)) w.close();
});
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function dir(): string {
  const d = tempDir('badzone-watch-');
  dirs.push(d);
  return d;
}

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
    const d = dir();
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
    const d = dir();
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
    const d = dir();
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
    const d = dir();
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
    const d = dir();
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

// What the store's tests share: a fresh temp folder for each test (with the fs seam reset around it), the error a
// call throws, a lock file planted with an owner and an age, a pid that is surely dead, a file with a mode, a
// session file with old content, a changed copy of a file's stat.
// node:fs here is the seam when the test file mocks it, as in the test itself; nothing here arms a fault.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach } from 'vitest';
import { reset } from './fs-seam.js';
import { tempDir } from '../helpers.js';

/**
 * Before each test: reset the seam, make a temp folder with tempDir() (its real path, so messages and links
 * compare equal), and hand it to `each`. After each test: reset the seam. The folders go with the test file's.
 */
export function useTempFolder(prefix: string, each: (dir: string) => void): void {
  beforeEach(() => {
    reset();
    each(fs.realpathSync(tempDir(prefix)));
  });
  afterEach(() => reset());
}

/** The error a call throws (fails the test when it throws none). */
export function thrown(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an error');
}

/** Write a lock file holding `owner` (JSON, or the text as given), last changed `ageMs` ago; returns its text. */
export function plantLock(p: string, owner: Record<string, unknown> | string, ageMs = 0): string {
  const text = typeof owner === 'string' ? owner : JSON.stringify(owner);
  fs.writeFileSync(p, text);
  if (ageMs) {
    const t = new Date(Date.now() - ageMs);
    fs.utimesSync(p, t, t);
  }
  return text;
}

/** The pid of a process that has already finished. */
export const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid!;

/** The names in a folder, sorted. */
export const list = (d: string): string[] => fs.readdirSync(d).sort();

/** A file at `rel` under `dir` (folders made as needed) with this mode; returns its path. */
export function fileWithMode(dir: string, rel: string, mode: number, text = '#!/bin/sh\n'): string {
  const f = path.join(dir, rel);
  fs.mkdirSync(path.dirname(f), { recursive: true });
  fs.writeFileSync(f, text);
  fs.chmodSync(f, mode);
  return f;
}

/** A session file `name` in `dir` holding `text` (by default an old game's content); returns its path. */
export function sessionIn(dir: string, name = 'game.json', text = '{"old":true}\n'): string {
  const f = path.join(dir, name);
  fs.writeFileSync(f, text);
  return f;
}

/** A copy of `st` with some fields changed, still a Stats (isFile() and the rest work). */
export const statWith = (st: fs.Stats, change: Partial<fs.Stats>): fs.Stats =>
  Object.assign(Object.create(Object.getPrototypeOf(st)), st, change);

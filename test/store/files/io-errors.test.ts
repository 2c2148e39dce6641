// src/store/files.ts, system errors in words: every code with its kind of error (and exit code), naming the file and
// whether the game was changed; the cases between the codes (anything thrown, the quota by code or by this
// system's errno, EPERM, unknown errnos); and code(), which reads an error code from anything.
// The real file system in temp folders, with file errors injected through the seam over node:fs (../fs-seam.ts).
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errno } from '../fs-seam.js';
import { osFake, resetOs } from '../os-seam.js';
import { E, F, session, useFilesHarness } from './harness.js';

vi.mock('node:fs', async (importOriginal) => (await import('../fs-seam.js')).seamed(await importOriginal()));
vi.mock('node:os', async (importOriginal) => (await import('../os-seam.js')).seamedOs(await importOriginal()));

beforeEach(resetOs);
useFilesHarness();
afterEach(resetOs);

describe('ioError: every system error in words, with its kind, naming the file', () => {
  const file = '/games/badzone-session.json';
  it.each([
    ['ENOENT', 'NoSessionError', /its folder does not exist/],
    ['ENAMETOOLONG', 'RefusedError', /name is too long/],
    ['ELOOP', 'RefusedError', /loop of symbolic links/],
    ['EACCES', 'RefusedError', /permission denied/],
    ['EPERM', 'RefusedError', /permission denied/],
    ['EROFS', 'RefusedError', /read-only/],
    ['EISDIR', 'InvalidFileError', /is a folder/],
    ['ENOSPC', 'IoError', /disk is full/],
    ['EDQUOT', 'IoError', /quota/],
    ['EIO', 'IoError', /input\/output error/],
    ['EBUSY', 'IoError', /busy/],
    ['EMFILE', 'IoError', /too many files/],
    ['ENFILE', 'IoError', /too many files/],
    ['EFBIG', 'IoError', /larger than this file system allows/],
    ['ESTALE', 'IoError', /network folder/],
    ['ETIMEDOUT', 'IoError', /network folder/],
    ['EHOSTDOWN', 'IoError', /network folder/],
    ['ENOTCONN', 'IoError', /network folder/],
    ['EWHATEVER', 'IoError', /EWHATEVER/],
  ] as const)('%s: %s', (c, kindName, words) => {
    const kind = E[kindName];
    for (const what of ['game', 'nothing'] as const) {
      const e = F.ioError(errno(c, 'write'), file, 'save', what);
      expect(e).toBeInstanceOf(kind);
      expect(e.message).toContain(file);
      expect(e.message).toMatch(words);
      if (kind !== E.NoSessionError && kind !== E.InvalidFileError)
        expect(e.message).toContain(what === 'game' ? 'The game was not changed.' : 'Nothing was changed.');
    }
  });

  it('a quota error that comes without its code (errno -122 only), and an unknown errno', () => {
    const e = F.ioError(Object.assign(new Error('Unknown system error -122'), { errno: -122 }), file, 'save', 'game');
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toMatch(/quota/);
    const u = F.ioError(Object.assign(new Error('?'), { errno: -999 }), file, 'save', 'game');
    expect(u.message).toContain('error -999');
    expect(
      F.ioError(Object.assign(new Error('?'), { code: 'EX', errno: -999 }), file, 'save', 'game').message,
    ).toContain('(EX, error -999)');
    expect(
      F.ioError(Object.assign(new Error('?'), { code: 'UNKNOWN-999', errno: -999 }), file, 'save', 'game').message,
    ).not.toContain('error -999)');
    expect(F.ioError(new Error('plain'), file, 'save', 'game').message).toContain('an unknown error');
  });

  it('ENOTDIR names the file that is in the way', () => {
    const f = session('plain');
    const e = F.ioError(errno('ENOTDIR'), path.join(f, 'sub', 'game.json'), 'read', 'nothing');
    expect(e).toBeInstanceOf(E.NoSessionError);
    expect(e.message).toContain(`${f} is a file, not a folder`);
  });

  it('a badzone error passes through; a long path is cut', () => {
    const mine = new E.RefusedError('mine');
    expect(F.ioError(mine, file, 'save', 'game')).toBe(mine);
    const long = `/${'d'.repeat(300)}/g.json`;
    const e = F.ioError(errno('EIO'), long, 'save', 'game');
    expect(e.message).toContain(`${long.slice(0, 100)}...`);
    expect(e.message).not.toContain(long);
    const edge = `/${'e'.repeat(159)}`;
    expect(F.ioError(errno('EIO'), edge, 'save', 'game').message).toContain(edge);
  });
});

describe('ioError, the cases between the codes', () => {
  const file = '/games/g.json';

  it('whatever was thrown (null, undefined, a string, a number, an errno that is not a number) becomes an io error', () => {
    for (const v of [null, undefined, 'boom', 42, { errno: 'x' }, { code: 'EWHAT', errno: 'x' }]) {
      const e = F.ioError(v, file, 'save', 'game');
      expect(e).toBeInstanceOf(E.IoError);
      expect(e.message).toContain(file);
      expect(e.message).toContain('The game was not changed.');
      expect(e.message).not.toMatch(/error x|NaN|undefined/);
    }
    expect(F.ioError({ code: 'EWHAT' }, file, 'save', 'game').message).toContain('(EWHAT)');
  });

  it("EDQUOT by its code alone (the number is not this system's) is the quota", () => {
    const e = F.ioError(Object.assign(new Error('?'), { code: 'EDQUOT', errno: -69 }), file, 'save', 'game');
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toMatch(/quota/);
    expect(F.ioError(Object.assign(new Error('?'), { code: 'EDQUOT' }), file, 'save', 'game').message).toMatch(/quota/);
  });

  it("the quota errno is the system's own (macOS: 69)", () => {
    osFake.edquot = 69;
    const e = F.ioError(Object.assign(new Error('Unknown system error -69'), { errno: -69 }), file, 'save', 'game');
    expect(e.message).toMatch(/quota/);
    expect(F.ioError(Object.assign(new Error('?'), { errno: -122 }), file, 'save', 'game').message).not.toMatch(
      /quota/,
    );
  });

  it('EPERM is a permission refusal, not a read-only file system', () => {
    const e = F.ioError(errno('EPERM'), file, 'save', 'game');
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toMatch(/permission denied/);
    expect(e.message).not.toMatch(/file system is read-only/);
  });

  it('an unknown error gives its errno once: not when its code already carries the number', () => {
    expect(
      F.ioError(Object.assign(new Error('?'), { code: 'E999', errno: -999 }), file, 'save', 'game').message,
    ).toContain('(E999)');
    expect(
      F.ioError(Object.assign(new Error('?'), { code: 'EX', errno: -999 }), file, 'save', 'game').message,
    ).toContain('(EX, error -999)');
  });
});

describe('code', () => {
  it('reads an error code from anything', () => {
    expect(F.code(errno('EIO'))).toBe('EIO');
    expect(F.code({ code: 5 })).toBe('5');
    for (const v of [null, undefined, 'EIO', 3, {}]) expect(F.code(v)).toBeUndefined();
  });
});

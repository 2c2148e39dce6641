// src/store/files.ts, reading: only regular files (a folder, FIFO or device refused without blocking, judged by
// what was opened, never through a link), UTF-8 only, never past the size cap (a file that claims to be empty is
// read to its end), the file always closed, errors naming the file; the identity of what was read (sameFile);
// and JSON parsed naming the file and where it breaks.
// The real file system in temp folders, with file errors injected through the seam over node:fs (../fs-seam.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { arm, errno, reset, seam, trackDescriptors, trail } from '../fs-seam.js';
import { statWith, thrown } from '../kit.js';
import { E, F, dir, session, useFilesHarness } from './harness.js';

vi.mock('node:fs', async (importOriginal) => (await import('../fs-seam.js')).seamed(await importOriginal()));

useFilesHarness();

describe('readTarget and readText', () => {
  it.each([
    [
      'EIO',
      'the disk reported an input/output error (a failing or removed drive, or a network folder that went away). Nothing was changed. Check the disk and run the command again.',
    ],
    ['ENOSPC', 'the disk is full. Nothing was changed. Free some space and run the command again.'],
  ])(
    'the close after reading failing with %s: an I/O error naming the file (exit 6), never an internal error',
    (c, words) => {
      const f = session();
      const closed = arm('closeSync', { throws: errno(c, 'close') });
      const e = thrown(() => F.readText(f, 1000));
      expect(closed.fired()).toBe(1);
      reset();
      expect(e).toBeInstanceOf(E.IoError);
      expect(e.message).toBe(`Could not read ${f}: ${words}`);
    },
  );

  it("a read that fails closes the file quietly and reports the read's error, not the close's", () => {
    const f = session();
    arm('readSync', { throws: errno('EIO', 'read') });
    const closed = arm('closeSync', { throws: errno('EBADF', 'close') });
    const e = thrown(() => F.readText(f, 1000));
    expect(closed.fired()).toBe(1);
    reset();
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toMatch(/input\/output error/);
  });

  it('reads UTF-8 text and identifies the file as read', () => {
    const f = session('g.json', 'héllo ✓\n');
    const r = F.readTarget(F.resolveTarget(f, 'read'), 1000)!;
    expect(r.text).toBe('héllo ✓\n');
    const st = fs.statSync(f);
    expect(r.id).toEqual({ dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs });
    expect(F.sameFile(r.id, fs.lstatSync(f))).toBe(true);
    expect(F.readText(f, 1000)).toBe('héllo ✓\n');
    expect(F.readText(path.join(dir, 'none'), 1000)).toBeNull();
  });

  it('a byte-order mark is kept (JSON.parse then refuses it, as it always has)', () => {
    expect(F.readText(session('bom.json', '\ufeff{}'), 100)).toBe('\ufeff{}');
  });

  it('bytes that are not UTF-8 are refused naming the file', () => {
    const f = path.join(dir, 'bad.json');
    fs.writeFileSync(f, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
    const e = thrown(() => F.readText(f, 100));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(f);
    expect(e.message).toMatch(/UTF-8/);
  });

  it('reads what a strict UTF-8 decoder reads, and refuses what it refuses (overlong forms, surrogates, stray bytes)', () => {
    const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const f = path.join(dir, 'any.json');
    const tricky = [
      [0xc0, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xe2, 0x82],
      [0xef, 0xbb, 0xbf, 0x41],
    ];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 12 }),
          fc.string({ unit: 'binary' }).map((t) => new TextEncoder().encode(t)),
          fc.constantFrom(...tricky.map((b) => Uint8Array.from(b))),
        ),
        (bytes) => {
          fs.writeFileSync(f, bytes);
          let want: string | null = null;
          try {
            want = strict.decode(bytes);
          } catch {}
          if (want === null) expect(thrown(() => F.readText(f, 100))).toBeInstanceOf(E.InvalidFileError);
          else expect(F.readText(f, 100)).toBe(want);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a file larger than the cap is refused unread, with its size', () => {
    const f = session('big.json', 'x'.repeat(2_500_001));
    seam.recording = true;
    const e = thrown(() => F.readText(f, 2_000_000));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(f);
    expect(e.message).toContain('2.5 MB');
    expect(e.message).toContain('(2 MB)');
    expect(seam.calls.some((c) => c.name === 'readSync')).toBe(false);
    // Exactly at the cap is read.
    expect(F.readText(session('cap.json', 'y'.repeat(1000)), 1000)).toHaveLength(1000);
  });

  it('a file that claims to be empty but is not (as /proc files do) is read to its end, but never past the cap', () => {
    const f = session('claims.json', 'z'.repeat(5000));
    const zero = (real: (...a: unknown[]) => unknown, args: unknown[]) =>
      Object.assign(real(...args) as fs.Stats, { size: 0 });
    arm('fstatSync', { calls: zero });
    expect(F.readText(f, 10_000)).toBe('z'.repeat(5000));
    arm('fstatSync', { calls: zero });
    const e = thrown(() => F.readText(f, 3000));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain('more than');
  });

  it('a folder, a FIFO and a device are refused without blocking', () => {
    fs.mkdirSync(path.join(dir, 'folder'));
    const e = thrown(() => F.readText(path.join(dir, 'folder'), 100));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toMatch(/folder/);
    const fifo = path.join(dir, 'fifo');
    if (spawnSync('mkfifo', [fifo]).status === 0) {
      const f = thrown(() => F.readText(fifo, 100));
      expect(f).toBeInstanceOf(E.InvalidFileError);
      expect(f.message).toMatch(/not a regular file/);
    }
    fs.symlinkSync('/dev/zero', path.join(dir, 'zero'));
    expect(thrown(() => F.readText(path.join(dir, 'zero'), 100))).toBeInstanceOf(E.InvalidFileError);
  });

  it('a file replaced by a folder between the look and the open is refused too (what was opened is judged)', () => {
    const f = session();
    const t = F.resolveTarget(f, 'read');
    arm('fstatSync', {
      calls: (real, args) =>
        Object.assign(Object.create(fs.Stats.prototype), real(...args) as object, {
          mode: fs.constants.S_IFIFO | 0o644,
        }),
    });
    expect(thrown(() => F.readTarget(t, 100))).toBeInstanceOf(E.InvalidFileError);
  });

  it('a file gone between the look and the open is no file; a read error is an io error naming it', () => {
    const f = session();
    const t = F.resolveTarget(f, 'read');
    fs.rmSync(f);
    expect(F.readTarget(t, 100)).toBeNull();
    const g = session('g2.json');
    arm('readSync', { throws: errno('EIO', 'read') });
    const e = thrown(() => F.readText(g, 100));
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(g);
    reset();
    arm('openSync', { throws: errno('EACCES', 'open') });
    expect(thrown(() => F.readText(g, 100))).toBeInstanceOf(E.RefusedError);
  });
});

describe('readTarget', () => {
  const zero = (real: (...a: unknown[]) => unknown, args: unknown[]) =>
    statWith(real(...args) as fs.Stats, { size: 0 });

  it('readTarget closes the file after reading it, and after a failed read', () => {
    const f = session('g.json', 'abc');
    let fds = trackDescriptors();
    expect(F.readText(f, 100)).toBe('abc');
    expect(fds.opened).toHaveLength(1);
    expect(fds.open()).toEqual([]);
    reset();
    fds = trackDescriptors();
    arm('readSync', { throws: errno('EIO', 'read') });
    const e = thrown(() => F.readText(f, 100));
    expect(fds.opened).toHaveLength(1);
    expect(fds.open()).toEqual([]);
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(`read ${f}`);
    expect(e.message).toContain('Nothing was changed.');
  });

  it.skipIf(!fs.constants.O_NOFOLLOW)('opens without following a link and without blocking', () => {
    const f = session();
    seam.recording = true;
    F.readText(f, 100);
    const flags = seam.calls.find((c) => c.name === 'openSync' && c.args[0] === f)!.args[1] as number;
    expect(flags & fs.constants.O_NOFOLLOW).toBe(fs.constants.O_NOFOLLOW);
    expect(flags & fs.constants.O_NONBLOCK).toBe(fs.constants.O_NONBLOCK);
  });

  it.skipIf(!fs.constants.O_NOFOLLOW)('a file swapped for a link between the look and the open is not followed', () => {
    const f = session();
    const other = session('other.json', '{"other":true}');
    const t = F.resolveTarget(f, 'read');
    fs.rmSync(f);
    fs.symlinkSync(other, f);
    const e = thrown(() => F.readTarget(t, 100));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(f);
  });

  it.skipIf(process.platform === 'win32')(
    'a file swapped for a FIFO between the look and the open is refused at once, never waited on',
    () => {
      const f = session();
      const t = F.resolveTarget(f, 'read');
      fs.rmSync(f);
      if (spawnSync('mkfifo', [f]).status !== 0) return;
      const e = thrown(() => F.readTarget(t, 100));
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toMatch(/not a regular file/);
    },
  );

  it('a folder is refused as a folder (not as a device or pipe), naming it', () => {
    const d = path.join(dir, 'stuff');
    fs.mkdirSync(d);
    const e = thrown(() => F.readText(d, 100));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(`${d} is a folder`);
    expect(e.message).not.toMatch(/device|pipe/);
  });

  it('an open error names the file and the read', () => {
    const f = session();
    arm('openSync', { throws: errno('EMFILE', 'open') });
    const e = thrown(() => F.readText(f, 100));
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(`read ${f}`);
  });

  it('a file whose size is right is read in one go, with a buffer its size, whatever the cap', () => {
    const f = session('g.json', 'q'.repeat(1000));
    seam.recording = true;
    expect(F.readText(f, 1_000_000)).toBe('q'.repeat(1000));
    expect(trail(['readSync'])).toHaveLength(2); // the bytes, then the end
    // A cap far beyond memory costs nothing: the buffer is the file's size.
    expect(F.readText(f, Number.MAX_SAFE_INTEGER - 1)).toBe('q'.repeat(1000));
  });

  it('a file that claims to be empty grows its buffer as it reads (also under a cap beyond memory)', () => {
    const f = session('g.json', 'w'.repeat(5000));
    arm('fstatSync', { calls: zero });
    expect(F.readText(f, Number.MAX_SAFE_INTEGER - 1)).toBe('w'.repeat(5000));
  });

  it('a file that claims to be empty is read whole when it is exactly at the cap, and refused one byte over', () => {
    for (const cap of [4096, 3000]) {
      const f = session(`g${cap}.json`, 'v'.repeat(cap));
      arm('fstatSync', { calls: zero });
      expect(F.readText(f, cap), String(cap)).toBe('v'.repeat(cap));
      const over = session(`o${cap}.json`, 'v'.repeat(cap + 1));
      arm('lstatSync', { calls: zero });
      arm('fstatSync', { calls: zero });
      const e = thrown(() => F.readText(over, cap));
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toContain(over);
      expect(e.message).toContain(`more than ${(cap / 1e6).toFixed(0)} MB`);
    }
    // The cap in megabytes, as the refusal gives it.
    const big = session('big.json', 'v'.repeat(2_000_001));
    arm('lstatSync', { calls: zero });
    arm('fstatSync', { calls: zero });
    const e = thrown(() => F.readText(big, 2_000_000));
    expect(e.message).toContain(`${big} is more than 2 MB`);
    expect(e.message).toContain('(2 MB)');
  });
});

describe('sameFile', () => {
  it('compares device, inode, size and time, and two nothings are the same', () => {
    const f = session();
    const st = fs.lstatSync(f);
    const id = { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs };
    expect(F.sameFile(id, st)).toBe(true);
    expect(F.sameFile(null, null)).toBe(true);
    expect(F.sameFile(id, null)).toBe(false);
    expect(F.sameFile(null, st)).toBe(false);
    for (const k of ['dev', 'ino', 'size', 'mtimeMs'] as const)
      expect(F.sameFile({ ...id, [k]: id[k] + 1 }, st), k).toBe(false);
  });
});

describe('parseJson', () => {
  it.each([
    ['{"a":1,}', 'at line 1, column 8'],
    ['{\n  "a": 1,\n}', 'at line 3, column 1'],
    ['{"a":1', 'at line 1, column 7'],
    ['[1,\n2', 'at line 2, column 2'],
    ['', 'it is empty'],
    ['  \n ', 'it is empty'],
    ['abc', 'an unexpected character'],
    ['"x', 'at line 1, column 3'],
  ])('%j: names the file and where (%s), never quoting it', (text, where) => {
    const e = thrown(() => F.parseJson(text, '/games/g.json'));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toBe(`/games/g.json is not valid JSON (${where}). It was left as it is.`);
  });

  it('a document that ends too soon without a position', () => {
    const e = thrown(() => F.parseJson('{', 'f.json'));
    expect(e.message).toMatch(/^f\.json is not valid JSON \((it ends before the JSON does|at line 1, column 2)\)/);
    expect(F.parseJson('{"a":[1,2]}', 'f')).toEqual({ a: [1, 2] });
  });

  it('a JSON.parse failure that is not a SyntaxError still becomes an invalid-file error', () => {
    const parse = vi.spyOn(JSON, 'parse').mockImplementationOnce(() => {
      throw 'not an Error';
    });
    expect(thrown(() => F.parseJson('{}', 'f.json'))).toBeInstanceOf(E.InvalidFileError);
    parse.mockRestore();
  });

  it('a document that ends too soon says so (or where, where the engine gives a position)', () => {
    for (const text of ['[', '{"a":', 'tru']) {
      const e = thrown(() => F.parseJson(text, '/games/g.json'));
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toMatch(
        /^\/games\/g\.json is not valid JSON \((it ends before the JSON does|at line 1, column \d+)\)\./,
      );
    }
  });
});

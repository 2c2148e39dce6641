// A thin seam over node:fs for the store's in-process tests: every function passes through to the real file
// system (in temp folders), recording each call, unless a test arms a fault for it. Used with vi.mock:
//
//   vi.mock('node:fs', async (importOriginal) => (await import('./fs-seam.js')).seamed(await importOriginal()));
//
// so that src/store (which imports node:fs) sees the seam, and the test sees the same `seam` object.
import type * as Fs from 'node:fs';

export interface Call {
  name: string;
  args: unknown[];
}

/** What a fault does: throw (an error made by `errno`), or return a value instead of calling the real function. */
export type Fault =
  | { throws: Error }
  | { returns: unknown }
  | { calls: (real: (...a: unknown[]) => unknown, args: unknown[]) => unknown };

export interface Seam {
  calls: Call[];
  /** Armed faults by function name; `when` picks which calls (default: every call). */
  faults: Map<string, { fault: Fault; when: (args: unknown[], n: number) => boolean; seen: number; fired: number }>;
  recording: boolean;
}

// One seam for the whole test file, even when a test loads modules afresh (vi.resetModules).
const g = globalThis as { __badzoneFsSeam?: Seam };
export const seam: Seam = (g.__badzoneFsSeam ??= { calls: [], faults: new Map(), recording: false });

/** A system error as node:fs throws it. */
export function errno(code: string, syscall = 'open', errnoValue?: number): NodeJS.ErrnoException {
  const numbers: Record<string, number> = {
    ENOENT: -2,
    EIO: -5,
    EBADF: -9,
    EACCES: -13,
    EEXIST: -17,
    EXDEV: -18,
    ENOTDIR: -20,
    EISDIR: -21,
    EINVAL: -22,
    EMFILE: -24,
    EFBIG: -27,
    ENOSPC: -28,
    EROFS: -30,
    EPERM: -1,
    EBUSY: -16,
    ENFILE: -23,
    ENAMETOOLONG: -36,
    ENOSYS: -38,
    ELOOP: -40,
    ENOTSUP: -95,
    EOPNOTSUPP: -95,
    ETIMEDOUT: -110,
    EHOSTDOWN: -112,
    ESTALE: -116,
    EDQUOT: -122,
    ENOTCONN: -107,
  };
  const e = new Error(`${code}: injected, ${syscall}`) as NodeJS.ErrnoException;
  e.code = code;
  e.syscall = syscall;
  e.errno = errnoValue ?? numbers[code] ?? -1;
  return e;
}

/** Arm a fault on `name` (for the calls `when` picks); returns a handle that says how often it fired. */
export function arm(
  name: string,
  fault: Fault,
  when: (args: unknown[], n: number) => boolean = () => true,
): { fired: () => number } {
  const entry = { fault, when, seen: 0, fired: 0 };
  seam.faults.set(name, entry);
  return { fired: () => entry.fired };
}

export function reset(): void {
  seam.calls = [];
  seam.faults.clear();
  seam.recording = false;
}

/** The recorded calls to these functions, as [name, first argument]. */
export function trail(names: string[]): [string, unknown][] {
  return seam.calls.filter((c) => names.includes(c.name)).map((c) => [c.name, c.args[0]]);
}

function wrap(name: string, real: (...a: unknown[]) => unknown): (...a: unknown[]) => unknown {
  const f = (...args: unknown[]): unknown => {
    if (seam.recording) seam.calls.push({ name, args });
    const armed = seam.faults.get(name);
    if (armed?.when(args, armed.seen++)) {
      armed.fired++;
      const fault = armed.fault;
      if ('throws' in fault) throw fault.throws;
      if ('returns' in fault) return fault.returns;
      return fault.calls(real, args);
    }
    return real(...args);
  };
  // realpathSync.native and the like.
  for (const k of Object.keys(real)) {
    const v = (real as unknown as Record<string, unknown>)[k];
    (f as unknown as Record<string, unknown>)[k] =
      typeof v === 'function' ? wrap(`${name}.${k}`, v as (...a: unknown[]) => unknown) : v;
  }
  return f;
}

/** node:fs with every function seamed. */
export function seamed(real: typeof Fs): typeof Fs {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(real))
    out[k] =
      typeof v === 'function' && /Sync$|^(exists|stat|lstat)$/.test(k) ? wrap(k, v as (...a: unknown[]) => unknown) : v;
  out.default = out;
  return out as unknown as typeof Fs;
}

/** Track the descriptors openSync hands out (and record closeSync calls): `open()` lists those never closed. */
export function trackDescriptors(): { opened: number[]; open: () => number[] } {
  const opened: number[] = [];
  arm('openSync', {
    calls: (real, args) => {
      const fd = real(...args) as number;
      opened.push(fd);
      return fd;
    },
  });
  seam.recording = true;
  return {
    opened,
    open: () => opened.filter((fd) => !seam.calls.some((c) => c.name === 'closeSync' && c.args[0] === fd)),
  };
}

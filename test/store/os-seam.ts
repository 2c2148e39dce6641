// A thin seam over node:os for the store's tests of files.ts: the host name and the quota errno (EDQUOT) are the
// real ones unless a test sets `osFake` (as on another system); everything else passes through. Used with vi.mock:
//
//   vi.mock('node:os', async (importOriginal) => (await import('../os-seam.js')).seamedOs(await importOriginal()));
//
// and `resetOs()` before and after each test.
import type * as Os from 'node:os';

export interface OsFake {
  hostname: null | (() => string);
  edquot: number | undefined;
}

// One fake for the whole test file, even when a test loads modules afresh (vi.resetModules).
const g = globalThis as { __badzoneOsFake?: OsFake };
export const osFake: OsFake = (g.__badzoneOsFake ??= { hostname: null, edquot: undefined });

export function resetOs(): void {
  osFake.hostname = null;
  osFake.edquot = undefined;
}

/** node:os with the host name and EDQUOT answered by `osFake` when it is set. */
export function seamedOs(real: typeof Os): typeof Os {
  const errnos = new Proxy(
    { ...real.constants.errno },
    {
      get: (t, k) =>
        k === 'EDQUOT' && osFake.edquot !== undefined ? osFake.edquot : (t as Record<string | symbol, unknown>)[k],
    },
  );
  const out = {
    ...real,
    hostname: () => (osFake.hostname ? osFake.hostname() : real.hostname()),
    constants: { ...real.constants, errno: errnos },
  };
  return { ...out, default: out } as unknown as typeof Os;
}

// A spawned `badzone serve` (the built bin/ or the standalone executable): its output collected, and its address
// once it prints the banner that ends with "Ctrl-C stops it.". Used by serve-browser.test.ts and standalone.test.ts.
import type { ChildProcess } from 'node:child_process';

export interface Banner {
  url: string;
  out: () => string;
  err: () => string;
}

/** Wait up to `ms` for `proc` (spawned with piped stdout and stderr) to print its address. */
export async function banner(proc: ChildProcess, ms = 15_000): Promise<Banner> {
  let out = '';
  let err = '';
  proc.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
  proc.stderr!.setEncoding('utf8').on('data', (c: string) => (err += c));
  const t0 = Date.now();
  while (!out.includes('Ctrl-C stops it.')) {
    if (proc.exitCode !== null) throw new Error(`serve exited ${proc.exitCode}: ${err}`);
    if (Date.now() - t0 > ms) throw new Error(`serve printed no address in ${ms / 1000} s: ${out} ${err}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { url: /http:\/\/\S+/.exec(out)![0], out: () => out, err: () => err };
}

// node:crypto costs start-up, so it is loaded only by a command that needs it: rolling ChaCha20 dice, a fresh seed,
// a commitment. `status` never loads it, on any game; `round` on a Mersenne Twister game does not either. Checked
// in the real bin/ (it runs dist/) from Node's own list of the built-in modules it loaded.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers.js';

const PROBE = `data:text/javascript,${encodeURIComponent("process.on('exit', () => process.stderr.write('\\n@crypto=' + process.moduleLoadList.includes('NativeModule crypto') + '\\n'))")}`;

/** Runs the bin with `args` in `cwd`; whether it loaded node:crypto. */
function loadsCrypto(args: string[], cwd: string): boolean {
  const r = spawnSync(process.execPath, ['--import', PROBE, BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 30_000,
  });
  expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  const m = /@crypto=(true|false)/.exec(r.stderr);
  expect(m, 'the probe reported').not.toBeNull();
  return m![1] === 'true';
}

describe('node:crypto is loaded only when needed', () => {
  it('a ChaCha20 game: new (a fresh seed) and round load it; status, status --json and events do not', () => {
    const dir = tempDir('badzone-crypto-');
    expect(loadsCrypto(['new', '--gang', 'A: a1, a2'], dir)).toBe(true);
    expect(loadsCrypto(['round'], dir)).toBe(true);
    expect(loadsCrypto(['status'], dir)).toBe(false);
    expect(loadsCrypto(['status', '--json'], dir)).toBe(false);
    expect(loadsCrypto(['events', 'show', '49'], dir)).toBe(false);
  });

  it('a Mersenne Twister game: neither new --seed nor round nor status loads it', () => {
    const dir = tempDir('badzone-crypto-');
    expect(loadsCrypto(['new', '--seed', '42'], dir)).toBe(false);
    expect(loadsCrypto(['round'], dir)).toBe(false);
    expect(loadsCrypto(['status'], dir)).toBe(false);
  });
});

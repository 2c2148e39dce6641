// badzone serve, in-process: what it prints, its flags and their errors, BADZONE_SESSION, --open. (The server
// itself: test/serve/server.test.ts; in a real browser: test/e2e/serve-browser.test.ts.) runCli asks a
// long-running command to stop as soon as it is ready, as Ctrl-C would.
import * as net from 'node:net';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers.js';

const dir = (): string => tempDir('badzone-serve-cli-');

describe('badzone serve (command)', () => {
  it('loopback by default, on a free port: prints the address, then stops cleanly (exit 0)', async () => {
    const d = dir();
    await runCli(['new', '--seed', '1'], { cwd: d });
    const r = await runCli(['serve'], { cwd: d });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Players' view of .*badzone-session\.json \(read only\): http:\/\/127\.0\.0\.1:\d+\/\n/);
    expect(r.stdout).toContain('Only this computer can reach it');
    expect(r.stdout).toContain('Ctrl-C stops it.');
    expect(r.stdout).toContain("Stopped the players' view (0 updates sent).");
    expect(r.stdout).not.toMatch(/[\u2580\u2584\u2588]/);
    expect(r.stderr).toBe('');
  });

  it('--host 0.0.0.0: an address with a token, a QR code, and what the token means', async () => {
    const d = dir();
    const r = await runCli(['serve', '--host', '0.0.0.0'], { cwd: d });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\n {2}http:\/\/[\d.]+:\d+\/[\w-]{22}\/\n/);
    expect(r.stdout).toContain('Scan this with a phone to open it:');
    expect(r.stdout).toMatch(/\n {2}[\u2580\u2584\u2588 ]{21,}\n/);
    // The address again, right under the code (the lines above it scroll off a 24-row terminal).
    const url = /\n {2}(http:\/\/\S+)\n/.exec(r.stdout)![1]!;
    expect(r.stdout).toMatch(/[\u2580\u2584\u2588] *\nOr type it: (\S+)\n/);
    expect(/\nOr type it: (\S+)\n/.exec(r.stdout)![1]).toBe(url);
    expect(r.stdout).toContain('The address holds an access token');
  });

  it('honours BADZONE_SESSION and --session, and serves a game that does not exist yet (it waits for it)', async () => {
    const d = dir();
    const env = await runCli(['serve'], { cwd: d, env: { BADZONE_SESSION: 'campaign/game3.json' } });
    expect(env.code).toBe(0);
    expect(env.stdout).toContain(`Players' view of ${path.join(d, 'campaign', 'game3.json')} (read only)`);
    const flag = await runCli(['serve', '--session', 'other.json'], {
      cwd: d,
      env: { BADZONE_SESSION: 'campaign/game3.json' },
    });
    expect(flag.stdout).toContain(`Players' view of ${path.join(d, 'other.json')} (read only)`);
  });

  it('bad flags are usage errors (exit 2) with the fix; a port in use is exit 1 with what to do', async () => {
    const d = dir();
    for (const [args, text] of [
      [['--port', '70000'], '--port must be from 0 to 65535'],
      [['--port', 'http'], '--port takes a whole number'],
      [['--host', ''], '--host takes an address'],
      [['--host', 'a b'], '--host takes an address'],
      [['--host', 'no-such-host.invalid'], 'no such host name'],
    ] as const) {
      const r = await runCli(['serve', ...args], { cwd: d });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(text);
    }
    const held = net.createServer();
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    const port = (held.address() as net.AddressInfo).port;
    try {
      const r = await runCli(['serve', '--port', String(port)], { cwd: d });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `badzone: Port ${port} is already in use (by another program, or another badzone serve). Choose another with --port, or leave --port out to take a free one.\n`,
      );
      expect(r.stdout).toBe('');
    } finally {
      await new Promise((resolve) => held.close(resolve));
    }
  });

  it('a 100,000-character --host is cut in the error (60 characters and its length), with or without line breaks', async () => {
    const d = dir();
    for (const [host, code, text] of [
      ['x'.repeat(100_000), 2, `--host ${'x'.repeat(59)}... (100,000 characters) is not a valid host name.`],
      [
        `a\n${'y'.repeat(100_000)}`,
        2,
        `--host takes an address such as 127.0.0.1 or 0.0.0.0, not "a\\x0a${'y'.repeat(57)}... (100,002 characters)".`,
      ],
      [`${'z'.repeat(100_000)}.invalid`, 2, `... (100,008 characters) is not a valid host name.`],
    ] as const) {
      const r = await runCli(['serve', '--host', host], { cwd: d });
      expect(r.code).toBe(code);
      expect(r.stderr).toContain(text);
      expect(r.stderr.length).toBeLessThan(400);
    }
  });

  it('--open opens the printed address in the browser; when none starts, it says so and serves anyway', async () => {
    const d = dir();
    const opened: string[] = [];
    const r = await runCli(['serve', '--open'], { cwd: d, openBrowser: async (u) => void opened.push(u) });
    expect(r.code).toBe(0);
    expect(opened).toEqual([/http:\/\/\S+/.exec(r.stdout)![0]]);
    const failed = await runCli(['serve', '--open'], {
      cwd: d,
      openBrowser: async () => Promise.reject(new Error('ENOENT')),
    });
    expect(failed.code).toBe(0);
    expect(failed.stderr).toBe(
      'badzone: --open: could not start a browser; open the address above in a browser yourself.\n',
    );
  });
});

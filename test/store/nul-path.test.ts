// A path with a NUL character cannot name a file on any system. It cannot come from a real command line (argv
// strings end at NUL), but it can from the library or an in-process caller: a usage error (exit 2) that says so,
// never "the system refused it" (exit 6, a disk problem). Found by the argument fuzzer (test/faults/argv.test.ts).
import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers.js';

describe('a path with a NUL character', () => {
  it('is a usage error naming the path, for a table, a session and a new game; nothing is written', async () => {
    const dir = tempDir('badzone-nul-');
    for (const args of [
      ['events', 'list', '--table', 'nul\u0000byte'],
      ['status', '--session', 'a\u0000b.json'],
      ['new', '--seed', '1', '--session', 'a\u0000b.json'],
      ['verify', '--file', 'a\u0000b.json'],
    ]) {
      const r = await runCli(args, { cwd: dir });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('contains a NUL character');
      expect(r.stderr).toContain('\\x00');
    }
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

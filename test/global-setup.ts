// The test run's own temporary folder. Other test runs share /tmp, so the suite makes one folder, points
// TMPDIR (and os.tmpdir() in every worker and every badzone it spawns) at it, and at the end fails the run
// if anything is left in it: every test must clean up what it creates. Likewise no session file may be left
// in the repository (a command run without a temporary cwd).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inRepo = () =>
  fs
    .readdirSync(ROOT)
    .filter((n) => n.startsWith('badzone-session.json') || /^\.badzone-session\.json\..*\.tmp$/.test(n));

export default function setup(): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'badzone-tests-'));
  // Like /tmp: tests run badzone as another user (nobody) inside folders of their own.
  fs.chmodSync(root, 0o1777);
  const repoBefore = new Set(inRepo());
  for (const k of ['TMPDIR', 'TMP', 'TEMP']) process.env[k] = root;
  return () => {
    const left = fs.readdirSync(root);
    const repoLeft = inRepo().filter((n) => !repoBefore.has(n));
    fs.rmSync(root, { recursive: true, force: true });
    const problems: string[] = [];
    if (left.length)
      problems.push(
        `${left.length} item(s) left in the test run's temp folder: ${left.slice(0, 10).join(', ')}${left.length > 10 ? ', ...' : ''}`,
      );
    if (repoLeft.length) problems.push(`left in the repository: ${repoLeft.join(', ')}`);
    if (problems.length) {
      // A throw here is only printed by vitest; the exit code is what CI sees.
      console.error(`\nTests did not clean up: ${problems.join('; ')}\n`);
      process.exitCode = 1;
    }
  };
}

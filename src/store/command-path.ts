// How the person at the keyboard runs badzone, so that hints name a command that works for them: `badzone ...`
// when a `badzone` is on their PATH (npm link, npm install -g), else `npx badzone ...`.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Whether an executable called `name` is in one of the PATH's folders (on Windows, with a PATHEXT ending). */
export function onPath(name: string, env: NodeJS.ProcessEnv, platform: string = process.platform): boolean {
  const dirs = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter((d) => d !== '');
  const exts = platform === 'win32' ? ['', ...(env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)] : [''];
  for (const dir of dirs) {
    for (const ext of exts) {
      try {
        const st = fs.statSync(path.join(dir, name + ext));
        if (st.isFile() && (platform === 'win32' || (st.mode & 0o111) !== 0)) return true;
      } catch {
        /* not there */
      }
    }
  }
  return false;
}

/**
 * The command to name in hints: "npx badzone" when this run came through npx (`npm exec`), or when no `badzone`
 * is on the PATH (run as `node bin/badzone.js`); else "badzone".
 */
export function commandName(env: NodeJS.ProcessEnv): 'badzone' | 'npx badzone' {
  if (env.npm_command === 'exec') return 'npx badzone';
  return onPath('badzone', env) ? 'badzone' : 'npx badzone';
}

// How the person at the keyboard runs badzone, so that hints name a command that works for them: `badzone ...`
// when a `badzone` is on their PATH (npm link, npm install -g), `./badzone ...` for the standalone executable,
// `node bin/badzone.js ...` for the script run by its path, and `npx badzone ...` through npx.
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
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

/** How this process was started: the script Node runs (process.argv[1]), the program, the folder it runs in. */
export interface Started {
  script: string | undefined;
  execPath: string;
  cwd: string;
  /** The standalone executable (npm run sea): the program is badzone itself. Asked of node:sea when not given. */
  standalone?: boolean;
}

/**
 * The command to name in hints, as the person can type it: "npx badzone" when this run came through npx (`npm
 * exec`); "badzone" when a `badzone` is on the PATH; else the program as started: the standalone executable by its
 * path (`./badzone`, `.\badzone.exe`), the bin/ script as `node bin/badzone.js` (relative to the folder when it is
 * inside it); "npx badzone" when none of these can be told (no `started`, or another script, as `npm run dev`).
 */
export function commandName(env: NodeJS.ProcessEnv, started?: Started, platform: string = process.platform): string {
  if (env.npm_command === 'exec') return 'npx badzone';
  if (onPath('badzone', env, platform)) return 'badzone';
  if (!started) return 'npx badzone';
  const p = platform === 'win32' ? path.win32 : path.posix;
  // The bin/ script is told by its name first: asking node:sea costs a file URL and a require() (about 0.6 ms of
  // a `status` that shows a hint), and the executable's own name is never badzone.js.
  const script = started.script !== undefined && p.basename(started.script) === 'badzone.js';
  if (started.standalone ?? (!script && standalone())) {
    const rel = shown(started.execPath, started.cwd, p);
    return shellWord(rel === p.basename(rel) ? `.${p.sep}${rel}` : rel, platform);
  }
  if (script) return `node ${shellWord(shown(started.script!, started.cwd, p), platform)}`;
  return 'npx badzone';
}

/** A path relative to `cwd` when it lies inside it, else as it is. */
function shown(file: string, cwd: string, p: typeof path.posix): string {
  const rel = p.relative(cwd, file);
  return rel !== '' && !rel.startsWith('..') && !p.isAbsolute(rel) ? rel : file;
}

/** A path as one word of a command line: as it is when it has only plain characters, else quoted. */
function shellWord(s: string, platform: string): string {
  if (/^[\w./:\\@%+,=-]+$/.test(s)) return s;
  return platform === 'win32' ? `"${s}"` : `'${s.replace(/'/g, "'\\''")}'`;
}

/** Whether this is the standalone executable (node:sea, Node 20.12 and later; older Nodes have none). */
function standalone(): boolean {
  try {
    return (createRequire(import.meta.url)('node:sea') as { isSea(): boolean }).isSea();
  } catch {
    return false;
  }
}

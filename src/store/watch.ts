// Telling a long-running reader (`badzone serve`) that the session file changed.
//
// badzone replaces the session file by renaming a new file over it (files.ts, writeAtomic), so watching the file
// itself would keep watching the old, replaced inode. This watches the folder instead (and, when the session path
// is a symbolic link, the folder of the file it points to), for events that name the file. A slow poll of the
// file's status backs that up: it catches changes a folder watch misses (network file systems, a folder created
// later, a link re-pointed) and re-creates folder watches that were lost. Bursts are debounced into one call.
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface WatchOptions {
  /** Quiet time after the last event before `onChange` runs. */
  debounceMs?: number;
  /** How often the file's status is polled as a backstop. */
  pollMs?: number;
}

export interface Watcher {
  close(): void;
}

function statKey(file: string): string {
  try {
    const st = fs.statSync(file);
    return `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
  } catch {
    return 'missing';
  }
}

/** The folders to watch: the one the path is in, and the one its link target is in (if it is a link). */
function folders(file: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (p: string): void => {
    const dir = path.dirname(p);
    const names = out.get(dir) ?? new Set<string>();
    names.add(path.basename(p));
    out.set(dir, names);
  };
  add(file);
  try {
    const real = fs.realpathSync(file);
    if (real !== file) add(real);
  } catch {
    /* missing, or a dangling link: the poll notices when it appears */
  }
  return out;
}

/** Call `onChange` (debounced) whenever the file at `file` may have changed: written, replaced, removed or created. */
export function watchSession(file: string, onChange: () => void, opts: WatchOptions = {}): Watcher {
  const debounceMs = opts.debounceMs ?? 25;
  const pollMs = opts.pollMs ?? 1000;
  const full = path.resolve(file);
  const watchers = new Map<string, fs.FSWatcher>();
  let names = new Map<string, Set<string>>();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let last = statKey(full);

  const fire = (): void => {
    timer = null;
    if (closed) return;
    last = statKey(full);
    onChange();
  };
  const schedule = (): void => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(fire, debounceMs);
  };

  const sync = (): void => {
    names = folders(full);
    for (const [dir, w] of watchers) {
      if (!names.has(dir)) {
        w.close();
        watchers.delete(dir);
      }
    }
    for (const dir of names.keys()) {
      if (watchers.has(dir)) continue;
      try {
        const w = fs.watch(dir, { persistent: false }, (_event, name) => {
          // Some platforms give no name: then any event in the folder may be ours.
          if (name === null || names.get(dir)?.has(String(name))) schedule();
        });
        w.on('error', () => {
          w.close();
          watchers.delete(dir);
        });
        watchers.set(dir, w);
      } catch {
        /* the folder does not exist (yet): the poll tries again */
      }
    }
  };

  sync();
  const poll = setInterval(() => {
    if (closed) return;
    sync();
    const now = statKey(full);
    if (now !== last) {
      last = now;
      schedule();
    }
  }, pollMs);
  poll.unref();

  return {
    close(): void {
      closed = true;
      clearInterval(poll);
      if (timer) clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}

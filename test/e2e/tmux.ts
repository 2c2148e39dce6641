// A terminal of a given size, for screen tests of `badzone play`: tmux runs the built bin/ in a detached session
// on a private socket (never the user's own tmux server), keys are typed with send-keys, and the screen is read
// with capture-pane. `.ci/run` installs tmux where it is missing.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BIN, tempDir } from '../helpers.js';

export const hasTmux = spawnSync('tmux', ['-V'], { encoding: 'utf8' }).status === 0;

export interface Screen {
  /** Type keys (tmux key names: "Enter", "Escape", "Down", or literal text with `literal`). */
  keys(...keys: string[]): void;
  /** Literal text, typed as it is. */
  type(text: string): void;
  /** The visible screen, one string per row, trailing blanks removed. */
  capture(): string[];
  /** The visible screen with rows the terminal wrapped joined again (a line too long for the width shows as one). */
  joined(): string[];
  /** Everything printed so far, scrollback included. */
  history(): string;
  /** Wait until the visible screen matches (polls; throws with the screen after `ms`). */
  waitFor(re: RegExp, ms?: number): string;
  /** Whether the program has exited. */
  exited(): boolean;
  /** The program's exit code, once it has exited. */
  exitCode(): number | null;
  close(): void;
}

export function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Start `badzone ARGS` in `cwd` on a cols x rows terminal (the built bin/, or `program`: the standalone executable). */
export function openScreen(
  cwd: string,
  args: string[],
  cols: number,
  rows: number,
  env: Record<string, string> = {},
  program: string[] = [process.execPath, BIN],
): Screen {
  const dir = tempDir('badzone-tmux-');
  const sock = path.join(dir, 'tmux.sock');
  const codeFile = path.join(dir, 'exit-code');
  const tmux = (...a: string[]) => {
    const r = spawnSync('tmux', ['-S', sock, ...a], { encoding: 'utf8' });
    if (r.status !== 0 && a[0] !== 'kill-server') throw new Error(`tmux ${a.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
  const vars = { NO_COLOR: '1', TERM: 'xterm-256color', ...env };
  const envs = Object.entries(vars)
    .map(([k, v]) => `${k}=${q(v)}`)
    .join(' ');
  // The shell keeps the pane open after badzone exits, so its last screen can still be read; the exit code goes to a file.
  const cmd = `env -u CI -u BADZONE_SESSION -u BADZONE_NO_INPUT -u FORCE_COLOR ${envs} ${[...program, ...args].map(q).join(' ')}; echo $? > ${q(codeFile)}; sleep 600`;
  tmux('new-session', '-d', '-x', String(cols), '-y', String(rows), '-c', cwd, cmd);
  tmux('set-option', '-g', 'history-limit', '5000');
  const capture = (join: boolean): string[] =>
    tmux('capture-pane', '-p', ...(join ? ['-J'] : []), '-t', '0')
      .replace(/\n$/, '')
      .split('\n')
      .map((l) => l.trimEnd());
  const screen: Screen = {
    keys: (...keys) => void tmux('send-keys', '-t', '0', ...keys),
    type: (text) => void tmux('send-keys', '-t', '0', '-l', text),
    capture: () => capture(false),
    joined: () => capture(true),
    history: () => tmux('capture-pane', '-p', '-J', '-S', '-', '-t', '0'),
    waitFor(re, ms = 45_000) {
      const end = Date.now() + ms;
      for (;;) {
        const text = capture(false).join('\n');
        if (re.test(text)) return text;
        if (Date.now() > end) throw new Error(`the screen never matched ${re}:\n${text}`);
        sleep(50);
      }
    },
    exited: () => fs.existsSync(codeFile) && fs.readFileSync(codeFile, 'utf8').trim() !== '',
    exitCode: () => (screen.exited() ? Number(fs.readFileSync(codeFile, 'utf8').trim()) : null),
    close() {
      tmux('kill-server');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return screen;
}

/** Wait until `f` holds (polls), or throw `what`. */
export function until(f: () => boolean, what: string, ms = 45_000): void {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    sleep(50);
  }
}

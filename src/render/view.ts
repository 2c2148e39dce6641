// What a command hands the printer: `--json` prints `data` as it is; the text renderer formats the same `data`.
// The data of the commands that read or change a game come from the library (src/api/types.ts); the three views
// that only the command line has (`play`, `completion`, `serve`) are described here.
import type { Phase } from '../api/types.js';

export interface View<K extends string = string, D = unknown> {
  kind: K;
  data: D;
  /** Exit code for a command that completed but found a problem (`verify`, `table lint`). */
  exitCode?: number;
  /** Extra lines for stderr (warnings) that are not part of the data. */
  warnings?: string[];
}

/** `badzone play` when it stops. */
export interface PlayData {
  session: string;
  round: number;
  phase: Phase;
  /**
   * How play ended: the GM chose Quit, cancelled a prompt (Ctrl-C, closed terminal), or declined to set up a
   * game at a session path where there was none.
   */
  stopped: 'quit' | 'cancelled' | 'no-game';
  /** Whether the session file exists now (nothing is written before the setup questions are all answered). */
  saved: boolean;
}

export type Shell = 'bash' | 'zsh' | 'fish';

/** `badzone completion SHELL`. */
export interface CompletionData {
  shell: Shell;
  script: string;
}

/** What `badzone serve` returns when it stops. */
export interface ServeData {
  session: string;
  url: string;
  /** Other addresses of this machine that reach it too. */
  otherUrls: string[];
  /** Updates sent to the pages while it ran. */
  updates: number;
}

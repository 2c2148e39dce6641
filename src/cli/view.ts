// What a command returns: `--json` prints `data` as it is; the text renderer formats the same `data`.
export interface View<K extends string = string, D = unknown> {
  kind: K;
  data: D;
  /** Exit code for a command that completed but found a problem (`verify`, `table lint`). */
  exitCode?: number;
  /** Extra lines for stderr (warnings) that are not part of the data. */
  warnings?: string[];
}

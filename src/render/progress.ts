// The progress bar `badzone simulate` draws on stderr. Its own module, so only the simulate command loads it.

/** One line: `Simulating [#####-----]  45%  4500 of 10000 games`, at most `width` characters. */
export function progressLine(done: number, total: number, width: number): string {
  const f = total > 0 ? Math.min(1, done / total) : 1;
  const tail = ` ${String(Math.floor(f * 100)).padStart(3)}%  ${String(done).padStart(String(total).length)} of ${total} games`;
  const room = Math.max(10, width - 'Simulating []'.length - tail.length);
  const n = Math.round(f * room);
  return `Simulating [${'#'.repeat(n)}${'-'.repeat(room - n)}]${tail}`;
}

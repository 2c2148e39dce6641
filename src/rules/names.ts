// Matching what a GM types against names in the game: exact first, then ignoring case, then small typos.

export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** The names `query` most likely meant: a typo of at most a quarter of its length (at least one). */
export function closeNames(query: string, names: readonly string[], max = 3): string[] {
  const q = query.trim().toLowerCase();
  if (q.length === 0 || q.length > 200) return [];
  const limit = Math.max(1, Math.floor(q.length / 4));
  return names
    .map((n) => ({ n, d: editDistance(q, n.toLowerCase()) }))
    .filter((x) => x.d <= limit)
    .sort((a, b) => a.d - b.d)
    .slice(0, max)
    .map((x) => x.n);
}

/** The one name equal to `query`, else the one equal ignoring case; undefined when none (or several). */
export function matchName(query: string, names: readonly string[]): string | undefined {
  if (names.includes(query)) return query;
  const lower = query.toLowerCase();
  const same = names.filter((n) => n.toLowerCase() === lower);
  return same.length === 1 ? same[0] : undefined;
}

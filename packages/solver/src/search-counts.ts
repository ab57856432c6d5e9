/** Dense group ids and the counter arrays the exact search prunes with (counts so far and still to come). */

/** Adds `delta` to one cell of a counter array. */
export function bump(counts: Int32Array, index: number, delta: number): void {
  counts[index] = (counts[index] ?? 0) + delta;
}

/** Dense ids for a group kind over the cards, and each card's id. */
export function denseIds(values: readonly number[]): { ids: Int32Array; size: number } {
  const index = new Map<number, number>();
  const ids = Int32Array.from(values, (value) => {
    let id = index.get(value);
    if (id === undefined) {
      id = index.size;
      index.set(value, id);
    }
    return id;
  });
  return { ids, size: index.size };
}

/** suffix[j * size + g]: cards at index ≥ j with id g (and `counted` set). */
export function suffixCounts(ids: Int32Array, size: number, counted: (i: number) => boolean): Int32Array {
  const n = ids.length;
  const suffix = new Int32Array((n + 1) * size);
  for (let j = n - 1; j >= 0; j -= 1) {
    suffix.copyWithin(j * size, (j + 1) * size, (j + 2) * size);
    if (counted(j)) bump(suffix, j * size + (ids[j] ?? 0), 1);
  }
  return suffix;
}

/**
 * Counts card i into (delta 1) or out of (−1) each rule's groups, and keeps each rule's number of
 * groups with at least one chosen card.
 */
export function countInGroups(
  ids: readonly { ids: Int32Array }[],
  counts: readonly Int32Array[],
  distinct: Int32Array,
  i: number,
  delta: 1 | -1,
): void {
  for (let q = 0; q < counts.length; q += 1) {
    const groupCounts = counts[q];
    if (!groupCounts) continue;
    const g = ids[q]?.ids[i] ?? 0;
    const before = groupCounts[g] ?? 0;
    groupCounts[g] = before + delta;
    if (before === 0) distinct[q] = (distinct[q] ?? 0) + 1;
    else if (before + delta === 0) distinct[q] = (distinct[q] ?? 0) - 1;
  }
}

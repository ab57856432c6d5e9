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

/**
 * joinable[j]: the most cards from index j on that a set of `slots` cards cheaper than `below` can
 * hold (cards sorted by cost: each of them costs at least cost[j], the others at least the
 * cheapest cards of all).
 */
export function joinableFrom(cost: Float64Array, slots: number, below: number): Int32Array {
  const cheapest = new Float64Array(slots + 1);
  for (let m = 1; m <= slots; m += 1) cheapest[m] = (cheapest[m - 1] ?? 0) + (cost[m - 1] ?? Infinity);
  return Int32Array.from({ length: cost.length + 1 }, (_, j) => {
    let most = 0;
    for (let m = 1; m <= slots; m += 1)
      if (m * (cost[j] ?? Infinity) + (cheapest[slots - m] ?? 0) < below) most = m;
    return most;
  });
}

/**
 * Caps suffix counts (in place) by what can still join: from a card `split` on at most
 * joinable[split] cards join, so a group gains at most its members before the split plus that
 * many of the rest (the floor-price cards: thousands of them, of which a squad below the
 * incumbent holds a few).
 */
export function capSuffixCounts(suffix: Int32Array, size: number, joinable: Int32Array, split: number): void {
  const n = joinable.length - 1;
  const atSplit = split * size;
  const most = joinable[split] ?? 0;
  for (let j = 0; j < split; j += 1)
    for (let g = 0; g < size; g += 1) {
      const after = suffix[atSplit + g] ?? 0;
      suffix[j * size + g] = (suffix[j * size + g] ?? 0) - after + Math.min(most, after);
    }
  for (let j = split; j <= n; j += 1) {
    const cap = joinable[j] ?? 0;
    for (let g = 0; g < size; g += 1) if ((suffix[j * size + g] ?? 0) > cap) suffix[j * size + g] = cap;
  }
}

/**
 * The cheapest members of a count rule's condition from each card on (the cards sorted by cost):
 * a squad that still needs m members spends at least the m cheapest of them.
 */
export class MemberFloor {
  /** firstAt[j]: how many members come before card j (the first member from j on, in the list). */
  private readonly firstAt: Int32Array;
  /** prefix[k]: the k first members' costs summed. */
  private readonly prefix: Float64Array;

  constructor(cost: Float64Array, member: Uint8Array) {
    const n = cost.length;
    this.firstAt = new Int32Array(n + 1);
    const costs: number[] = [];
    for (let j = 0; j < n; j += 1) {
      this.firstAt[j] = costs.length;
      if (member[j]) costs.push(cost[j] ?? 0);
    }
    this.firstAt[n] = costs.length;
    this.prefix = new Float64Array(costs.length + 1);
    costs.forEach((c, k) => (this.prefix[k + 1] = (this.prefix[k] ?? 0) + c));
  }

  /** The m cheapest members from card j on, summed (Infinity when there are fewer). */
  cheapest(j: number, m: number): number {
    const start = this.firstAt[j] ?? 0;
    if (start + m >= this.prefix.length) return Infinity;
    return (this.prefix[start + m] ?? Infinity) - (this.prefix[start] ?? 0);
  }
}

/**
 * The cards (sorted by cost) without the ones no squad below the bound can hold: from card t on
 * at most joinable[t] cards join (`joinableFrom`), so where a count minimum still needs at least
 * that many members from t on (it has that many fewer members before t than it needs), every
 * card a squad takes from t on is a member, and the others go (Gunners: one card of 200 or more
 * fits below 811, and it must be the Arsenal card at 228; 3,024 market cards drop).
 */
export function withoutBarredTail<T>(
  cards: readonly T[],
  joinable: Int32Array,
  minima: readonly { readonly count: number; readonly member: (card: T) => boolean }[],
): readonly T[] {
  const barredFrom = minima.map(({ count, member }) => {
    let before = 0;
    for (let t = 0; t < cards.length; t += 1) {
      if ((joinable[t] ?? 0) <= count - before) return t;
      if (member(cards[t] as T)) before += 1;
    }
    return cards.length;
  });
  return cards.filter((card, i) => minima.every(({ member }, q) => i < (barredFrom[q] ?? 0) || member(card)));
}

/**
 * fill[j * (slots + 1) + r]: the r cheapest costs among cards j.. of cards sorted by cost (cards
 * j .. j + r − 1): a floor on any completion (Infinity where fewer than r are left).
 */
export function cheapestFills(cost: Float64Array, slots: number): Float64Array {
  const n = cost.length;
  const fill = new Float64Array((n + 1) * (slots + 1)).fill(Infinity);
  for (let j = 0; j <= n; j += 1) {
    let sum = 0;
    fill[j * (slots + 1)] = 0;
    for (let r = 1; r <= slots && j + r <= n; r += 1) {
      sum += cost[j + r - 1] ?? 0;
      fill[j * (slots + 1) + r] = sum;
    }
  }
  return fill;
}

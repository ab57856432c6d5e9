/** The last card of a squad: the groups it must join to lift every short player, and the cards by those groups. */

import { pointsAt } from './chemistry-groups.js';

/** The first position in a sorted list holding a value ≥ `from`. */
export function lowerBound(list: Int32Array, from: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] ?? 0) < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Patterns as bits: 1 club, 2 league, 4 nation; subsets before their supersets. */
const PATTERNS = [1, 2, 4, 3, 5, 6, 7] as const;

/**
 * The minimal sets of a short player's groups (bits: club, league, nation) one more card must
 * join to give him `least` points (none when one card cannot), each flattened with the groups'
 * ids as [bits, club, league, nation].
 */
export function liftingPatterns(
  have: readonly number[],
  id: readonly number[],
  thresholds: readonly (readonly number[])[],
  least: number,
): number[] {
  const lifting: number[] = [];
  for (const bits of PATTERNS) {
    let usable = true;
    let points = 0;
    for (let k = 0; k < 3; k += 1) {
      const joins = (bits >> k) & 1;
      if (joins && (id[k] ?? -1) < 0) usable = false;
      if ((id[k] ?? -1) >= 0) points += pointsAt((have[k] ?? 0) + joins, thresholds[k] ?? []);
    }
    if (!usable || points < least) continue;
    if (lifting.some((found) => (found & bits) === found)) continue;
    lifting.push(bits);
  }
  return lifting.flatMap((bits) => [bits, id[0] ?? -1, id[1] ?? -1, id[2] ?? -1]);
}

/** Cards by the (club, league, nation) values they hold, for any subset of the three. */
export class LastCardIndex {
  private readonly lists = new Map<number, Int32Array>();
  private readonly leagues: number;
  private readonly nations: number;

  constructor(
    private readonly kinds: readonly { readonly ids: Int32Array; readonly members: Int32Array[] }[],
    private readonly n: number,
  ) {
    this.leagues = (kinds[1]?.members.length ?? 0) + 1;
    this.nations = (kinds[2]?.members.length ?? 0) + 1;
    const built = new Map<number, number[]>();
    for (let card = 0; card < n; card += 1)
      for (const bits of PATTERNS) {
        const key = this.keyOf(bits, card);
        if (key === undefined) continue;
        const list = built.get(key);
        if (list) list.push(card);
        else built.set(key, [card]);
      }
    for (const [key, list] of built) this.lists.set(key, Int32Array.from(list));
  }

  private key(club: number, league: number, nation: number): number {
    return ((club + 1) * this.leagues + (league + 1)) * this.nations + (nation + 1);
  }

  private keyOf(bits: number, card: number): number | undefined {
    const values = [-1, -1, -1];
    for (let k = 0; k < 3; k += 1) {
      if (!((bits >> k) & 1)) continue;
      const id = this.kinds[k]?.ids[card] ?? -1;
      if (id < 0) return undefined;
      values[k] = id;
    }
    return this.key(values[0] ?? -1, values[1] ?? -1, values[2] ?? -1);
  }

  /**
   * The cards from `from` on that match a pattern of every short player (`ways`: each player's
   * flattened [bits, club, league, nation] patterns), in card order.
   */
  choices(ways: readonly (readonly number[])[], from: number, charge: (units: number) => void): number[] {
    const required = new Set<number>();
    const values = [-1, -1, -1];
    const combine = (player: number) => {
      if (player === ways.length) {
        required.add(this.key(values[0] ?? -1, values[1] ?? -1, values[2] ?? -1));
        return;
      }
      const patterns = ways[player] ?? [];
      for (let p = 0; p + 3 < patterns.length; p += 4) {
        const bits = patterns[p] ?? 0;
        const saved = [...values];
        let consistent = true;
        for (let k = 0; k < 3 && consistent; k += 1) {
          if (!((bits >> k) & 1)) continue;
          const id = patterns[p + 1 + k] ?? -1;
          if ((values[k] ?? -1) >= 0 && values[k] !== id) consistent = false;
          else values[k] = id;
        }
        charge(1);
        if (consistent) combine(player + 1);
        for (let k = 0; k < 3; k += 1) values[k] = saved[k] ?? -1;
      }
    };
    combine(0);
    const cards = new Set<number>();
    for (const key of required) {
      const list = this.lists.get(key);
      if (!list) continue;
      const start = lowerBound(list, from);
      for (let at = start; at < list.length; at += 1) cards.add(list[at] ?? this.n);
      charge(1 + list.length - start);
    }
    return [...cards].sort((a, b) => a - b);
  }
}

/** A card fixed in the exact search's squad from outside its cards: what it adds to their groups. */
import type { Candidate } from './problem.js';
import type { Placement } from './squad-check.js';

/**
 * A card fixed in the squad, in position, outside the search's cards (an icon or hero: its own
 * chemistry is fixed, so the problem's chemistry minimum already leaves it out). The search's
 * cards feel it only through their groups: counts it adds to a club, league or nation, and
 * thresholds shifted where it adds to every league present. Its leaves are judged by `leaf`.
 */
export interface SearchPreset {
  readonly ratings: readonly number[];
  /**
   * Cards to pick, when the fixed card takes whichever open slot they leave (else one per open
   * slot). The pool is then the caller's cut: `reducePool` counts one card a slot.
   */
  readonly cards?: number;
  readonly thresholds: {
    readonly club: readonly number[];
    readonly league: readonly number[];
    readonly nation: readonly number[];
  };
  readonly counts: {
    readonly club: ReadonlyMap<number, number>;
    readonly league: ReadonlyMap<number, number>;
    readonly nation: ReadonlyMap<number, number>;
  };
  readonly leaf: (picked: readonly Candidate[]) => Placement | undefined;
}

/** A kind's counts at the search's start: what the fixed card adds to each group (by the cards' dense ids). */
export function startCounts(
  ids: { readonly ids: Int32Array; readonly size: number },
  groups: readonly number[],
  fixed?: ReadonlyMap<number, number>,
): Int32Array {
  const counts = new Int32Array(ids.size);
  groups.forEach((group, i) => (counts[ids.ids[i] ?? 0] = fixed?.get(group) ?? 0));
  return counts;
}

/** Places an exact-search leaf's cards so that every requirement holds, trying each largest matchable set in position. */
import type { Candidate, Problem } from './problem.js';
import { placeCards } from './placement.js';
import { judgePlacement, type Placement } from './squad-check.js';

/** Visits every k-subset of 0..n-1 (as index lists) until `visit` returns true. */
function someSubset(n: number, k: number, visit: (subset: readonly number[]) => boolean): boolean {
  const subset: number[] = [];
  const walk = (from: number): boolean => {
    if (subset.length === k) return visit(subset);
    for (let i = from; i <= n - (k - subset.length); i += 1) {
      subset.push(i);
      if (walk(i + 1)) return true;
      subset.pop();
    }
    return false;
  };
  return walk(0);
}

/** Whether every card can be in position at once (augmenting paths over the slot bits). */
function matchable(openSlots: readonly number[], cards: readonly Candidate[]): boolean {
  const owner = new Map<number, number>();
  const tryCard = (k: number, seen: Set<number>): boolean => {
    const mask = cards[k]?.positionMask ?? 0;
    for (const slot of openSlots) {
      if (!(mask & (1 << slot)) || seen.has(slot)) continue;
      seen.add(slot);
      const holder = owner.get(slot);
      if (holder === undefined || tryCard(holder, seen)) {
        owner.set(slot, k);
        return true;
      }
    }
    return false;
  };
  return cards.every((_, k) => tryCard(k, new Set()));
}

/**
 * A placement of the cards that meets every requirement, if any. Only chemistry depends on the
 * placement and it grows with the set of cards in position, so the best placements put a largest
 * matchable set in position; those sets all have the size of a maximum matching (the bases of a
 * matroid). Each is tried (at most C(11, 5) = 462, usually one) by `chemistryHolds` on the cards
 * in position, and the first that passes is placed and judged by the exact evaluator.
 */
export function eligiblePlacement(
  problem: Problem,
  cards: readonly Candidate[],
  chemistryHolds: (inPosition: readonly Candidate[]) => boolean,
): Placement | undefined {
  const first = placeCards(problem, cards);
  if (judgePlacement(problem, first).eligible) return first;
  const inPosition = problem.openSlots.filter(
    (slot) => (first[slot]?.positionMask ?? 0) & (1 << slot),
  ).length;
  if (inPosition === cards.length) return undefined;
  let found: Placement | undefined;
  someSubset(cards.length, inPosition, (subset) => {
    const members = subset.map((k) => cards[k] as Candidate);
    if (!chemistryHolds(members) || !matchable(problem.openSlots, members)) return false;
    // placeCards keeps every card it matched matched, so the subset placed first is in position
    // whenever it is matchable (no other card can join a maximum matching).
    const placement = placeCards(problem, [...members, ...cards.filter((_, k) => !subset.includes(k))]);
    if (judgePlacement(problem, placement).eligible) found = placement;
    return found !== undefined;
  });
  return found;
}

/** The pool cut by rating: cards that the rating relaxation says cannot be in a squad below a bound. */
import { matchesCondition, type SbcRequirement } from '@tradedesk/domain';
import type { Candidate, Problem } from './problem.js';
import { cheapestRatingProfile, type CountConstraint, type ProfileItem } from './rating-profile.js';
import { scoreWindowOf } from './score-window.js';

type CountRequirement = Extract<SbcRequirement, { kind: 'players' }>;

/** Which count requirements a card counts toward, as bits. */
function membershipBits(counted: readonly CountRequirement[], candidate: Candidate): number {
  return counted.reduce(
    (bits, r, j) =>
      bits | (r.conditions.every((cond) => matchesCondition(candidate.card, cond)) ? 1 << j : 0),
    0,
  );
}

/** The counts the other cards must still meet once cards of these membership bits are in. */
function countsLeft(counted: readonly CountRequirement[], bits: readonly number[]): CountConstraint[] | null {
  const constraints: CountConstraint[] = [];
  for (const [j, r] of counted.entries()) {
    const count = r.count - bits.filter((b) => (b >> j) & 1).length;
    // A maximum (or exact count) the fixed cards already pass: no squad holds them all.
    if (count < 0 && r.scope !== 'min') return null;
    constraints.push({ bit: j, scope: r.scope, count: Math.max(0, count) });
  }
  return constraints;
}

/**
 * The cards of `cards` that can be in a squad cheaper than `upperBound` beside the `fixed` ones,
 * by the rating relaxation: a card of rating r and count memberships b is in such a squad only
 * if its cost, the fixed cards' and the cheapest other cards that meet the rating window and the
 * player counts beside them (chemistry, groups and asset uniqueness dropped) stay below the
 * bound. Cards of one rating and membership share that completion, so one profile search per
 * class, pruned by the bound less the class's cheapest card. Sound: it keeps every card of every
 * eligible squad below the bound. Without a rating requirement nothing is cut.
 */
export function ratingCut(
  problem: Problem,
  cards: readonly Candidate[],
  upperBound: number,
  fixed: readonly Candidate[] = [],
  /** Work-clock time at which a class's search gives up (its cards are then kept). */
  deadline = Infinity,
): Candidate[] {
  const window = scoreWindowOf(problem.requirements);
  if (!Number.isFinite(upperBound) || (window.min === -Infinity && window.max === Infinity))
    return [...cards];
  const counted = problem.requirements.filter((r): r is CountRequirement => r.kind === 'players');
  const others = problem.openSlots.length - fixed.length - 1;
  if (others < 0) return [];
  const fixedBits = fixed.map((c) => membershipBits(counted, c));
  const fixedCost = fixed.reduce((sum, c) => sum + c.cost, 0);
  const fixedRatings = fixed.map((c) => c.card.rating);
  // The completion may take any card (a card with itself, or a second copy of a player: a
  // relaxation), so only each class's `others` cheapest can be picked.
  const classes = new Map<string, { rating: number; bits: number; costs: number[] }>();
  const keyOf = (c: Candidate, bits: number) => `${c.card.rating}|${bits}`;
  for (const c of problem.candidates) {
    const bits = membershipBits(counted, c);
    const key = keyOf(c, bits);
    const cell = classes.get(key) ?? { rating: c.card.rating, bits, costs: [] };
    cell.costs.push(c.cost);
    classes.set(key, cell);
  }
  const items: ProfileItem[] = [];
  for (const cell of classes.values()) {
    cell.costs.sort((a, b) => a - b);
    for (const cost of cell.costs.slice(0, others))
      items.push({ rating: cell.rating, cost, classBits: cell.bits });
  }
  const cheapestIn = new Map<string, number>();
  for (const c of cards) {
    const key = keyOf(c, membershipBits(counted, c));
    cheapestIn.set(key, Math.min(c.cost, cheapestIn.get(key) ?? Infinity));
  }
  const completion = new Map<string, number>();
  const completionOf = (c: Candidate, bits: number): number => {
    const key = keyOf(c, bits);
    const known = completion.get(key);
    if (known !== undefined) return known;
    const constraints = countsLeft(counted, [...fixedBits, bits]);
    const below = upperBound - fixedCost - (cheapestIn.get(key) ?? c.cost);
    const profile =
      constraints &&
      cheapestRatingProfile(items, others, window, below, constraints, Infinity, deadline, [
        ...fixedRatings,
        c.card.rating,
      ]);
    // Nothing below the bound for the class's cheapest card: none of its cards fits.
    const cost =
      profile && profile !== 'aborted' ? profile.cost : profile === 'aborted' ? -Infinity : Infinity;
    completion.set(key, cost);
    return cost;
  };
  return cards.filter((c) => c.cost + fixedCost + completionOf(c, membershipBits(counted, c)) < upperBound);
}

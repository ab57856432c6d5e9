/** Places an exact-search leaf's cards so that every requirement holds, trying each largest matchable set in position. */
import {
  CHEMISTRY_THRESHOLDS,
  evaluateSquad,
  MAX_PLAYER_CHEMISTRY,
  normalizeClubId,
  type SbcSlot,
} from '@tradedesk/domain';
import { pointsAt } from './chemistry-groups.js';
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

/** The chemistry minima a leaf must meet: every player at `playerMin`, the squad at `teamMin`. */
export interface LeafMinima {
  readonly playerMin: number;
  readonly teamMin: number;
}

/** The squad with every card that has a formation position in position (the most chemistry any placement gives). */
function relaxedSquad(problem: Problem, picked: readonly Candidate[]) {
  const { positions, openSlots } = problem;
  const squadPositions = [...positions];
  const squadSlots: SbcSlot[] = positions.map((_, slot) => problem.bricks.get(slot) ?? null);
  picked.forEach((candidate, k) => {
    const slot = openSlots[k] ?? 0;
    squadSlots[slot] = candidate.card;
    const home = openSlots.find((s) => candidate.positionMask & (1 << s));
    if (home !== undefined) squadPositions[slot] = positions[home] ?? '';
  });
  return { positions: squadPositions, slots: squadSlots };
}

/** Base-profile chemistry of a set of in-position cards against the minima (a quick filter). */
function chemistryHolds(inPosition: readonly Candidate[], slots: number, minima: LeafMinima): boolean {
  const groupsOf = (c: Candidate) =>
    [
      [`c${normalizeClubId(c.card.clubId)}`, CHEMISTRY_THRESHOLDS.club],
      [`l${c.card.leagueId}`, CHEMISTRY_THRESHOLDS.league],
      [`n${c.card.nationId}`, CHEMISTRY_THRESHOLDS.nation],
    ] as const;
  const counts = new Map<string, number>();
  for (const c of inPosition) for (const [key] of groupsOf(c)) counts.set(key, (counts.get(key) ?? 0) + 1);
  let total = 0;
  let everyOne = inPosition.length === slots;
  for (const c of inPosition) {
    let points = 0;
    for (const [key, thresholds] of groupsOf(c)) points += pointsAt(counts.get(key) ?? 0, thresholds);
    const capped = Math.min(MAX_PLAYER_CHEMISTRY, points);
    total += capped;
    if (capped < minima.playerMin) everyOne = false;
  }
  return total >= minima.teamMin && (minima.playerMin === 0 || everyOne);
}

/**
 * The exact search's leaf: a placement of the picked cards meeting every requirement, if any.
 * First the quick filter (every card that has a position in position: nothing placed can beat
 * it), then `eligiblePlacement` with the base-profile chemistry test.
 */
export function leafPlacement(
  problem: Problem,
  picked: readonly Candidate[],
  minima: LeafMinima,
): Placement | undefined {
  if (
    !evaluateSquad(relaxedSquad(problem, picked), { operation: 'AND', requirements: problem.requirements })
      .eligible
  )
    return undefined;
  const slots = problem.openSlots.length;
  return eligiblePlacement(problem, picked, (inPosition) => chemistryHolds(inPosition, slots, minima));
}

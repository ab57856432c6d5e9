/** The relaxation's lower bound on a squad's cost: the rating window and player counts solved exactly, else by Lagrangian rounds. */
import { matchesCondition, requirementLabel, type SbcRequirement } from '@tradedesk/domain';
import type { Problem } from './problem.js';
import { chargeWork, WORK_MS, workNow } from './work-clock.js';
import { cheapestRatingProfile } from './rating-profile.js';
import { scoreWindowOf } from './score-window.js';

export type CountRequirement = Extract<SbcRequirement, { kind: 'players' }>;

export interface RelaxationBound {
  /** A sound lower bound on the cost of any eligible squad (whole coins). */
  readonly bound: number;
  /** Candidate index sets the relaxation picked (starting points for the search). */
  readonly seeds: readonly (readonly number[])[];
}

export type RelaxationResult = RelaxationBound | { readonly infeasible: string };

/** Slack under the relaxation's fractional optimum before it is rounded up to whole coins. */
export const TOLERANCE = 1e-6;
/** Up to this many player-count requirements are kept exactly in the profile search (2^n cells per rating). */
const EXACT_COUNT_LIMIT = 3;
/**
 * Search nodes the exact relaxation may use before the Lagrangian one takes over (it also stops
 * at its deadline); the solve runs it again, pruned by its answer, where the first pass gave up.
 * With the rating floor a node costs more but far fewer are needed: Rare English's exact
 * relaxation takes ~115,000 (it gave up at the old 100,000 and fell back to a bound 10 % lower),
 * Brazil or Argentina's ~90,000 (1.2 million without the floor).
 */
const EXACT_NODE_LIMIT = 1_000_000;
/** The exact relaxation's share of the time to the deadline (the Lagrangian one has the rest). */
const EXACT_TIME_SHARE = 0.7;

/** Why the relaxation found no squad: the rating and count requirements that cannot be met together. */
export function ratingInfeasible(
  requirements: readonly SbcRequirement[],
  counted: readonly CountRequirement[],
): string {
  const rating = requirements.find((r) => r.kind === 'teamRating');
  if (rating && counted.length === 0) return `"${requirementLabel(rating)}" cannot be met with the pool`;
  const involved: SbcRequirement[] = rating ? [rating, ...counted] : [...counted];
  const names = involved.map((r) => `"${requirementLabel(r)}"`);
  return names.length > 0
    ? `${names.join(' together with ')} cannot be met with the pool`
    : 'The pool has too few players for the squad';
}

/** The relaxation solved exactly: rating window and player counts both inside the profile search. */
function exactRelaxation(
  problem: Problem,
  counted: readonly CountRequirement[],
  members: readonly (readonly number[])[],
  kept: readonly number[],
  upperBound: number,
  deadline: number,
): RelaxationResult | 'aborted' {
  const { candidates, openSlots, requirements } = problem;
  const window = scoreWindowOf(requirements);
  // Without a rating requirement ratings do not matter: one cell per membership class.
  const rated = Number.isFinite(window.min) || Number.isFinite(window.max);
  const items = kept.map((i) => ({
    rating: rated ? (candidates[i]?.card.rating ?? 0) : 0,
    cost: candidates[i]?.cost ?? 0,
    classBits: members.reduce((bits, column, j) => bits | ((column[i] ?? 0) << j), 0),
  }));
  const constraints = counted.map((r, j) => ({ bit: j, scope: r.scope, count: r.count }));
  const profile = cheapestRatingProfile(
    items,
    openSlots.length,
    window,
    upperBound,
    constraints,
    EXACT_NODE_LIMIT,
    deadline,
  );
  if (profile === 'aborted') return profile;
  // With an upper bound, "nothing found" means nothing below it: the bound is the upper bound.
  if (!profile && Number.isFinite(upperBound)) return { bound: upperBound, seeds: [] };
  if (!profile) return { infeasible: ratingInfeasible(requirements, counted) };
  return { bound: Math.ceil(profile.cost - TOLERANCE), seeds: [profile.picks.map((p) => kept[p] ?? 0)] };
}

/**
 * A lower bound from the relaxation that keeps the team rating and every player-count requirement
 * and drops chemistry, same-group and distinct-group requirements and asset uniqueness. Up to 3
 * counts it is solved exactly inside the rating-profile search; past that (or past the search's
 * node limit) the counts move into the prices by Lagrange multipliers (subgradient steps), each
 * multiplier vector giving a valid bound. With a finite `upperBound` the answer may be that
 * bound itself, meaning "nothing cheaper exists".
 */
export function relaxationBound(problem: Problem, deadline: number, upperBound = Infinity): RelaxationResult {
  const { candidates, openSlots, requirements } = problem;
  const count = openSlots.length;
  const window = scoreWindowOf(requirements);
  const counted = requirements.filter((r): r is CountRequirement => r.kind === 'players');
  const members = counted.map((requirement) =>
    candidates.map((c) => (requirement.conditions.every((cond) => matchesCondition(c.card, cond)) ? 1 : 0)),
  );
  for (const [index, requirement] of counted.entries()) {
    const matching = members[index]?.reduce((sum: number, bit) => sum + bit, 0) ?? 0;
    const unmatched = candidates.length - matching;
    const impossible =
      (requirement.scope !== 'max' && matching < requirement.count) ||
      (requirement.scope !== 'min' && unmatched < count - requirement.count);
    if (impossible) return { infeasible: `"${requirementLabel(requirement)}" cannot be met with the pool` };
  }
  // Lagrange prices shift every card of one rating and one set of requirement memberships by the
  // same amount, so only the cheapest `count` cards of each such class can be picked; and of two
  // cards of one player (an owned and a market copy) in a class only the cheaper. Keeping just
  // those keeps the relaxation exact and makes each step fast.
  const classes = new Map<string, number[]>();
  candidates.forEach((candidate, i) => {
    const key = `${candidate.card.rating}|${members.map((m) => m[i]).join('')}`;
    const list = classes.get(key);
    if (list) list.push(i);
    else classes.set(key, [i]);
  });
  const kept: number[] = [];
  for (const list of classes.values()) {
    list.sort((a, b) => (candidates[a]?.cost ?? 0) - (candidates[b]?.cost ?? 0));
    const assets = new Set<number>();
    for (const i of list) {
      if (assets.size >= count) break;
      const asset = candidates[i]?.assetId ?? 0;
      if (!assets.has(asset)) {
        assets.add(asset);
        kept.push(i);
      }
    }
  }
  if (counted.length <= EXACT_COUNT_LIMIT) {
    // Stopped by the clock, the exact search would leave the Lagrangian bound no time at all.
    const exactDeadline = workNow() + Math.max(0, deadline - workNow()) * EXACT_TIME_SHARE;
    const exact = exactRelaxation(problem, counted, members, kept, upperBound, exactDeadline);
    if (exact !== 'aborted') return exact;
  }
  const multipliers = counted.map(() => 0);
  // Sign of a multiplier's price change: min pulls matching cards cheaper, max pushes them dearer.
  const sign = (requirement: CountRequirement) => (requirement.scope === 'max' ? -1 : 1);
  let best = -Infinity;
  const seeds: number[][] = [];
  let step = 2;
  let sinceImproved = 0;
  const typicalCost = candidates.reduce((sum, c) => sum + c.cost, 0) / Math.max(1, candidates.length);
  for (let iteration = 0; iteration < 60; iteration += 1) {
    const items = kept.map((i) => ({
      rating: candidates[i]?.card.rating ?? 0,
      cost:
        (candidates[i]?.cost ?? 0) -
        counted.reduce((sum, r, j) => sum + sign(r) * (multipliers[j] ?? 0) * (members[j]?.[i] ?? 0), 0),
    }));
    const profile = cheapestRatingProfile(items, count, window);
    const answer = profile &&
      profile !== 'aborted' && { cost: profile.cost, picks: profile.picks.map((p) => kept[p] ?? 0) };
    if (!answer) return { infeasible: ratingInfeasible(requirements, []) };
    const constant = counted.reduce((sum, r, j) => sum + sign(r) * (multipliers[j] ?? 0) * r.count, 0);
    const value = answer.cost + constant;
    if (value > best + TOLERANCE) {
      best = value;
      sinceImproved = 0;
    } else sinceImproved += 1;
    seeds.push([...answer.picks]);
    // Subgradient: how far each count is from its target, in the direction that tightens it.
    const gradient = counted.map((r, j) => {
      const matched = answer.picks.reduce((sum, index) => sum + (members[j]?.[index] ?? 0), 0);
      return sign(r) * (r.count - matched);
    });
    const norm = gradient.reduce((sum, g) => sum + g * g, 0);
    const slackFree = counted.every((r, j) => {
      const g = gradient[j] ?? 0;
      const m = multipliers[j] ?? 0;
      return r.scope === 'exact' ? g === 0 : g <= 0 && (m === 0 || g === 0);
    });
    chargeWork(WORK_MS.round);
    if (counted.length === 0 || slackFree || norm === 0 || workNow() > deadline) break;
    if (sinceImproved >= 4) {
      step /= 2;
      sinceImproved = 0;
    }
    const target = Number.isFinite(upperBound) ? upperBound : best + typicalCost * count * 0.1 + 1;
    const length = (step * Math.max(target - best, 1)) / norm;
    counted.forEach((r, j) => {
      const next = (multipliers[j] ?? 0) + length * (gradient[j] ?? 0);
      multipliers[j] = r.scope === 'exact' ? next : Math.max(0, next);
    });
  }
  return { bound: Math.ceil(best - TOLERANCE), seeds };
}

import {
  CHEMISTRY_THRESHOLDS,
  chemistryProfileOf,
  isBaseProfile,
  matchesCondition,
  normalizeClubId,
  type SbcRequirement,
} from '@tradedesk/domain';
import { reducePool } from './milp.js';
import { leafPlacement } from './eligible-placement.js';
import { placementCost } from './placement.js';
import type { Candidate, Problem } from './problem.js';
import { ratingCeiling } from './rating-ceiling.js';
import { scoreWindowOf } from './score-window.js';
import { fillerOrder } from './filler-order.js';
import { SearchChemistry } from './search-chemistry.js';
import { ChosenMatching } from './chosen-matching.js';
import { SlotMatching } from './slot-matching.js';
import {
  bump,
  capSuffixCounts,
  cheapestFills,
  denseIds,
  joinableFrom,
  suffixCounts,
  withoutBarredTail,
} from './search-counts.js';
import { SearchRules } from './search-rules.js';
import { startCounts, type SearchPreset } from './search-preset.js';
export type { SearchPreset } from './search-preset.js';
import type { ExactSearchOutcome } from './exact-search-outcome.js';
export type { ExactSearchOutcome } from './exact-search-outcome.js';
import { chargeWork, WORK_MS, workNow } from './work-clock.js';

/** Cards after the exact cut above which the search is not tried (it would not finish in time). */
export const MAX_SEARCH_CARDS = 6_000;
/**
 * Work between two looks at the clock: a node counts 1, and the chemistry test adds the cards it
 * scans (on a pool of thousands one node can scan them all, so counting nodes alone overran).
 */
const CLOCK_EVERY = 65_536;
/**
 * From the first card on which at most this many more can join a squad below the bound (the
 * floor-price cards, usually), the groups' counts still to come are capped at that many.
 */
const FEW_JOINABLE = 4;
/** Suffix-count cells built per unit of search work (a cell is a copy; a unit, a node or scan). */
const SETUP_ITEMS_PER_WORK = 8;

type Chemistry = Extract<SbcRequirement, { kind: 'chemistry' }>;
type PlayerChemistry = Extract<SbcRequirement, { kind: 'playerChemistry' }>;
type Players = Extract<SbcRequirement, { kind: 'players' }>;

/**
 * Exact branch and bound for the challenges whose cost hinges on chemistry (SBC.md §6.4): on
 * the exactly-cut pool (price and dominance, `reducePool`) every set of cards cheaper than
 * `upperBound` is enumerated, cheapest cards first, and pruned by
 * - cost: the chosen cards plus the cheapest cards still available;
 * - chemistry: a player's points depend only on how many in-position players share his club,
 *   league and nation, so each group's count so far plus the most it can still gain gives every
 *   chosen player and every affordable card still to come a points ceiling; at most a maximum
 *   matching's worth of the chosen cards can be in position, and the best ceilings must reach
 *   the minimum (11·m for "every player ≥ m");
 * - player counts, same-group maxima and distinct-group counts, from the counts so far and the
 *   members still available.
 * A complete set passes first a quick check with every card that has a formation position in
 * position (the most chemistry any placement gives), then the real test: the placements that put
 * a largest matchable set in position, judged by the domain's exact evaluator. Undefined when the
 * pool after the cut is larger than `maxCards`, or the requirements are outside what the
 * ceilings cover (chemistry maxima, special chemistry profiles, custom bricks).
 */
export function exactSearch(
  problem: Problem,
  upperBound: number,
  deadline: number,
  nodeLimit = Infinity,
  maxCards = MAX_SEARCH_CARDS,
  /** Until a squad is found the search stops here (then it keeps on until `deadline`). */
  giveUpAt = deadline,
  preset?: SearchPreset,
): ExactSearchOutcome | undefined {
  if (!Number.isFinite(upperBound)) return undefined;
  const { requirements, openSlots, positions } = problem;
  const chemistryRules = requirements.filter(
    (r): r is Chemistry | PlayerChemistry => r.kind === 'chemistry' || r.kind === 'playerChemistry',
  );
  // The ceilings hold because more chemistry never hurts: true of chemistry minima only.
  if (chemistryRules.some((r) => r.scope !== 'min')) return undefined;
  if ([...problem.bricks.values()].some((brick) => brick.brick === 'custom')) return undefined;
  const pool = preset?.cards === undefined ? reducePool(problem, upperBound) : problem.candidates;
  if (pool.length > maxCards) return undefined;
  // Profiles only change chemistry: without a chemistry rule an icon is a card like any other.
  if (chemistryRules.length > 0 && !pool.every((c) => isBaseProfile(chemistryProfileOf(c.card))))
    return undefined;
  const slots = preset?.cards ?? openSlots.length;
  if (new Set(pool.map((c) => c.assetId)).size < slots) return { finished: true, bound: upperBound };
  // Cheapest first: the cost floor of a branch then rises as fast as it can (measured faster than
  // taking the leagues in a row, which would make each league's count final sooner).
  const sorted = [...pool].sort((a, b) => a.cost - b.cost);
  const sortedJoinable = joinableFrom(
    Float64Array.from(sorted, (c) => c.cost),
    slots,
    upperBound,
  );
  const cards = withoutBarredTail(
    sorted,
    sortedJoinable,
    requirements
      .filter((r): r is Players => r.kind === 'players' && r.scope !== 'max')
      .map((r) => ({
        count: r.count,
        member: (c: Candidate) => r.conditions.every((cond) => matchesCondition(c.card, cond)),
      })),
  );
  const n = cards.length;
  const cost = Float64Array.from(cards, (c) => c.cost);
  const capable = Uint8Array.from(cards, (c) => (c.positionMask !== 0 ? 1 : 0));
  const club = denseIds(cards.map((c) => normalizeClubId(c.card.clubId)));
  const league = denseIds(cards.map((c) => c.card.leagueId));
  const nation = denseIds(cards.map((c) => c.card.nationId));
  const asset = denseIds(cards.map((c) => c.assetId));
  const isCapable = (i: number) => capable[i] === 1;
  const clubLeft = suffixCounts(club.ids, club.size, isCapable);
  const leagueLeft = suffixCounts(league.ids, league.size, isCapable);
  const nationLeft = suffixCounts(nation.ids, nation.size, isCapable);
  // Past the card where only a few more can join (the floor price, usually), a group gains at
  // most that many of its members there.
  const joinable = joinableFrom(cost, slots, upperBound);
  const split = joinable.findIndex((most) => most <= FEW_JOINABLE);
  if (split >= 0)
    for (const [left, size] of [
      [clubLeft, club.size],
      [leagueLeft, league.size],
      [nationLeft, nation.size],
    ] as const)
      capSuffixCounts(left, size, joinable, split);
  // Building the suffix counts copies n rows of every group (56–82 ms of CPU on a 3,000-card cut).
  chargeWork(
    ((n * (club.size + league.size + nation.size)) / SETUP_ITEMS_PER_WORK) * WORK_MS.exactSearchWork,
  );

  const fill = cheapestFills(cost, slots);

  const ratingWithin = ratingCeiling(
    cards,
    scoreWindowOf(requirements),
    (j, count) => fill[j * (slots + 1) + count] ?? Infinity,
    preset?.ratings,
    slots,
  );

  const playerMin = Math.max(
    0,
    ...chemistryRules.filter((r): r is PlayerChemistry => r.kind === 'playerChemistry').map((r) => r.value),
  );
  // Every player at m or more is a team of at least 11·m (fewer with bricks).
  const teamMin = Math.max(
    playerMin * slots,
    ...chemistryRules.filter((r): r is Chemistry => r.kind === 'chemistry').map((r) => r.value),
  );

  const rules = new SearchRules(requirements, cards, cost, (j, r) => fill[j * (slots + 1) + r] ?? Infinity);

  const clubCount = startCounts(
    club,
    cards.map((c) => normalizeClubId(c.card.clubId)),
    preset?.counts.club,
  );
  const leagueCount = startCounts(
    league,
    cards.map((c) => c.card.leagueId),
    preset?.counts.league,
  );
  const nationCount = startCounts(
    nation,
    cards.map((c) => c.card.nationId),
    preset?.counts.nation,
  );
  const thresholds = preset?.thresholds ?? CHEMISTRY_THRESHOLDS;
  const assetUsed = new Uint8Array(asset.size);
  const chosen = new Int32Array(slots);
  let chosenCount = 0;

  const mask = Int32Array.from(cards, (c) => c.positionMask);
  // Fillers first (filler-order.ts): after the first binding skip, every card chosen or to come
  // that is not exempt is in position, so those cards are matchable to distinct slots.
  const order =
    teamMin > 0
      ? fillerOrder(requirements, cards, (others) =>
          split < 0
            ? others.length
            : others.filter((k) => k < split).length +
              Math.min(joinable[split] ?? 0, others.filter((k) => k >= split).length),
        )
      : undefined;
  const forced = new SlotMatching(mask, positions.length, slots);
  const pushed = new Uint8Array(slots + 1);
  /** The first binding skip's card: chosen cards after it, and all to come, are in position. */
  let fillersBefore = Infinity;
  const bindingSkip = (i: number) =>
    order !== undefined && fillersBefore === Infinity && order.binding[i] === 1;
  /**
   * Whether r cards from j on, the ones not exempt matchable beside the forced ones, fit the
   * budget (a greedy over the cheapest: a matroid's cheapest r-set).
   */
  const completionWithin = (j: number, r: number, budget: number): boolean => {
    forced.beginGreedy();
    let found = 0;
    let spent = 0;
    let i = j;
    for (; i < n && found < r && spent + (r - found) * (cost[i] ?? 0) <= budget; i += 1) {
      if (assetUsed[asset.ids[i] ?? 0]) continue;
      if (!order?.exempt[i] && !forced.tryTake(i)) continue;
      spent += cost[i] ?? 0;
      found += 1;
    }
    workSinceClock += i - j + forced.takeWork();
    return found === r;
  };
  const matching = new ChosenMatching(mask, positions.length, openSlots, chosen);
  let workSinceClock = 0;
  const chemistry =
    teamMin > 0
      ? new SearchChemistry(
          { slots, cost, capable, assetIds: asset.ids, assetUsed, fill, chosen },
          [
            { ...club, thresholds: thresholds.club, count: clubCount, left: clubLeft },
            { ...league, thresholds: thresholds.league, count: leagueCount, left: leagueLeft },
            { ...nation, thresholds: thresholds.nation, count: nationCount, left: nationLeft },
          ],
          { playerMin, teamMin, ...(ratingWithin?.hasMinimum ? { rated: true } : {}) },
          forced,
        )
      : undefined;
  const chemistryReachable = (j: number, r: number, budget: number): boolean => {
    if (!chemistry) return true;
    const reachable = chemistry.reachable(
      chosenCount,
      () => matching.size(chosenCount),
      j,
      r,
      budget,
      rules.neededMembers(j, r),
    );
    workSinceClock += chemistry.takeWork();
    return reachable;
  };

  /** Whether card i can still join the chosen cards: its asset is unused and its groups have room. */
  const canJoin = (i: number): boolean => !assetUsed[asset.ids[i] ?? 0] && rules.canJoin(i);
  /**
   * Whether r cards that can join, from card j on, fit the budget. The cards are sorted by cost,
   * so those are the first r that can join; the scan stops once the cheapest r it could still
   * take are past the budget.
   */
  const joinableWithin = (j: number, r: number, budget: number): boolean => {
    let found = 0;
    let spent = 0;
    let i = j;
    for (; i < n && found < r && spent + (r - found) * (cost[i] ?? 0) <= budget; i += 1) {
      if (!canJoin(i)) continue;
      spent += cost[i] ?? 0;
      found += 1;
    }
    workSinceClock += i - j;
    return found === r;
  };

  let best = upperBound;
  let answer: ExactSearchOutcome['answer'];
  let nodes = 0;
  let aborted = false;
  let leaves = 0;
  let workCharged = 0;
  const leaf = (spent: number) => {
    leaves += 1;
    const picked = Array.from(chosen.subarray(0, chosenCount), (i) => cards[i] as Candidate);
    const placement = preset ? preset.leaf(picked) : leafPlacement(problem, picked, { playerMin, teamMin });
    if (!placement) return;
    best = spent;
    answer = { placement, cost: placementCost(placement) };
  };

  const visit = (j: number, r: number, spent: number): void => {
    if (aborted) return;
    nodes += 1;
    workSinceClock += 1;
    if (workSinceClock >= CLOCK_EVERY) {
      workCharged += workSinceClock;
      chargeWork(workSinceClock * WORK_MS.exactSearchWork);
      workSinceClock = 0;
      if (workNow() > (answer ? deadline : giveUpAt)) aborted = true;
    }
    if (aborted || nodes > nodeLimit) {
      aborted = true;
      return;
    }
    if (spent + (fill[j * (slots + 1) + r] ?? Infinity) >= best) return;
    if (!rules.reachable(j, r, chosen, chosenCount)) return;
    if (!rules.membersWithin(j, r, best - 1e-9 - spent)) return;
    if (rules.hasGroupMaxima && r > 0 && !joinableWithin(j, r, best - 1e-9 - spent)) return;
    if (ratingWithin && !ratingWithin.within(chosen.subarray(0, chosenCount), j, r, best - 1e-9 - spent))
      return;
    if (fillersBefore < j && r > 0 && !completionWithin(j, r, best - 1e-9 - spent)) return;
    if (!chemistryReachable(j, r, best - 1e-9 - spent)) return;
    if (r === 0) {
      leaf(spent);
      return;
    }
    if (j >= n) return;
    if (r === 1) {
      // The last card: each affordable one is tried as a leaf directly (the skip branch would
      // repeat the node's tests once per card, each scanning the cards after it).
      // A card passed over that binds makes the ones after it cards in position.
      const fillersBeforeScan = fillersBefore;
      const lastNeeded = rules.oneShort();
      for (let i = j; i < n && spent + (cost[i] ?? 0) < best && !aborted; i += 1) {
        if (assetUsed[asset.ids[i] ?? 0]) continue;
        // A count minimum one short takes only its members (the last card must be one).
        if (lastNeeded >= 0 && !rules.isMember(lastNeeded, i)) {
          if (bindingSkip(i) && canJoin(i)) fillersBefore = i;
          continue;
        }
        const joins = addCard(i);
        if (joins) {
          visit(i + 1, 0, spent + (cost[i] ?? 0));
          removeCard(i);
        }
        if (joins && bindingSkip(i)) fillersBefore = i;
      }
      fillersBefore = fillersBeforeScan;
      return;
    }
    // Cards the rating rules out as the next one taken are passed over at once: only their skip
    // branches remain, and of those only a binding skip changes anything (fillers first).
    const takable = ratingWithin?.nextTakable(chosen, chosenCount, j, r, best - 1e-9 - spent) ?? j;
    workSinceClock += ratingWithin?.takeWork() ?? 0;
    if (takable > j) {
      const fillersBeforeJump = fillersBefore;
      for (let k = j; k < takable && fillersBefore === Infinity; k += 1) {
        if (!bindingSkip(k) || assetUsed[asset.ids[k] ?? 0] || !addCard(k)) continue;
        removeCard(k);
        fillersBefore = k;
      }
      visit(takable, r, spent);
      fillersBefore = fillersBeforeJump;
      return;
    }
    const i = j;
    const a = asset.ids[i] ?? 0;
    const joins = !assetUsed[a] && addCard(i);
    if (joins) {
      ratingWithin?.newChosenSet(chosenCount);
      visit(j + 1, r - 1, spent + (cost[i] ?? 0));
      removeCard(i);
    }
    const fillersBeforeSkip = fillersBefore;
    if (joins && bindingSkip(i)) fillersBefore = i;
    visit(j + 1, r, spent);
    fillersBefore = fillersBeforeSkip;
  };

  /** Adds card i to the counts; false (and nothing changed) when a maximum would be exceeded. */
  const addCard = (i: number): boolean => {
    if (!rules.fitsSameGroupMaxima(i)) return false;
    const mustBeInPosition = i > fillersBefore && order?.exempt[i] !== 1;
    if (mustBeInPosition && !forced.push(i)) return false;
    pushed[chosenCount] = mustBeInPosition ? 1 : 0;
    assetUsed[asset.ids[i] ?? 0] = 1;
    chosen[chosenCount++] = i;
    matching.added(chosenCount);
    if (capable[i]) {
      bump(clubCount, club.ids[i] ?? 0, 1);
      bump(leagueCount, league.ids[i] ?? 0, 1);
      bump(nationCount, nation.ids[i] ?? 0, 1);
    }
    rules.count(i, 1);
    return true;
  };

  const removeCard = (i: number) => {
    assetUsed[asset.ids[i] ?? 0] = 0;
    chosenCount -= 1;
    if (pushed[chosenCount]) forced.pop();
    if (capable[i]) {
      bump(clubCount, club.ids[i] ?? 0, -1);
      bump(leagueCount, league.ids[i] ?? 0, -1);
      bump(nationCount, nation.ids[i] ?? 0, -1);
    }
    rules.count(i, -1);
  };

  visit(0, slots, 0);
  workSinceClock += ratingWithin?.takeWork() ?? 0;
  chargeWork(workSinceClock * WORK_MS.exactSearchWork);
  const counts = { nodes, leaves, work: workCharged + workSinceClock };
  return aborted
    ? { finished: false, ...counts, ...(answer ? { answer } : {}) }
    : { finished: true, bound: best, ...counts, ...(answer ? { answer } : {}) };
}

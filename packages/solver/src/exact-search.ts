/* eslint-disable max-lines -- one branch and bound: its count and rating tests share the node's counts and chosen cards as closures, and splitting them would pass a dozen arrays around (the chemistry test, the tables and the leaf placement live apart) */
import {
  CHEMISTRY_THRESHOLDS,
  chemistryProfileOf,
  groupIdOf,
  matchesCondition,
  normalizeClubId,
  type ChemistryProfile,
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
import type { NeededMembers } from './positioned-left.js';
import { SlotMatching } from './slot-matching.js';
import {
  bump,
  capSuffixCounts,
  countInGroups,
  denseIds,
  joinableFrom,
  MemberFloor,
  suffixCounts,
  withoutBarredTail,
} from './search-counts.js';
import type { Placement } from './squad-check.js';
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

export interface ExactSearchOutcome {
  /**
   * Whether every squad cheaper than `upperBound` was looked at (else the search stopped at its
   * node limit or deadline and only `answer` counts).
   */
  readonly finished: boolean;
  /**
   * When finished, the optimum: the cheapest eligible squad's cost, or `upperBound` itself when
   * none is cheaper (so a squad costing `upperBound` is optimal).
   */
  readonly bound?: number;
  /** The cheapest eligible squad found below `upperBound`. */
  readonly answer?: { readonly placement: Placement; readonly cost: number };
  /** Nodes visited and leaves judged (the search's work counts, for measurements). */
  readonly nodes?: number;
  readonly leaves?: number;
  /** The work units charged (nodes, cards scanned, leaves; see `WORK_MS.exactSearchWork`). */
  readonly work?: number;
}

type Chemistry = Extract<SbcRequirement, { kind: 'chemistry' }>;
type PlayerChemistry = Extract<SbcRequirement, { kind: 'playerChemistry' }>;
type SameGroup = Extract<SbcRequirement, { kind: 'sameGroup' }>;
type DistinctGroups = Extract<SbcRequirement, { kind: 'distinctGroups' }>;
type Players = Extract<SbcRequirement, { kind: 'players' }>;

const isBaseProfile = (profile: ChemistryProfile) =>
  profile.club === 1 &&
  profile.league === 1 &&
  profile.nation === 1 &&
  profile.everyLeague === 0 &&
  profile.fixedChemistry === undefined;

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
): ExactSearchOutcome | undefined {
  if (!Number.isFinite(upperBound)) return undefined;
  const { requirements, openSlots, positions } = problem;
  const chemistryRules = requirements.filter(
    (r): r is Chemistry | PlayerChemistry => r.kind === 'chemistry' || r.kind === 'playerChemistry',
  );
  // The ceilings hold because more chemistry never hurts: true of chemistry minima only.
  if (chemistryRules.some((r) => r.scope !== 'min')) return undefined;
  if ([...problem.bricks.values()].some((brick) => brick.brick === 'custom')) return undefined;
  const pool = reducePool(problem, upperBound);
  if (pool.length > maxCards) return undefined;
  // Profiles only change chemistry: without a chemistry rule an icon is a card like any other.
  if (chemistryRules.length > 0 && !pool.every((c) => isBaseProfile(chemistryProfileOf(c.card))))
    return undefined;
  const slots = openSlots.length;
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

  // fill[j * (slots + 1) + r]: the r cheapest costs among cards j.. (a floor on any completion).
  // The cards are sorted by cost, so those are cards j .. j + r − 1.
  const fill = new Float64Array((n + 1) * (slots + 1)).fill(Infinity);
  for (let j = 0; j <= n; j += 1) {
    let sum = 0;
    fill[j * (slots + 1)] = 0;
    for (let r = 1; r <= slots && j + r <= n; r += 1) {
      sum += cost[j + r - 1] ?? 0;
      fill[j * (slots + 1) + r] = sum;
    }
  }

  const ratingWithin = ratingCeiling(
    cards,
    scoreWindowOf(requirements),
    (j, count) => fill[j * (slots + 1) + count] ?? Infinity,
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

  // Count requirements checked while branching (all players count, in position or not).
  const counted = requirements.filter((r): r is Players => r.kind === 'players');
  const member = counted.map((r) =>
    Uint8Array.from(cards, (c) => (r.conditions.every((cond) => matchesCondition(c.card, cond)) ? 1 : 0)),
  );
  const memberLeft = member.map((bits) => {
    const left = new Int32Array(n + 1);
    for (let j = n - 1; j >= 0; j -= 1) left[j] = (left[j + 1] ?? 0) + (bits[j] ?? 0);
    return left;
  });
  const have = new Int32Array(counted.length);
  const memberFloor = member.map((bits) => new MemberFloor(cost, bits));
  /**
   * Whether the cards to come fit the budget with the members each count minimum still needs: the
   * cheapest of those members, plus the cheapest cards for the rest (the cheapest r alone may
   * hold none: Gunners' one Arsenal card costs 228, its owned fodder 49–150).
   */
  const membersWithin = (j: number, r: number, budget: number): boolean => {
    for (let q = 0; q < counted.length; q += 1) {
      const need = (counted[q]?.scope === 'max' ? 0 : (counted[q]?.count ?? 0)) - (have[q] ?? 0);
      if (need <= 0 || need > r) continue;
      const least = (memberFloor[q]?.cheapest(j, need) ?? 0) + (fill[j * (slots + 1) + r - need] ?? Infinity);
      if (least > budget) return false;
    }
    return true;
  };
  const groupRules = requirements.filter(
    (r): r is SameGroup | DistinctGroups =>
      (r.kind === 'sameGroup' && r.scope !== 'min') || (r.kind === 'distinctGroups' && r.scope !== 'min'),
  );
  const groupIds = groupRules.map((r) => denseIds(cards.map((c) => groupIdOf(c.card, r.group))));
  const groupCount = groupIds.map(({ size }) => new Int32Array(size));
  const distinctNow = new Int32Array(groupRules.length);
  const distinctMin = requirements.filter(
    (r): r is DistinctGroups => r.kind === 'distinctGroups' && r.scope !== 'max',
  );
  const distinctMinIds = distinctMin.map((r) => denseIds(cards.map((c) => groupIdOf(c.card, r.group))));
  const distinctMinCount = distinctMinIds.map(({ size }) => new Int32Array(size));
  const distinctMinNow = new Int32Array(distinctMin.length);
  // "Same club/league/nation: min X": some group must still be able to reach X players.
  const sameMin = requirements.filter((r): r is SameGroup => r.kind === 'sameGroup' && r.scope !== 'max');
  const sameMinIds = sameMin.map((r) => denseIds(cards.map((c) => groupIdOf(c.card, r.group))));
  const sameMinCount = sameMinIds.map(({ size }) => new Int32Array(size));
  const sameMinGroups = new Int32Array(sameMin.length);
  const sameMinLeft = sameMinIds.map(({ ids, size }) => suffixCounts(ids, size, () => true));
  /** largestLeft[q][j]: the most cards of one group from card j on. */
  const sameMinLargestLeft = sameMinIds.map(({ size }, q) =>
    Int32Array.from({ length: n + 1 }, (_, j) => {
      let most = 0;
      for (let g = 0; g < size; g += 1) most = Math.max(most, sameMinLeft[q]?.[j * size + g] ?? 0);
      return most;
    }),
  );

  const clubCount = new Int32Array(club.size);
  const leagueCount = new Int32Array(league.size);
  const nationCount = new Int32Array(nation.size);
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
  const slotOwner = new Int32Array(positions.length);
  const slotSeen = new Int32Array(positions.length);
  let seenMark = 0;
  const augment = (k: number): boolean => {
    const m = mask[chosen[k] ?? 0] ?? 0;
    for (const slot of openSlots) {
      if (!(m & (1 << slot)) || slotSeen[slot] === seenMark) continue;
      slotSeen[slot] = seenMark;
      const holder = slotOwner[slot] ?? -1;
      if (holder < 0 || augment(holder)) {
        slotOwner[slot] = k;
        return true;
      }
    }
    return false;
  };
  // matchedAt[d]: the matching's size for the first d chosen cards, valid until a card is added
  // at depth d − 1 (the skip branch of a node asks again for the set its parent had).
  const matchedAt = new Int32Array(slots + 1);
  const matchedKnown = new Uint8Array(slots + 1);
  /** How many of the chosen cards can be in position at once (a maximum matching). */
  const matchedNow = (): number => {
    if (matchedKnown[chosenCount]) return matchedAt[chosenCount] ?? 0;
    slotOwner.fill(-1);
    let matched = 0;
    for (let k = 0; k < chosenCount; k += 1) {
      seenMark += 1;
      if (augment(k)) matched += 1;
    }
    matchedAt[chosenCount] = matched;
    matchedKnown[chosenCount] = 1;
    return matched;
  };
  let workSinceClock = 0;
  const chemistry =
    teamMin > 0
      ? new SearchChemistry(
          { slots, cost, capable, assetIds: asset.ids, assetUsed, fill, chosen },
          [
            { ...club, thresholds: CHEMISTRY_THRESHOLDS.club, count: clubCount, left: clubLeft },
            { ...league, thresholds: CHEMISTRY_THRESHOLDS.league, count: leagueCount, left: leagueLeft },
            { ...nation, thresholds: CHEMISTRY_THRESHOLDS.nation, count: nationCount, left: nationLeft },
          ],
          { playerMin, teamMin },
          forced,
        )
      : undefined;
  /**
   * The count minimum whose members the cards to come must hold the most coins for: a card to
   * come that is not one of them joins only beside them (their cheapest) and the cheapest others.
   */
  const neededMembers = (j: number, r: number): NeededMembers | undefined => {
    let needed: NeededMembers | undefined;
    for (let q = 0; q < counted.length; q += 1) {
      const need = (counted[q]?.scope === 'max' ? 0 : (counted[q]?.count ?? 0)) - (have[q] ?? 0);
      if (need <= 0 || need >= r) continue;
      const rest =
        (memberFloor[q]?.cheapest(j, need) ?? 0) + (fill[j * (slots + 1) + r - 1 - need] ?? Infinity);
      if (!needed || rest > needed.restOfOthers)
        needed = { member: member[q] as Uint8Array, restOfOthers: rest };
    }
    return needed;
  };
  const chemistryReachable = (j: number, r: number, budget: number): boolean => {
    if (!chemistry) return true;
    const reachable = chemistry.reachable(chosenCount, matchedNow, j, r, budget, neededMembers(j, r));
    workSinceClock += chemistry.takeWork();
    return reachable;
  };

  const countsReachable = (j: number, r: number): boolean => {
    for (let q = 0; q < counted.length; q += 1) {
      const rule = counted[q];
      const got = have[q] ?? 0;
      if (!rule) continue;
      if (rule.scope !== 'min' && got > rule.count) return false;
      if (rule.scope !== 'max' && got + Math.min(r, memberLeft[q]?.[j] ?? 0) < rule.count) return false;
    }
    for (let q = 0; q < groupRules.length; q += 1) {
      const rule = groupRules[q];
      if (rule?.kind === 'distinctGroups' && (distinctNow[q] ?? 0) > rule.value) return false;
    }
    for (let q = 0; q < distinctMin.length; q += 1)
      if ((distinctMinNow[q] ?? 0) + r < (distinctMin[q]?.value ?? 0)) return false;
    for (let q = 0; q < sameMin.length; q += 1) {
      const { ids, size } = sameMinIds[q] as { ids: Int32Array; size: number };
      const left = sameMinLeft[q] as Int32Array;
      const count = sameMinCount[q] as Int32Array;
      // A group without a chosen card ends with at most r of its members still to come.
      let most = Math.min(r, sameMinLargestLeft[q]?.[j] ?? 0);
      for (let k = 0; k < chosenCount; k += 1) {
        const g = ids[chosen[k] ?? 0] ?? 0;
        most = Math.max(most, (count[g] ?? 0) + Math.min(r, left[j * size + g] ?? 0));
      }
      if (most < (sameMin[q]?.value ?? 0)) return false;
    }
    return true;
  };

  /**
   * Whether card i can still join the chosen cards: its asset is unused, and no same-group maximum
   * or distinct-group maximum (or exact count) would be exceeded (a new group once the count of
   * groups is at its maximum).
   */
  const canJoin = (i: number): boolean => {
    if (assetUsed[asset.ids[i] ?? 0]) return false;
    for (let q = 0; q < groupRules.length; q += 1) {
      const rule = groupRules[q];
      const inGroup = groupCount[q]?.[groupIds[q]?.ids[i] ?? 0] ?? 0;
      if (
        rule?.kind === 'sameGroup'
          ? inGroup >= rule.value
          : inGroup === 0 && (distinctNow[q] ?? 0) >= (rule?.value ?? 0)
      )
        return false;
    }
    return true;
  };
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
    const placement = leafPlacement(problem, picked, { playerMin, teamMin });
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
    if (!countsReachable(j, r)) return;
    if (!membersWithin(j, r, best - 1e-9 - spent)) return;
    if (groupRules.length > 0 && r > 0 && !joinableWithin(j, r, best - 1e-9 - spent)) return;
    if (ratingWithin && !ratingWithin(chosen.subarray(0, chosenCount), j, r, best - 1e-9 - spent)) return;
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
      const lastNeeded = counted.findIndex((rule, q) => rule.scope !== 'max' && (have[q] ?? 0) < rule.count);
      for (let i = j; i < n && spent + (cost[i] ?? 0) < best && !aborted; i += 1) {
        if (assetUsed[asset.ids[i] ?? 0]) continue;
        // A count minimum one short takes only its members (the last card must be one).
        if (lastNeeded >= 0 && !member[lastNeeded]?.[i]) {
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
    const i = j;
    const a = asset.ids[i] ?? 0;
    const joins = !assetUsed[a] && addCard(i);
    if (joins) {
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
    for (let q = 0; q < groupRules.length; q += 1) {
      const rule = groupRules[q];
      const g = groupIds[q]?.ids[i] ?? 0;
      if (rule?.kind === 'sameGroup' && (groupCount[q]?.[g] ?? 0) + 1 > rule.value) return false;
    }
    const mustBeInPosition = i > fillersBefore && order?.exempt[i] !== 1;
    if (mustBeInPosition && !forced.push(i)) return false;
    pushed[chosenCount] = mustBeInPosition ? 1 : 0;
    assetUsed[asset.ids[i] ?? 0] = 1;
    chosen[chosenCount++] = i;
    matchedKnown[chosenCount] = 0;
    if (capable[i]) {
      bump(clubCount, club.ids[i] ?? 0, 1);
      bump(leagueCount, league.ids[i] ?? 0, 1);
      bump(nationCount, nation.ids[i] ?? 0, 1);
    }
    for (let q = 0; q < counted.length; q += 1) have[q] = (have[q] ?? 0) + (member[q]?.[i] ?? 0);
    countInGroups(groupIds, groupCount, distinctNow, i, 1);
    countInGroups(distinctMinIds, distinctMinCount, distinctMinNow, i, 1);
    countInGroups(sameMinIds, sameMinCount, sameMinGroups, i, 1);
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
    for (let q = 0; q < counted.length; q += 1) have[q] = (have[q] ?? 0) - (member[q]?.[i] ?? 0);
    countInGroups(groupIds, groupCount, distinctNow, i, -1);
    countInGroups(distinctMinIds, distinctMinCount, distinctMinNow, i, -1);
    countInGroups(sameMinIds, sameMinCount, sameMinGroups, i, -1);
  };

  visit(0, slots, 0);
  chargeWork(workSinceClock * WORK_MS.exactSearchWork);
  const counts = { nodes, leaves, work: workCharged + workSinceClock };
  return aborted
    ? { finished: false, ...counts, ...(answer ? { answer } : {}) }
    : { finished: true, bound: best, ...counts, ...(answer ? { answer } : {}) };
}

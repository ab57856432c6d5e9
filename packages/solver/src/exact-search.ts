/* eslint-disable max-lines -- one branch and bound: its pruning tests share the node's counts and chosen cards as closures, and splitting them would pass a dozen arrays around (the tables and leaf placement live apart) */
import {
  CHEMISTRY_THRESHOLDS,
  MAX_PLAYER_CHEMISTRY,
  chemistryProfileOf,
  evaluateSquad,
  groupIdOf,
  matchesCondition,
  normalizeClubId,
  type ChemistryProfile,
  type SbcRequirement,
  type SbcSlot,
} from '@tradedesk/domain';
import { BudgetedChemistryCeiling } from './budget-chemistry.js';
import { ChemistryGainCeiling, type GroupKindCounts } from './chemistry-gain.js';
import { reducePool } from './milp.js';
import { eligiblePlacement } from './eligible-placement.js';
import { placementCost } from './placement.js';
import type { Candidate, Problem } from './problem.js';
import { ratingCeiling } from './rating-ceiling.js';
import { scoreWindowOf } from './score-window.js';
import {
  bump,
  capSuffixCounts,
  countInGroups,
  denseIds,
  joinableFrom,
  suffixCounts,
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
/**
 * The budgeted chemistry ceiling (budget-chemistry.ts) is tried at nodes with at least this many
 * cards to come: near the root, where it cuts whole subtrees (Full House below 800: 20,473 →
 * 1,938 nodes with 7 to come); deeper its knapsacks cost more than the nodes they save.
 */
const BUDGETED_MIN_TO_COME = 7;
/** Work charged per budgeted ceiling besides its scan and knapsack cells. */
const BUDGETED_WORK = 16;
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

const pointsFor = (count: number, thresholds: readonly number[]) =>
  (count >= (thresholds[0] ?? Infinity) ? 1 : 0) +
  (count >= (thresholds[1] ?? Infinity) ? 1 : 0) +
  (count >= (thresholds[2] ?? Infinity) ? 1 : 0);

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
  const cards = [...pool].sort((a, b) => a.cost - b.cost);
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

  /**
   * Ceiling of card i's chemistry at node (j, r): each of its groups ends with at most its count
   * so far plus r more, and no more than the members left from j on (a card still to come is
   * itself among them).
   */
  const ceiling = (i: number, j: number, r: number): number => {
    const c = club.ids[i] ?? 0;
    const l = league.ids[i] ?? 0;
    const t = nation.ids[i] ?? 0;
    const clubs = (clubCount[c] ?? 0) + Math.min(r, clubLeft[j * club.size + c] ?? 0);
    const leagues = (leagueCount[l] ?? 0) + Math.min(r, leagueLeft[j * league.size + l] ?? 0);
    const nations = (nationCount[t] ?? 0) + Math.min(r, nationLeft[j * nation.size + t] ?? 0);
    return Math.min(
      MAX_PLAYER_CHEMISTRY,
      pointsFor(clubs, CHEMISTRY_THRESHOLDS.club) +
        pointsFor(leagues, CHEMISTRY_THRESHOLDS.league) +
        pointsFor(nations, CHEMISTRY_THRESHOLDS.nation),
    );
  };

  const mask = Int32Array.from(cards, (c) => c.positionMask);
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
  const chosenPoints = new Int32Array(slots);
  let workSinceClock = 0;
  const gainCeiling = new ChemistryGainCeiling(slots);
  const capableChosen = new Int32Array(slots);
  let leftAt = 0;
  const budgetedCeiling = new BudgetedChemistryCeiling(slots, [
    { thresholds: CHEMISTRY_THRESHOLDS.club, ids: club.ids, size: club.size, count: clubCount },
    { thresholds: CHEMISTRY_THRESHOLDS.league, ids: league.ids, size: league.size, count: leagueCount },
    { thresholds: CHEMISTRY_THRESHOLDS.nation, ids: nation.ids, size: nation.size, count: nationCount },
  ]);
  let fillAt = 0;
  const cardsToCome = { cost, capable, fill: (m: number) => fill[fillAt * (slots + 1) + m] ?? Infinity };
  const toComeCards = (j: number) => {
    fillAt = j;
    return cardsToCome;
  };
  const kinds: GroupKindCounts[] = [
    {
      thresholds: CHEMISTRY_THRESHOLDS.club,
      ids: club.ids,
      count: clubCount,
      left: (g) => clubLeft[leftAt * club.size + g] ?? 0,
    },
    {
      thresholds: CHEMISTRY_THRESHOLDS.league,
      ids: league.ids,
      count: leagueCount,
      left: (g) => leagueLeft[leftAt * league.size + g] ?? 0,
    },
    {
      thresholds: CHEMISTRY_THRESHOLDS.nation,
      ids: nation.ids,
      count: nationCount,
      left: (g) => nationLeft[leftAt * nation.size + g] ?? 0,
    },
  ];

  /**
   * Whether the chemistry minima can still be met from node (j, r) with `budget` left. The cards
   * in position at the end are a matchable set: at most a maximum matching's worth of the chosen
   * cards (their best ceilings) and at most r of the cards to come (their best affordable ones).
   */
  const chemistryReachable = (j: number, r: number, budget: number): boolean => {
    for (let k = 0; k < chosenCount; k += 1) {
      const i = chosen[k] ?? 0;
      const value = capable[i] ? ceiling(i, j, r) : 0;
      if (value < playerMin) return false;
      chosenPoints[k] = value;
    }
    const sorted = chosenPoints.subarray(0, chosenCount).sort().reverse();
    const matched = matchedNow();
    if (playerMin > 0 && matched < chosenCount) return false;
    if (playerMin > 0 && r > 0) {
      // Every chosen card is in position (matched), so all of them must reach the minimum.
      leftAt = j;
      workSinceClock += chosenCount * 4;
      if (!gainCeiling.canLiftAll(chosen, chosenCount, kinds, r, playerMin)) return false;
    }
    let total = 0;
    for (let k = 0; k < matched; k += 1) total += sorted[k] ?? 0;
    if (r === 0) return total >= teamMin;
    // The best r ceilings among the affordable cards still to come. The cards are sorted by
    // cost, so the first one past the budget ends the scan; r cards at the most any player can
    // have end it too.
    const byPoints = [0, 0, 0, 0];
    const rest = fill[j * (slots + 1) + r - 1] ?? 0;
    let i = j;
    for (; i < n && (cost[i] ?? 0) + rest <= budget && (byPoints[MAX_PLAYER_CHEMISTRY] ?? 0) < r; i += 1) {
      if (!capable[i] || assetUsed[asset.ids[i] ?? 0]) continue;
      const value = ceiling(i, j, r);
      if (value >= playerMin) byPoints[value] = (byPoints[value] ?? 0) + 1;
    }
    workSinceClock += i - j;
    let left = r;
    if (playerMin > 0 && byPoints.reduce((sum, count) => sum + count, 0) < r) return false;
    let toCome = 0;
    for (let value = MAX_PLAYER_CHEMISTRY; value > 0 && left > 0; value -= 1) {
      const take = Math.min(left, byPoints[value] ?? 0);
      toCome += take * value;
      left -= take;
    }
    if (total + toCome < teamMin) return false;
    // The per-card ceilings let every group gain r at once; the r cards to come share the r
    // increments of each kind (tried only where the per-card ceilings did not prune).
    let capableCount = 0;
    for (let k = 0; k < chosenCount; k += 1) {
      const c = chosen[k] ?? 0;
      if (capable[c]) capableChosen[capableCount++] = c;
    }
    leftAt = j;
    workSinceClock += capableCount * 4;
    total = Math.min(total, gainCeiling.chosenCeiling(capableChosen, capableCount, kinds, r));
    if (total + toCome < teamMin) return false;
    if (r < BUDGETED_MIN_TO_COME) return true;
    const budgeted = budgetedCeiling.ceiling(capableChosen, capableCount, toComeCards(j), j, r, budget);
    workSinceClock += budgeted.work + BUDGETED_WORK;
    return budgeted.chemistry >= teamMin;
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

  const relaxedSquad = (picked: readonly Candidate[]) => {
    const squadPositions = [...positions];
    const squadSlots: SbcSlot[] = positions.map((_, slot) => problem.bricks.get(slot) ?? null);
    picked.forEach((candidate, k) => {
      const slot = openSlots[k] ?? 0;
      squadSlots[slot] = candidate.card;
      const home = openSlots.find((s) => candidate.positionMask & (1 << s));
      if (home !== undefined) squadPositions[slot] = positions[home] ?? '';
    });
    return { positions: squadPositions, slots: squadSlots };
  };

  let best = upperBound;
  let answer: ExactSearchOutcome['answer'];
  let nodes = 0;
  let aborted = false;

  const leagueScratch = new Int32Array(league.size);
  const nationScratch = new Int32Array(nation.size);
  const clubScratch = new Int32Array(club.size);
  /** Base-profile chemistry of a set of in-position cards against the minima (a quick filter). */
  const chemistryHolds = (inPosition: readonly Candidate[]): boolean => {
    const at = inPosition.map((c) => cards.indexOf(c));
    for (const i of at) {
      bump(clubScratch, club.ids[i] ?? 0, 1);
      bump(leagueScratch, league.ids[i] ?? 0, 1);
      bump(nationScratch, nation.ids[i] ?? 0, 1);
    }
    let total = 0;
    let everyOne = inPosition.length === slots;
    for (const i of at) {
      const points = Math.min(
        MAX_PLAYER_CHEMISTRY,
        pointsFor(clubScratch[club.ids[i] ?? 0] ?? 0, CHEMISTRY_THRESHOLDS.club) +
          pointsFor(leagueScratch[league.ids[i] ?? 0] ?? 0, CHEMISTRY_THRESHOLDS.league) +
          pointsFor(nationScratch[nation.ids[i] ?? 0] ?? 0, CHEMISTRY_THRESHOLDS.nation),
      );
      total += points;
      if (points < playerMin) everyOne = false;
    }
    for (const i of at) {
      clubScratch[club.ids[i] ?? 0] = 0;
      leagueScratch[league.ids[i] ?? 0] = 0;
      nationScratch[nation.ids[i] ?? 0] = 0;
    }
    return total >= teamMin && (playerMin === 0 || everyOne);
  };

  let leaves = 0;
  let workCharged = 0;
  const leaf = (spent: number) => {
    leaves += 1;
    const picked = Array.from(chosen.subarray(0, chosenCount), (i) => cards[i] as Candidate);
    // The quick filter: nothing placed can beat every card in position.
    if (!evaluateSquad(relaxedSquad(picked), { operation: 'AND', requirements }).eligible) return;
    const placement = eligiblePlacement(problem, picked, chemistryHolds);
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
      if (workNow() > deadline) aborted = true;
    }
    if (aborted || nodes > nodeLimit) {
      aborted = true;
      return;
    }
    if (spent + (fill[j * (slots + 1) + r] ?? Infinity) >= best) return;
    if (!countsReachable(j, r)) return;
    if (groupRules.length > 0 && r > 0 && !joinableWithin(j, r, best - 1e-9 - spent)) return;
    if (ratingWithin && !ratingWithin(chosen.subarray(0, chosenCount), j, r, best - 1e-9 - spent)) return;
    if (teamMin > 0 && !chemistryReachable(j, r, best - 1e-9 - spent)) return;
    if (r === 0) {
      leaf(spent);
      return;
    }
    if (j >= n) return;
    if (r === 1) {
      // The last card: each affordable one is tried as a leaf directly (the skip branch would
      // repeat the node's tests once per card, each scanning the cards after it).
      for (let i = j; i < n && spent + (cost[i] ?? 0) < best && !aborted; i += 1) {
        if (assetUsed[asset.ids[i] ?? 0] || !addCard(i)) continue;
        visit(i + 1, 0, spent + (cost[i] ?? 0));
        removeCard(i);
      }
      return;
    }
    const i = j;
    const a = asset.ids[i] ?? 0;
    if (!assetUsed[a] && addCard(i)) {
      visit(j + 1, r - 1, spent + (cost[i] ?? 0));
      removeCard(i);
    }
    visit(j + 1, r, spent);
  };

  /** Adds card i to the counts; false (and nothing changed) when a maximum would be exceeded. */
  const addCard = (i: number): boolean => {
    for (let q = 0; q < groupRules.length; q += 1) {
      const rule = groupRules[q];
      const g = groupIds[q]?.ids[i] ?? 0;
      if (rule?.kind === 'sameGroup' && (groupCount[q]?.[g] ?? 0) + 1 > rule.value) return false;
    }
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

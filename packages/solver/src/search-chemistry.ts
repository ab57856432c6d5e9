/** The exact search's chemistry test: can the chemistry minima still be met from a node? */
import { MAX_PLAYER_CHEMISTRY } from '@tradedesk/domain';
import { BudgetedChemistryCeiling, type CardsToCome } from './budget-chemistry.js';
import { ChemistryGainCeiling, type GroupKindCounts } from './chemistry-gain.js';
import { pointsAt } from './chemistry-groups.js';
import { PositionedLeft, type NeededMembers } from './positioned-left.js';
import type { SlotMatching } from './slot-matching.js';

/**
 * The budgeted chemistry ceiling (budget-chemistry.ts) is tried at nodes with at least this many
 * cards to come: near the root, where it cuts whole subtrees (Full House below 800: 20,473 →
 * 1,938 nodes with 7 to come); deeper its knapsacks cost more than the nodes they save.
 */
const BUDGETED_MIN_TO_COME = 7;
/** Work charged per budgeted ceiling besides its scan and knapsack cells. */
const BUDGETED_WORK = 16;
/** One group kind as the search keeps it: the cards' groups, the chosen counts, the counts to come. */
export interface SearchKind {
  readonly thresholds: readonly number[];
  readonly ids: Int32Array;
  readonly size: number;
  /** In-position-capable chosen cards, by group (the search updates it). */
  readonly count: Int32Array;
  /** left[j * size + g]: capable members of g from card j on (capped where few can join). */
  readonly left: Int32Array;
}

/** The search's cards (sorted by cost) and its chosen set, shared by reference. */
export interface SearchCards {
  readonly slots: number;
  readonly cost: Float64Array;
  readonly capable: Uint8Array;
  readonly assetIds: Int32Array;
  readonly assetUsed: Uint8Array;
  /** fill[j * (slots + 1) + m]: the m cheapest costs from card j on. */
  readonly fill: Float64Array;
  readonly chosen: Int32Array;
}

/** The chemistry minima: every player at `playerMin`, the squad at `teamMin`. */
export interface ChemistryMinima {
  readonly playerMin: number;
  readonly teamMin: number;
  /** A team-rating minimum applies too (the test then waits for the last few cards). */
  readonly rated?: boolean;
}

/**
 * Where a team-rating minimum applies, the chemistry test runs only at nodes with at most this
 * many cards to come: before, the cards to come are the dear, high-rated ones the rating needs
 * and the ceilings let any of them link, so the test pruned almost nothing for most of the work.
 * Measured (Grand Finale's icon split below 4,440): at 4–6 to come it pruned 37 of 240,000
 * nodes, at 7–10 none; skipped there, the split's work fell 58.8 M → 18.6 M units for the same
 * nodes (with the rating jumps of `rating-ceiling.ts`).
 */
const RATED_MAX_TO_COME = 3;

/**
 * The search's chemistry pruning (see `exactSearch`): per-card ceilings with the best affordable
 * cards to come, the increments the cards to come share per kind (`ChemistryGainCeiling`), near
 * the root what the cards to come must cost (`BudgetedChemistryCeiling`).
 */
export class SearchChemistry {
  /** Work units done since the search last took them (`takeWork`). */
  private work = 0;
  private readonly chosenPoints: Int32Array;
  private readonly capableChosen: Int32Array;
  private readonly gainCeiling: ChemistryGainCeiling;
  private readonly budgetedCeiling: BudgetedChemistryCeiling;
  private readonly gainKinds: GroupKindCounts[];
  private leftAt = 0;
  private fillAt = 0;
  /** byPoints[v * n + k]: the k-th affordable card to come with ceiling v (v below the most). */
  private readonly byPoints: Int32Array;
  private readonly byPointsCount = new Int32Array(MAX_PLAYER_CHEMISTRY + 1);
  private readonly toCome: CardsToCome;
  private readonly positionedLeft: PositionedLeft;

  constructor(
    private readonly cards: SearchCards,
    private readonly kinds: readonly SearchKind[],
    private readonly minima: ChemistryMinima,
    /** The cards that must be in position (pushed); the cards to come in position join them. */
    private readonly inPosition: SlotMatching,
  ) {
    const { slots, cost, capable } = cards;
    this.chosenPoints = new Int32Array(slots);
    this.byPoints = new Int32Array(MAX_PLAYER_CHEMISTRY * cost.length);
    this.capableChosen = new Int32Array(slots);
    this.gainCeiling = new ChemistryGainCeiling(slots);
    this.budgetedCeiling = new BudgetedChemistryCeiling(slots, kinds);
    this.positionedLeft = new PositionedLeft(kinds, cost.length, inPosition);
    this.gainKinds = kinds.map((kind, k) => ({
      thresholds: kind.thresholds,
      ids: kind.ids,
      count: kind.count,
      left: (g: number) => this.leftOf(k, g, this.leftAt),
    }));
    this.toCome = {
      cost,
      capable,
      fill: (m: number) => cards.fill[this.fillAt * (slots + 1) + m] ?? Infinity,
    };
  }

  /** The work done since the last call (nodes' scans, knapsack cells), and resets it. */
  takeWork(): number {
    const work = this.work;
    this.work = 0;
    return work;
  }

  /**
   * Ceiling of card i's chemistry at node (j, r): each of its groups ends with at most its count
   * so far plus r more, and no more than the members left from j on (a card still to come is
   * itself among them).
   */
  private cardCeiling(i: number, j: number, r: number): number {
    let points = 0;
    for (let k = 0; k < this.kinds.length; k += 1) {
      const kind = this.kinds[k] as SearchKind;
      const g = kind.ids[i] ?? 0;
      points += pointsAt((kind.count[g] ?? 0) + Math.min(r, this.leftOf(k, g, j)), kind.thresholds);
    }
    return Math.min(MAX_PLAYER_CHEMISTRY, points);
  }

  /** The members group g can still gain at node j: those left, and at most those in position. */
  private leftOf(kind: number, g: number, j: number): number {
    const { size, left } = this.kinds[kind] as SearchKind;
    return Math.min(left[j * size + g] ?? 0, this.positionedLeft.left(kind, g));
  }

  /**
   * The most chemistry r affordable cards to come can bring (−1 when fewer than r of them can
   * reach `playerMin` where it is above 0). The ones in position are matchable beside the cards
   * that must be (`inPosition`): the heaviest such set of at most r, by the matroid greedy over
   * their ceilings, among the node's affordable cards that fit (`PositionedLeft`); r cards at the
   * most any player can have end the scan.
   */
  private toComeCeiling(j: number, r: number): number {
    const { playerMin } = this.minima;
    const { inPosition, byPoints, byPointsCount } = this;
    const { affordable, affordableCount } = this.positionedLeft;
    const n = this.cards.cost.length;
    byPointsCount.fill(0);
    inPosition.beginGreedy();
    let taken = 0;
    let toCome = 0;
    let k = 0;
    for (; k < affordableCount && taken < r; k += 1) {
      const i = affordable[k] ?? 0;
      const value = this.cardCeiling(i, j, r);
      if (value < playerMin || value === 0) continue;
      if (value < MAX_PLAYER_CHEMISTRY) {
        byPoints[(value - 1) * n + (byPointsCount[value] ?? 0)] = i;
        byPointsCount[value] = (byPointsCount[value] ?? 0) + 1;
      } else if (inPosition.tryTake(i)) {
        taken += 1;
        toCome += value;
      }
    }
    for (let value = MAX_PLAYER_CHEMISTRY - 1; value > 0 && taken < r; value -= 1)
      for (let k = 0; k < (byPointsCount[value] ?? 0) && taken < r; k += 1)
        if (inPosition.tryTake(byPoints[(value - 1) * n + k] ?? 0)) {
          taken += 1;
          toCome += value;
        }
    this.work += k + inPosition.takeWork();
    return playerMin > 0 && taken < r ? -1 : toCome;
  }

  /**
   * Whether the chemistry minima can still be met from node (j, r) with `budget` left, the first
   * `chosenCount` cards of `chosen` picked. The cards in position at the end are a matchable set:
   * at most a maximum matching's worth (`matched()`) of the chosen cards (their best ceilings)
   * and at most r of the cards to come (their best affordable ones, matchable beside the cards
   * that must be in position); a group gains only members to come that can stand in position.
   */
  reachable(
    chosenCount: number,
    matched: () => number,
    j: number,
    r: number,
    budget: number,
    needed?: NeededMembers,
  ): boolean {
    const { chosen, capable, fill, slots } = this.cards;
    const { playerMin, teamMin, rated } = this.minima;
    if (rated && r > RATED_MAX_TO_COME) return true;
    if (r > 0) {
      this.positionedLeft.update(this.cards, j, r, budget, fill[j * (slots + 1) + r - 1] ?? 0, needed);
      this.work += this.positionedLeft.takeWork();
    }
    for (let k = 0; k < chosenCount; k += 1) {
      const i = chosen[k] ?? 0;
      const value = capable[i] ? this.cardCeiling(i, j, r) : 0;
      if (value < playerMin) return false;
      this.chosenPoints[k] = value;
    }
    const sorted = this.chosenPoints.subarray(0, chosenCount).sort().reverse();
    const inPosition = matched();
    if (playerMin > 0 && inPosition < chosenCount) return false;
    if (playerMin > 0 && r > 0) {
      // Every chosen card is in position (matched), so all of them must reach the minimum.
      this.leftAt = j;
      this.work += chosenCount * 4;
      if (!this.gainCeiling.canLiftAll(chosen, chosenCount, this.gainKinds, r, playerMin)) return false;
    }
    let total = 0;
    for (let k = 0; k < inPosition; k += 1) total += sorted[k] ?? 0;
    if (r === 0) return total >= teamMin;
    const toCome = this.toComeCeiling(j, r);
    if (toCome < 0 || total + toCome < teamMin) return false;
    // The per-card ceilings let every group gain r at once; the r cards to come share the r
    // increments of each kind (tried only where the per-card ceilings did not prune).
    let capableCount = 0;
    for (let k = 0; k < chosenCount; k += 1) {
      const c = chosen[k] ?? 0;
      if (capable[c]) this.capableChosen[capableCount++] = c;
    }
    this.leftAt = j;
    this.work += capableCount * 4;
    const chosenCeiling = this.gainCeiling.chosenCeiling(this.capableChosen, capableCount, this.gainKinds, r);
    total = Math.min(total, chosenCeiling);
    if (total + toCome < teamMin) return false;
    if (r < BUDGETED_MIN_TO_COME) return true;
    this.fillAt = j;
    const budgeted = this.budgetedCeiling.ceiling(
      this.capableChosen,
      capableCount,
      this.toCome,
      j,
      r,
      budget,
    );
    this.work += budgeted.work + BUDGETED_WORK;
    return budgeted.chemistry >= teamMin;
  }
}

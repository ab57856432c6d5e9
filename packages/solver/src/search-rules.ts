/**
 * The count rules the exact search tests as it branches (exact-search.ts): player counts, the
 * same-group and distinct-group maxima, and the distinct-group and same-group minima. It keeps
 * each rule's counts for the cards chosen so far; every player counts, in position or not.
 */
import { groupIdOf, matchesCondition, type SbcRequirement } from '@tradedesk/domain';
import type { NeededMembers } from './positioned-left.js';
import type { Candidate } from './problem.js';
import { countInGroups, denseIds, MemberFloor, suffixCounts } from './search-counts.js';

type SameGroup = Extract<SbcRequirement, { kind: 'sameGroup' }>;
type DistinctGroups = Extract<SbcRequirement, { kind: 'distinctGroups' }>;
type Players = Extract<SbcRequirement, { kind: 'players' }>;
type GroupIds = { ids: Int32Array; size: number };

export class SearchRules {
  /** The player-count rules, and each card's membership of each. */
  private readonly counted: Players[];
  private readonly member: Uint8Array[];
  /** memberLeft[q][j]: rule q's members from card j on. */
  private readonly memberLeft: Int32Array[];
  private readonly have: Int32Array;
  private readonly memberFloor: MemberFloor[];
  /** Same-group maxima and distinct-group maxima (or exact counts). */
  private readonly groupRules: (SameGroup | DistinctGroups)[];
  private readonly groupIds: GroupIds[];
  private readonly groupCount: Int32Array[];
  private readonly distinctNow: Int32Array;
  private readonly distinctMin: DistinctGroups[];
  private readonly distinctMinIds: GroupIds[];
  private readonly distinctMinCount: Int32Array[];
  private readonly distinctMinNow: Int32Array;
  /** "Same club/league/nation: min X": some group must still be able to reach X players. */
  private readonly sameMin: SameGroup[];
  private readonly sameMinIds: GroupIds[];
  private readonly sameMinCount: Int32Array[];
  private readonly sameMinGroups: Int32Array;
  private readonly sameMinLeft: Int32Array[];
  /** sameMinLargestLeft[q][j]: the most cards of one group from card j on. */
  private readonly sameMinLargestLeft: Int32Array[];

  constructor(
    requirements: readonly SbcRequirement[],
    cards: readonly Candidate[],
    cost: Float64Array,
    /** The r cheapest costs among cards j.. (a floor on any completion). */
    private readonly fill: (j: number, r: number) => number,
  ) {
    const n = cards.length;
    const groupsOf = (group: SameGroup['group']) => denseIds(cards.map((c) => groupIdOf(c.card, group)));
    this.counted = requirements.filter((r): r is Players => r.kind === 'players');
    this.member = this.counted.map((r) =>
      Uint8Array.from(cards, (c) => (r.conditions.every((cond) => matchesCondition(c.card, cond)) ? 1 : 0)),
    );
    this.memberLeft = this.member.map((bits) => {
      const left = new Int32Array(n + 1);
      for (let j = n - 1; j >= 0; j -= 1) left[j] = (left[j + 1] ?? 0) + (bits[j] ?? 0);
      return left;
    });
    this.have = new Int32Array(this.counted.length);
    this.memberFloor = this.member.map((bits) => new MemberFloor(cost, bits));
    this.groupRules = requirements.filter(
      (r): r is SameGroup | DistinctGroups =>
        (r.kind === 'sameGroup' && r.scope !== 'min') || (r.kind === 'distinctGroups' && r.scope !== 'min'),
    );
    this.groupIds = this.groupRules.map((r) => groupsOf(r.group));
    this.groupCount = this.groupIds.map(({ size }) => new Int32Array(size));
    this.distinctNow = new Int32Array(this.groupRules.length);
    this.distinctMin = requirements.filter(
      (r): r is DistinctGroups => r.kind === 'distinctGroups' && r.scope !== 'max',
    );
    this.distinctMinIds = this.distinctMin.map((r) => groupsOf(r.group));
    this.distinctMinCount = this.distinctMinIds.map(({ size }) => new Int32Array(size));
    this.distinctMinNow = new Int32Array(this.distinctMin.length);
    this.sameMin = requirements.filter((r): r is SameGroup => r.kind === 'sameGroup' && r.scope !== 'max');
    this.sameMinIds = this.sameMin.map((r) => groupsOf(r.group));
    this.sameMinCount = this.sameMinIds.map(({ size }) => new Int32Array(size));
    this.sameMinGroups = new Int32Array(this.sameMin.length);
    this.sameMinLeft = this.sameMinIds.map(({ ids, size }) => suffixCounts(ids, size, () => true));
    this.sameMinLargestLeft = this.sameMinIds.map(({ size }, q) =>
      Int32Array.from({ length: n + 1 }, (_, j) => {
        let most = 0;
        for (let g = 0; g < size; g += 1) most = Math.max(most, this.sameMinLeft[q]?.[j * size + g] ?? 0);
        return most;
      }),
    );
  }

  /** Whether a maximum or an exact count of groups can bar a card (then `canJoin` is worth asking). */
  get hasGroupMaxima(): boolean {
    return this.groupRules.length > 0;
  }

  /** How many members count rule q still needs (0 for a maximum, or once met). */
  private needOf(q: number): number {
    const rule = this.counted[q];
    return (rule?.scope === 'max' ? 0 : (rule?.count ?? 0)) - (this.have[q] ?? 0);
  }

  /**
   * The count minimum one member short, if any: with one card to come, that card must be one of
   * its members (`isMember`).
   */
  oneShort(): number {
    return this.counted.findIndex((rule, q) => rule.scope !== 'max' && (this.have[q] ?? 0) < rule.count);
  }

  isMember(q: number, i: number): boolean {
    return this.member[q]?.[i] === 1;
  }

  /**
   * Whether the cards to come fit the budget with the members each count minimum still needs: the
   * cheapest of those members, plus the cheapest cards for the rest (the cheapest r alone may
   * hold none: Gunners' one Arsenal card costs 228, its owned fodder 49–150).
   */
  membersWithin(j: number, r: number, budget: number): boolean {
    for (let q = 0; q < this.counted.length; q += 1) {
      const need = this.needOf(q);
      if (need <= 0 || need > r) continue;
      const least = (this.memberFloor[q]?.cheapest(j, need) ?? 0) + this.fill(j, r - need);
      if (least > budget) return false;
    }
    return true;
  }

  /**
   * The count minimum whose members the cards to come must hold the most coins for: a card to
   * come that is not one of them joins only beside them (their cheapest) and the cheapest others.
   */
  neededMembers(j: number, r: number): NeededMembers | undefined {
    let needed: NeededMembers | undefined;
    for (let q = 0; q < this.counted.length; q += 1) {
      const need = this.needOf(q);
      if (need <= 0 || need >= r) continue;
      const rest = (this.memberFloor[q]?.cheapest(j, need) ?? 0) + this.fill(j, r - 1 - need);
      if (!needed || rest > needed.restOfOthers)
        needed = { member: this.member[q] as Uint8Array, restOfOthers: rest };
    }
    return needed;
  }

  /** Whether the chosen cards and r more from card j on can still meet every count rule. */
  reachable(j: number, r: number, chosen: Int32Array, chosenCount: number): boolean {
    for (let q = 0; q < this.counted.length; q += 1) {
      const rule = this.counted[q];
      const got = this.have[q] ?? 0;
      if (!rule) continue;
      if (rule.scope !== 'min' && got > rule.count) return false;
      if (rule.scope !== 'max' && got + Math.min(r, this.memberLeft[q]?.[j] ?? 0) < rule.count) return false;
    }
    for (let q = 0; q < this.groupRules.length; q += 1) {
      const rule = this.groupRules[q];
      if (rule?.kind === 'distinctGroups' && (this.distinctNow[q] ?? 0) > rule.value) return false;
    }
    for (let q = 0; q < this.distinctMin.length; q += 1)
      if ((this.distinctMinNow[q] ?? 0) + r < (this.distinctMin[q]?.value ?? 0)) return false;
    for (let q = 0; q < this.sameMin.length; q += 1) {
      const { ids, size } = this.sameMinIds[q] as GroupIds;
      const left = this.sameMinLeft[q] as Int32Array;
      const count = this.sameMinCount[q] as Int32Array;
      // A group without a chosen card ends with at most r of its members still to come.
      let most = Math.min(r, this.sameMinLargestLeft[q]?.[j] ?? 0);
      for (let k = 0; k < chosenCount; k += 1) {
        const g = ids[chosen[k] ?? 0] ?? 0;
        most = Math.max(most, (count[g] ?? 0) + Math.min(r, left[j * size + g] ?? 0));
      }
      if (most < (this.sameMin[q]?.value ?? 0)) return false;
    }
    return true;
  }

  /**
   * Whether card i's groups have room: no same-group maximum or distinct-group maximum (or exact
   * count) would be exceeded (a new group once the count of groups is at its maximum).
   */
  canJoin(i: number): boolean {
    for (let q = 0; q < this.groupRules.length; q += 1) {
      const rule = this.groupRules[q];
      const inGroup = this.groupCount[q]?.[this.groupIds[q]?.ids[i] ?? 0] ?? 0;
      if (
        rule?.kind === 'sameGroup'
          ? inGroup >= rule.value
          : inGroup === 0 && (this.distinctNow[q] ?? 0) >= (rule?.value ?? 0)
      )
        return false;
    }
    return true;
  }

  /** Whether card i fits every same-group maximum (asked before it is added). */
  fitsSameGroupMaxima(i: number): boolean {
    for (let q = 0; q < this.groupRules.length; q += 1) {
      const rule = this.groupRules[q];
      const g = this.groupIds[q]?.ids[i] ?? 0;
      if (rule?.kind === 'sameGroup' && (this.groupCount[q]?.[g] ?? 0) + 1 > rule.value) return false;
    }
    return true;
  }

  /** Counts card i in (1) or out (−1). */
  count(i: number, delta: 1 | -1): void {
    for (let q = 0; q < this.counted.length; q += 1)
      this.have[q] = (this.have[q] ?? 0) + delta * (this.member[q]?.[i] ?? 0);
    countInGroups(this.groupIds, this.groupCount, this.distinctNow, i, delta);
    countInGroups(this.distinctMinIds, this.distinctMinCount, this.distinctMinNow, i, delta);
    countInGroups(this.sameMinIds, this.sameMinCount, this.sameMinGroups, i, delta);
  }
}

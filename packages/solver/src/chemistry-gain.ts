import { MAX_PLAYER_CHEMISTRY } from '@tradedesk/domain';
import { pointsAt } from './chemistry-groups.js';

/** One group kind (club, league or nation) as the exact search counts it. */
export interface GroupKindCounts {
  readonly thresholds: readonly number[];
  /** The card's group, by card index. */
  readonly ids: Int32Array;
  /** In-position cards chosen so far, by group. */
  readonly count: Int32Array;
  /** The most cards the group can still gain (its members still to come), by group. */
  readonly left: (group: number) => number;
}

/** Scratch arrays reused across calls (the search calls this at every node). */
export class ChemistryGainCeiling {
  private readonly headroom: Int32Array;
  private readonly groups: Int32Array;
  private readonly best: Int32Array;
  private readonly next: Int32Array;

  constructor(slots: number) {
    this.headroom = new Int32Array(slots);
    this.groups = new Int32Array(slots);
    this.best = new Int32Array(slots + 1);
    this.next = new Int32Array(slots + 1);
  }

  /**
   * A ceiling on the chemistry the chosen cards (base profiles, all counted in position) can end
   * with when at most `r` more cards join. Each card to come adds one member to one group of each
   * kind, so a kind's groups share r increments between them: the chosen players gain at most the
   * best split of r increments per kind (a knapsack over the kind's groups, each member's gain
   * capped by his headroom to 3), and a player's gains over the kinds add up to at most what each
   * kind gave him. Where the per-card ceilings let every group gain r at once, this lets only one.
   */
  chosenCeiling(
    chosen: ArrayLike<number>,
    count: number,
    kinds: readonly GroupKindCounts[],
    r: number,
  ): number {
    let total = this.pointsNow(chosen, count, kinds, MAX_PLAYER_CHEMISTRY);
    if (r === 0) return total;
    for (const kind of kinds) total += this.kindGain(chosen, count, kind, r);
    return total;
  }

  /**
   * Whether r more cards can still lift every chosen player to `least` points: the players below
   * it are short by some points in all, and the best split of the increments per kind (each
   * member's gain capped by what he is short) must make that up.
   */
  canLiftAll(
    chosen: ArrayLike<number>,
    count: number,
    kinds: readonly GroupKindCounts[],
    r: number,
    least: number,
  ): boolean {
    const target = Math.min(MAX_PLAYER_CHEMISTRY, least);
    let short = target * count - this.pointsNow(chosen, count, kinds, target);
    if (short <= 0) return true;
    if (r === 0) return false;
    for (const kind of kinds) short -= this.kindGain(chosen, count, kind, r);
    return short <= 0;
  }

  /** Each chosen player's points now, capped at `target`, summed; his headroom up to `target`. */
  private pointsNow(
    chosen: ArrayLike<number>,
    count: number,
    kinds: readonly GroupKindCounts[],
    target: number,
  ) {
    let total = 0;
    for (let k = 0; k < count; k += 1) {
      const i = chosen[k] ?? 0;
      let points = 0;
      for (const kind of kinds) points += pointsAt(kind.count[kind.ids[i] ?? 0] ?? 0, kind.thresholds);
      const capped = Math.min(target, points);
      this.headroom[k] = target - capped;
      total += capped;
    }
    return total;
  }

  /** The most the chosen players gain from r increments shared among one kind's groups. */
  private kindGain(chosen: ArrayLike<number>, count: number, kind: GroupKindCounts, r: number): number {
    let distinct = 0;
    for (let k = 0; k < count; k += 1) {
      const g = kind.ids[chosen[k] ?? 0] ?? 0;
      let seen = false;
      for (let d = 0; d < distinct; d += 1) if (this.groups[d] === g) seen = true;
      if (!seen) this.groups[distinct++] = g;
    }
    const best = this.best;
    const next = this.next;
    best.fill(0, 0, r + 1);
    for (let d = 0; d < distinct; d += 1) {
      const g = this.groups[d] ?? 0;
      const now = kind.count[g] ?? 0;
      const base = pointsAt(now, kind.thresholds);
      const most = Math.min(r, kind.left(g));
      next.set(best.subarray(0, r + 1));
      for (let add = 1; add <= most; add += 1) {
        const step = pointsAt(now + add, kind.thresholds) - base;
        if (step === 0) continue;
        let gain = 0;
        for (let k = 0; k < count; k += 1)
          if (kind.ids[chosen[k] ?? 0] === g) gain += Math.min(this.headroom[k] ?? 0, step);
        for (let used = add; used <= r; used += 1) {
          const value = (best[used - add] ?? 0) + gain;
          if (value > (next[used] ?? 0)) next[used] = value;
        }
      }
      best.set(next.subarray(0, r + 1));
    }
    let most = 0;
    for (let used = 0; used <= r; used += 1) most = Math.max(most, best[used] ?? 0);
    return most;
  }
}

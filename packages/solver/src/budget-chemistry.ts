import { MAX_PLAYER_CHEMISTRY } from '@tradedesk/domain';
import { pointsAt } from './chemistry-groups.js';

/** One group kind (club, league or nation) as the exact search counts it. */
export interface BudgetKind {
  readonly thresholds: readonly number[];
  /** The card's group, by card index. */
  readonly ids: Int32Array;
  /** How many groups the kind has (ids are 0 .. size − 1). */
  readonly size: number;
  /** In-position cards chosen so far, by group. */
  readonly count: Int32Array;
}

/** The cards from which the ones to come are drawn: sorted by cost, cheapest first. */
export interface CardsToCome {
  readonly cost: Float64Array;
  /** 1 where the card has a formation position (only those get chemistry). */
  readonly capable: Uint8Array;
  /** The cheapest `m` costs among the cards from the node's first card on (a floor on any m of them). */
  readonly fill: (m: number) => number;
}

/** Knapsack cells updated per unit of search work (a cell is a compare and a store). */
const CELLS_PER_WORK = 64;
/** The most chemistry one kind can give a squad of 11: 3 per player. */
const KIND_VALUES = 3 * 11;

/**
 * A ceiling on a squad's chemistry when r more cards, costing at most `budget` together, join the
 * chosen ones. Points only come from groups at a threshold, and the cards that fill a group cost
 * what its cheapest members to come cost: per kind, a knapsack over the groups chooses how many of
 * the r cards each group gets (a cards of group g cost at least g's a cheapest members; the cards
 * in no such group, at least the cheapest others), and its value is what the chosen players gain
 * (each capped by his headroom to 3) plus what the cards to come get from the kind. The squad's
 * chemistry is at most the chosen players' points now plus the best value of each kind within the
 * budget (each kind may spend the whole budget: a relaxation, so the bound is sound). Where the
 * per-card ceilings let every affordable card to come reach 3 points, this charges the members
 * that a group needs to reach its threshold, so deep in the search, with little left to spend, it
 * rules out the branches whose chemistry would need dearer cards.
 */
export class BudgetedChemistryCeiling {
  private readonly headroom: Int32Array;
  /** Per kind, 1 for the groups with a member among the cards to come (listed in `touched`). */
  private readonly seen: Uint8Array[];
  private readonly touched: Int32Array[];
  private readonly touchedCount: Int32Array;
  private readonly members: Float64Array[];
  private readonly memberCount: Int32Array[];
  private readonly best: Float64Array;
  private readonly next: Float64Array;
  private readonly gain: Int32Array;
  private cells = 0;

  constructor(
    private readonly slots: number,
    private readonly kinds: readonly BudgetKind[],
  ) {
    this.headroom = new Int32Array(slots);
    this.seen = kinds.map((kind) => new Uint8Array(kind.size));
    this.touched = kinds.map((kind) => new Int32Array(kind.size));
    this.touchedCount = new Int32Array(kinds.length);
    this.members = kinds.map((kind) => new Float64Array(kind.size * slots));
    this.memberCount = kinds.map((kind) => new Int32Array(kind.size));
    this.best = new Float64Array((slots + 1) * (KIND_VALUES + 1));
    this.next = new Float64Array((slots + 1) * (KIND_VALUES + 1));
    this.gain = new Int32Array(slots + 1);
  }

  /**
   * The ceiling for the chosen cards (capable ones: counted in position) when r of the cards from
   * index j on join for at most `budget`, and the work done (cards scanned, knapsack cells).
   */
  ceiling(
    chosen: ArrayLike<number>,
    count: number,
    cards: CardsToCome,
    j: number,
    r: number,
    budget: number,
  ): { readonly chemistry: number; readonly work: number } {
    const { kinds } = this;
    let now = 0;
    for (let k = 0; k < count; k += 1) {
      const i = chosen[k] ?? 0;
      let points = 0;
      for (const kind of kinds) points += pointsAt(kind.count[kind.ids[i] ?? 0] ?? 0, kind.thresholds);
      const capped = Math.min(MAX_PLAYER_CHEMISTRY, points);
      this.headroom[k] = MAX_PLAYER_CHEMISTRY - capped;
      now += capped;
    }
    if (r === 0) return { chemistry: now, work: 0 };
    const scanned = this.collectMembers(cards, j, r, budget);
    this.cells = 0;
    let total = now;
    for (let q = 0; q < kinds.length; q += 1) total += this.kindValue(q, chosen, count, cards, r, budget);
    for (let q = 0; q < kinds.length; q += 1) this.release(q);
    return {
      chemistry: Math.min(total, MAX_PLAYER_CHEMISTRY * (count + r)),
      work: scanned + this.cells / CELLS_PER_WORK,
    };
  }

  /**
   * Per kind and group, the costs of its cheapest r capable members that any r cards within the
   * budget can include (a card dearer than the budget less the r − 1 cheapest others cannot).
   */
  private collectMembers(cards: CardsToCome, j: number, r: number, budget: number): number {
    const { cost, capable } = cards;
    const others = cards.fill(r - 1);
    let i = j;
    for (; i < cost.length && (cost[i] ?? 0) + others <= budget; i += 1) {
      if (!capable[i]) continue;
      for (let q = 0; q < this.kinds.length; q += 1) {
        const g = this.kinds[q]?.ids[i] ?? 0;
        const seen = this.seen[q] as Uint8Array;
        if (!seen[g]) {
          seen[g] = 1;
          (this.touched[q] as Int32Array)[this.touchedCount[q] ?? 0] = g;
          this.touchedCount[q] = (this.touchedCount[q] ?? 0) + 1;
        }
        const memberCount = this.memberCount[q] as Int32Array;
        const had = memberCount[g] ?? 0;
        if (had < r) {
          (this.members[q] as Float64Array)[g * this.slots + had] = cost[i] ?? 0;
          memberCount[g] = had + 1;
        }
      }
    }
    return i - j;
  }

  private release(q: number): void {
    const touched = this.touched[q] as Int32Array;
    const seen = this.seen[q] as Uint8Array;
    const memberCount = this.memberCount[q] as Int32Array;
    for (let t = 0; t < (this.touchedCount[q] ?? 0); t += 1) {
      const g = touched[t] ?? 0;
      seen[g] = 0;
      memberCount[g] = 0;
    }
    this.touchedCount[q] = 0;
  }

  /** The most one kind adds to the chosen players' points now, within r cards and the budget. */
  private kindValue(
    q: number,
    chosen: ArrayLike<number>,
    count: number,
    cards: CardsToCome,
    r: number,
    budget: number,
  ): number {
    const kind = this.kinds[q] as BudgetKind;
    const width = KIND_VALUES + 1;
    const { best, next, gain } = this;
    best.fill(Infinity, 0, (r + 1) * width);
    best[0] = 0;
    const touched = this.touched[q] as Int32Array;
    const members = this.members[q] as Float64Array;
    const memberCount = this.memberCount[q] as Int32Array;
    for (let t = 0; t < (this.touchedCount[q] ?? 0); t += 1) {
      const g = touched[t] ?? 0;
      const had = kind.count[g] ?? 0;
      const base = pointsAt(had, kind.thresholds);
      const most = memberCount[g] ?? 0;
      let any = false;
      for (let add = 1; add <= most; add += 1) {
        const step = pointsAt(had + add, kind.thresholds) - base;
        let value = add * pointsAt(had + add, kind.thresholds);
        if (step > 0)
          for (let k = 0; k < count; k += 1)
            if (kind.ids[chosen[k] ?? 0] === g) value += Math.min(this.headroom[k] ?? 0, step);
        gain[add] = value;
        if (value > 0) any = true;
      }
      // A group none of whose fillings is worth a point adds nothing: its cards count as others.
      if (!any) continue;
      next.set(best.subarray(0, (r + 1) * width));
      let spent = 0;
      for (let add = 1; add <= most; add += 1) {
        spent += members[g * this.slots + add - 1] ?? 0;
        const value = gain[add] ?? 0;
        if (value === 0) continue;
        this.cells += (r - add + 1) * (KIND_VALUES + 1);
        for (let used = add; used <= r; used += 1) {
          const from = (used - add) * width;
          const to = used * width;
          for (let v = 0; v <= KIND_VALUES; v += 1) {
            const before = best[from + v] ?? Infinity;
            if (before === Infinity) continue;
            const cell = to + Math.min(KIND_VALUES, v + value);
            const paid = before + spent;
            if (paid < (next[cell] ?? Infinity)) next[cell] = paid;
          }
        }
      }
      best.set(next.subarray(0, (r + 1) * width));
    }
    let most = 0;
    for (let used = 0; used <= r; used += 1) {
      const others = cards.fill(r - used);
      for (let v = KIND_VALUES; v > most; v -= 1)
        if ((best[used * width + v] ?? Infinity) + others <= budget) {
          most = v;
          break;
        }
    }
    return most;
  }
}

/* eslint-disable max-lines -- one relaxation: its evaluation, the subgradient that tunes it and the recorded picks share the multipliers and scratch arrays */
import { MAX_PLAYER_CHEMISTRY } from '@tradedesk/domain';
import { pointsAt } from './chemistry-groups.js';

/** One group kind (club, league or nation) over the search's cards. */
export interface LagrangianKind {
  readonly thresholds: readonly number[];
  /** The card's group, by card index (0 .. size − 1). */
  readonly ids: Int32Array;
  readonly size: number;
}

/**
 * The cards the search draws from, sorted by cost, cheapest first. From `tailFrom` on (the
 * floor-price cards, usually) at most `tailMost` can be in any squad below the bound; those share
 * one set of multipliers, so only each group's cheapest ones matter.
 */
export interface LagrangianCards {
  readonly cost: Float64Array;
  /** 1 where the card has a formation position (only those get chemistry or count in a group). */
  readonly capable: Uint8Array;
  readonly tailFrom?: number;
  readonly tailMost?: number;
  /** The cards' formation slots (bits); given, a card may also be picked out of position. */
  readonly masks?: Int32Array;
}

/** What one evaluation found: the ceiling and the knapsack cells it filled (its work). */
export interface LagrangianCeilingValue {
  readonly chemistry: number;
  readonly cells: number;
}

const LEVELS = MAX_PLAYER_CHEMISTRY + 1;
/** Groups above this many members are sorted by the engine's sort, the others by insertion. */
const LARGE_GROUP = 48;
/** How far below the target the Polyak steps aim (chemistry points). */
const POLYAK_MARGIN = 0.5;
/** Subgradient steps without a better ceiling before the step length is halved. */
const PATIENCE = 12;
/** Budget prices tried (in chemistry points per average card cost) before the subgradient. */
const PRICE_GRID = [0, 0.25, 0.5, 1, 1.5, 2, 3, 4, 6];

/**
 * A ceiling on a squad's chemistry that couples club, league and nation through the cards
 * themselves (issue 28), for the exact search: can r cards from index j on, costing at most
 * `budget`, lift the chosen ones to the chemistry minimum?
 *
 * A player's chemistry is min(3, s), s his club, league and nation points. For any ν in [0, 1]
 * and cap c, min(c, s) ≤ c·ν + (1 − ν)·s, so with a weight ν_i per card Σ min(c, chemistry) is at
 * most Σ c·ν_i + Σ_kind Σ_group points(group count)·Σ_members (1 − ν_i): one term per kind. A price
 * μ ≥ 0 on the budget adds μ·(budget − cost), ≥ 0 for any affordable completion. The per-card
 * terms c·ν_i − μ·cost_i are shared among the kinds by shifts that sum to them (a Lagrangian
 * decomposition of "the three kinds pick the same cards"), and then each kind picks its own r
 * cards: a knapsack over its groups (how many cards each gets; for a given count the group's
 * level is fixed, so its best members are the top ones by one key), with at most `tailMost` of
 * them from the tail. Every ν, μ and shift gives a sound ceiling; `tune` picks them at the root
 * by a subgradient descent and the nodes reuse them. Every card with a position counts in
 * position, and asset uniqueness is dropped: both only raise the ceiling.
 */
export class LagrangianChemistryCeiling {
  private readonly n: number;
  private readonly slots: number;
  private readonly kindCount: number;
  /** Cards before this index have their own multipliers; the rest (the tail) share one set. */
  private readonly headEnd: number;
  private readonly tailMost: number;
  private readonly nu: Float64Array;
  /** Kind-major shifts of the per-card term (head cards); they sum to zero over the kinds. */
  private readonly shift: Float64Array;
  private tailNu = 0;
  private readonly tailShift: Float64Array;
  private mu = 0;
  /** Head members of each group, per kind (CSR; the cards with no position form the group `size`). */
  private readonly groupStart: Int32Array[];
  /** Per kind and level, each group's head members ordered by level·(1 − ν) + π, best first. */
  private readonly order: Int32Array[][];
  private readonly lastHead: Int32Array[];
  /** Per kind, tailCost[g * (tailMost + 1) + t]: the t cheapest tail members of g (Infinity: fewer). */
  private readonly tailCost: Float64Array[];
  private readonly key: Float64Array;
  // Scratch (the search calls `ceiling` at many nodes).
  private readonly chosenInGroup: Int32Array[];
  private readonly chosenWeight: Float64Array[];
  /** dp[u * (tailMost + 1) + t]: the best value of u cards, t of them from the tail. */
  private readonly dp: Float64Array;
  /** headSum[level * (slots + 1) + a]: the group's best a head members' keys at that level. */
  private readonly headSum: Float64Array;
  private readonly choice: Int32Array;
  private readonly visited: Int32Array;
  private readonly picked: Uint8Array;
  private readonly pickedLevel: Int8Array;
  private readonly tailPicks: Int32Array;
  private readonly tailLevels: Int32Array;
  private cells = 0;
  /** Position classes: each distinct mask's slots hold at most its bit count in position. */
  private readonly classMask: Int32Array;
  private readonly classSize: Int32Array;
  private readonly rho: Float64Array;
  /** penalty[i]: Σ ρ over the classes whose slots hold card i's (head cards with a position). */
  private readonly penalty: Float64Array;
  private readonly pickedOut: Uint8Array;

  /**
   * @param cap each player's chemistry counted up to this (3; for "every player ≥ m", m: the squad
   * then needs Σ min(m, chemistry) = m a player, a stronger test than its total)
   */
  constructor(
    private readonly cards: LagrangianCards,
    private readonly kinds: readonly LagrangianKind[],
    slots: number,
    private readonly cap = MAX_PLAYER_CHEMISTRY,
  ) {
    const n = cards.cost.length;
    this.n = n;
    this.slots = slots;
    this.kindCount = kinds.length;
    this.tailMost =
      cards.tailFrom !== undefined && cards.tailFrom < n ? Math.min(slots, cards.tailMost ?? 0) : 0;
    this.headEnd = this.tailMost > 0 ? (cards.tailFrom ?? n) : n;
    const width = this.tailMost + 1;
    this.nu = new Float64Array(this.headEnd);
    this.shift = new Float64Array(this.headEnd * kinds.length);
    this.tailShift = new Float64Array(kinds.length);
    this.key = new Float64Array(n);
    const aware = cards.masks !== undefined;
    this.groupStart = kinds.map((kind) => {
      const start = new Int32Array(kind.size + 2);
      for (let i = 0; i < this.headEnd; i += 1) {
        const g = this.groupOf(kind, i);
        start[g + 1] = (start[g + 1] ?? 0) + 1;
        if (aware && g !== kind.size) start[kind.size + 1] = (start[kind.size + 1] ?? 0) + 1;
      }
      for (let g = 0; g <= kind.size; g += 1) start[g + 1] = (start[g + 1] ?? 0) + (start[g] ?? 0);
      return start;
    });
    this.order = kinds.map((kind, q) => {
      const fill = (this.groupStart[q] as Int32Array).slice();
      const base = new Int32Array(this.groupStart[q]?.[kind.size + 1] ?? 0);
      for (let i = 0; i < this.headEnd; i += 1) {
        const g = this.groupOf(kind, i);
        base[fill[g] ?? 0] = i;
        fill[g] = (fill[g] ?? 0) + 1;
        if (aware && g !== kind.size) {
          base[fill[kind.size] ?? 0] = i;
          fill[kind.size] = (fill[kind.size] ?? 0) + 1;
        }
      }
      return Array.from({ length: LEVELS }, () => base.slice());
    });
    this.lastHead = kinds.map((kind) => {
      const last = new Int32Array(kind.size + 1).fill(-1);
      for (let i = 0; i < this.headEnd; i += 1) {
        last[this.groupOf(kind, i)] = i;
        if (aware) last[kind.size] = i;
      }
      return last;
    });
    this.tailCost = kinds.map((kind) => {
      const table = new Float64Array((kind.size + 1) * width).fill(Infinity);
      const had = new Int32Array(kind.size + 1);
      for (let g = 0; g <= kind.size; g += 1) table[g * width] = 0;
      // The cards are sorted by cost: a group's first tail members are its cheapest.
      for (let i = this.headEnd; i < n; i += 1) {
        // Out of position, a card with a position is one of the no-position group too.
        for (const g of aware && cards.capable[i]
          ? [this.groupOf(kind, i), kind.size]
          : [this.groupOf(kind, i)]) {
          const t = had[g] ?? 0;
          if (t >= this.tailMost) continue;
          table[g * width + t + 1] = (table[g * width + t] ?? 0) + (cards.cost[i] ?? 0);
          had[g] = t + 1;
        }
      }
      return table;
    });
    this.chosenInGroup = kinds.map((kind) => new Int32Array(kind.size + 1));
    this.chosenWeight = kinds.map((kind) => new Float64Array(kind.size + 1));
    this.dp = new Float64Array((slots + 1) * width);
    this.headSum = new Float64Array(LEVELS * (slots + 1));
    const mostGroups = Math.max(0, ...kinds.map((kind) => kind.size + 1));
    this.choice = new Int32Array(mostGroups * (slots + 1) * width);
    this.visited = new Int32Array(mostGroups);
    this.picked = new Uint8Array(this.headEnd * kinds.length);
    this.pickedLevel = new Int8Array(this.headEnd * kinds.length);
    this.tailPicks = new Int32Array(kinds.length);
    this.tailLevels = new Int32Array(kinds.length);
    this.pickedOut = new Uint8Array(this.headEnd * kinds.length);
    const masks = cards.masks ?? new Int32Array(0);
    const classes = aware
      ? [
          ...new Set(
            Array.from({ length: this.headEnd }, (_, i) => (cards.capable[i] ? (masks[i] ?? 0) : 0)),
          ),
        ].filter((mask) => mask !== 0)
      : [];
    this.classMask = Int32Array.from(classes);
    this.classSize = Int32Array.from(classes, (mask) => mask.toString(2).replaceAll('0', '').length);
    this.rho = new Float64Array(classes.length);
    this.penalty = new Float64Array(this.headEnd);
    this.sortMembers();
  }

  /** The card's group in a kind; the cards with no position share the extra group `size`. */
  private groupOf(kind: LagrangianKind, i: number): number {
    return this.cards.capable[i] ? (kind.ids[i] ?? 0) : kind.size;
  }

  /** A head card's key at a level: level·(1 − ν) + its share of c·ν − μ·cost + the kind's shift. */
  private keyOf(q: number, i: number, level: number): number {
    const { cost, capable } = this.cards;
    const nu = capable[i] ? (this.nu[i] ?? 0) : 0;
    const term = this.cap * nu - (capable[i] ? (this.penalty[i] ?? 0) : 0) - this.mu * (cost[i] ?? 0);
    return level * (1 - nu) + term / this.kindCount + (this.shift[q * this.headEnd + i] ?? 0);
  }

  /** A head card's key out of position (the no-position group): its share of −μ·cost + the shift. */
  private outKey(q: number, i: number): number {
    return (-this.mu * (this.cards.cost[i] ?? 0)) / this.kindCount + (this.shift[q * this.headEnd + i] ?? 0);
  }

  private refreshPenalties(): void {
    const masks = this.cards.masks;
    if (!masks) return;
    for (let i = 0; i < this.headEnd; i += 1) {
      let sum = 0;
      const mask = masks[i] ?? 0;
      for (let c = 0; c < this.classMask.length; c += 1)
        if ((mask & ~(this.classMask[c] ?? 0)) === 0) sum += this.rho[c] ?? 0;
      this.penalty[i] = sum;
    }
  }

  /** The keys of t tail cards of group g at a level, less their share of μ·cost. */
  private tailKeys(q: number, g: number, t: number, level: number, capable: boolean): number {
    const nu = capable ? this.tailNu : 0;
    const each = level * (1 - nu) + (this.cap * nu) / this.kindCount + (this.tailShift[q] ?? 0);
    const cost = this.tailCost[q]?.[g * (this.tailMost + 1) + t] ?? Infinity;
    return t === 0 ? 0 : t * each - (this.mu * cost) / this.kindCount;
  }

  private sortMembers(): void {
    for (let q = 0; q < this.kindCount; q += 1) {
      const start = this.groupStart[q] as Int32Array;
      const size = this.kinds[q]?.size ?? 0;
      for (let level = 0; level < LEVELS; level += 1) {
        const list = this.order[q]?.[level] as Int32Array;
        for (let t = 0; t < this.headEnd; t += 1) this.key[t] = this.keyOf(q, t, level);
        for (let g = 0; g <= size; g += 1) {
          if (g === size) for (let t = 0; t < this.headEnd; t += 1) this.key[t] = this.outKey(q, t);
          const from = start[g] ?? 0;
          const to = start[g + 1] ?? 0;
          if (to - from > LARGE_GROUP) {
            list.subarray(from, to).sort((a, b) => (this.key[b] ?? 0) - (this.key[a] ?? 0));
            continue;
          }
          // Insertion sort: most groups are small, and after a step the order barely changes.
          for (let a = from + 1; a < to; a += 1) {
            const card = list[a] ?? 0;
            const value = this.key[card] ?? 0;
            let b = a - 1;
            while (b >= from && (this.key[list[b] ?? 0] ?? 0) < value) {
              list[b + 1] = list[b] ?? 0;
              b -= 1;
            }
            list[b + 1] = card;
          }
        }
      }
    }
  }

  /**
   * The ceiling on the chemistry of the chosen cards (head cards below j) plus r cards from
   * index j on costing at most `budget` (−Infinity when fewer than r cards are left; Infinity,
   * no ceiling, once j is in the tail).
   */
  ceiling(
    chosen: ArrayLike<number>,
    count: number,
    j: number,
    r: number,
    budget: number,
  ): LagrangianCeilingValue {
    this.cells = 0;
    if (j > this.headEnd || (j === this.headEnd && this.tailMost > 0))
      return { chemistry: Infinity, cells: 0 };
    const chemistry = this.evaluate(chosen, count, j, r, budget, false);
    return { chemistry, cells: this.cells };
  }

  private evaluate(
    chosen: ArrayLike<number>,
    count: number,
    j: number,
    r: number,
    budget: number,
    record: boolean,
  ): number {
    const { capable } = this.cards;
    let total = this.mu * budget;
    for (let c = 0; c < this.classMask.length; c += 1) total += (this.rho[c] ?? 0) * (this.classSize[c] ?? 0);
    for (let k = 0; k < count; k += 1) {
      const i = chosen[k] ?? 0;
      if (capable[i]) total += this.cap * (this.nu[i] ?? 0);
    }
    for (let q = 0; q < this.kindCount; q += 1) {
      total += this.kindValue(q, chosen, count, j, r, record);
      if (total === -Infinity) return total;
    }
    return total;
  }

  /** Counts the chosen capable cards into their groups (count and Σ(1 − ν)); the base term. */
  private countChosen(q: number, chosen: ArrayLike<number>, count: number): number {
    const kind = this.kinds[q] as LagrangianKind;
    const inGroup = this.chosenInGroup[q] as Int32Array;
    const weight = this.chosenWeight[q] as Float64Array;
    for (let k = 0; k < count; k += 1) {
      const i = chosen[k] ?? 0;
      if (!this.cards.capable[i]) continue;
      const g = kind.ids[i] ?? 0;
      inGroup[g] = (inGroup[g] ?? 0) + 1;
      weight[g] = (weight[g] ?? 0) + 1 - (this.nu[i] ?? 0);
    }
    let base = 0;
    for (let k = 0; k < count; k += 1) {
      const i = chosen[k] ?? 0;
      if (!this.cards.capable[i]) continue;
      // Each group once: its weight is read and then marked with a negative count.
      const g = kind.ids[i] ?? 0;
      if ((inGroup[g] ?? 0) > 0) {
        base += pointsAt(inGroup[g] ?? 0, kind.thresholds) * (weight[g] ?? 0);
        inGroup[g] = -(inGroup[g] ?? 0);
      }
    }
    for (let k = 0; k < count; k += 1) {
      const g = kind.ids[chosen[k] ?? 0] ?? 0;
      if ((inGroup[g] ?? 0) < 0) inGroup[g] = -(inGroup[g] ?? 0);
    }
    return base;
  }

  /** The most one kind's term reaches over r cards from j on (a knapsack over its groups). */
  private kindValue(
    q: number,
    chosen: ArrayLike<number>,
    count: number,
    j: number,
    r: number,
    record: boolean,
  ): number {
    const kind = this.kinds[q] as LagrangianKind;
    const inGroup = this.chosenInGroup[q] as Int32Array;
    const weight = this.chosenWeight[q] as Float64Array;
    const base = this.countChosen(q, chosen, count);
    const width = this.tailMost + 1;
    const { dp, headSum } = this;
    dp.fill(-Infinity, 0, (r + 1) * width);
    dp[0] = 0;
    const start = this.groupStart[q] as Int32Array;
    const lastHead = this.lastHead[q] as Int32Array;
    const tailCost = this.tailCost[q] as Float64Array;
    const lists = this.order[q] as Int32Array[];
    let visitedCount = 0;
    for (let g = 0; g <= kind.size; g += 1) {
      const tails = Number.isFinite(tailCost[g * width + 1] ?? Infinity)
        ? this.tailAvailable(tailCost, g)
        : 0;
      if ((lastHead[g] ?? -1) < j && tails === 0) continue;
      const pseudo = g === kind.size;
      const had = pseudo ? 0 : (inGroup[g] ?? 0);
      const held = pseudo ? 0 : (weight[g] ?? 0);
      const levelNow = pseudo ? 0 : pointsAt(had, kind.thresholds);
      // Only the levels the group can be at with 1 .. r more members.
      const lowest = pseudo ? 0 : pointsAt(had + 1, kind.thresholds);
      const highest = pseudo ? 0 : pointsAt(had + r, kind.thresholds);
      let heads = 0;
      for (let level = lowest; level <= highest; level += 1) {
        let taken = 0;
        let sum = 0;
        const list = lists[level] as Int32Array;
        const row = level * (this.slots + 1);
        headSum[row] = 0;
        for (let t = start[g] ?? 0; t < (start[g + 1] ?? 0) && taken < r; t += 1) {
          const i = list[t] ?? 0;
          if (i < j) continue;
          taken += 1;
          sum += pseudo ? this.outKey(q, i) : this.keyOf(q, i, level);
          headSum[row + taken] = sum;
        }
        heads = taken;
      }
      if (heads + tails === 0) continue;
      const row = visitedCount * (r + 1) * width;
      this.visited[visitedCount++] = g;
      for (let u = r; u >= 1; u -= 1)
        for (let used = this.tailMost; used >= 0; used -= 1) {
          let bestValue = dp[u * width + used] ?? -Infinity;
          let bestTake = 0;
          for (let t = 0; t <= Math.min(used, tails); t += 1)
            for (let a = t === 0 ? 1 : 0; a <= Math.min(u - t, heads); a += 1) {
              const level = pseudo ? 0 : pointsAt(had + a + t, kind.thresholds);
              const gain =
                (headSum[level * (this.slots + 1) + a] ?? 0) +
                this.tailKeys(q, g, t, level, !pseudo) +
                (level - levelNow) * held;
              const value = (dp[(u - a - t) * width + used - t] ?? -Infinity) + gain;
              if (value > bestValue) {
                bestValue = value;
                bestTake = a * width + t + 1;
              }
            }
          dp[u * width + used] = bestValue;
          if (record) this.choice[row + u * width + used] = bestTake;
        }
      this.cells += r * width * (heads + 1) * (Math.min(tails, this.tailMost) + 1);
    }
    let best = -Infinity;
    let bestUsed = 0;
    for (let used = 0; used <= this.tailMost; used += 1)
      if ((dp[r * width + used] ?? -Infinity) > best) {
        best = dp[r * width + used] ?? -Infinity;
        bestUsed = used;
      }
    const value = base + best;
    if (record && value > -Infinity) this.recordPicks(q, j, r, bestUsed, visitedCount);
    for (let k = 0; k < count; k += 1) {
      const g = kind.ids[chosen[k] ?? 0] ?? 0;
      inGroup[g] = 0;
      weight[g] = 0;
    }
    return value;
  }

  /** How many of group g's tail members can come (at most `tailMost`). */
  private tailAvailable(tailCost: Float64Array, g: number): number {
    const width = this.tailMost + 1;
    let t = 0;
    while (t < this.tailMost && Number.isFinite(tailCost[g * width + t + 1] ?? Infinity)) t += 1;
    return t;
  }

  /** Marks the cards the kind's best knapsack took (for the subgradient), with their group's level. */
  private recordPicks(q: number, j: number, r: number, used: number, visitedCount: number): void {
    const kind = this.kinds[q] as LagrangianKind;
    const inGroup = this.chosenInGroup[q] as Int32Array;
    const start = this.groupStart[q] as Int32Array;
    const width = this.tailMost + 1;
    let u = r;
    let tailLeft = used;
    for (let v = visitedCount - 1; v >= 0 && u > 0; v -= 1) {
      const code = this.choice[(v * (r + 1) + u) * width + tailLeft] ?? 0;
      if (code === 0) continue;
      const take = Math.floor((code - 1) / width);
      const fromTail = (code - 1) % width;
      const g = this.visited[v] ?? 0;
      const pseudo = g === kind.size;
      const level = pseudo ? 0 : pointsAt((inGroup[g] ?? 0) + take + fromTail, kind.thresholds);
      const list = this.order[q]?.[level] as Int32Array;
      let taken = 0;
      for (let t = start[g] ?? 0; t < (start[g + 1] ?? 0) && taken < take; t += 1) {
        const i = list[t] ?? 0;
        if (i < j) continue;
        taken += 1;
        if (pseudo) {
          this.pickedOut[q * this.headEnd + i] = 1;
          continue;
        }
        this.picked[q * this.headEnd + i] = 1;
        this.pickedLevel[q * this.headEnd + i] = level;
      }
      if (fromTail > 0) {
        this.tailPicks[q] = (this.tailPicks[q] ?? 0) + fromTail;
        if (!pseudo) this.tailLevels[q] = (this.tailLevels[q] ?? 0) + fromTail * level;
      }
      u -= take + fromTail;
      tailLeft -= fromTail;
    }
  }

  /**
   * Picks ν, μ and the shifts that bring the ceiling of the whole search (no card chosen, every
   * squad of `slots` cards within `budget`) lowest, by a subgradient descent with Polyak steps
   * toward `target`; it stops once the ceiling is below it (then no squad within the budget
   * reaches the target). Returns the lowest ceiling reached and the cells filled.
   */
  tune(target: number, budget: number, steps: number): LagrangianCeilingValue {
    this.cells = 0;
    const { headEnd, slots, kindCount } = this;
    const { cost, capable } = this.cards;
    const sortedCosts = Array.from(cost.subarray(0, Math.max(slots, headEnd))).sort((a, b) => a - b);
    const averageCost = Math.max(1, sortedCosts.slice(0, slots).reduce((s, c) => s + c, 0) / slots);
    const none = new Int32Array(0);
    let bestValue = Infinity;
    let bestPrice = 0;
    for (const price of PRICE_GRID) {
      this.mu = price / averageCost;
      this.sortMembers();
      const value = this.evaluate(none, 0, 0, slots, budget, false);
      if (value < bestValue) {
        bestValue = value;
        bestPrice = this.mu;
      }
    }
    this.mu = bestPrice;
    this.sortMembers();
    const saved = { nu: this.nu.slice(), shift: this.shift.slice(), tailShift: this.tailShift.slice() };
    let savedMu = this.mu;
    let savedTailNu = this.tailNu;
    let theta = 1;
    let sinceBetter = 0;
    const gradNu = new Float64Array(headEnd);
    const gradShift = new Float64Array(headEnd * kindCount);
    const gradTailShift = new Float64Array(kindCount);
    const gradRho = new Float64Array(this.classMask.length);
    const savedRho = this.rho.slice();
    for (let step = 0; step < steps && bestValue >= target; step += 1) {
      this.picked.fill(0);
      this.pickedOut.fill(0);
      this.tailPicks.fill(0);
      this.tailLevels.fill(0);
      const value = this.evaluate(none, 0, 0, slots, budget, true);
      if (value < bestValue) {
        bestValue = value;
        saved.nu.set(this.nu);
        saved.shift.set(this.shift);
        saved.tailShift.set(this.tailShift);
        savedMu = this.mu;
        savedTailNu = this.tailNu;
        savedRho.set(this.rho);
        sinceBetter = 0;
      } else if (++sinceBetter >= PATIENCE) {
        theta /= 2;
        sinceBetter = 0;
      }
      if (value < target || value === -Infinity) break;
      // Subgradients: ∂/∂μ = budget − the kinds' share of what their picks cost; ∂/∂ν_i = 3·(share
      // of picks) − the levels i was counted at; ∂/∂shift = picked − the kinds' mean (they sum to 0).
      let spent = 0;
      let norm = 0;
      const masks = this.cards.masks;
      gradRho.fill(0);
      for (let i = 0; i < headEnd; i += 1) {
        let times = 0;
        let inPosition = 0;
        let levels = 0;
        for (let q = 0; q < kindCount; q += 1) {
          times += (this.picked[q * headEnd + i] ?? 0) + (this.pickedOut[q * headEnd + i] ?? 0);
          if (this.picked[q * headEnd + i]) {
            inPosition += 1;
            levels += this.pickedLevel[q * headEnd + i] ?? 0;
          }
        }
        spent += (times * (cost[i] ?? 0)) / kindCount;
        const mean = times / kindCount;
        for (let q = 0; q < kindCount; q += 1) {
          const g = (this.picked[q * headEnd + i] ?? 0) + (this.pickedOut[q * headEnd + i] ?? 0) - mean;
          gradShift[q * headEnd + i] = g;
          norm += g * g;
        }
        if (masks && capable[i] && inPosition > 0)
          for (let c = 0; c < this.classMask.length; c += 1)
            if (((masks[i] ?? 0) & ~(this.classMask[c] ?? 0)) === 0)
              gradRho[c] = (gradRho[c] ?? 0) - inPosition / kindCount;
        const gNu = capable[i] ? (this.cap * inPosition) / kindCount - levels : 0;
        gradNu[i] = gNu;
        norm += gNu * gNu;
      }
      let tailTimes = 0;
      let tailLevels = 0;
      for (let q = 0; q < kindCount; q += 1) {
        tailTimes += this.tailPicks[q] ?? 0;
        tailLevels += this.tailLevels[q] ?? 0;
      }
      for (let q = 0; q < kindCount; q += 1) {
        gradTailShift[q] = (this.tailPicks[q] ?? 0) - tailTimes / kindCount;
        norm += (gradTailShift[q] ?? 0) ** 2;
      }
      // The tail's picks' costs are in the knapsack's value; the tail's weight moves like a card's.
      const gTailNu = (this.cap * tailTimes) / kindCount - tailLevels;
      norm += gTailNu * gTailNu;
      spent += this.tailSpent();
      for (let c = 0; c < this.classMask.length; c += 1) {
        gradRho[c] = (gradRho[c] ?? 0) + (this.classSize[c] ?? 0);
        norm += (gradRho[c] ?? 0) ** 2;
      }
      // μ is stepped in points per average card cost, so its scale matches the others'.
      const gMu = (budget - spent) / averageCost;
      norm += gMu * gMu;
      if (norm === 0) break;
      // Aimed below the target: aimed at it, the steps shrink to nothing as the ceiling nears it.
      const length = (theta * (value - target + POLYAK_MARGIN)) / norm;
      this.mu = Math.max(0, this.mu - (length * gMu) / averageCost);
      for (let i = 0; i < headEnd; i += 1)
        this.nu[i] = capable[i] ? Math.min(1, Math.max(0, (this.nu[i] ?? 0) - length * (gradNu[i] ?? 0))) : 0;
      for (let t = 0; t < headEnd * kindCount; t += 1)
        this.shift[t] = (this.shift[t] ?? 0) - length * (gradShift[t] ?? 0);
      for (let q = 0; q < kindCount; q += 1)
        this.tailShift[q] = (this.tailShift[q] ?? 0) - length * (gradTailShift[q] ?? 0);
      this.tailNu = Math.min(1, Math.max(0, this.tailNu - length * gTailNu));
      for (let c = 0; c < this.classMask.length; c += 1)
        this.rho[c] = Math.max(0, (this.rho[c] ?? 0) - length * (gradRho[c] ?? 0));
      this.refreshPenalties();
      this.sortMembers();
      this.cells += headEnd * kindCount * LEVELS;
    }
    this.nu.set(saved.nu);
    this.shift.set(saved.shift);
    this.tailShift.set(saved.tailShift);
    this.mu = savedMu;
    this.tailNu = savedTailNu;
    this.rho.set(savedRho);
    this.refreshPenalties();
    this.sortMembers();
    return { chemistry: bestValue, cells: this.cells };
  }

  /** The kinds' share of the tail picks' costs in the last recorded evaluation (cheapest tail cards, a guess). */
  private tailSpent(): number {
    let picks = 0;
    for (let q = 0; q < this.kindCount; q += 1) picks += this.tailPicks[q] ?? 0;
    return (picks * (this.cards.cost[this.headEnd] ?? 0)) / this.kindCount;
  }
}

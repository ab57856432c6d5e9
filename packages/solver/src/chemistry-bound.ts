import {
  CHEMISTRY_THRESHOLDS,
  MAX_PLAYER_CHEMISTRY,
  chemistryProfileOf,
  normalizeClubId,
  type ChemistryProfile,
  type SbcRequirement,
} from '@tradedesk/domain';
import { reducePool } from './milp.js';
import type { Candidate, Problem } from './problem.js';

/**
 * A lower bound on the cost of a squad whose team chemistry must reach a minimum (SBC.md §1.4),
 * where the relaxation that drops chemistry is weak: thousands of cheap cards, few links.
 *
 * A player's chemistry is min(3, club points + league points + nation points), each from how many
 * in-position players share his club (2/4/7), league (3/5/8) or nation (2/5/8). Dropping the cap,
 * team chemistry is at most G_club + G_league + G_nation, where G_d = Σ over the groups of
 * dimension d of h_d(n) = n · points_d(n), n the group's in-position players. For λ ≥ 0 and
 * weights α_d ≥ 0 summing to 1, any squad S with chemistry ≥ C costs at least
 *   λ·C + Σ_d min_S' (α_d · cost(S') − λ · G_d(S'))          (weak duality, S' over 11 cards),
 * and each inner minimum is separable over the groups of one dimension: a knapsack over groups
 * (how many cards each group gives, 11 in all) solved by dynamic programming. In a group, k cards
 * of which m are in position cost at least the cheapest k, and at least the cheapest m that can
 * be in position at once (a matroid: greedy by cost) plus the cheapest k − m; m is at most the
 * group's largest matchable set. The minimum over S' is kept exactly for a grid of μ = λ / α_d;
 * between grid points it is read by the chord, which lies below it (it is concave in μ).
 */

type Chemistry = Extract<SbcRequirement, { kind: 'chemistry' }>;
type PlayerChemistry = Extract<SbcRequirement, { kind: 'playerChemistry' }>;

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

/** One group of a dimension: what k of its cards cost at least, and its largest matchable set. */
interface Group {
  /** prefix[k]: the k cheapest cards' cost. */
  readonly prefix: Float64Array;
  /** independent[m]: the cheapest m cards that can be in position at once (greedy on the matroid). */
  readonly independent: Float64Array;
  readonly rank: number;
}

/** The squad chemistry's least value a challenge asks for (11·m for "every player ≥ m"). */
export function teamChemistryMinimum(requirements: readonly SbcRequirement[], slots: number): number {
  let least = 0;
  for (const r of requirements) {
    if (r.kind === 'chemistry' && r.scope !== 'max') least = Math.max(least, (r as Chemistry).value);
    if (r.kind === 'playerChemistry' && r.scope !== 'max')
      least = Math.max(least, (r as PlayerChemistry).value * slots);
  }
  return Math.min(least, MAX_PLAYER_CHEMISTRY * slots);
}

/** Cards grouped by a key, cheapest first, with each group's matchable prefix costs. */
function groupsOf(
  cards: readonly Candidate[],
  keyOf: (c: Candidate) => number,
  openSlots: readonly number[],
  limit: number,
) {
  const byKey = new Map<number, Candidate[]>();
  const unplaced: Candidate[] = [];
  for (const c of cards) {
    if (c.positionMask === 0) unplaced.push(c);
    else {
      const key = keyOf(c);
      const members = byKey.get(key);
      if (members) members.push(c);
      else byKey.set(key, [c]);
    }
  }
  const slots = openSlots.length;
  const groups: Group[] = [];
  const prefixOf = (members: readonly Candidate[], most = slots) => {
    const prefix = new Float64Array(Math.min(most, members.length) + 1);
    for (let k = 1; k < prefix.length; k += 1) prefix[k] = (prefix[k - 1] ?? 0) + (members[k - 1]?.cost ?? 0);
    return prefix;
  };
  for (const members of byKey.values()) {
    members.sort((a, b) => a.cost - b.cost);
    const independent = [0];
    const owner = new Map<number, Candidate>();
    for (const c of members) {
      if (independent.length > limit) break;
      if (augment(c, owner, openSlots, new Set()))
        independent.push((independent[independent.length - 1] ?? 0) + c.cost);
    }
    groups.push({
      prefix: prefixOf(members, limit),
      independent: Float64Array.from(independent),
      rank: independent.length - 1,
    });
  }
  unplaced.sort((a, b) => a.cost - b.cost);
  // Cards with no position in the formation: fillers that never count toward a group.
  if (unplaced.length > 0)
    groups.push({ prefix: prefixOf(unplaced), independent: new Float64Array(1), rank: 0 });
  return groups;
}

/** Kuhn's augmenting path for card c over the open slots. */
function augment(
  c: Candidate,
  owner: Map<number, Candidate>,
  openSlots: readonly number[],
  seen: Set<number>,
): boolean {
  for (const slot of openSlots) {
    if (!(c.positionMask & (1 << slot)) || seen.has(slot)) continue;
    seen.add(slot);
    const holder = owner.get(slot);
    if (!holder || augment(holder, owner, openSlots, seen)) {
      owner.set(slot, c);
      return true;
    }
  }
  return false;
}

/**
 * min over squads of (cost − μ · G_d) in the relaxation: a knapsack over the groups (k cards
 * each, `slots` in all), each group at its least (cost − μ·h(m)) over the m of its k in position.
 */
function leastPenalised(groups: readonly Group[], h: Float64Array, mu: number, slots: number): number {
  let best = new Float64Array(slots + 1).fill(Infinity);
  best[0] = 0;
  let next = new Float64Array(slots + 1);
  const value = new Float64Array(slots + 1);
  for (const group of groups) {
    const most = group.prefix.length - 1;
    for (let k = 1; k <= most; k += 1) {
      let least = Infinity;
      for (let m = 0; m <= Math.min(k, group.rank); m += 1) {
        const cost = Math.max(group.prefix[k] ?? 0, (group.independent[m] ?? 0) + (group.prefix[k - m] ?? 0));
        least = Math.min(least, cost - mu * (h[m] ?? 0));
      }
      value[k] = least;
    }
    next.set(best);
    for (let total = 1; total <= slots; total += 1)
      for (let k = 1; k <= Math.min(most, total); k += 1) {
        const candidate = (best[total - k] ?? Infinity) + (value[k] ?? 0);
        if (candidate < (next[total] ?? Infinity)) next[total] = candidate;
      }
    [best, next] = [next, best];
  }
  return best[slots] ?? Infinity;
}

/** μ grid (coins per chemistry point) the dimension minima are computed at exactly. */
const MU_GRID = [0, ...Array.from({ length: 40 }, (_, i) => Math.round(1.25 ** i * 100) / 100)];
/** Weight grid for α_club, α_league (α_nation is the rest). */
const ALPHA_STEPS = 10;

interface Multipliers {
  readonly lambda: number;
  readonly alpha: readonly [number, number, number];
}

/**
 * The best (λ, α) on the grids with the cap dropped: min (cost − μ·G_d) is computed exactly on
 * the μ grid per dimension, then read for any μ = λ / α_d by the chord (below it: concave).
 */
function uncappedBound(
  dimensionGroups: readonly (readonly Group[])[],
  dimensionH: readonly Float64Array[],
  least: number,
  slots: number,
): Multipliers & { readonly bound: number } {
  const mostPerDimension = MAX_PLAYER_CHEMISTRY * slots;
  const minima = dimensionGroups.map((groups, d) =>
    MU_GRID.map((mu) => leastPenalised(groups, dimensionH[d] as Float64Array, mu, slots)),
  );
  /** A value at most min (cost − μ·G_d): the chord between grid points, or past the grid's end. */
  const dimensionFloor = (d: number, mu: number): number => {
    const values = minima[d] as number[];
    const last = MU_GRID.length - 1;
    if (mu >= (MU_GRID[last] ?? 0))
      return (values[last] ?? 0) - (mu - (MU_GRID[last] ?? 0)) * mostPerDimension;
    // The first grid point at or above μ (binary search).
    let low = 1;
    let high = last;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((MU_GRID[middle] ?? Infinity) < mu) low = middle + 1;
      else high = middle;
    }
    const a = MU_GRID[high - 1] ?? 0;
    const b = MU_GRID[high] ?? 0;
    const share = (mu - a) / (b - a);
    return (values[high - 1] ?? 0) * (1 - share) + (values[high] ?? 0) * share;
  };
  const weighted = (d: number, alpha: number, lambda: number) =>
    alpha > 0 ? alpha * dimensionFloor(d, lambda / alpha) : -lambda * mostPerDimension;
  let best: Multipliers & { bound: number } = { bound: -Infinity, lambda: 0, alpha: [1 / 3, 1 / 3, 1 / 3] };
  for (const lambda of MU_GRID) {
    for (let a = 0; a <= ALPHA_STEPS; a += 1)
      for (let b = 0; a + b <= ALPHA_STEPS; b += 1) {
        const alpha: [number, number, number] = [
          a / ALPHA_STEPS,
          b / ALPHA_STEPS,
          (ALPHA_STEPS - a - b) / ALPHA_STEPS,
        ];
        const value =
          lambda * least +
          weighted(0, alpha[0], lambda) +
          weighted(1, alpha[1], lambda) +
          weighted(2, alpha[2], lambda);
        if (value > best.bound) best = { bound: value, lambda, alpha };
      }
  }
  return best;
}

/**
 * The cap and the slots, per card. (1) min(3, s) ≤ 3·π + (1 − π)·s for any π in [0, 1], so with a
 * π per card chemistry ≤ Σ_{i in position} 3·π_i + Σ_d Σ_groups points_d(n)·Σ_{i counted}(1 − π_i),
 * still separable by group (π near 1 caps a player whose groups would give him more than 3).
 * (2) The players in position are matchable to the slots, so for every slot set Q (a card's
 * position mask) at most |Q| of them play only within Q: ν_{d,Q} ≥ 0 times that count less |Q| is
 * added for each dimension's counted players (never positive for a real squad). With π = ν = 0
 * this is the uncapped bound without the matroid prefix.
 */
interface CappedDimension {
  /** Card indices (into the pool) per group; the last group may be the unplaced cards. */
  readonly members: readonly Int32Array[];
  readonly ranks: Int32Array;
  readonly points: Int32Array;
  /** The most cards of one group a squad may hold ("same league/nation: max"). */
  readonly limit: number;
  /** Groups before this index are keyed groups; the one after, if any, the unplaced cards. */
  readonly keyed: number;
}

interface HallSets {
  /** The sets (slot masks). */
  readonly masks: readonly number[];
  /** Slots per set. */
  readonly sizes: Int32Array;
  /** inSet[i]: the sets card i plays only within. */
  readonly inSet: readonly Int32Array[];
}

interface CappedMultipliers {
  lambda: number;
  readonly alpha: readonly number[];
  readonly pi: Float64Array;
  /** nu[d][q]: dimension d's multiplier of slot set q. */
  readonly nu: readonly Float64Array[];
  /**
   * shift[d][i]: what dimension d pays for card i beyond its α share; the three shifts of a card
   * sum to 0 (so the dimensions still pay its cost together), which lets each card's cost move
   * to the dimensions that pick it (Lagrangian decomposition).
   */
  readonly shift: readonly Float64Array[];
}

interface Evaluation {
  readonly value: number;
  readonly gradLambda: number;
  readonly gradPi: Float64Array;
  readonly gradNu: readonly Float64Array[];
  /** picked[d][i]: how often dimension d's minimum paid for card i. */
  readonly picked: readonly Float64Array[];
}

function hallSetsOf(pool: readonly Candidate[], slots: number): HallSets {
  const masks = [...new Set(pool.map((c) => c.positionMask))].filter((mask) => {
    const size = popcount(mask);
    return size > 0 && size < slots;
  });
  const sizes = Int32Array.from(masks, popcount);
  const inSet = pool.map((c) =>
    c.positionMask === 0
      ? new Int32Array(0)
      : Int32Array.from(masks.flatMap((mask, q) => ((c.positionMask & ~mask) === 0 ? [q] : []))),
  );
  return { masks, sizes, inSet };
}

function popcount(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count += 1;
  return count;
}

/**
 * For every card, the dimension's minimum over the squads that hold it: its group's table redone
 * with the card in (each term's sums without it, plus its own key), against the best of the other
 * groups (knapsacks from both ends). A card whose floor, summed over the dimensions, reaches the
 * squad to beat is in no cheaper squad.
 */
function forcedFloors(
  members: readonly Int32Array[],
  ranks: Int32Array,
  points: Int32Array,
  orders: readonly (readonly Int32Array[])[],
  tables: readonly {
    paid: Float64Array;
    adjustment: readonly Float64Array[];
    both: readonly Float64Array[];
  }[],
  groupValue: readonly Float64Array[],
  slots: number,
  paidKey: (i: number) => number,
  countedKey: (i: number, p: number) => number,
  report: (i: number, floor: number) => void,
): void {
  const groups = members.length;
  const knapsack = (from: number, to: number, stepping: number) => {
    const rows: Float64Array[] = [];
    let best = new Float64Array(slots + 1).fill(Infinity);
    best[0] = 0;
    for (let g = from; g !== to; g += stepping) {
      rows[g] = best;
      const values = groupValue[g] as Float64Array;
      const next = Float64Array.from(best);
      for (let total = 1; total <= slots; total += 1)
        for (let k = 1; k < Math.min(values.length, total + 1); k += 1) {
          const candidate = (best[total - k] ?? Infinity) + (values[k] ?? 0);
          if (candidate < (next[total] ?? Infinity)) next[total] = candidate;
        }
      best = next;
    }
    return rows;
  };
  // before[g]: the groups before g; after[g]: the groups after g.
  const before = knapsack(0, groups, 1);
  const after = knapsack(groups - 1, -1, -1);
  /** Sum of the `count` smallest keys leaving out the card at `position` of that order. */
  const without = (sums: Float64Array, position: number, key: number, count: number) => {
    if (count <= 0) return 0;
    if (position >= count) return sums[count] ?? Infinity;
    return count + 1 < sums.length ? (sums[count + 1] ?? 0) - key : Infinity;
  };
  for (let g = 0; g < groups; g += 1) {
    const rest = new Float64Array(slots + 1).fill(Infinity);
    const left = before[g] as Float64Array;
    const right = after[g] as Float64Array;
    for (let a = 0; a <= slots; a += 1)
      for (let b = 0; a + b <= slots; b += 1) {
        const value = (left[a] ?? Infinity) + (right[b] ?? Infinity);
        if (value < (rest[a + b] ?? Infinity)) rest[a + b] = value;
      }
    const group = members[g] as Int32Array;
    const rank = ranks[g] ?? 0;
    const most = (groupValue[g] as Float64Array).length - 1;
    const perGroup = orders[g] as Int32Array[];
    const { paid, adjustment, both } = tables[g] as (typeof tables)[number];
    const positionIn = (order: Int32Array) => {
      const at = new Map<number, number>();
      order.forEach((i, position) => at.set(i, position));
      return at;
    };
    const paidAt = positionIn(perGroup[0] as Int32Array);
    const bothAt = [0, 1, 2, 3].map((level) => positionIn(perGroup[5 + level] as Int32Array));
    for (const i of group) {
      const own = paidKey(i);
      const paidPosition = paidAt.get(i) ?? 0;
      let floor = Infinity;
      for (let k = 1; k <= most; k += 1) {
        let least = Infinity;
        for (let m = 0; m <= Math.min(k, rank); m += 1) {
          const level = points[m] ?? 0;
          const whole = own + without(paid, paidPosition, own, k - 1) + (adjustment[level]?.[m] ?? Infinity);
          const bothSums = both[level] as Float64Array;
          const bothPosition = bothAt[level]?.get(i) ?? 0;
          const ownBoth = own + countedKey(i, level);
          // The card counted, or paid but not counted.
          const counted =
            m >= 1
              ? ownBoth +
                without(bothSums, bothPosition, ownBoth, m - 1) +
                without(paid, paidPosition, own, k - m)
              : Infinity;
          const uncounted =
            k - m >= 1
              ? own +
                without(bothSums, bothPosition, ownBoth, m) +
                without(paid, paidPosition, own, k - m - 1)
              : Infinity;
          least = Math.min(least, Math.max(whole, Math.min(counted, uncounted)));
        }
        floor = Math.min(floor, least + (rest[slots - k] ?? Infinity));
      }
      report(i, floor);
    }
  }
}

const unreached = { order: new Int32Array(0), sums: new Float64Array(1) };

function evaluateCapped(
  dimensions: readonly CappedDimension[],
  hall: HallSets,
  cost: Float64Array,
  capable: Uint8Array,
  least: number,
  slots: number,
  { lambda, alpha, pi, nu, shift }: CappedMultipliers,
  forced?: Float64Array,
): Evaluation {
  const n = cost.length;
  const gradPi = new Float64Array(n);
  const gradNu = nu.map((row) => new Float64Array(row.length));
  const picked = nu.map(() => new Float64Array(n));
  let value = lambda * least;
  let gradLambda = least;
  const adjusted = Float64Array.from(cost, (c, i) => c - 3 * lambda * (pi[i] ?? 0) * (capable[i] ?? 0));
  const slotPrice = new Float64Array(n);
  for (let d = 0; d < dimensions.length; d += 1) {
    const { members, ranks, points, limit, keyed } = dimensions[d] as CappedDimension;
    const weight = alpha[d] ?? 0;
    const nuRow = nu[d] as Float64Array;
    nuRow.forEach((v, q) => {
      value -= v * (hall.sizes[q] ?? 0);
      (gradNu[d] as Float64Array)[q] = -(hall.sizes[q] ?? 0);
    });
    for (let i = 0; i < n; i += 1) {
      let price = 0;
      for (const q of hall.inSet[i] ?? []) price += nuRow[q] ?? 0;
      slotPrice[i] = price;
    }
    const shiftRow = shift[d] as Float64Array;
    const paidKey = (i: number) => weight * (adjusted[i] ?? 0) + (shiftRow[i] ?? 0);
    const countedKey = (i: number, p: number) => (slotPrice[i] ?? 0) - lambda * p * (1 - (pi[i] ?? 0));
    // The keys as arrays (the sorts read them), per points level.
    const paidKeys = Float64Array.from({ length: n }, (_, i) => paidKey(i));
    const countedKeys = [0, 1, 2, 3].map((p) => Float64Array.from({ length: n }, (_, i) => countedKey(i, p)));
    const bothKeys = countedKeys.map((keys) => keys.map((key, i) => key + (paidKeys[i] ?? 0)));
    // Per group and k, m: k cards of which m are counted cost at least both the k cheapest paid
    // plus the m least counted adjustments ("whole"), and the m least paid-and-counted plus the
    // k − m cheapest paid ("split"); each is exact in its own case (equal adjustments, distinct cards).
    const orders: Int32Array[][] = [];
    const bestM: Int32Array[] = [];
    const bestWhole: Uint8Array[] = [];
    const groupValue: Float64Array[] = [];
    // Sums run one card past `most` (a card forced in takes a place of one of the cheapest).
    const sortedPrefix = (group: Int32Array, keys: Float64Array, most: number) => {
      const order =
        group.length === 1 ? group : Int32Array.from(group).sort((x, y) => (keys[x] ?? 0) - (keys[y] ?? 0));
      const sums = new Float64Array(Math.min(most + 1, group.length) + 1);
      for (let j = 1; j < sums.length; j += 1) sums[j] = (sums[j - 1] ?? 0) + (keys[order[j - 1] ?? 0] ?? 0);
      return { order, sums };
    };
    const tables: { paid: Float64Array; adjustment: Float64Array[]; both: Float64Array[] }[] = [];
    for (let g = 0; g < members.length; g += 1) {
      const group = members[g] as Int32Array;
      const rank = ranks[g] ?? 0;
      const most = Math.min(slots, group.length, g < keyed ? limit : slots);
      const paid = sortedPrefix(group, paidKeys, most);
      // orders: [paid, counted adjustment by level 0..3, paid and counted by level 0..3]
      const perGroup: Int32Array[] = [paid.order];
      const adjustment: Float64Array[] = [];
      const both: Float64Array[] = [];
      // Only the points levels this group can reach are sorted (a single card: level 0 only).
      const reachable = [false, false, false, false];
      for (let m = 0; m <= Math.min(most, rank); m += 1) reachable[points[m] ?? 0] = true;
      for (let p = 0; p <= 3; p += 1) {
        const a = reachable[p]
          ? sortedPrefix(group, countedKeys[p] as Float64Array, Math.min(most, rank))
          : unreached;
        perGroup[1 + p] = a.order;
        adjustment.push(a.sums);
      }
      for (let p = 0; p <= 3; p += 1) {
        const b = reachable[p]
          ? sortedPrefix(group, bothKeys[p] as Float64Array, Math.min(most, rank))
          : unreached;
        perGroup[5 + p] = b.order;
        both.push(b.sums);
      }
      orders.push(perGroup);
      tables.push({ paid: paid.sums, adjustment, both });
      const values = new Float64Array(most + 1);
      const ms = new Int32Array(most + 1);
      const wholes = new Uint8Array(most + 1);
      for (let k = 1; k <= most; k += 1) {
        let leastValue = Infinity;
        for (let m = 0; m <= Math.min(k, rank); m += 1) {
          const level = points[m] ?? 0;
          const whole = (paid.sums[k] ?? 0) + (adjustment[level]?.[m] ?? 0);
          const split = (both[level]?.[m] ?? 0) + (paid.sums[k - m] ?? 0);
          const v = Math.max(whole, split);
          if (v < leastValue) {
            leastValue = v;
            ms[k] = m;
            wholes[k] = whole >= split ? 1 : 0;
          }
        }
        values[k] = leastValue;
      }
      bestM.push(ms);
      bestWhole.push(wholes);
      groupValue.push(values);
    }
    if (forced) {
      const constant = -nuRow.reduce((sum, v, q) => sum + v * (hall.sizes[q] ?? 0), 0);
      forcedFloors(
        members,
        ranks,
        points,
        orders,
        tables,
        groupValue,
        slots,
        paidKey,
        countedKey,
        (i, floor) => {
          forced[i] = (forced[i] ?? 0) + constant + floor;
        },
      );
    }
    // Knapsack over the groups, `slots` cards in all, remembering each group's k.
    const taken: Int32Array[] = [];
    let best = new Float64Array(slots + 1).fill(Infinity);
    best[0] = 0;
    let next = new Float64Array(slots + 1);
    for (let g = 0; g < members.length; g += 1) {
      const values = groupValue[g] as Float64Array;
      const most = values.length - 1;
      const choice = new Int32Array(slots + 1);
      next.set(best);
      for (let total = 1; total <= slots; total += 1)
        for (let k = 1; k <= Math.min(most, total); k += 1) {
          const candidate = (best[total - k] ?? Infinity) + (values[k] ?? 0);
          if (candidate < (next[total] ?? Infinity)) {
            next[total] = candidate;
            choice[total] = k;
          }
        }
      taken.push(choice);
      [best, next] = [next, best];
    }
    value += best[slots] ?? Infinity;
    // Walk back: the cards each group's winning term priced, for the subgradient.
    let total = slots;
    for (let g = members.length - 1; g >= 0 && total > 0; g -= 1) {
      const k = taken[g]?.[total] ?? 0;
      if (k === 0) continue;
      total -= k;
      const m = bestM[g]?.[k] ?? 0;
      const level = points[m] ?? 0;
      const perGroup = orders[g] as Int32Array[];
      const whole = bestWhole[g]?.[k] === 1;
      const paidCards = (perGroup[0] as Int32Array).subarray(0, whole ? k : k - m);
      const countedCards = (perGroup[whole ? 1 + level : 5 + level] as Int32Array).subarray(0, m);
      const pay = (i: number) => {
        (picked[d] as Float64Array)[i] = ((picked[d] as Float64Array)[i] ?? 0) + 1;
        gradLambda -= weight * 3 * (pi[i] ?? 0) * (capable[i] ?? 0);
        gradPi[i] = (gradPi[i] ?? 0) - 3 * lambda * weight * (capable[i] ?? 0);
      };
      paidCards.forEach(pay);
      for (const i of countedCards) {
        if (!whole) pay(i);
        gradLambda -= level * (1 - (pi[i] ?? 0));
        gradPi[i] = (gradPi[i] ?? 0) + lambda * level;
        for (const q of hall.inSet[i] ?? [])
          (gradNu[d] as Float64Array)[q] = ((gradNu[d] as Float64Array)[q] ?? 0) + 1;
      }
    }
  }
  return { value, gradLambda, gradPi, gradNu, picked };
}

/** Subgradient steps on the per-card caps (and λ) after the uncapped grid. */
const CAP_STEPS = 150;

/**
 * The bound (whole coins when every cost is), or undefined when it does not apply: no chemistry
 * minimum, a custom brick, or a card with a special chemistry profile (icons, heroes) in the pool.
 * With a finite `upperBound` (a known squad's cost) the pool is the exact cut below it, and the
 * answer is at most `upperBound`.
 */
export function chemistryBound(
  problem: Problem,
  upperBound = Infinity,
  steps = CAP_STEPS,
): number | undefined {
  return chemistryBoundAndCut(problem, upperBound, steps)?.bound;
}

export interface ChemistryCut {
  /** A sound lower bound on every eligible squad (at most `upperBound`). */
  readonly bound: number;
  /**
   * The exact cut below `upperBound` less the cards every squad holding them costs at least
   * `upperBound` by the bound with that card forced in: a squad cheaper than `upperBound` uses
   * only these (all of the cut when `upperBound` is not finite).
   */
  readonly pool: readonly Candidate[];
}

/** The bound, and the pool a search for a squad cheaper than `upperBound` needs (see above). */
export function chemistryBoundAndCut(
  problem: Problem,
  upperBound = Infinity,
  steps = CAP_STEPS,
  deadline = Infinity,
): ChemistryCut | undefined {
  const slots = problem.openSlots.length;
  const least = teamChemistryMinimum(problem.requirements, slots);
  if (least <= 0) return undefined;
  if ([...problem.bricks.values()].some((brick) => brick.brick === 'custom')) return undefined;
  const pool = Number.isFinite(upperBound) ? reducePool(problem, upperBound) : problem.candidates;
  if (!pool.every((c) => isBaseProfile(chemistryProfileOf(c.card)))) return undefined;
  if (pool.length < slots) return Number.isFinite(upperBound) ? { bound: upperBound, pool: [] } : undefined;
  // "Same league/nation: max X" caps a group's cards (not clubs: the rule reads the raw club id,
  // chemistry the normalised one, which may join several).
  const limitOf = (group: 'league' | 'nation') =>
    Math.min(
      slots,
      ...problem.requirements.flatMap((r) =>
        r.kind === 'sameGroup' && r.group === group && r.scope !== 'min' ? [r.value] : [],
      ),
    );
  const dimensions = [
    {
      key: (c: Candidate) => normalizeClubId(c.card.clubId),
      thresholds: CHEMISTRY_THRESHOLDS.club,
      limit: slots,
    },
    {
      key: (c: Candidate) => c.card.leagueId,
      thresholds: CHEMISTRY_THRESHOLDS.league,
      limit: limitOf('league'),
    },
    {
      key: (c: Candidate) => c.card.nationId,
      thresholds: CHEMISTRY_THRESHOLDS.nation,
      limit: limitOf('nation'),
    },
  ];
  const pointsTables = dimensions.map(({ thresholds }) =>
    Int32Array.from({ length: slots + 1 }, (_, n) => pointsFor(n, thresholds)),
  );
  const hTables = pointsTables.map((points) => Float64Array.from(points, (p, n) => n * p));
  const groups = dimensions.map(({ key, limit }) => groupsOf(pool, key, problem.openSlots, limit));
  const uncapped = uncappedBound(groups, hTables, least, slots);
  let bound = uncapped.bound;

  const cost = Float64Array.from(pool, (c) => c.cost);
  const capable = Uint8Array.from(pool, (c) => (c.positionMask !== 0 ? 1 : 0));
  const capped: CappedDimension[] = dimensions.map(({ key, limit }, d) => {
    const byKey = new Map<number, number[]>();
    const unplaced: number[] = [];
    pool.forEach((c, i) => {
      if (!capable[i]) unplaced.push(i);
      else {
        const list = byKey.get(key(c));
        if (list) list.push(i);
        else byKey.set(key(c), [i]);
      }
    });
    const members = [...byKey.values()].map((list) => Int32Array.from(list));
    const ranks = Int32Array.from(members, (list) =>
      matchingSize(
        Array.from(list, (i) => pool[i] as Candidate),
        problem.openSlots,
      ),
    );
    const keyed = members.length;
    if (unplaced.length > 0) members.push(Int32Array.from(unplaced));
    return {
      members,
      ranks: Int32Array.from([...ranks, 0]),
      points: pointsTables[d] as Int32Array,
      limit,
      keyed,
    };
  });
  const hall = hallSetsOf(pool, slots);
  // The multipliers the last run on this problem ended with, by card and slot set, when there
  // are (the searches below a problem's thresholds cut pools of the same cards).
  const warm = warmStarts.get(problem);
  const at: CappedMultipliers = {
    lambda: warm?.lambda ?? uncapped.lambda,
    alpha: warm?.alpha ?? uncapped.alpha,
    pi: Float64Array.from(pool, (c) => warm?.pi.get(c) ?? 0),
    nu: dimensions.map((_, d) => Float64Array.from(hall.masks, (mask) => warm?.nu[d]?.get(mask) ?? 0)),
    shift: dimensions.map((_, d) => Float64Array.from(pool, (c) => warm?.shift.get(c)?.[d] ?? 0)),
  };
  let best = copyOf(at);
  let theta = 1;
  let sinceBetter = 0;
  const target = Number.isFinite(upperBound) ? upperBound : bound * 1.2 + 1;
  // Every step's multipliers give a sound bound and cut: the deadline only stops the climb.
  for (let step = 0; step < steps && bound < target && Date.now() < deadline; step += 1) {
    const here = evaluateCapped(capped, hall, cost, capable, least, slots, at);
    if (here.value > bound + 1e-9) {
      bound = here.value;
      sinceBetter = 0;
      best = copyOf(at);
    } else if ((sinceBetter += 1) >= 10) {
      theta /= 2;
      sinceBetter = 0;
    }
    let norm = here.gradLambda ** 2;
    for (const g of here.gradPi) norm += g * g;
    for (const row of here.gradNu) for (const g of row) norm += g * g;
    const [club, league, nation] = here.picked as [Float64Array, Float64Array, Float64Array];
    for (let i = 0; i < pool.length; i += 1)
      norm += ((club[i] ?? 0) - (nation[i] ?? 0)) ** 2 + ((league[i] ?? 0) - (nation[i] ?? 0)) ** 2;
    if (norm === 0) break;
    const t = (theta * (target - here.value)) / norm;
    at.lambda = Math.max(0, at.lambda + t * here.gradLambda);
    at.pi.forEach((v, i) => {
      at.pi[i] = Math.min(1, Math.max(0, v + t * (here.gradPi[i] ?? 0)));
    });
    const [clubShift, leagueShift, nationShift] = at.shift as [Float64Array, Float64Array, Float64Array];
    for (let i = 0; i < pool.length; i += 1) {
      clubShift[i] = (clubShift[i] ?? 0) + t * ((club[i] ?? 0) - (nation[i] ?? 0));
      leagueShift[i] = (leagueShift[i] ?? 0) + t * ((league[i] ?? 0) - (nation[i] ?? 0));
      nationShift[i] = -(clubShift[i] ?? 0) - (leagueShift[i] ?? 0);
    }
    at.nu.forEach((row, d) =>
      row.forEach((v, q) => {
        row[q] = Math.max(0, v + t * (here.gradNu[d]?.[q] ?? 0));
      }),
    );
  }
  warmStarts.set(problem, {
    lambda: best.lambda,
    alpha: best.alpha,
    pi: new Map(pool.map((c, i) => [c, best.pi[i] ?? 0])),
    shift: new Map(pool.map((c, i) => [c, best.shift.map((row) => row[i] ?? 0)])),
    nu: best.nu.map((row) => new Map(hall.masks.map((mask, q) => [mask, row[q] ?? 0]))),
  });
  const integral = pool.every((c) => Number.isInteger(c.cost));
  const rounded = (value: number) => (integral ? Math.ceil(value - 1e-6) : value - 1e-6);
  if (!Number.isFinite(upperBound)) return { bound: rounded(bound), pool };
  // Nothing is cheaper than the squad: no card is needed.
  if (rounded(bound) >= upperBound) return { bound: upperBound, pool: [] };
  const forced = new Float64Array(pool.length).fill(best.lambda * least);
  evaluateCapped(capped, hall, cost, capable, least, slots, best, forced);
  return {
    bound: Math.min(upperBound, rounded(bound)),
    pool: pool.filter((_, i) => rounded(forced[i] ?? Infinity) < upperBound),
  };
}

interface WarmStart {
  readonly lambda: number;
  readonly alpha: readonly number[];
  readonly pi: ReadonlyMap<Candidate, number>;
  readonly shift: ReadonlyMap<Candidate, readonly number[]>;
  readonly nu: readonly ReadonlyMap<number, number>[];
}

const warmStarts = new WeakMap<Problem, WarmStart>();

function copyOf(at: CappedMultipliers): CappedMultipliers {
  return {
    lambda: at.lambda,
    alpha: [...at.alpha],
    pi: Float64Array.from(at.pi),
    nu: at.nu.map((row) => Float64Array.from(row)),
    shift: at.shift.map((row) => Float64Array.from(row)),
  };
}

/** The size of a maximum matching of the cards to the open slots. */
function matchingSize(cards: readonly Candidate[], openSlots: readonly number[]): number {
  const owner = new Map<number, Candidate>();
  let size = 0;
  for (const c of cards) {
    if (size === openSlots.length) break;
    if (augment(c, owner, openSlots, new Set())) size += 1;
  }
  return size;
}

/**
 * Cut pools the chemistry cut runs on: its subgradient steps take ~50–150 ms of CPU on First
 * Links' 100–120 cards and grow with the pool; below ~60 cards the search needs no help.
 */
const MIN_CUT_CARDS = 60;
const MAX_CUT_CARDS = 300;
/** Subgradient steps of the cut (150 for the bound alone). */
const CUT_STEPS = 50;

/**
 * Whether the exact search's pools are cut by the chemistry bound: a challenge of chemistry
 * minima only (where another requirement binds, as on Four Leagues, the search's own pruning
 * does the work and the cut's time was measured to cost its proof) and a cut pool of
 * MIN_CUT_CARDS–MAX_CUT_CARDS cards.
 */
function cutApplies(problem: Problem, cut: readonly Candidate[], upperBound: number): boolean {
  return (
    Number.isFinite(upperBound) &&
    cut.length >= MIN_CUT_CARDS &&
    cut.length <= MAX_CUT_CARDS &&
    problem.requirements.every((r) => r.kind === 'chemistry' || r.kind === 'playerChemistry')
  );
}

/**
 * The exact search's pool below `upperBound`: the exact cut (`reducePool`), less the cards no
 * squad cheaper than `upperBound` can hold by the chemistry bound with that card forced in
 * (where `cutApplies`; else the exact cut as it is). First Links below 640: 98 → 38 cards, and
 * the search finishes in ~0.1 s of CPU instead of 8–19 s.
 */
export function searchPool(problem: Problem, upperBound: number, deadline = Infinity): readonly Candidate[] {
  const cut = reducePool(problem, upperBound);
  if (!cutApplies(problem, cut, upperBound)) return cut;
  return chemistryBoundAndCut(problem, upperBound, CUT_STEPS, deadline)?.pool ?? cut;
}

/**
 * A lower bound to start the exact search's thresholds from, where the cut applies (else
 * −Infinity): the chemistry bound below the known squad's cost.
 */
export function chemistryStartBound(problem: Problem, upperBound: number, deadline = Infinity): number {
  if (!cutApplies(problem, reducePool(problem, upperBound), upperBound)) return -Infinity;
  return chemistryBoundAndCut(problem, upperBound, CUT_STEPS, deadline)?.bound ?? -Infinity;
}

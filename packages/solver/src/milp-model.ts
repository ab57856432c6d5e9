import {
  CHEMISTRY_THRESHOLDS,
  chemistryProfileOf,
  groupIdOf,
  isRestrictedClub,
  isRestrictedLeague,
  matchesCondition,
  MAX_PLAYER_CHEMISTRY,
  normalizeClubId,
  SQUAD_SIZE,
  type GroupKind,
  type SbcRequirement,
} from '@tradedesk/domain';
import type { Candidate, Problem } from './problem.js';
import { minScoreFor } from './squad-check.js';

/**
 * The exact MILP of SBC.md §6.3 over a card pool, as plain arrays (rows in CSR), so it can be
 * handed to any MILP library. Column 0.. `cards.length − 1` are the cards' "used" binaries.
 */
export interface MilpModel {
  readonly cards: readonly Candidate[];
  readonly colCost: number[];
  readonly colLower: number[];
  readonly colUpper: number[];
  readonly integer: boolean[];
  readonly rowLower: number[];
  readonly rowUpper: number[];
  readonly rowStarts: number[];
  readonly rowIndices: number[];
  readonly rowValues: number[];
  /** For each card, its "in position at position code p" columns. */
  readonly placementCols: readonly (readonly { readonly col: number; readonly code: string }[])[];
}

/** Why a requirement list has no exact MILP here (the caller then keeps its other bounds). */
export type MilpBuild = { readonly model: MilpModel } | { readonly unsupported: string };

class Builder {
  readonly colCost: number[] = [];
  readonly colLower: number[] = [];
  readonly colUpper: number[] = [];
  readonly integer: boolean[] = [];
  readonly rowLower: number[] = [];
  readonly rowUpper: number[] = [];
  readonly rowStarts: number[] = [0];
  readonly rowIndices: number[] = [];
  readonly rowValues: number[] = [];

  column(cost: number, lower: number, upper: number, integer: boolean): number {
    this.colCost.push(cost);
    this.colLower.push(lower);
    this.colUpper.push(upper);
    this.integer.push(integer);
    return this.colCost.length - 1;
  }

  binary(cost = 0): number {
    return this.column(cost, 0, 1, true);
  }

  /** A row `lower ≤ Σ value·x[col] ≤ upper`; repeated columns are summed (HiGHS refuses repeats). */
  row(terms: readonly (readonly [number, number])[], lower: number, upper: number): void {
    const merged = new Map<number, number>();
    for (const [col, value] of terms) merged.set(col, (merged.get(col) ?? 0) + value);
    for (const [col, value] of merged) {
      if (Math.abs(value) < 1e-12) continue;
      this.rowIndices.push(col);
      this.rowValues.push(value);
    }
    this.rowStarts.push(this.rowIndices.length);
    this.rowLower.push(lower);
    this.rowUpper.push(upper);
  }
}

const bounds = (scope: SbcRequirement['scope'], value: number): [number, number] =>
  scope === 'min' ? [value, Infinity] : scope === 'max' ? [-Infinity, value] : [value, value];

function groupMembers(cards: readonly Candidate[], key: (c: Candidate) => number): Map<number, number[]> {
  const members = new Map<number, number[]>();
  cards.forEach((card, index) => {
    const id = key(card);
    const list = members.get(id);
    if (list) list.push(index);
    else members.set(id, [index]);
  });
  return members;
}

/**
 * The smallest rating sum S (bricks count 0) for which the score can still reach `target`, and
 * the sums in between that need the excess rows. The largest excess a sum S allows, with `open`
 * ratings in [low, high] summing to S, is at the vertex with as many ratings at `high` as fit
 * (the excess is convex in the ratings).
 */
function ratingWindow(open: number, low: number, high: number, target: number): number[] {
  const needed = minScoreFor(target);
  const sums: number[] = [];
  for (let s = SQUAD_SIZE * target - 1; s >= open * low && s >= 0; s -= 1) {
    const spread = high - low;
    const atHigh = spread > 0 ? Math.min(open, Math.floor((s - open * low) / spread)) : open;
    const rest = s - open * low - atHigh * spread;
    let excess = atHigh * Math.max(0, SQUAD_SIZE * high - s);
    if (atHigh < open) excess += Math.max(0, SQUAD_SIZE * (low + rest) - s);
    excess += Math.max(0, open - atHigh - 1) * Math.max(0, SQUAD_SIZE * low - s);
    if (SQUAD_SIZE * s + excess >= needed) sums.push(s);
  }
  return sums;
}

/**
 * Lines whose minimum is the upper concave envelope of a group's chemistry points as a function
 * of the other players' contribution `o` (points = thresholds reached by `own + o`). Every line
 * lies on or above the step function, so the cut never removes a real squad.
 */
export function envelopeOf(
  thresholds: readonly number[],
  own: number,
): { slope: number; intercept: number }[] {
  const points: [number, number][] = [[0, thresholds.filter((t) => own >= t).length]];
  thresholds.forEach((t, level) => {
    if (t - own > 0) points.push([t - own, level + 1]);
  });
  // Upper hull of points sorted by o (monotone chain).
  const hull: [number, number][] = [];
  for (const point of points) {
    while (hull.length >= 2) {
      const [ax, ay] = hull[hull.length - 2] ?? [0, 0];
      const [bx, by] = hull[hull.length - 1] ?? [0, 0];
      if ((by - ay) * (point[0] - ax) <= (point[1] - ay) * (bx - ax)) hull.pop();
      else break;
    }
    hull.push(point);
  }
  const lines: { slope: number; intercept: number }[] = [];
  for (let k = 1; k < hull.length; k += 1) {
    const [ax, ay] = hull[k - 1] ?? [0, 0];
    const [bx, by] = hull[k] ?? [0, 0];
    const slope = (by - ay) / (bx - ax);
    lines.push({ slope, intercept: ay - slope * ax });
  }
  return lines;
}

/**
 * Builds the exact model: used binaries y, in-position binaries a per (card, position code),
 * chemistry by threshold binaries per club/league/nation, the team rating with one binary per
 * rating sum below 11·T (the `121·T − 5` rule is linear once the sum is fixed), player counts,
 * same-group and distinct-group counts, one card per asset, and `Σ cost·y < cutoff`.
 * Requirements it cannot state exactly (a maximum rating or chemistry, custom bricks) make it
 * answer `unsupported`: the caller then never trusts it as a bound.
 */
export function buildMilp(problem: Problem, cards: readonly Candidate[], cutoff: number): MilpBuild {
  const { requirements, openSlots, positions } = problem;
  for (const [, brick] of problem.bricks)
    if (brick.brick === 'custom') return { unsupported: 'custom bricks' };
  for (const r of requirements) {
    if ((r.kind === 'teamRating' || r.kind === 'chemistry') && r.scope !== 'min')
      return { unsupported: `${r.kind} ${r.scope}` };
    if (r.kind === 'unsupported' || r.kind === 'teamStarRating') return { unsupported: r.kind };
  }
  const b = new Builder();
  const n = openSlots.length;
  const used = cards.map((card) => b.binary(card.cost));
  b.row(
    used.map((col) => [col, 1] as const),
    n,
    n,
  );
  if (Number.isFinite(cutoff))
    b.row(
      used.map((col, i) => [col, cards[i]?.cost ?? 0] as const),
      -Infinity,
      cutoff,
    );
  for (const list of groupMembers(cards, (c) => c.assetId).values())
    if (list.length > 1)
      b.row(
        list.map((i) => [used[i] ?? 0, 1] as const),
        -Infinity,
        1,
      );

  const chemistryNeeded = requirements.filter((r) => r.kind === 'chemistry' || r.kind === 'playerChemistry');
  const placementCols: { col: number; code: string }[][] = cards.map(() => []);
  if (chemistryNeeded.length > 0) {
    // Slots with one position code accept the same cards in position: one column per code.
    const capacity = new Map<string, number>();
    const slotsOfCode = new Map<string, number>();
    for (const slot of openSlots) {
      const code = positions[slot] ?? '';
      capacity.set(code, (capacity.get(code) ?? 0) + 1);
      if (!slotsOfCode.has(code)) slotsOfCode.set(code, slot);
    }
    const byCode = new Map<string, number[]>();
    cards.forEach((card, i) => {
      for (const [code, slot] of slotsOfCode) {
        if (!(card.positionMask & (1 << slot))) continue;
        const col = b.binary();
        placementCols[i]?.push({ col, code });
        const list = byCode.get(code);
        if (list) list.push(col);
        else byCode.set(code, [col]);
      }
      b.row(
        [...(placementCols[i] ?? []).map(({ col }) => [col, 1] as const), [used[i] ?? 0, -1]],
        -Infinity,
        0,
      );
    });
    for (const [code, cols] of byCode)
      b.row(
        cols.map((col) => [col, 1] as const),
        -Infinity,
        capacity.get(code) ?? 0,
      );
    // Threshold binaries per group: on only when the group's in-position contributions reach it.
    const everyLeague = cards.map((card) => chemistryProfileOf(card.card).everyLeague);
    const weightIn = (card: Candidate, i: number, kind: GroupKind, id: number): number => {
      const profile = chemistryProfileOf(card.card);
      const { clubId, leagueId, nationId } = card.card;
      if (kind === 'club')
        return !isRestrictedClub(clubId) && normalizeClubId(clubId) === id ? profile.club : 0;
      if (kind === 'nation') return nationId === id ? profile.nation : 0;
      return (!isRestrictedLeague(leagueId) && leagueId === id ? profile.league : 0) + (everyLeague[i] ?? 0);
    };
    const groupCache = new Map<string, { levels: number[]; terms: [number, number][] }>();
    const groupOf = (kind: GroupKind, id: number) => {
      const key = `${kind}${id}`;
      const cached = groupCache.get(key);
      if (cached) return cached;
      const terms: [number, number][] = [];
      cards.forEach((card, i) => {
        const weight = weightIn(card, i, kind, id);
        if (weight > 0) for (const { col } of placementCols[i] ?? []) terms.push([col, weight]);
      });
      const reach = terms.reduce((sum, [, weight]) => sum + weight, 0);
      const levels: number[] = [];
      for (const threshold of CHEMISTRY_THRESHOLDS[kind]) {
        if (threshold > reach) break;
        const col = b.binary();
        b.row([[col, threshold], ...terms.map(([c, w]) => [c, -w] as const)], -Infinity, 0);
        const previous = levels[levels.length - 1];
        if (previous !== undefined)
          b.row(
            [
              [col, 1],
              [previous, -1],
            ],
            -Infinity,
            0,
          );
        levels.push(col);
      }
      const group = { levels, terms };
      groupCache.set(key, group);
      return group;
    };
    const chemistryCols: number[] = [];
    cards.forEach((card, i) => {
      const inPosition = placementCols[i] ?? [];
      if (inPosition.length === 0) {
        chemistryCols.push(-1);
        return;
      }
      const col = b.column(0, 0, MAX_PLAYER_CHEMISTRY, false);
      chemistryCols.push(col);
      const profile = chemistryProfileOf(card.card);
      const cap = profile.fixedChemistry ?? MAX_PLAYER_CHEMISTRY;
      b.row([[col, 1], ...inPosition.map(({ col: a }) => [a, -cap] as const)], -Infinity, 0);
      if (profile.fixedChemistry !== undefined) return;
      const { clubId, leagueId, nationId } = card.card;
      const links: number[] = [];
      for (const [kind, id] of [
        ['club', normalizeClubId(clubId)],
        ['league', leagueId],
        ['nation', nationId],
      ] as const) {
        const group = groupOf(kind, id);
        if (group.levels.length === 0) continue;
        // The points this player gets from the group: at most the levels reached, and (a cut
        // that keeps the LP honest) at most the concave envelope of the points in terms of the
        // OTHER players' contributions, so a lonely player gets nothing even fractionally.
        const link = b.column(0, 0, group.levels.length, false);
        links.push(link);
        b.row([[link, 1], ...group.levels.map((l) => [l, -1] as const)], -Infinity, 0);
        const own = weightIn(card, i, kind, id);
        for (const { slope, intercept } of envelopeOf(CHEMISTRY_THRESHOLDS[kind], own)) {
          // link ≤ intercept + slope · (C_g − own · x_i)
          b.row(
            [
              [link, 1],
              ...group.terms.map(([c, w]) => [c, -slope * w] as const),
              ...inPosition.map(({ col: a }) => [a, slope * own] as const),
            ],
            -Infinity,
            intercept,
          );
        }
      }
      b.row([[col, 1], ...links.map((l) => [l, -1] as const)], -Infinity, 0);
    });
    for (const r of chemistryNeeded) {
      if (r.kind === 'chemistry')
        b.row(
          chemistryCols.filter((col) => col >= 0).map((col) => [col, 1] as const),
          r.value,
          Infinity,
        );
      else if (r.value > 0)
        cards.forEach((_, i) => {
          const col = chemistryCols[i] ?? -1;
          // A card never in position cannot reach any chemistry: it cannot be used.
          if (col < 0) b.row([[used[i] ?? 0, 1]], 0, 0);
          else
            b.row(
              [
                [col, 1],
                [used[i] ?? 0, -r.value],
              ],
              0,
              Infinity,
            );
        });
    }
  }

  for (const r of requirements) {
    switch (r.kind) {
      case 'teamRating': {
        const ratings = cards.map((card) => card.card.rating);
        const low = Math.min(...ratings);
        const high = Math.max(...ratings);
        const sums = ratingWindow(n, low, high, r.value);
        const needed = minScoreFor(r.value);
        // σ_s: the rating sum is exactly s (below 11·T); σ_hi: the sum is at least 11·T.
        const sumCols = sums.map(() => b.binary());
        const highCol = b.binary();
        const highSum = b.column(0, 0, n * high, false);
        b.row([...sumCols.map((col) => [col, 1] as const), [highCol, 1]], 1, 1);
        b.row(
          [
            ...used.map((col, i) => [col, ratings[i] ?? 0] as const),
            ...sumCols.map((col, k) => [col, -(sums[k] ?? 0)] as const),
            [highSum, -1],
          ],
          0,
          0,
        );
        b.row(
          [
            [highSum, 1],
            [highCol, -SQUAD_SIZE * r.value],
          ],
          0,
          Infinity,
        );
        b.row(
          [
            [highSum, 1],
            [highCol, -n * high],
          ],
          -Infinity,
          0,
        );
        sums.forEach((s, k) => {
          const terms: [number, number][] = [];
          cards.forEach((_, i) => {
            const excess = SQUAD_SIZE * (ratings[i] ?? 0) - s;
            if (excess > 0) terms.push([used[i] ?? 0, excess]);
          });
          terms.push([sumCols[k] ?? 0, -(needed - SQUAD_SIZE * s)]);
          b.row(terms, 0, Infinity);
        });
        break;
      }
      case 'players': {
        const [lower, upper] = bounds(r.scope, r.count);
        b.row(
          cards.flatMap((card, i) =>
            r.conditions.every((cond) => matchesCondition(card.card, cond))
              ? [[used[i] ?? 0, 1] as const]
              : [],
          ),
          lower,
          upper,
        );
        break;
      }
      case 'sameGroup': {
        const groups = groupMembers(cards, (c) => groupIdOf(c.card, r.group));
        if (r.scope !== 'min')
          for (const list of groups.values())
            if (list.length > r.value)
              b.row(
                list.map((i) => [used[i] ?? 0, 1] as const),
                -Infinity,
                r.value,
              );
        if (r.scope !== 'max') {
          const chosen: number[] = [];
          for (const list of groups.values()) {
            if (new Set(list.map((i) => cards[i]?.assetId)).size < r.value) continue;
            const col = b.binary();
            chosen.push(col);
            b.row([...list.map((i) => [used[i] ?? 0, 1] as const), [col, -r.value]], 0, Infinity);
          }
          b.row(
            chosen.map((col) => [col, 1] as const),
            1,
            Infinity,
          );
        }
        break;
      }
      case 'distinctGroups': {
        const groups = groupMembers(cards, (c) => groupIdOf(c.card, r.group));
        const present: number[] = [];
        for (const list of groups.values()) {
          const col = b.binary();
          present.push(col);
          const terms = list.map((i) => [used[i] ?? 0, 1] as const);
          if (r.scope !== 'max') b.row([[col, 1], ...terms.map(([c]) => [c, -1] as const)], -Infinity, 0);
          if (r.scope !== 'min') b.row([...terms, [col, -n]], -Infinity, 0);
        }
        const [lower, upper] = bounds(r.scope, r.value);
        b.row(
          present.map((col) => [col, 1] as const),
          lower,
          upper,
        );
        break;
      }
      default:
        // Quality is a pool filter; chemistry is modelled above.
        break;
    }
  }
  return {
    model: {
      cards,
      colCost: b.colCost,
      colLower: b.colLower,
      colUpper: b.colUpper,
      integer: b.integer,
      rowLower: b.rowLower,
      rowUpper: b.rowUpper,
      rowStarts: b.rowStarts,
      rowIndices: b.rowIndices,
      rowValues: b.rowValues,
      placementCols,
    },
  };
}

/** The exact MILP of a requirement list over a card pool, as plain arrays any MILP library takes. */
import { groupIdOf, matchesCondition, SQUAD_SIZE } from '@tradedesk/domain';
import { Builder, bounds, groupMembers } from './milp-builder.js';
import { addChemistryRows, type MilpForm } from './milp-chemistry.js';
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
  /**
   * The lean form's cutoff, for HiGHS's `objective_bound` instead of a cost row: a dense row over
   * every card slowed HiGHS's cuts on Full House's 4,000-card cut (more than twice the CPU).
   */
  readonly objectiveBound?: number;
}

/** Why a requirement list has no exact MILP here (the caller then keeps its other bounds). */
export type MilpBuild = { readonly model: MilpModel } | { readonly unsupported: string };

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
 * Builds the exact model: used binaries y, in-position binaries a per (card, position code),
 * chemistry by threshold binaries per club/league/nation, the team rating with one binary per
 * rating sum below 11·T (the `121·T − 5` rule is linear once the sum is fixed), player counts,
 * same-group and distinct-group counts, one card per asset, and `Σ cost·y < cutoff`.
 * Requirements it cannot state exactly (a maximum rating or chemistry, custom bricks) make it
 * answer `unsupported`: the caller then never trusts it as a bound.
 */
export function buildMilp(
  problem: Problem,
  cards: readonly Candidate[],
  cutoff: number,
  form: MilpForm = 'tight',
): MilpBuild {
  const { requirements, openSlots } = problem;
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
  if (Number.isFinite(cutoff) && form === 'tight')
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

  const placementCols = addChemistryRows(b, problem, cards, used, form);

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
      ...(form === 'lean' && Number.isFinite(cutoff) ? { objectiveBound: cutoff } : {}),
    },
  };
}

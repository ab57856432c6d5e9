/** The exact search split by the cards at the market's floor price or dearer: none, then one at a time. */
import { reducePool } from './milp.js';
import {
  playerChemistryMinimum,
  playerChemistrySearch,
  type PlayerChemistryOutcome,
} from './player-chemistry-search.js';
import type { Candidate, Problem } from './problem.js';
import { workNow } from './work-clock.js';

export interface FloorSplitOutcome {
  /** Whether every squad below the upper bound was looked at (the tier's and one dear card's). */
  readonly finished: boolean;
  /** When finished, the optimum (the upper bound when no squad is cheaper). */
  readonly bound?: number;
  /** Whether the tier alone was searched to the end (its best is then `tierBest`). */
  readonly tierFinished: boolean;
  /** The cheapest tier squad's cost, or the upper bound when none is cheaper (when the tier finished). */
  readonly tierBest?: number;
  readonly answer?: PlayerChemistryOutcome['answer'];
  readonly nodes: number;
  readonly work: number;
  /** Searches run: the tier's, then one per dear card tried. */
  readonly searches: number;
}

/** The cheapest market card's cost (the floor price), Infinity without a market. */
export function floorPriceOf(problem: Problem): number {
  let floor = Infinity;
  for (const c of problem.candidates) if (c.source === 'market' && c.cost < floor) floor = c.cost;
  return floor;
}

/**
 * For "every player ≥ m": the squads below the bound are the cheap tier's (cards below the
 * market's floor price) or hold cards at the floor or dearer. First the tier alone; then, where
 * below its best at most one dear card fits (two floor prices and the cheapest rest reach it),
 * one search per dear card (the anchor, cheapest first), each over the tier with the anchor
 * taken: its groups and slot, and its own lift priced from the tier. A dear card another
 * dominates (same club, league and nation, no more positions, no dearer, a player not in the
 * tier) is skipped: being its squad's only dear card, the other can take its place. Thousands
 * of floor-price cards are then never branched on together. Undefined outside "every player ≥ m"
 * or without a market.
 */
export function floorSplitSearch(
  problem: Problem,
  upperBound: number,
  deadline: number,
  /** The deadline once the split applies (a squad found where one dear card at most fits). */
  splitDeadline = deadline,
): FloorSplitOutcome | undefined {
  if (playerChemistryMinimum(problem) === undefined || !Number.isFinite(upperBound)) return undefined;
  const floor = floorPriceOf(problem);
  if (!Number.isFinite(floor)) return undefined;
  const slots = problem.openSlots.length;
  const cut = reducePool(problem, upperBound);
  const tier = cut.filter((c) => c.cost < floor);
  const dear = cut.filter((c) => c.cost >= floor).sort((a, b) => a.cost - b.cost);
  const cheapest = problem.candidates.map((c) => c.cost).sort((a, b) => a - b);
  const sumOf = (count: number) => cheapest.slice(0, count).reduce((sum, cost) => sum + cost, 0);
  let best = upperBound;
  let answer: PlayerChemistryOutcome['answer'];
  let nodes = 0;
  let work = 0;
  let searches = 0;
  // At or below this, two dear cards no longer fit: the split covers every squad.
  const oneDearAtMost = 2 * floor + sumOf(slots - 2);
  const run = (pool: readonly Candidate[], anchor?: Candidate): boolean => {
    searches += 1;
    const outcome = playerChemistrySearch(problem, best, anchor ? splitDeadline : deadline, Infinity, {
      pool,
      ...(anchor ? { anchor } : { extendedDeadline: splitDeadline, extendAtOrBelow: oneDearAtMost }),
    });
    if (!outcome) return false;
    nodes += outcome.nodes;
    work += outcome.work;
    if (outcome.answer && outcome.answer.cost < best) {
      best = outcome.answer.cost;
      answer = outcome.answer;
    }
    return outcome.finished;
  };
  const tierFinished = run(tier);
  const tierBest = best;
  // Two dear cards still fit below the best: the split does not cover those squads.
  let finished = tierFinished && oneDearAtMost >= best;
  const rest = sumOf(slots - 1);
  const others = sumOf(slots - 2);
  const tierAssets = new Set(tier.map((c) => c.assetId));
  for (const anchor of finished ? undominated(dear, tierAssets) : []) {
    // Cards are sorted: once an anchor and the cheapest rest reach the best, every later one does.
    if (anchor.cost + rest >= best) break;
    const budget = best - anchor.cost;
    finished =
      workNow() <= splitDeadline &&
      run(
        tier.filter((c) => c.cost + others < budget),
        anchor,
      );
    if (!finished) break;
  }
  return {
    finished,
    ...(finished ? { bound: best } : {}),
    tierFinished,
    ...(tierFinished ? { tierBest } : {}),
    ...(answer ? { answer } : {}),
    nodes,
    work,
    searches,
  };
}

/**
 * The dear cards no other dominates (same groups, a superset of positions, no dearer), in cost
 * order; a card whose player is also in the tier dominates none (the squad may hold that one).
 */
function undominated(dear: readonly Candidate[], tierAssets: ReadonlySet<number>): Candidate[] {
  const kept = new Map<string, Candidate[]>();
  const result: Candidate[] = [];
  for (const card of dear) {
    const key = `${card.card.clubId}|${card.card.leagueId}|${card.card.nationId}`;
    const same = kept.get(key) ?? [];
    if (same.some((other) => (other.positionMask & card.positionMask) === card.positionMask)) continue;
    if (!tierAssets.has(card.assetId)) {
      same.push(card);
      kept.set(key, same);
    }
    result.push(card);
  }
  return result;
}

import { chemistryProfileOf, groupIdOf, matchesCondition, normalizeClubId } from '@tradedesk/domain';
import loadHighs, { type Highs } from 'highs';
import { buildMilp, type MilpModel } from './milp-model.js';
import type { MilpForm } from './milp-chemistry.js';
import type { Candidate, Problem } from './problem.js';
import { capSecondsLeft, chargeWork, workClockActive, WORK_MS } from './work-clock.js';

let runtime: Highs | undefined;
let loading: Promise<Highs> | undefined;

/**
 * Loads the MILP library (HiGHS compiled to WebAssembly, ~3.5 MB) once per thread. Loading is
 * asynchronous but every solve is synchronous, so a caller awaits this once (in its worker)
 * before solving; until it resolves, solves run without the MILP (weaker proofs, same answers'
 * validity).
 */
export async function prepareSolver(): Promise<void> {
  loading ??= loadHighs().then((loaded) => {
    warmUp(loaded);
    runtime = loaded;
    return loaded;
  });
  await loading;
}

/** Whether `prepareSolver()` has finished in this thread. */
export function milpReady(): boolean {
  return runtime !== undefined;
}

/** Cards scanned for dominators of one card before it is kept anyway (keeps the cut linear). */
const DOMINANCE_SCAN = 400;
/**
 * HiGHS counts wall time; the solve's cap counts this thread's CPU time. A thread on a busy
 * machine gets a fraction of a core, so HiGHS's limit is the cap's seconds times this.
 */
const HIGHS_WALL_PER_CAP_SECOND = 50;

/**
 * The pool cut to the cards an optimal squad cheaper than `upperBound` may hold (exact):
 * - price: a card whose cost plus the cheapest other squad-fillers already reaches the bound;
 * - dominance: a card with `slots` cheaper-or-equal cards of other players that match it on
 *   everything a requirement reads (club, league, nation, chemistry profile, every player-count
 *   condition), play at least its positions and have at least its rating (equal rating when a
 *   requirement caps it). Any squad using it can swap in one of them at no extra cost.
 */
export function reducePool(problem: Problem, upperBound: number): readonly Candidate[] {
  const cached = lastCut.get(problem);
  if (cached?.upperBound === upperBound) return cached.pool;
  // A cut for a higher bound holds an optimal squad below this one too, and every card of that
  // squad passes the price test for this bound (its cost plus ten others is the squad's at most).
  if (cached && cached.upperBound > upperBound) return withinPrice(problem, cached.pool, upperBound);
  const pool = cutPool(problem, upperBound);
  lastCut.set(problem, { upperBound, pool });
  return pool;
}

/** The last cut per problem: the escalation, the exact search and the MILP ask for the same one. */
const lastCut = new WeakMap<Problem, { readonly upperBound: number; readonly pool: readonly Candidate[] }>();

/** The cards whose cost plus the cheapest cards of `slots − 1` other players is below the bound. */
function withinPrice(problem: Problem, cards: readonly Candidate[], upperBound: number): Candidate[] {
  if (!Number.isFinite(upperBound)) return [...cards];
  const slots = problem.openSlots.length;
  const cheapestPerAsset = new Map<number, number>();
  for (const c of problem.candidates)
    cheapestPerAsset.set(c.assetId, Math.min(c.cost, cheapestPerAsset.get(c.assetId) ?? Infinity));
  const fillers = [...cheapestPerAsset.entries()].sort((a, b) => a[1] - b[1]).slice(0, slots);
  const othersCost = (asset: number) => {
    let sum = 0;
    let taken = 0;
    for (const [other, cost] of fillers) {
      if (taken === slots - 1) break;
      if (other === asset) continue;
      sum += cost;
      taken += 1;
    }
    return sum;
  };
  return cards.filter((c) => c.cost + othersCost(c.assetId) < upperBound);
}

function cutPool(problem: Problem, upperBound: number): Candidate[] {
  const { requirements } = problem;
  const slots = problem.openSlots.length;
  const priced = withinPrice(problem, problem.candidates, upperBound);

  const chemistry = requirements.some((r) => r.kind === 'chemistry' || r.kind === 'playerChemistry');
  const groupKinds = new Set(
    requirements.flatMap((r) => (r.kind === 'sameGroup' || r.kind === 'distinctGroups' ? [r.group] : [])),
  );
  const counted = requirements.filter((r) => r.kind === 'players');
  const rated = requirements.some((r) => r.kind === 'teamRating');
  const ratingCapped = requirements.some((r) => r.kind === 'teamRating' && r.scope !== 'min');
  const signature = (c: Candidate): string => {
    const { card } = c;
    const parts: (string | number)[] = counted.map((r) =>
      r.conditions.every((cond) => matchesCondition(card, cond)) ? 1 : 0,
    );
    for (const kind of groupKinds) parts.push(`${kind}${groupIdOf(card, kind)}`);
    if (chemistry)
      parts.push(
        normalizeClubId(card.clubId),
        card.clubId,
        card.leagueId,
        card.nationId,
        JSON.stringify(chemistryProfileOf(card)),
      );
    if (ratingCapped) parts.push(card.rating);
    return parts.join('|');
  };
  const buckets = new Map<string, Candidate[]>();
  for (const c of priced) {
    const key = signature(c);
    const list = buckets.get(key);
    if (list) list.push(c);
    else buckets.set(key, [c]);
  }
  const kept: Candidate[] = [];
  for (const list of buckets.values()) {
    list.sort(
      (a, b) =>
        a.cost - b.cost ||
        b.card.rating - a.card.rating ||
        popCount(b.positionMask) - popCount(a.positionMask),
    );
    list.forEach((c, index) => {
      const dominators = new Set<number>();
      for (let j = Math.max(0, index - DOMINANCE_SCAN); j < index && dominators.size < slots; j += 1) {
        const other = list[j];
        if (!other || other.assetId === c.assetId) continue;
        if (rated && other.card.rating < c.card.rating) continue;
        if (chemistry && (other.positionMask & c.positionMask) !== c.positionMask) continue;
        dominators.add(other.assetId);
      }
      if (dominators.size < slots) kept.push(c);
    });
  }
  return kept;
}

function popCount(mask: number): number {
  let count = 0;
  for (let m = mask; m; m &= m - 1) count += 1;
  return count;
}

export interface MilpOutcome {
  /** A sound lower bound on every eligible squad (the upper bound itself when none is cheaper). */
  readonly bound: number;
  /** Cards of a squad cheaper than the upper bound, when the MILP found one. */
  readonly cards?: readonly Candidate[];
  /** Whether the bound is proven tight (HiGHS finished). */
  readonly finished: boolean;
  readonly columns: number;
}

const BOUND_TOLERANCE = 1e-4;
/**
 * Cards above which the MILP is not tried within a solve: HiGHS (WebAssembly, one thread) needs
 * seconds for the chemistry model of a few hundred cards, and its presolve ignores the time limit.
 */
export const MAX_MILP_CARDS = 250;
/**
 * Above this many cards the chemistry rows take the lean form: the tight form's envelope rows grow
 * with the square of a group's size (Full House's 4,000-card cut made HiGHS in WebAssembly abort
 * out of memory), the lean one with the pool.
 */
export const MAX_TIGHT_MILP_CARDS = 1_000;

/**
 * WebAssembly functions are compiled on first call: the first MILP of a thread costs a few
 * hundred milliseconds more. One small knapsack with a chemistry-like link row pays that once.
 */
function warmUp(highs: Highs): void {
  const size = 24;
  const model: MilpModel = {
    cards: [],
    colCost: Array.from({ length: size }, (_, i) => 50 + ((i * 37) % 23)),
    colLower: new Array<number>(size).fill(0),
    colUpper: new Array<number>(size).fill(1),
    integer: new Array<boolean>(size).fill(true),
    rowLower: [11, 2],
    rowUpper: [11, Infinity],
    rowStarts: [0, size, size + size / 2],
    rowIndices: [
      ...Array.from({ length: size }, (_, i) => i),
      ...Array.from({ length: size / 2 }, (_, i) => i * 2),
    ],
    rowValues: [...new Array<number>(size).fill(1), ...new Array<number>(size / 2).fill(1)],
    placementCols: [],
  };
  solveModel(highs, model, 5);
}

/**
 * HiGHS within a budget of `seconds`. In a solve (a work clock active) the budget is a number of
 * branch-and-bound nodes, so the answer does not depend on the machine's load, and HiGHS's own
 * time limit is only the solve's wall-clock cap; the nodes, simplex iterations and the model's size
 * are charged.
 */
function solveModel(highs: Highs, model: MilpModel, seconds: number) {
  const inSolve = workClockActive();
  const { constants } = highs;
  const instance = highs.createModel({
    numCols: model.colCost.length,
    numRows: model.rowLower.length,
    colCost: model.colCost,
    colLower: model.colLower,
    colUpper: model.colUpper,
    rowLower: model.rowLower.map((v) => (v === -Infinity ? -highs.infinity : v)),
    rowUpper: model.rowUpper.map((v) => (v === Infinity ? highs.infinity : v)),
    matrix: {
      format: 'csr',
      numRows: model.rowLower.length,
      numCols: model.colCost.length,
      starts: Int32Array.from(model.rowStarts),
      indices: Int32Array.from(model.rowIndices),
      values: Float64Array.from(model.rowValues),
    },
    integrality: model.integer.map((integer) =>
      integer ? constants.variableType.integer : constants.variableType.continuous,
    ),
  });
  try {
    instance.options.set({
      output_flag: false,
      // In a solve the node limit bounds HiGHS; its time limit (wall time) is only the cap's, with
      // room for a busy machine, so load does not cut it short.
      time_limit: inSolve
        ? Math.max(0.01, Math.min(3_600, capSecondsLeft() * HIGHS_WALL_PER_CAP_SECOND))
        : Math.max(0.01, seconds),
      ...(inSolve ? { mip_max_nodes: Math.max(1, Math.floor((seconds * 1000) / WORK_MS.milpNode)) } : {}),
      mip_rel_gap: 0,
      mip_abs_gap: 0.5,
      ...(model.objectiveBound !== undefined ? { objective_bound: model.objectiveBound } : {}),
    });
    instance.run();
    if (inSolve)
      chargeWork(
        model.colCost.length * WORK_MS.milpColumn +
          Number(instance.info.get('mip_node_count') ?? 0) * WORK_MS.milpNode +
          // After a MIP run HiGHS reports every LP iteration (presolve, cuts, heuristics, nodes) here.
          Math.max(0, Number(instance.info.get('simplex_iteration_count') ?? 0)) * WORK_MS.milpIteration,
      );
    const status = instance.getModelStatus();
    const dual = Number(instance.info.get('mip_dual_bound'));
    const primal = Number(instance.info.get('primal_solution_status'));
    const values = primal === 2 ? instance.getSolution().colValue : undefined;
    return { status, dual, values, constants };
  } finally {
    instance.dispose();
  }
}

/**
 * Looks for a squad cheaper than `upperBound` with HiGHS on the reduced pool, in at most
 * `seconds`. Infeasible means no cheaper squad exists (the incumbent is optimal); a time-limited
 * run still gives its proven dual bound. Undefined when the MILP is not loaded or cannot state
 * the requirements exactly.
 */
export function improveWithMilp(
  problem: Problem,
  upperBound: number,
  seconds: number,
  /** Above this many cards after the cut the model is left unsolved (HiGHS cannot finish in time). */
  maxCards = MAX_MILP_CARDS,
  /** The chemistry rows' form; by default lean above `MAX_TIGHT_MILP_CARDS` cards, else tight. */
  form?: MilpForm,
): MilpOutcome | undefined {
  const highs = runtime;
  if (!highs) return undefined;
  const cards = reducePool(problem, upperBound);
  if (cards.length > maxCards) return undefined;
  const integral = cards.every((c) => Number.isInteger(c.cost));
  if (new Set(cards.map((c) => c.assetId)).size < problem.openSlots.length)
    return { bound: upperBound, finished: true, columns: 0 };
  const cutoff = Number.isFinite(upperBound) ? upperBound - (integral ? 0.5 : 1e-6) : Infinity;
  const built = buildMilp(
    problem,
    cards,
    cutoff,
    form ?? (cards.length > MAX_TIGHT_MILP_CARDS ? 'lean' : 'tight'),
  );
  if ('unsupported' in built) return undefined;
  const { model } = built;
  const { status, dual, values, constants } = solveModel(highs, model, seconds);
  const columns = model.colCost.length;
  const rounded = (value: number) =>
    integral ? Math.ceil(value - BOUND_TOLERANCE) : value - BOUND_TOLERANCE;
  const picked = values && cards.filter((_, i) => (values[i] ?? 0) > 0.5);
  const found = picked && picked.length === problem.openSlots.length ? picked : undefined;
  const cost = found?.reduce((sum, c) => sum + c.cost, 0) ?? Infinity;
  // The lean form's cutoff is an objective bound, not a row: HiGHS may report a squad at or above
  // it, which is not cheaper (and, finished, proves that none is).
  if (
    status === constants.modelStatus.infeasible ||
    (status === constants.modelStatus.optimal && cost > cutoff)
  )
    return { bound: upperBound, finished: true, columns };
  if (status === constants.modelStatus.optimal && found)
    return { bound: Math.min(rounded(dual), cost), cards: found, finished: true, columns };
  const bound = Number.isFinite(dual) ? Math.min(upperBound, rounded(dual)) : -Infinity;
  return { bound, ...(found && cost <= cutoff ? { cards: found } : {}), finished: false, columns };
}

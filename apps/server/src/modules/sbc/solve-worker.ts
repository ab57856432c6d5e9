/**
 * The worker-thread body of the SBC solver (started by solver-pool.ts only): the solver is
 * synchronous and may take about a second per challenge, so it never runs on the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { decodeChallengeRequirements, unnamedPlayer } from '@tradedesk/domain';
import { loadCatalogue, sbcCardOf } from '@tradedesk/domain/catalogue';
import {
  prepareSolver,
  solveAnytime,
  solveChallenge,
  type MarketCard,
  type OwnedCard,
  type SolveInput,
  type SolveResult,
} from '@tradedesk/solver';
import type { SolveJob, SolveJobResult, SolverToWorker, WorkerToSolver } from './solve-job.js';

/** Cards whose price is known, as the solver's market (cheapest Buy Now from the price database). */
function marketOf(prices: ReadonlyArray<readonly [number, number]>): MarketCard[] {
  const priceOf = new Map(prices);
  const market: MarketCard[] = [];
  for (const card of loadCatalogue().cards) {
    const price = priceOf.get(card.definitionId);
    const { clubId } = card;
    if (price === undefined || clubId === null) continue;
    market.push({ ...sbcCardOf({ ...card, clubId }), price });
  }
  return market;
}

/** The job's owned cards with their catalogue facts; cards the catalogue does not know are left out. */
function ownedOf(job: SolveJob): OwnedCard[] {
  if (!job.owned?.length) return [];
  const catalogue = loadCatalogue();
  return job.owned.flatMap((owned) => {
    const card = catalogue.byDefinitionId(owned.definitionId);
    const clubId = card?.clubId;
    if (!card || clubId === undefined || clubId === null) return [];
    return [{ ...sbcCardOf({ ...card, clubId }), ...owned }];
  });
}

/** A squad card's name from the catalogue: a market card's and an owned one's alike (it may have no price). */
const nameOf = (definitionId: number) =>
  loadCatalogue().byDefinitionId(definitionId)?.name ?? unnamedPlayer(definitionId);

function inputOf(job: SolveJob, market: MarketCard[]): SolveInput {
  return {
    challenge: decodeChallengeRequirements(job.requirements),
    formation: job.formation,
    owned: ownedOf(job),
    market,
    workLimitMs: job.workLimitMs,
    seed: 1,
  };
}

function presentResult(job: SolveJob, result: SolveResult): SolveJobResult {
  if (result.status !== 'solved')
    return {
      challengeId: job.challengeId,
      ok: false,
      reason: result.reason,
      infeasible: result.status === 'infeasible',
    };
  return {
    challengeId: job.challengeId,
    ok: true,
    cost: result.buyCost,
    proof:
      result.proof.kind === 'optimal'
        ? { kind: 'optimal' }
        : { kind: 'bounded', lowerBound: result.proof.lowerBound, gap: result.proof.gap },
    players: result.squad.map((pick) => ({
      definitionId: pick.definitionId,
      position: pick.position,
      slot: pick.slot,
      price: pick.cost,
      chemistry: pick.chemistry,
      clubId: pick.clubId,
      nationId: pick.nationId,
      leagueId: pick.leagueId,
      rating: pick.rating,
      name: nameOf(pick.definitionId),
    })),
    ownedSlots: result.squad.flatMap((pick) => (pick.source === 'market' ? [] : [pick.slot])),
  };
}

const failed = (job: SolveJob, error: unknown): SolveJobResult => ({
  challengeId: job.challengeId,
  ok: false,
  reason: error instanceof Error ? error.message : String(error),
  infeasible: false,
});

function solveOne(job: SolveJob, market: MarketCard[]): SolveJobResult {
  try {
    return presentResult(job, solveChallenge(inputOf(job, market)));
  } catch (error) {
    return failed(job, error);
  }
}

/**
 * A refinement: the anytime solve from the job's budget up to its final one. Its first answer is
 * the one the caller already has (the same work, so the same squad) and is not sent again.
 */
function refine(id: number, job: SolveJob, market: MarketCard[], finalWorkMs: number): void {
  try {
    let first = true;
    for (const result of solveAnytime(inputOf(job, market), finalWorkMs, job.workLimitMs)) {
      if (!first) {
        const update: WorkerToSolver = { id, result: presentResult(job, result), done: false };
        parentPort?.postMessage(update);
      }
      first = false;
    }
  } catch {
    // A refinement that fails leaves the answer the page has; the first solve reported any error.
  }
}

// HiGHS (the solver's MILP bound and improver) loads once per thread; until it has, or if it cannot,
// solves run on the solver's own search and bounds alone.
const milpLoaded = prepareSolver().catch(() => undefined);

const noPrices = 'The solver thread has no prices for this job';

/** The market of the last price set this thread got (the pool sends prices only when they change). */
let market: { pricesId: number; cards: MarketCard[] } | undefined;

parentPort?.on('message', async (request: SolverToWorker) => {
  await milpLoaded;
  if (request.prices) market = { pricesId: request.pricesId, cards: marketOf(request.prices) };
  const { job } = request;
  if (market?.pricesId !== request.pricesId) {
    const answer: WorkerToSolver = { id: request.id, result: failed(job, new Error(noPrices)), done: true };
    parentPort?.postMessage(answer);
    return;
  }
  if (job.finalWorkMs !== undefined) {
    refine(request.id, job, market.cards, job.finalWorkMs);
    const end: WorkerToSolver = { id: request.id, done: true };
    parentPort?.postMessage(end);
    return;
  }
  const answer: WorkerToSolver = { id: request.id, result: solveOne(job, market.cards), done: true };
  parentPort?.postMessage(answer);
});

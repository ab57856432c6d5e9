import { randomUUID } from 'node:crypto';
import type { Platform } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { jobLease } from '../../lib/job-lease-repo.js';
import { currentPriceMemory } from '../prices/current-price-memory.js';
import { sbcRepo, type SbcChallengeRow, type SbcSolutionRow } from './repo.js';
import type { SolveJob, SolveJobResult } from './solve-job.js';
import { acquireSolverPool } from './solver-pool.js';
import { challengeRowsOf, fetchSbcFeed } from './sync.js';

/** Solver work per challenge (work milliseconds), in the worker thread. */
const SOLVE_WORK_MS = 1_000;
/** The job's lease in `job_leases`: one node of the cluster syncs and solves at a time. */
export const SBC_CATALOGUE_JOB = 'sbc-catalogue';
/** Beyond the next run, how long a lease outlives its holder's last renewal (a sync and both markets' solves fit). */
const LEASE_MARGIN_MS = 5 * 60_000;

export interface SbcCatalogueOptions {
  /** This node's id (the lease holder); unique among the cluster's nodes. */
  nodeId?: string;
}

export interface SbcJobOptions {
  /** The game's SBC feed (the sandbox game's address). */
  feedUrl: string;
  /** How often challenges are synced and solutions recomputed at the prices of the moment. */
  intervalMs: number;
  /** Until every challenge has a solution (prices still arriving), retry this often. */
  retryMs?: number;
  /**
   * The first sync waits this long (default 15 s): the price feeds fill the database first, and the
   * solver's CPU stays out of the server's and the agent's start.
   */
  firstRunDelayMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Challenges synced from the game and their cheapest squads, recomputed at the current prices.
 * The solver runs in the process's shared solver pool (its own turn among the users'), never on
 * the event loop.
 */
export function createSbcCatalogue(ctx: AppContext, catalogueOptions: SbcCatalogueOptions = {}) {
  const { pool: solver, release: releaseSolver } = acquireSolverPool();
  const lease = jobLease(ctx.db, SBC_CATALOGUE_JOB, catalogueOptions.nodeId ?? randomUUID());
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  /** Reads the game's challenges into the database. */
  async function sync(feedUrl: string): Promise<number> {
    const rows = challengeRowsOf(await fetchSbcFeed(feedUrl), ctx.now());
    await sbcRepo.upsertChallenges(ctx.db, rows);
    return rows.length;
  }

  /**
   * The markets solutions are priced on: PC always (most accounts, and the page's default), console
   * (`ps`) only while some user has a console account: a solve per market costs the whole
   * catalogue's solver time again, and nobody would read console solutions.
   */
  async function solvePlatforms(): Promise<Platform[]> {
    return (await sbcRepo.hasConsoleAccount(ctx.db)) ? ['pc', 'ps'] : ['pc'];
  }

  /**
   * Solves every live game challenge on each platform's market in use (solvePlatforms) at the
   * current prices; a new answer (another squad or cost) replaces the stored
   * solution of that platform (`only`: just these challenges). Counts are per challenge and platform.
   */
  async function solveAll(
    only?: readonly string[],
  ): Promise<{ solved: number; total: number; changed: number }> {
    const memory = await currentPriceMemory(ctx.db).ready(ctx.now().getTime());
    const challenges = (await sbcRepo.liveChallenges(ctx.db)).filter(
      (row) =>
        row.gameChallengeId !== null &&
        row.formation !== null &&
        row.requirements !== null &&
        (only === undefined || only.includes(row.id)),
    );
    const jobs: SolveJob[] = challenges.map((row) => ({
      challengeId: row.id,
      formation: row.formation ?? '',
      requirements: row.requirements,
      workLimitMs: SOLVE_WORK_MS,
    }));
    const outcome = { solved: 0, total: 0, changed: 0 };
    for (const platform of await solvePlatforms()) {
      const prices = memory.pricesOf(platform);
      const results = await solver.solve(jobs, prices);
      const stored = await sbcRepo.latestSolutions(
        ctx.db,
        challenges.map((row) => row.id),
        platform,
      );
      outcome.changed += await storeChanged(results, stored, platform);
      // Proven without a squad on a priced market (untradeable or first-owner cards, say): an
      // answer too, kept for the page; trying it again every 15 s would find none either.
      const unsolvable = prices.length === 0 ? [] : results.filter((r) => !r.ok && r.infeasible);
      await storeUnsolvable(challenges, results, unsolvable, platform);
      const solved = new Set([
        ...stored.keys(),
        ...results.filter((r) => r.ok).map((r) => r.challengeId),
        ...unsolvable.map((r) => r.challengeId),
      ]);
      outcome.solved += solved.size;
      outcome.total += challenges.length;
    }
    return outcome;
  }

  /** Records why the market has no squad where the solver proved so, and clears it once one is found. */
  async function storeUnsolvable(
    challenges: readonly SbcChallengeRow[],
    results: readonly SolveJobResult[],
    unsolvable: readonly SolveJobResult[],
    platform: Platform,
  ) {
    for (const result of unsolvable)
      if (!result.ok) await sbcRepo.setUnsolvable(ctx.db, result.challengeId, platform, result.reason);
    const found = new Set(results.filter((r) => r.ok).map((r) => r.challengeId));
    for (const row of challenges)
      if (found.has(row.id) && row.unsolvable[platform] !== undefined)
        await sbcRepo.setUnsolvable(ctx.db, row.id, platform, null);
  }

  /** Stores each answer that differs from the platform's stored one; returns how many did. */
  async function storeChanged(
    results: readonly SolveJobResult[],
    stored: ReadonlyMap<string, SbcSolutionRow>,
    platform: Platform,
  ): Promise<number> {
    let changed = 0;
    for (const result of results) {
      if (!result.ok) continue;
      const previous = stored.get(result.challengeId);
      const same =
        previous &&
        previous.cost === result.cost &&
        previous.players.map((player) => player.definitionId).join() ===
          result.players.map((player) => player.definitionId).join();
      if (same) continue;
      changed += 1;
      await sbcRepo.replaceSolution(ctx.db, {
        id: randomUUID(),
        challengeId: result.challengeId,
        platform,
        cost: result.cost,
        players: result.players,
        proof: result.proof,
        createdAt: ctx.now(),
      });
    }
    return changed;
  }

  /**
   * One scheduled turn: sync then solve, on the node that holds (or takes) the job's lease; the
   * other nodes skip their turn. `ran` says whether this node did it, `complete` whether every
   * challenge has a solution on every platform.
   */
  async function runScheduled(options: Pick<SbcJobOptions, 'feedUrl' | 'intervalMs'>) {
    const held = await lease.acquire(ctx.now(), options.intervalMs + LEASE_MARGIN_MS);
    if (!held) return { ran: false, complete: true };
    await sync(options.feedUrl);
    const outcome = await solveAll();
    return { ran: true, complete: outcome.solved === outcome.total };
  }

  /** Sync then solve, now and every `intervalMs` (sooner while some challenge has no solution yet). */
  function start(options: SbcJobOptions) {
    const tick = async () => {
      let complete = false;
      try {
        complete = (await runScheduled(options)).complete;
      } catch (error) {
        options.onError?.(error);
      }
      if (closed) return;
      timer = setTimeout(() => void tick(), complete ? options.intervalMs : (options.retryMs ?? 15_000));
      timer.unref();
    };
    timer = setTimeout(() => void tick(), options.firstRunDelayMs ?? 15_000);
    timer.unref();
  }

  return {
    sync,
    solveAll,
    runScheduled,
    start,
    async close() {
      closed = true;
      clearTimeout(timer);
      await releaseSolver();
      await lease.release().catch(() => undefined); // the lease lapses by itself anyway
    },
  };
}

export type SbcCatalogue = ReturnType<typeof createSbcCatalogue>;

import { randomUUID } from 'node:crypto';
import type { Platform } from '@tradedesk/domain';
import type { AppContext } from '../../context.js';
import { currentPriceMemory } from '../prices/current-price-memory.js';
import { sbcRepo } from './repo.js';
import type { SolveJob } from './solve-job.js';
import { SolverThread } from './solver-thread.js';
import { challengeRowsOf, fetchSbcFeed } from './sync.js';

/** Solutions are priced on this platform's market (docs/decisions.md, "SBC: server and bot"). */
export const SOLUTION_PLATFORM: Platform = 'pc';
/** Solver time per challenge, in the worker thread. */
const SOLVE_TIME_LIMIT_MS = 1_000;

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
 * The solver runs in a worker thread (SolverThread), never on the event loop.
 */
export function createSbcCatalogue(ctx: AppContext) {
  const solver = new SolverThread();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  /** Reads the game's challenges into the database. */
  async function sync(feedUrl: string): Promise<number> {
    const rows = challengeRowsOf(await fetchSbcFeed(feedUrl), ctx.now());
    await sbcRepo.upsertChallenges(ctx.db, rows);
    return rows.length;
  }

  /**
   * Solves every live game challenge at the current prices; a new answer (another squad or cost)
   * replaces the stored solution (`only`: just these challenges). Returns how many have a solution.
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
    const prices = memory.pricesOf(SOLUTION_PLATFORM);
    const jobs: SolveJob[] = challenges.map((row) => ({
      challengeId: row.id,
      formation: row.formation ?? '',
      requirements: row.requirements,
      timeLimitMs: SOLVE_TIME_LIMIT_MS,
    }));
    const results = await solver.solve(jobs, prices);
    const stored = await sbcRepo.latestSolutions(
      ctx.db,
      challenges.map((row) => row.id),
    );
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
        cost: result.cost,
        players: result.players,
        proof: result.proof,
        createdAt: ctx.now(),
      });
    }
    const solved = new Set([...stored.keys(), ...results.filter((r) => r.ok).map((r) => r.challengeId)]);
    return { solved: solved.size, total: challenges.length, changed };
  }

  /** Sync then solve, now and every `intervalMs` (sooner while some challenge has no solution yet). */
  function start(options: SbcJobOptions) {
    const tick = async () => {
      let complete = false;
      try {
        await sync(options.feedUrl);
        const outcome = await solveAll();
        complete = outcome.solved === outcome.total;
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
    start,
    async close() {
      closed = true;
      clearTimeout(timer);
      await solver.close();
    },
  };
}

export type SbcCatalogue = ReturnType<typeof createSbcCatalogue>;

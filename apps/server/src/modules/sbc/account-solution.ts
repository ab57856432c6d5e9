import { createHash } from 'node:crypto';
import { amountAfterTax, errorMessages, platformOf, type Platform } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { LiveEvents } from '../../lib/live-events.js';
import { accountRepo } from '../account/repo.js';
import { currentPriceMemory } from '../prices/current-price-memory.js';
import { sbcClubRepo, type SbcClubRow } from '../account/club-repo.js';
import { sbcMessages } from './messages.js';
import { sbcRepo, type SbcChallengeRow } from './repo.js';
import type { OwnedJobCard, SolveJobResult } from './solve-job.js';
import { acquireSolverPool, solverFirstWorkMs, solverRefineWorkMs, type SolverPool } from './solver-pool.js';

/** An account's squad is solved again after this long (prices move; the catalogue re-solves as often). */
const ACCOUNT_SOLUTION_TTL_MS = 10 * 60_000;
/** Squads kept in memory; the oldest goes first. */
const ACCOUNT_SOLUTIONS_KEPT = 500;

type Solved = Extract<SolveJobResult, { ok: true }>;

/** The part of the solver pool account squads use (a test counts the solves through it). */
export type SquadSolver = Pick<SolverPool, 'solve' | 'close'> & Partial<Pick<SolverPool, 'refine'>>;

/** The process's shared solver pool, released (not stopped for the others) on close. */
function sharedSquadSolver(): SquadSolver {
  const { pool, release } = acquireSolverPool();
  return {
    solve: (jobs, prices, owner) => pool.solve(jobs, prices, owner),
    refine: (job, prices, owner, finalWorkMs, onBetter) =>
      pool.refine(job, prices, owner, finalWorkMs, onBetter),
    close: release,
  };
}

declare module '../../lib/live-events.js' {
  interface LiveEventMap {
    /** A better squad found after the first answer (SBC_SQUAD to the user's pages). */
    sbcSquadImproved: [userId: string, solution: AccountSolutionView];
  }
}

/** A solvable challenge as the store holds it. */
type SolvableChallenge = SbcChallengeRow & { gameChallengeId: number; formation: string };

const isSolvable = (challenge: SbcChallengeRow | undefined): challenge is SolvableChallenge =>
  challenge !== undefined &&
  !challenge.deletedAt &&
  challenge.gameChallengeId !== null &&
  Boolean(challenge.formation);

/**
 * What a squad depends on in a challenge: its formation and requirements. A sync that changes
 * either (the game edits a challenge under the same id) must not answer the old squad.
 */
const contentKeyOf = (challenge: SolvableChallenge): string =>
  createHash('sha256')
    .update(`${challenge.formation}\n${JSON.stringify(challenge.requirements)}`)
    .digest('base64url');

/**
 * What a squad depends on in a club: its cards. A read replaces them, and a submitted squad or a
 * transfer takes some out; either way the squads solved from the old cards are not answered again.
 */
const clubKeyOf = (club: SbcClubRow): string =>
  createHash('sha256')
    .update(club.cards.map((card) => card.itemId).join(','))
    .digest('base64url');

/**
 * One account's squad for a challenge: the cheapest from the cards its club holds (its last club
 * read) and the market of its platform, each card marked owned or to buy. Solved on request in the
 * shared solver pool, queued as the user's own (the pool's turns keep one user's many squads from
 * holding up another's, and the catalogue's from holding up a page).
 */
export function createAccountSolutions(
  ctx: AppContext,
  solver: SquadSolver = sharedSquadSolver(),
  /** Where better squads are announced (none when a test builds its own). */
  liveEvents?: LiveEvents,
) {
  const { db } = ctx;
  const kept = new Map<string, { at: number; solved: Solved }>();
  /** Solves under way, shared by every request that needs the same squad meanwhile. */
  const solving = new Map<string, Promise<SolveJobResult>>();

  function remember(key: string, solved: Solved, at: number) {
    kept.delete(key);
    kept.set(key, { at, solved });
    for (const oldest of kept.keys()) {
      if (kept.size <= ACCOUNT_SOLUTIONS_KEPT) break;
      kept.delete(oldest);
    }
  }

  let closed = false;

  /**
   * One solver batch for these challenges, at one read of the platform's prices; each unproven
   * answer is then refined in the background (up to SBC_SOLVE_LIMIT_MS of work), `onBetter`
   * getting each cheaper squad or higher bound.
   */
  async function solveBatch(
    userId: string,
    platform: Platform,
    club: SbcClubRow,
    challenges: readonly SolvableChallenge[],
    now: number,
    onBetter: (result: Solved) => void,
  ): Promise<SolveJobResult[]> {
    const prices = (await currentPriceMemory(db).ready(now)).pricesOf(platform);
    const priceOf = new Map(prices);
    // What each card would sell for (docs/decisions/sbc-solver.md): a tradeable card its
    // price after tax, an untradeable one (or one without a price) its quick-sell value.
    const owned: OwnedJobCard[] = club.cards.map((card) => {
      const price = priceOf.get(card.definitionId);
      const sellValue = card.untradeable || price === undefined ? card.discardValue : amountAfterTax(price);
      return {
        itemId: card.itemId,
        definitionId: card.definitionId,
        untradeable: card.untradeable,
        sellValue,
      };
    });
    const jobs = challenges.map((challenge) => ({
      challengeId: challenge.id,
      formation: challenge.formation,
      requirements: challenge.requirements,
      workLimitMs: solverFirstWorkMs(),
      owned,
    }));
    const results = await solver.solve(jobs, prices, userId);
    const refineWorkMs = solverRefineWorkMs();
    const { refine } = solver;
    if (refine && refineWorkMs > solverFirstWorkMs())
      jobs.forEach((job, index) => {
        const first = results[index];
        if (closed || !first?.ok || first.proof.kind === 'optimal') return;
        // Not awaited: the first answers go back now; a refinement that fails leaves them.
        refine(job, prices, userId, refineWorkMs, (better) => {
          if (better.ok) onBetter(better);
        }).catch(() => undefined);
      });
    return results;
  }

  /**
   * The account's squads for these challenges from one read club: kept ones as they are, the
   * others solved in one batch at one read of the prices. A squad is determined by the club read
   * and its cards, the platform's market and the challenge's content, so that is its key (prices
   * move: kept 10 minutes).
   */
  async function squadsOf(
    userId: string,
    account: { id: string; platform: string },
    club: SbcClubRow & { readAt: Date },
    challenges: readonly SolvableChallenge[],
  ): Promise<Map<string, { at: number; result: SolveJobResult }>> {
    const platform = platformOf(account);
    const now = ctx.now().getTime();
    const clubKey = clubKeyOf(club);
    const keyOf = (challenge: SolvableChallenge) =>
      `${account.id}:${challenge.id}:${contentKeyOf(challenge)}:${club.readAt.getTime()}:${clubKey}:${platform}`;
    const squads = new Map<string, { at: number; result: SolveJobResult }>();
    const pending = new Map<string, Promise<SolveJobResult>>();
    const toSolve: SolvableChallenge[] = [];
    for (const challenge of new Map(challenges.map((one) => [one.id, one])).values()) {
      const key = keyOf(challenge);
      const known = kept.get(key);
      const inFlight = solving.get(key);
      if (known && now - known.at < ACCOUNT_SOLUTION_TTL_MS)
        squads.set(challenge.id, { at: known.at, result: known.solved });
      else if (inFlight) pending.set(challenge.id, inFlight);
      else toSolve.push(challenge);
    }
    if (toSolve.length > 0) {
      const batch = solveBatch(userId, platform, club, toSolve, now, (better) => {
        const challenge = toSolve.find((one) => one.id === better.challengeId);
        const key = challenge && keyOf(challenge);
        // Only while the first answer is the one kept (a later solve of the same key replaced it).
        if (!key || !kept.has(key)) return;
        remember(key, better, now);
        liveEvents?.emit(
          'sbcSquadImproved',
          userId,
          presentAccountSolution(account.id, platform, new Date(now), better),
        );
      });
      // Registered before anything is awaited, so a request arriving meanwhile joins this solve.
      for (const challenge of toSolve) {
        const key = keyOf(challenge);
        const one = batch
          .then((results) => {
            const result = results.find((answer) => answer.challengeId === challenge.id) ?? {
              challengeId: challenge.id,
              ok: false as const,
              reason: 'no answer',
              infeasible: false,
            };
            if (result.ok) remember(key, result, now);
            return result;
          })
          .finally(() => solving.delete(key));
        solving.set(key, one);
        pending.set(challenge.id, one);
      }
    }
    // All at once: awaiting one after another would leave the others' rejections unhandled when
    // the batch fails (a failed price read, a dead worker), and an unhandled rejection ends Node.
    const answers = await Promise.all(pending.values());
    [...pending.keys()].forEach((challengeId, index) => {
      const result = answers[index];
      if (result) squads.set(challengeId, { at: now, result });
    });
    return squads;
  }

  return {
    /** The user's account's squad for the game challenge `challengeId` (404 for anyone else's account). */
    async solutionFor(userId: string, accountId: string, challengeId: string) {
      const account = await accountRepo.findOwned(db, userId, accountId);
      if (!account) throw notFound(errorMessages.accountNotFound, 'account_not_found');
      const club = await sbcClubRepo.of(db, userId, accountId);
      if (!club?.readAt) throw notFound(sbcMessages.clubNotRead, 'club_not_read');
      const [challenge] = await sbcRepo.challenges(db, [challengeId]);
      if (!isSolvable(challenge)) throw notFound(sbcMessages.challengeNotFound, 'challenge_not_found');
      const squad = (await squadsOf(userId, account, { ...club, readAt: club.readAt }, [challenge])).get(
        challengeId,
      );
      if (!squad?.result.ok)
        throw new AppError(
          422,
          'no_squad',
          sbcMessages.noSquadWithClub(squad && !squad.result.ok ? squad.result.reason : 'no answer'),
        );
      return presentAccountSolution(accountId, platformOf(account), new Date(squad.at), squad.result);
    },

    /**
     * The account's squads for the solver bot's challenges (the user's own account and its stored
     * challenges, checked by the caller): one club read and one solve batch for them all. Empty
     * when the club was never read; a challenge without a squad from the club is left out.
     */
    async squadsFor(
      userId: string,
      account: { id: string; platform: string },
      challenges: readonly SbcChallengeRow[],
    ) {
      const club = await sbcClubRepo.of(db, userId, account.id);
      const presented = new Map<string, ReturnType<typeof presentAccountSolution>>();
      if (!club?.readAt) return presented;
      const squads = await squadsOf(
        userId,
        account,
        { ...club, readAt: club.readAt },
        challenges.filter(isSolvable),
      );
      for (const [challengeId, squad] of squads)
        if (squad.result.ok)
          presented.set(
            challengeId,
            presentAccountSolution(account.id, platformOf(account), new Date(squad.at), squad.result),
          );
      return presented;
    },

    close: () => {
      closed = true;
      return solver.close();
    },
  };
}

/**
 * An account's squad as the API answers it: the stored Solution's shape (spec 001 §3) for one
 * account, `cost` the coins to buy the missing cards, each player `owned` or to buy.
 */
function presentAccountSolution(
  accountId: string,
  platform: string,
  createdAt: Date,
  solved: Solved,
): AccountSolutionView {
  const ownedSlots = new Set(solved.ownedSlots);
  return {
    accountId,
    challengeId: solved.challengeId,
    platform,
    createdAt: createdAt.toISOString(),
    cost: solved.cost,
    proof: solved.proof,
    players: solved.players.map((player) => ({ ...player, owned: ownedSlots.has(player.slot) })),
  };
}

/** An account's squad as the API and SBC_SQUAD give it. */
export interface AccountSolutionView {
  readonly accountId: string;
  readonly challengeId: string;
  readonly platform: string;
  readonly createdAt: string;
  readonly cost: number;
  readonly proof: Solved['proof'];
  readonly players: (Solved['players'][number] & { owned: boolean })[];
}

export type AccountSolutions = ReturnType<typeof createAccountSolutions>;

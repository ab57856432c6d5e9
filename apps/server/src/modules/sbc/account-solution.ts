import { amountAfterTax, errorMessages, platformOf } from '@tradedesk/domain';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { accountRepo } from '../account/repo.js';
import { currentPriceMemory } from '../prices/current-price-memory.js';
import { sbcClubRepo } from './club-repo.js';
import { sbcMessages } from './messages.js';
import { sbcRepo } from './repo.js';
import type { OwnedJobCard, SolveJobResult } from './solve-job.js';
import { SolverThread } from './solver-thread.js';

/** Solver time for one account's squad (as the catalogue's per challenge). */
const ACCOUNT_SOLVE_TIME_LIMIT_MS = 1_000;
/** An account's squad is solved again after this long (prices move; the catalogue re-solves as often). */
const ACCOUNT_SOLUTION_TTL_MS = 10 * 60_000;
/** Squads kept in memory; the oldest goes first. */
const ACCOUNT_SOLUTIONS_KEPT = 500;

type Solved = Extract<SolveJobResult, { ok: true }>;

/**
 * One account's squad for a challenge: the cheapest from the cards its club holds (its last club
 * read) and the market of its platform, each card marked owned or to buy. Solved on request in a
 * solver thread of its own, so a page never waits behind the catalogue's turn.
 */
export function createAccountSolutions(ctx: AppContext) {
  const { db } = ctx;
  const solver = new SolverThread();
  const kept = new Map<string, { at: number; solved: Solved }>();

  function remember(key: string, solved: Solved) {
    kept.delete(key);
    kept.set(key, { at: ctx.now().getTime(), solved });
    for (const oldest of kept.keys()) {
      if (kept.size <= ACCOUNT_SOLUTIONS_KEPT) break;
      kept.delete(oldest);
    }
  }

  return {
    /** The user's account's squad for the game challenge `challengeId` (404 for anyone else's account). */
    async solutionFor(userId: string, accountId: string, challengeId: string) {
      const account = await accountRepo.findOwned(db, userId, accountId);
      if (!account) throw notFound(errorMessages.accountNotFound, 'account_not_found');
      const club = await sbcClubRepo.of(db, userId, accountId);
      if (!club?.readAt) throw notFound(sbcMessages.clubNotRead, 'club_not_read');
      const [challenge] = await sbcRepo.challenges(db, [challengeId]);
      if (!challenge || challenge.deletedAt || challenge.gameChallengeId === null || !challenge.formation)
        throw notFound(sbcMessages.challengeNotFound, 'challenge_not_found');
      const platform = platformOf(account);

      const key = `${accountId}:${challengeId}:${club.readAt.getTime()}:${platform}`;
      const now = ctx.now().getTime();
      let solved = kept.get(key);
      if (!solved || now - solved.at >= ACCOUNT_SOLUTION_TTL_MS) {
        const prices = (await currentPriceMemory(db).ready(now)).pricesOf(platform);
        const priceOf = new Map(prices);
        // What each card would sell for (docs/decisions.md, "SBC solver"): a tradeable card its
        // price after tax, an untradeable one (or one without a price) its quick-sell value.
        const owned: OwnedJobCard[] = club.cards.map((card) => {
          const price = priceOf.get(card.definitionId);
          const sellValue =
            card.untradeable || price === undefined ? card.discardValue : amountAfterTax(price);
          return {
            itemId: card.itemId,
            definitionId: card.definitionId,
            untradeable: card.untradeable,
            sellValue,
          };
        });
        const [result] = await solver.solve(
          [
            {
              challengeId,
              formation: challenge.formation,
              requirements: challenge.requirements,
              timeLimitMs: ACCOUNT_SOLVE_TIME_LIMIT_MS,
              owned,
            },
          ],
          prices,
        );
        if (!result?.ok)
          throw new AppError(422, 'no_squad', sbcMessages.noSquadWithClub(result?.reason ?? 'no answer'));
        solved = { at: now, solved: result };
        remember(key, result);
      }
      return presentAccountSolution(accountId, platform, new Date(solved.at), solved.solved);
    },

    close: () => solver.close(),
  };
}

/**
 * An account's squad as the API answers it: the stored Solution's shape (spec 001 §3) for one
 * account, `cost` the coins to buy the missing cards, each player `owned` or to buy.
 */
function presentAccountSolution(accountId: string, platform: string, createdAt: Date, solved: Solved) {
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

export type AccountSolutions = ReturnType<typeof createAccountSolutions>;

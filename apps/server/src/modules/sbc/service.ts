import { errorMessages, type Platform } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { sbcClubRepo } from '../account/club-repo.js';
import { accountRepo } from '../account/repo.js';
import { sbcMessages } from './messages.js';
import { presentChallenges, presentClub, presentSolution } from './presenter.js';
import { sbcRepo } from './repo.js';

/** The sbc service's HTTP side: the challenge list, one solution, the admin's delete. */
export function createSbcService(ctx: AppContext) {
  const { db } = ctx;
  return {
    /** The challenges with their solutions priced on `platform`'s market (an account's platform). */
    async challenges(platform: Platform) {
      const rows = await sbcRepo.liveChallenges(db);
      const solutions = await sbcRepo.latestSolutions(
        db,
        rows.map((row) => row.id),
        platform,
      );
      return presentChallenges(rows, solutions, platform);
    },

    async solution(id: string) {
      const row = await sbcRepo.solution(db, id);
      if (!row) throw notFound(sbcMessages.solutionNotFound, 'solution_not_found');
      return presentSolution(row);
    },

    /**
     * One of the user's own accounts' club as last read (empty until read). Another user's account
     * is as unknown as a missing one (404).
     */
    async clubOf(userId: string, accountId: string) {
      if (!(await accountRepo.findOwned(db, userId, accountId)))
        throw notFound(errorMessages.accountNotFound, 'account_not_found');
      return presentClub(accountId, await sbcClubRepo.of(db, userId, accountId), ctx.now());
    },

    /** Admins only; only a top-level challenge with no sub-challenges. */
    async deleteChallenge(isAdmin: boolean, id: string) {
      if (!isAdmin) throw forbidden(sbcMessages.adminOnly, 'admin_only');
      const rows = await sbcRepo.liveChallenges(db);
      const challenge = rows.find((row) => row.id === id);
      if (!challenge) throw notFound(sbcMessages.challengeNotFound, 'challenge_not_found');
      if (challenge.parentId !== null || rows.some((row) => row.parentId === id))
        throw forbidden(sbcMessages.cannotDeleteWithSubChallenges, 'challenge_has_sub_challenges');
      await sbcRepo.markDeleted(db, id, ctx.now());
    },
  };
}

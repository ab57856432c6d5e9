import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../lib/app-context.js';
import type { UserRow } from '../auth/repo.js';
import type { AuthService } from '../auth/service.js';
import { userRepo } from '../user/repo.js';

const stateLifetimeMs = 10 * 60 * 1000;

/**
 * Linking a user's chat-community id: the states `/discord/start` issues (each good once, for the
 * user it was issued to, for ten minutes) and the link itself.
 */
export function createCommunityService(ctx: AppContext, auth: AuthService) {
  const pending = new Map<string, { userId: string; returnTo: string; expiresAt: number }>();

  return {
    /** A new state for this user's consent round trip; expired ones are dropped on the way. */
    issueState(userId: string, returnTo: string): string {
      const now = ctx.now().getTime();
      for (const [key, entry] of pending) if (entry.expiresAt <= now) pending.delete(key);
      const state = randomBytes(24).toString('base64url');
      pending.set(state, { userId, returnTo, expiresAt: now + stateLifetimeMs });
      return state;
    },

    /** Uses up a state: where to return, if it was issued to this user and has not expired. */
    takeState(state: string | undefined, userId: string | undefined): { returnTo: string } | undefined {
      const entry = state ? pending.get(state) : undefined;
      if (state) pending.delete(state);
      if (!entry || entry.expiresAt <= ctx.now().getTime() || entry.userId !== userId) return undefined;
      return { returnTo: entry.returnTo };
    },

    /** Stores the chat identity on the user unless another user holds it (one identity, one user). */
    async link(user: UserRow, discordId: string): Promise<boolean> {
      if (await userRepo.discordIdTakenByOther(ctx.db, discordId, user.id)) return false;
      await userRepo.setProviders(ctx.db, user.id, { ...user.providers, discordId }, ctx.now());
      // The callback is a GET, which keeps verified sessions cached: the next page must see the link.
      auth.forgetCachedUser(user.id);
      return true;
    },
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;

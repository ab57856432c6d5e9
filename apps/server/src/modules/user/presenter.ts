import { defaultShortcuts, type PresentedUser } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import type { SessionRow, UserRow } from '../auth/repo.js';
import { configurationRepo } from '../configuration/repo.js';
import { presentConfiguration } from '../configuration/presenter.js';
import { filterRepo } from '../filter/repo.js';
import { presentFilter } from '../filter/presenter.js';

export interface UserInclude {
  configuration?: boolean;
  filters?: boolean;
  /** The browser session the user is signed in with (spec §7 "web identity"). */
  webSession?: SessionRow;
}

const presentWebIdentity = (session: SessionRow) => ({
  isIFrame: session.isIFrame,
  signedInAt: session.createdAt.toISOString(),
  expiresAt: session.expiresAt.toISOString(),
});

/**
 * The user as the web sees it (domain user shape): never the token hash, never game credentials.
 * The licence token itself is not stored, so `token` is always empty.
 */
export function createUserPresenter(ctx: AppContext) {
  return async (user: UserRow, include: UserInclude): Promise<PresentedUser> => {
    const [configuration, filters] = await Promise.all([
      include.configuration ? configurationRepo.get(ctx.db, user.id) : undefined,
      include.filters ? filterRepo.listOf(ctx.db, user.id) : undefined,
    ]);
    return {
      id: user.id,
      username: user.username,
      token: '',
      roles: user.roles,
      tier: user.tier,
      maxAccounts: user.maxAccounts,
      credits: user.credits,
      providers: user.providers,
      shortcuts: Object.keys(user.shortcuts).length > 0 ? user.shortcuts : defaultShortcuts(),
      isDeleted: user.isDeleted,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      expiresAt: user.expiresAt ? user.expiresAt.toISOString() : null,
      ...(configuration ? { configuration: presentConfiguration(configuration) } : {}),
      ...(filters ? { filters: filters.map(presentFilter) } : {}),
      ...(include.webSession ? { webIdentity: presentWebIdentity(include.webSession) } : {}),
    };
  };
}

export type UserPresenter = ReturnType<typeof createUserPresenter>;

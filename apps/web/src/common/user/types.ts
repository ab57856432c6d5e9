import type { User } from '@tradedesk/domain';

/**
 * The user as GET /api/user presents it (the domain's User without secrets; dates arrive as
 * ISO strings). Only the parts the web reads are typed.
 */
export type SessionUser = Pick<User, 'id' | 'tier' | 'roles' | 'credits' | 'maxAccounts' | 'providers'> & {
  username?: string;
  createdAt?: string;
  expiresAt?: string | null;
};

export type Credentials = { username: string; token: string };

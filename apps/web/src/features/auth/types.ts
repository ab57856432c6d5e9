import type { Tier } from '../../config/tiers';

/** The parts of the user (GET /api/user) the web shell reads. */
export type SessionUser = {
  id: string;
  username?: string;
  tier: Tier;
  roles: string[];
  credits: number;
  maxAccounts: number;
  providers: { discordId: string; discordWebhookUrl?: string; telegramId?: string };
  createdAt?: string;
  expiresAt?: string | null;
};

export type Credentials = { username: string; token: string };

/** A user without a linked chat-community id may not use the app (spec §2: 'Unverified account'). */
export const isVerified = (user: Pick<SessionUser, 'providers'>) => Boolean(user.providers?.discordId);

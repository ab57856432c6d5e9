import type { Tier } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict } from '../../lib/errors.js';
import { authRepo } from '../auth/repo.js';
import { createUserWithToken } from '../user/commands.js';

/** POST /api/sandbox/users, as parsed. */
export interface SandboxUserInput {
  username: string;
  tier: Tier;
  linked: boolean;
  credits: number;
  maxAccounts: number;
  admin: boolean;
}

/** A chat-community id for sandbox users, shaped like a real one (17–19 digits). */
const sandboxDiscordId = () => `9${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(0, 18);

/** A test user made through the real user commands; a taken username is 409. */
export async function createSandboxUser(ctx: AppContext, input: SandboxUserInput) {
  const { username, tier, linked, credits, maxAccounts, admin } = input;
  const taken = () => conflict('Username is already taken', 'username_taken');
  if (await authRepo.findUserByUsername(ctx.db, username)) throw taken();
  const { token } = await createUserWithToken(ctx.db, {
    username,
    tier,
    credits,
    maxAccounts,
    ...(admin ? { roles: ['user', 'admin'] } : {}),
    ...(linked ? { discordId: sandboxDiscordId() } : {}),
  }).catch((error: unknown) => {
    throw isUniqueViolation(error) ? taken() : error;
  });
  return { username, token };
}

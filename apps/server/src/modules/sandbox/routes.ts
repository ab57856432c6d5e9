import { tierSchema } from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { secretsMatch } from '../../lib/crypto.js';
import { conflict, forbidden } from '../../lib/errors.js';
import { authRepo } from '../auth/repo.js';
import { createUserWithToken } from '../user/commands.js';
import { routesAreFor } from '../../lib/audience.js';

const sandboxUserBody = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{3,32}$/, 'Username must be 3 to 32 letters, digits, dots, dashes or underscores'),
  // The contract spells tiers as the interface does ('Snipe'); the domain stores 'snipe'.
  tier: z
    .preprocess((value) => (typeof value === 'string' ? value.toLowerCase() : value), tierSchema)
    .default('none'),
  linked: z.boolean().default(true),
  credits: z.number().int().min(0).max(1_000_000).default(0),
  maxAccounts: z.number().int().min(1).max(100).default(1),
  /** An admin test user (sandbox only), e.g. to delete an SBC challenge in a browser test. */
  admin: z.boolean().default(false),
});

/** A chat-community id for sandbox users, shaped like a real one (17–19 digits). */
const sandboxDiscordId = () => `9${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(0, 18);

/** The header that carries the sandbox admin key (the sandbox game's admin API reads the same one). */
export const sandboxAdminKeyHeader = 'x-sim-admin-key';
export const sandboxAdminKeyRequiredMessage = `A valid ${sandboxAdminKeyHeader} header is required`;

export interface SandboxRoutesOptions {
  ctx: AppContext;
  /**
   * SIM_ADMIN_KEY: this route makes admins and hands out credits, so it answers only requests
   * that carry the key; without one configured it answers none (403).
   */
  adminKey: string | undefined;
}

/** /api/sandbox (sandbox mode only): create users through the real API for tests and rehearsals. */
export const sandboxRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = async (app, { ctx, adminKey }) => {
  routesAreFor(app, 'sandbox-key');
  // Checked before the body is read: a caller without the key learns nothing about the schema.
  app.addHook('onRequest', async (request) => {
    if (!adminKey || !secretsMatch(adminKey, request.headers[sandboxAdminKeyHeader]))
      throw forbidden(sandboxAdminKeyRequiredMessage, 'sandbox_admin_key');
  });

  app.post('/users', { schema: { body: sandboxUserBody } }, async (request, reply) => {
    const { username, tier, linked, credits, maxAccounts, admin } = request.body;
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
    return reply.code(201).send({ data: { username, token } });
  });
};

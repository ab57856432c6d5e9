import { tierSchema } from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.js';
import { answerOf } from '../../lib/answer.js';
import { secretsMatch } from '../../lib/crypto.js';
import { forbidden } from '../../lib/errors.js';
import { createSandboxUser } from './service.js';
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

  app.post(
    '/users',
    {
      schema: {
        body: sandboxUserBody,
        response: { 201: answerOf(z.object({ username: z.string(), token: z.string() })) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createSandboxUser(ctx, request.body) }),
  );
};

import { idText, isAdmin, storableText, TEXT_LIMITS } from '@tradedesk/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.js';
import type { Catalogue } from '../payment/catalogue.js';
import type { ExternalOrderHandlers } from '../payment/index.js';
import type { ProtectedModuleOptions } from '../protected.js';
import { adminOrdersAnswer, adminUserAnswer, adminUsersAnswer, refundAnswer } from './answers.js';
import { createAdminService } from './service.js';
import { routesAreFor } from '../../lib/audience.js';

export const adminOnlyMessage = 'Only an admin may do this';

const userParams = z.object({ id: idText() });
const trialBody = z.object({ tier: z.enum(['snipe', 'transfer']) });
const creditsBody = z.object({
  delta: z
    .number()
    .int('Credits must be a whole number')
    .min(-100_000)
    .max(100_000)
    .refine((delta) => delta !== 0, 'Credits must not be 0'),
  requestId: idText(),
});
const usersQuery = z.object({ search: storableText(TEXT_LIMITS.name).optional() });

/** /api/admin: users, free trials, credits and refunds. Every route needs the Admin role (403). */
export const adminRoutes: FastifyPluginAsyncZod<
  ProtectedModuleOptions & { catalogue: Catalogue; externalOrders: ExternalOrderHandlers }
> = async (app, { ctx, requireUser, catalogue, externalOrders }) => {
  routesAreFor(app, 'admin');
  app.addHook('onRequest', requireUser);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!isAdmin(request.user)) throw forbidden(adminOnlyMessage, 'admin_only');
  });
  const admin = createAdminService(ctx, catalogue, externalOrders);

  app.get(
    '/users',
    { schema: { querystring: usersQuery, response: { 200: adminUsersAnswer } } },
    async (request) => ({
      data: await admin.listUsers(request.query.search?.trim() || undefined),
    }),
  );

  app.post(
    '/users/:id/trial',
    { schema: { params: userParams, body: trialBody, response: { 200: adminUserAnswer } } },
    async (request) => ({
      data: await admin.grantTrial(request.params.id, request.body.tier),
      message: 'Free trial granted',
    }),
  );

  app.post(
    '/users/:id/credits',
    { schema: { params: userParams, body: creditsBody, response: { 200: adminUserAnswer } } },
    async (request) => ({
      data: await admin.changeCredits(request.params.id, request.body.delta, request.body.requestId),
      message: 'Credits updated',
    }),
  );

  app.get(
    '/users/:id/orders',
    { schema: { params: userParams, response: { 200: adminOrdersAnswer } } },
    async (request) => ({
      data: await admin.listOrders(request.params.id),
    }),
  );

  app.post(
    '/orders/:id/refund',
    { schema: { params: userParams, response: { 200: refundAnswer } } },
    async (request) => ({
      data: await admin.refund(request.params.id),
      message: 'Order refunded',
    }),
  );
};

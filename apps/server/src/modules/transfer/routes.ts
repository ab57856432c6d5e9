import {
  clientTransferEventSchema,
  errorMessages,
  idText,
  transferListCreateSchema,
} from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { accountRepo } from '../account/repo.js';
import type { ProtectedModuleOptions } from '../protected.js';
import { accountMetadataRepo } from '../account/metadata-repo.js';
import { transferListRepo } from './list-repo.js';
import { routesAreFor } from '../../lib/audience.js';

/** /api/transfer: the signed-in user's transfer list. */
export const transferRoutes: FastifyPluginAsyncZod<ProtectedModuleOptions> = async (
  app,
  { ctx, requireUser },
) => {
  routesAreFor(app, 'session');
  app.addHook('onRequest', requireUser);

  app.get('/players', async (request) => ({ data: await transferListRepo.listOf(ctx.db, request.user.id) }));

  app.post('/players', { schema: { body: transferListCreateSchema } }, async (request) => ({
    data: await transferListRepo.save(ctx.db, request.user.id, request.body.players, ctx.now()),
  }));
};

const accountParams = z.object({ accountId: idText() });

/** /api/client-transfer: what the transfer page shows of an account (spec 001 §7, client transfer). */
export const clientTransferRoutes: FastifyPluginAsyncZod<ProtectedModuleOptions> = async (
  app,
  { ctx, requireUser },
) => {
  routesAreFor(app, 'session');
  app.addHook('onRequest', requireUser);

  async function ownedAccountId(userId: string, accountId: string) {
    const account = await accountRepo.findOwned(ctx.db, userId, accountId);
    if (!account) throw notFound(errorMessages.accountNotFound, 'account_not_found');
    return account.id;
  }

  app.get('/:accountId', { schema: { params: accountParams } }, async (request) => {
    const accountId = await ownedAccountId(request.user.id, request.params.accountId);
    return { data: await accountMetadataRepo.of(ctx.db, request.user.id, accountId) };
  });

  app.post('/', { schema: { body: clientTransferEventSchema } }, async (request) => {
    const { accountId, ...metadata } = request.body.data;
    await accountMetadataRepo.save(
      ctx.db,
      request.user.id,
      await ownedAccountId(request.user.id, accountId),
      metadata,
      ctx.now(),
    );
    return { data: { ok: true } };
  });
};

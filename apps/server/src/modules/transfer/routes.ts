import { clientTransferEventSchema, idText, transferListCreateSchema } from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOf } from '../../lib/answer.js';
import type { ProtectedModuleOptions } from '../protected.js';
import { createTransferPagesService } from './pages-service.js';
import { routesAreFor } from '../../lib/audience.js';

/** The saved transfer list as answered (`updatedAt` null while nothing is saved). */
const transferListAnswer = answerOf(
  z.object({
    id: z.string(),
    players: z.array(
      z.object({ id: z.number().int(), listPrice: z.number().int(), order: z.number().int() }),
    ),
    updatedAt: z.date().nullable(),
  }),
);
/** A pile's card as the agent read it: its id, and the game's other fields as they came. */
const pileCard = z.object({ id: z.number().int() }).passthrough();
/** What the transfer page shows of an account (coins as stored: a delivery may have taken more than a sync saw). */
const metadataAnswer = answerOf(
  z.object({
    username: z.string(),
    coins: z.number().int(),
    unassigned: z.array(pileCard),
    tradepile: z.array(pileCard),
    screenshot: z.string(),
  }),
);
const storedAnswer = answerOf(z.object({ ok: z.boolean() }));

/** /api/transfer: the signed-in user's transfer list. */
export const transferRoutes: FastifyPluginAsyncZod<ProtectedModuleOptions> = async (
  app,
  { ctx, requireUser },
) => {
  routesAreFor(app, 'session');
  app.addHook('onRequest', requireUser);
  const pages = createTransferPagesService(ctx);

  app.get('/players', { schema: { response: { 200: transferListAnswer } } }, async (request) => ({
    data: await pages.listOf(request.user.id),
  }));

  app.post(
    '/players',
    { schema: { body: transferListCreateSchema, response: { 200: transferListAnswer } } },
    async (request) => ({
      data: await pages.saveList(request.user.id, request.body.players),
    }),
  );
};

const accountParams = z.object({ accountId: idText() });

/** /api/client-transfer: what the transfer page shows of an account (spec 001 §7, client transfer). */
export const clientTransferRoutes: FastifyPluginAsyncZod<ProtectedModuleOptions> = async (
  app,
  { ctx, requireUser },
) => {
  routesAreFor(app, 'session');
  app.addHook('onRequest', requireUser);
  const pages = createTransferPagesService(ctx);

  app.get(
    '/:accountId',
    { schema: { params: accountParams, response: { 200: metadataAnswer } } },
    async (request) => {
      return { data: await pages.metadataOf(request.user.id, request.params.accountId) };
    },
  );

  app.post(
    '/',
    { schema: { body: clientTransferEventSchema, response: { 200: storedAnswer } } },
    async (request) => {
      const { accountId, ...metadata } = request.body.data;
      await pages.saveMetadata(request.user.id, accountId, metadata);
      return { data: { ok: true } };
    },
  );
};

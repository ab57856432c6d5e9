import {
  createListingSchema,
  idText,
  purchaseListingSchema,
  storableText,
  TEXT_LIMITS,
} from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOf } from '../../lib/answer.js';
import { conflict } from '../../lib/errors.js';
import {
  balanceAnswerSchema,
  listingAnswerSchema,
  orderAnswerSchema,
  purchaseAnswerSchema,
} from './answers.js';
import type { CoinMarketModule } from './index.js';
import type { ProtectedModuleOptions } from '../protected.js';
import { routesAreFor } from '../../lib/audience.js';

const idParams = z.object({ id: idText() });
const tokenParams = z.object({ token: storableText(TEXT_LIMITS.secret).pipe(z.string().min(1)) });
const purchaseBody = purchaseListingSchema.omit({ id: true }).extend({ id: idText().optional() });
const syncBody = z.object({ accountIds: z.array(idText()).min(1).max(50) });
const listingsAnswer = { 200: answerOf(z.array(listingAnswerSchema)) };

export interface MarketRoutesOptions extends ProtectedModuleOptions {
  market: CoinMarketModule;
  /** The site's public address for the checkout's return link; by default the request's origin. */
  publicUrl?: string | undefined;
}

/** /api/market: coin listings, purchases (paid through the checkout), orders and the payout balance. */
export const coinMarketRoutes: FastifyPluginAsyncZod<MarketRoutesOptions> = async (
  app,
  { requireUser, market, publicUrl },
) => {
  routesAreFor(app, 'session');
  app.addHook('onRequest', requireUser);
  const { service } = market;

  app.get('/coins', { schema: { response: listingsAnswer } }, async (request) => ({
    data: await service.openListings(request.user),
  }));

  /** The caller's own listings ('me' for a session without a licence token in the browser). */
  app.get(
    '/coins/:token',
    { schema: { params: tokenParams, response: listingsAnswer } },
    async (request) => ({
      data: await service.listingsByToken(request.user, request.params.token),
    }),
  );

  app.post(
    '/coins',
    { schema: { body: createListingSchema, response: { 200: answerOf(listingAnswerSchema) } } },
    async (request) => ({
      data: await service.createListing(request.user, request.body),
    }),
  );

  app.post(
    '/coins/:id',
    { schema: { params: idParams, body: purchaseBody, response: { 200: answerOf(purchaseAnswerSchema) } } },
    async (request) => {
      const siteUrl = publicUrl ?? `${request.protocol}://${request.host}`;
      return {
        data: await service.purchase(request.user, { ...request.body, id: request.params.id }, siteUrl),
      };
    },
  );

  app.get(
    '/orders',
    { schema: { response: { 200: answerOf(z.array(orderAnswerSchema)) } } },
    async (request) => ({
      data: await service.ordersOf(request.user),
    }),
  );

  app.get('/balance', { schema: { response: { 200: answerOf(balanceAnswerSchema) } } }, async (request) => ({
    data: await service.balanceOf(request.user),
  }));

  /** Reads the coin balances of the caller's accounts in the game; the answers arrive on the socket. */
  app.post(
    '/sync',
    { schema: { body: syncBody, response: { 200: answerOf(z.object({ ok: z.boolean() })) } } },
    async (request) => {
      const requested = await market.delivery?.syncBalances(request.user.id, request.body.accountIds);
      if (!requested)
        // A 4xx like the transfer hub's refusal: nothing was asked, the user may try again.
        throw conflict('No transfer agent is available right now. Please try again later.', 'no_agent');
      return { data: { ok: true } };
    },
  );
};

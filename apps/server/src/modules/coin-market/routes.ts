import {
  createListingSchema,
  idText,
  purchaseListingSchema,
  storableText,
  TEXT_LIMITS,
} from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, forbidden } from '../../lib/errors.js';
import { licencePrefix } from '../auth/licence.js';
import { userBookBalance } from './ledger-repo.js';
import type { CoinMarketModule } from './index.js';
import type { ProtectedModuleOptions } from '../protected.js';
import { routesAreFor } from '../../lib/audience.js';

const idParams = z.object({ id: idText() });
const tokenParams = z.object({ token: storableText(TEXT_LIMITS.secret).pipe(z.string().min(1)) });
const purchaseBody = purchaseListingSchema.omit({ id: true }).extend({ id: idText().optional() });
const syncBody = z.object({ accountIds: z.array(idText()).min(1).max(50) });

export interface MarketRoutesOptions extends ProtectedModuleOptions {
  market: CoinMarketModule;
  /** The site's public address for the checkout's return link; by default the request's origin. */
  publicUrl?: string | undefined;
}

/** /api/market: coin listings, purchases (paid through the checkout), orders and the payout balance. */
export const coinMarketRoutes: FastifyPluginAsyncZod<MarketRoutesOptions> = async (
  app,
  { ctx, requireUser, market, publicUrl },
) => {
  routesAreFor(app, 'session');
  app.addHook('onRequest', requireUser);
  const { service } = market;

  app.get('/coins', async (request) => ({ data: await service.openListings(request.user) }));

  /** The caller's own listings ('me' for a session without a licence token in the browser). */
  app.get('/coins/:token', { schema: { params: tokenParams } }, async (request) => {
    const { token } = request.params;
    if (token !== 'me' && licencePrefix(token) !== request.user.tokenPrefix)
      throw forbidden('You can only see your own listings', 'not_your_listings');
    return { data: await service.listingsOf(request.user) };
  });

  app.post('/coins', { schema: { body: createListingSchema } }, async (request) => ({
    data: await service.createListing(request.user, request.body),
  }));

  app.post('/coins/:id', { schema: { params: idParams, body: purchaseBody } }, async (request) => {
    const siteUrl = publicUrl ?? `${request.protocol}://${request.host}`;
    return {
      data: await service.purchase(request.user, { ...request.body, id: request.params.id }, siteUrl),
    };
  });

  app.get('/orders', async (request) => ({ data: await service.ordersOf(request.user) }));

  app.get('/balance', async (request) => ({
    data: {
      payoutCents: await userBookBalance(ctx.db, request.user.id, 'payout'),
      refundedCents: await userBookBalance(ctx.db, request.user.id, 'refund'),
    },
  }));

  /** Reads the coin balances of the caller's accounts in the game; the answers arrive on the socket. */
  app.post('/sync', { schema: { body: syncBody } }, async (request) => {
    const requested = await market.delivery?.syncBalances(request.user.id, request.body.accountIds);
    if (!requested)
      // A 4xx like the transfer hub's refusal: nothing was asked, the user may try again.
      throw conflict('No transfer agent is available right now. Please try again later.', 'no_agent');
    return { data: { ok: true } };
  });
};

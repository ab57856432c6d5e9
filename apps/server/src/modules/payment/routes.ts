import { checkoutRequestSchema, idText, storableText, TEXT_LIMITS } from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readSessionCookie } from '../auth/session.js';
import type { AuthService } from '../auth/service.js';
import { checkoutAnswer, coinPricesAnswer, plansAnswer, receiptAnswer } from './answers.js';
import { presentCoinPrices, presentProduct, type Catalogue } from './catalogue.js';
import type { PaymentService } from './service.js';
import { routesAreFor } from '../../lib/audience.js';

const receiptBody = z.object({
  orderId: idText(),
  key: storableText(TEXT_LIMITS.id).pipe(z.string().min(1)),
});

export interface PaymentRoutesOptions {
  auth: AuthService;
  catalogue: Catalogue;
  payments: PaymentService;
  /** The site's public address for return links; by default the request's own origin. */
  publicUrl?: string | undefined;
}

/** /api/payment: the catalogue, checkout (visitors too: a purchase signs them up) and the receipt. */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (
  app,
  { auth, catalogue, payments, publicUrl },
) => {
  // The same answers the prerendered plans pages were built with (`catalogueAnswers`).
  const plans = catalogue.products.map(presentProduct);
  const coins = presentCoinPrices(catalogue);

  // A visitor may see the plans and buy one; the receipt needs the order's key.
  routesAreFor(app, 'anyone');
  app.get('/plans', { schema: { response: { 200: plansAnswer } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: plans };
  });

  app.get('/coins', { schema: { response: { 200: coinPricesAnswer } } }, async () => ({ data: coins }));

  app.post(
    '/checkout',
    { schema: { body: checkoutRequestSchema, response: { 200: checkoutAnswer } } },
    async (request) => {
      const buyer = await auth.userOfSession(readSessionCookie(request));
      const siteUrl = publicUrl ?? `${request.protocol}://${request.host}`;
      const { url } = await payments.checkout(request.body, buyer?.id, siteUrl);
      return { data: url };
    },
  );

  app.post(
    '/receipt',
    { schema: { body: receiptBody, response: { 200: receiptAnswer } } },
    async (request) => ({
      data: await payments.receipt(request.body.orderId, request.body.key),
    }),
  );
};

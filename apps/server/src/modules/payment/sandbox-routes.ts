import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { boundedRedirect } from '../../lib/redirect.js';
import type { EventOutcome } from './fulfilment.js';
import { signWebhookBody } from './provider.js';
import { sandboxCheckoutPage } from './sandbox-checkout-page.js';
import { SANDBOX_TEST_CARD, type SandboxProvider, type SandboxSession } from './sandbox-provider.js';
import { routesAreFor } from '../../lib/audience.js';

const declinedMessage = `Your card was declined. In the sandbox, pay with ${SANDBOX_TEST_CARD}.`;
const sessionGone = 'This checkout session has expired or was already completed.';

/**
 * /sandbox/checkout/:sessionId — the embedded provider's hosted page. Paying or cancelling sends
 * a Stripe-shaped, signed event through the real webhook route, then returns the buyer to the
 * site, as Stripe would.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsync<{
  provider: SandboxProvider;
  now: () => Date;
}> = async (app, { provider, now }) => {
  routesAreFor(app, 'checkout-link');
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  async function deliver(
    session: SandboxSession,
    type: 'checkout.session.completed' | 'checkout.session.expired',
  ) {
    const isPaid = type === 'checkout.session.completed';
    const body = JSON.stringify({
      id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created: Math.floor(now().getTime() / 1000),
      data: {
        object: {
          id: session.sessionId,
          object: 'checkout.session',
          client_reference_id: session.orderId,
          amount_total: session.amountCents,
          currency: session.currency,
          payment_status: isPaid ? 'paid' : 'unpaid',
          status: isPaid ? 'complete' : 'expired',
        },
      },
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signWebhookBody(body, provider.webhookSecret, now()),
      },
      payload: body,
    });
    if (response.statusCode !== 200) throw new Error(`Sandbox webhook answered ${response.statusCode}`);
    return (response.json() as { data: { outcome: EventOutcome } }).data.outcome;
  }

  /**
   * Takes the session and delivers its one event: a pay and a cancel pressed together cannot both
   * act (the second finds the session gone). Answers the event's outcome, or undefined when the
   * session was already taken; an undelivered event reopens the session.
   */
  async function settle(sessionId: string, type: 'checkout.session.completed' | 'checkout.session.expired') {
    const session = provider.take(sessionId);
    if (!session) return undefined;
    try {
      return { session, outcome: await deliver(session, type) };
    } catch (error) {
      provider.reopen(session);
      throw error;
    }
  }

  const gone = (reply: FastifyReply) => reply.code(404).type('text/html').send(`<p>${sessionGone}</p>`);

  app.get<{ Params: { sessionId: string } }>('/checkout/:sessionId', async (request, reply) => {
    const session = provider.session(request.params.sessionId);
    if (!session) return gone(reply);
    return reply.type('text/html').send(sandboxCheckoutPage(session));
  });

  app.post<{ Params: { sessionId: string }; Body: Record<string, string> | undefined }>(
    '/checkout/:sessionId/pay',
    async (request, reply) => {
      const session = provider.session(request.params.sessionId);
      if (!session) return gone(reply);
      const card = String(request.body?.card ?? '').replace(/\s+/g, '');
      if (card !== SANDBOX_TEST_CARD.replace(/\s+/g, ''))
        return reply.code(402).type('text/html').send(sandboxCheckoutPage(session, declinedMessage));
      const settled = await settle(session.sessionId, 'checkout.session.completed');
      if (!settled) return gone(reply);
      // The success page only for a payment the order took; otherwise the truth: it was not paid.
      const landing = settled.outcome === 'fulfilled' ? session.successUrl : session.cancelUrl;
      return boundedRedirect(reply, landing, 303);
    },
  );

  app.post<{ Params: { sessionId: string } }>('/checkout/:sessionId/cancel', async (request, reply) => {
    const settled = await settle(request.params.sessionId, 'checkout.session.expired');
    if (!settled) return gone(reply);
    return boundedRedirect(reply, settled.session.cancelUrl, 303);
  });
};

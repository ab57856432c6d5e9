import type { FastifyPluginAsync } from 'fastify';
import { webhookAnswers } from './answers.js';
import type { Fulfilment } from './fulfilment.js';
import { verifyWebhookEvent, type PaymentProvider } from './provider.js';
import { routesAreFor } from '../../lib/audience.js';

export const invalidSignatureMessage = 'Invalid signature';

/**
 * POST /webhook: the provider's events. The signature covers the exact bytes, so this plugin
 * keeps the body as text; a missing or bad signature is 400 and nothing is read from the body.
 */
export const webhookRoutes: FastifyPluginAsync<{
  provider: PaymentProvider;
  fulfilment: Fulfilment;
  now: () => Date;
}> = async (app, { provider, fulfilment, now }) => {
  routesAreFor(app, 'provider-signature');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post('/webhook', { schema: { response: webhookAnswers } }, async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    const rawBody = typeof request.body === 'string' ? request.body : undefined;
    if (typeof signature !== 'string' || rawBody === undefined)
      return reply.code(400).send({ message: invalidSignatureMessage });
    let event;
    try {
      event = verifyWebhookEvent(rawBody, signature, provider.webhookSecret, now());
    } catch {
      request.log.warn({ category: 'payment' }, 'Webhook refused: bad signature');
      return reply.code(400).send({ message: invalidSignatureMessage });
    }
    const outcome = await fulfilment.handle(event);
    request.log.info(
      { category: 'payment', eventId: event.id, type: event.type, outcome },
      'Webhook handled',
    );
    return { data: { received: true, outcome } };
  });
};

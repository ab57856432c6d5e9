import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutOrders, creditLedger, paymentEvents, users } from '../../src/db/schema.js';
import { backends, signedInUser, useTestApp } from '../helpers.js';

const webhookSecret = 'whsec_test_payments_secret';

/** A local stand-in of Stripe's API: answers Checkout Session creation and records each request. */
function startStripeStub() {
  const requests: Array<{
    method: string;
    path: string;
    form: URLSearchParams;
    headers: Record<string, unknown>;
  }> = [];
  let counter = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        form: new URLSearchParams(body),
        headers: request.headers,
      });
      response.setHeader('content-type', 'application/json');
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        counter += 1;
        const id = `cs_test_${counter}`;
        response.end(
          JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` }),
        );
        return;
      }
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unknown path' } }));
    });
  });
  return { server, requests };
}

const stub = startStripeStub();
let stubPort = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => stub.server.listen(0, '127.0.0.1', resolve));
  stubPort = (stub.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => stub.server.close(() => resolve())));

describe.each(backends)('Stripe checkout and webhook (%s)', (backend) => {
  const t = useTestApp(backend, {
    payments: {
      publicUrl: 'https://desk.example',
      stripe: {
        secretKey: 'sk_test_payments',
        webhookSecret,
        // The port is known only once the stub listens: read it when the provider first calls out.
        api: {
          host: '127.0.0.1',
          get port() {
            return stubPort;
          },
          protocol: 'http',
        },
      },
    },
  });

  const creditsOf = async (username: string) =>
    (await t.database.db.select().from(users).where(eq(users.username, username)))[0]?.credits;

  const sendEvent = (event: object, options: { secret?: string; ageSeconds?: number } = {}) => {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? webhookSecret,
      timestamp: Math.floor(t.clock.now().getTime() / 1000) - (options.ageSeconds ?? 0),
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  };

  const completed = (
    id: string,
    session: { id: string; orderId: string; amount: number },
    type = 'checkout.session.completed',
  ) => ({
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        client_reference_id: session.orderId,
        amount_total: session.amount,
        payment_status: type === 'checkout.session.completed' ? 'paid' : 'unpaid',
      },
    },
  });

  async function openCheckout(client: Awaited<ReturnType<typeof signedInUser>>['client'], code?: string) {
    const response = await client.post('/api/payment/checkout', {
      productId: 'credits-60',
      priceId: 'credits-60-eur',
      type: 'credit',
      quantity: 1,
      ...(code ? { code } : {}),
    });
    expect(response.status).toBe(200);
    const sessionId = String(response.body.data).split('/').pop() ?? '';
    const [order] = await t.database.db
      .select()
      .from(checkoutOrders)
      .where(eq(checkoutOrders.providerSessionId, sessionId));
    if (!order) throw new Error('no order for the session');
    return {
      url: String(response.body.data),
      session: { id: sessionId, orderId: order.id, amount: order.amountCents },
    };
  }

  it('creates a Checkout Session through the SDK with the order, the total and the return links', async () => {
    const buyer = await signedInUser(t.app);
    const { url, session } = await openCheckout(buyer.client);
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);
    const sent = stub.requests.at(-1);
    expect(sent?.headers.authorization).toBe('Bearer sk_test_payments');
    expect(sent?.form.get('mode')).toBe('payment');
    expect(sent?.form.get('client_reference_id')).toBe(session.orderId);
    expect(sent?.form.get('line_items[0][price_data][unit_amount]')).toBe('999');
    expect(sent?.form.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(sent?.form.get('success_url')).toMatch(
      /^https:\/\/desk\.example\/checkout\/success\?order=.+&key=.+/,
    );
    expect(sent?.form.get('cancel_url')).toBe(
      `https://desk.example/checkout/cancel?order=${session.orderId}`,
    );
  });

  it('fulfils a verified completion once; a replay, a second event for the order and a late expiry change nothing', async () => {
    const buyer = await signedInUser(t.app);
    const { session } = await openCheckout(buyer.client);
    const first = await sendEvent(completed('evt_1', session));
    expect(first.json()).toEqual({ data: { received: true, outcome: 'fulfilled' } });
    expect(await creditsOf(buyer.username)).toBe(60);

    expect((await sendEvent(completed('evt_1', session))).json().data.outcome).toBe('replayed');
    expect((await sendEvent(completed('evt_2', session))).json().data.outcome).toBe('ignored');
    expect(
      (await sendEvent(completed('evt_3', session, 'checkout.session.expired'))).json().data.outcome,
    ).toBe('ignored');
    expect(await creditsOf(buyer.username)).toBe(60);
    const [order] = await t.database.db
      .select()
      .from(checkoutOrders)
      .where(eq(checkoutOrders.id, session.orderId));
    expect(order?.status).toBe('paid');
  });

  it('an expiry first cancels the order; a completion arriving after it changes nothing', async () => {
    const buyer = await signedInUser(t.app);
    const { session } = await openCheckout(buyer.client);
    expect(
      (await sendEvent(completed('evt_exp', session, 'checkout.session.expired'))).json().data.outcome,
    ).toBe('cancelled');
    expect((await sendEvent(completed('evt_late', session))).json().data.outcome).toBe('ignored');
    expect(await creditsOf(buyer.username)).toBe(0);
  });

  it('refuses forged and stale signatures with 400 and books nothing', async () => {
    const buyer = await signedInUser(t.app);
    const { session } = await openCheckout(buyer.client);
    const forged = await sendEvent(completed('evt_forged', session), { secret: 'whsec_attacker' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'Invalid signature' });
    const stale = await sendEvent(completed('evt_stale', session), { ageSeconds: 600 });
    expect(stale.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(completed('evt_unsigned', session)),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await creditsOf(buyer.username)).toBe(0);
    const booked = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, session.orderId));
    expect(booked).toEqual([]);
  });

  it('ignores unknown events, unknown orders and a completion whose amount differs from the order', async () => {
    const buyer = await signedInUser(t.app);
    const { session } = await openCheckout(buyer.client);
    expect(
      (
        await sendEvent({ id: 'evt_other', object: 'event', type: 'invoice.paid', data: { object: {} } })
      ).json().data.outcome,
    ).toBe('ignored');
    expect(
      (await sendEvent(completed('evt_unknown_order', { ...session, orderId: 'no-such-order' }))).json().data
        .outcome,
    ).toBe('ignored');
    expect((await sendEvent(completed('evt_cheap', { ...session, amount: 1 }))).json().data.outcome).toBe(
      'ignored',
    );
    expect(await creditsOf(buyer.username)).toBe(0);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, buyer.username));
    expect(
      await t.database.db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.userId, user?.id ?? '')),
    ).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkoutOrders, users } from '../../src/db/schema.js';
import { backends, signedInUser, useTestApp } from '../helpers.js';

/** Pay and Cancel pressed together, as two real HTTP requests racing on a listening server. */
describe.each(backends)('sandbox checkout: pay and cancel at once (%s)', (backend) => {
  const t = useTestApp(backend);
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const press = (path: string, action: 'pay' | 'cancel') =>
    fetch(`${base}${path}/${action}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: action === 'pay' ? new URLSearchParams({ card: '4242 4242 4242 4242' }).toString() : '',
    });

  it('one of the two wins, and the buyer lands on the page that says what happened', async () => {
    const buyer = await signedInUser(t.app);
    let credits = 0;
    for (let round = 0; round < 6; round += 1) {
      const checkout = await buyer.client.post('/api/payment/checkout', {
        productId: 'credits-25',
        priceId: 'credits-25-eur',
        type: 'credit',
      });
      const path = new URL(checkout.body.data as string).pathname;
      const sessionId = path.split('/').pop()!;
      // Alternate which request leaves first; both are in flight before either is answered.
      const [first, second] = round % 2 === 0 ? (['pay', 'cancel'] as const) : (['cancel', 'pay'] as const);
      const answers = await Promise.all([press(path, first), press(path, second)]);
      const byAction = { [first]: answers[0]!, [second]: answers[1]! } as Record<'pay' | 'cancel', Response>;

      const winners = answers.filter((answer) => answer.status === 303);
      expect(winners, `round ${round}: exactly one of pay and cancel acts`).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 404)).toHaveLength(1);

      const [order] = await t.database.db
        .select()
        .from(checkoutOrders)
        .where(eq(checkoutOrders.providerSessionId, sessionId));
      const landing = new URL(String(winners[0]!.headers.get('location'))).pathname;
      if (byAction.pay.status === 303) {
        expect(order).toMatchObject({ status: 'paid' });
        expect(order?.paidAt).not.toBeNull();
        expect(landing).toBe('/checkout/success');
        credits += 25;
      } else {
        expect(order).toMatchObject({ status: 'cancelled', paidAt: null });
        expect(landing).toBe('/checkout/cancel');
      }
      const [row] = await t.database.db.select().from(users).where(eq(users.username, buyer.username));
      expect(row?.credits, `round ${round}: credits granted for paid orders only`).toBe(credits);
    }
  });
});

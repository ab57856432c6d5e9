import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, users } from '../../src/db/schema.js';
import { backends, Client, signedInUser, useTestApp } from '../helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(backends)('admin routes (%s)', (backend) => {
  const t = useTestApp(backend);

  const signedInAdmin = async () => {
    const admin = await signedInUser(t.app);
    await t.database.db
      .update(users)
      .set({ roles: ['user', 'admin'] })
      .where(eq(users.username, admin.username));
    return admin;
  };
  const idOf = async (username: string) =>
    (await t.database.db.select().from(users).where(eq(users.username, username)))[0]?.id ?? '';

  it('answers 401 signed out and 403 to a user without the Admin role, on every route, changing nothing', async () => {
    const target = await signedInUser(t.app);
    const targetId = await idOf(target.username);
    const user = await signedInUser(t.app);
    const routes: Array<['GET' | 'POST', string, object?]> = [
      ['GET', '/api/admin/users'],
      ['POST', `/api/admin/users/${targetId}/trial`, { tier: 'snipe' }],
      ['POST', `/api/admin/users/${targetId}/credits`, { delta: 5, requestId: 'r1' }],
      ['GET', `/api/admin/users/${targetId}/orders`],
      ['POST', '/api/admin/orders/any/refund'],
    ];
    for (const [method, url, body] of routes) {
      expect((await new Client(t.app).request(method, url, body)).status).toBe(401);
      const response = await user.client.request(method, url, body);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'Only an admin may do this' });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, targetId));
    expect(row).toMatchObject({ tier: 'none', credits: 0, expiresAt: null });
  });

  it('lists users, grants the 3-day trial, and books credits once per request id', async () => {
    const admin = await signedInAdmin();
    const target = await signedInUser(t.app, { linked: false });
    const targetId = await idOf(target.username);
    const list = await admin.client.get(`/api/admin/users?search=${target.username}`);
    expect(list.body.data).toMatchObject([{ id: targetId, username: target.username, credits: 0 }]);

    const trial = await admin.client.post(`/api/admin/users/${targetId}/trial`, { tier: 'transfer' });
    expect(trial.body.data).toMatchObject({ tier: 'transfer' });
    expect(Date.parse(trial.body.data.expiresAt)).toBe(t.clock.now().getTime() + 3 * DAY_MS);

    const grant = { delta: 7, requestId: 'grant-1' };
    expect((await admin.client.post(`/api/admin/users/${targetId}/credits`, grant)).body.data.credits).toBe(
      7,
    );
    expect((await admin.client.post(`/api/admin/users/${targetId}/credits`, grant)).body.data.credits).toBe(
      7,
    );
    const tooMuch = await admin.client.post(`/api/admin/users/${targetId}/credits`, {
      delta: -8,
      requestId: 'take-1',
    });
    expect(tooMuch).toMatchObject({
      status: 400,
      body: { message: 'The user does not have that many credits' },
    });
    expect(
      (await admin.client.post(`/api/admin/users/${targetId}/credits`, { delta: 0, requestId: 'z' })).status,
    ).toBe(400);
    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, targetId));
    expect(ledger.map((row) => [row.kind, row.delta])).toEqual([['admin', 7]]);
  });

  it('refunds a paid order once: its credits and plan time are taken back', async () => {
    const admin = await signedInAdmin();
    const buyer = await signedInUser(t.app);
    const buyerId = await idOf(buyer.username);
    const checkout = await buyer.client.post('/api/payment/checkout', {
      productId: 'transfer-month',
      priceId: 'transfer-month-eur',
      type: 'transfer',
    });
    const path = new URL(checkout.body.data).pathname;
    await t.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card=4242424242424242',
    });
    const orders = await admin.client.get(`/api/admin/users/${buyerId}/orders`);
    expect(orders.body.data).toMatchObject([
      { productId: 'transfer-month', status: 'paid', amountCents: 1499 },
    ]);
    const orderId = orders.body.data[0].id;

    const refund = await admin.client.post(`/api/admin/orders/${orderId}/refund`);
    expect(refund.body.data).toEqual({ orderId, creditsTaken: 10 });
    const again = await admin.client.post(`/api/admin/orders/${orderId}/refund`);
    expect(again).toMatchObject({ status: 400, body: { message: 'Only a paid order can be refunded' } });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, buyerId));
    expect(row?.credits).toBe(0);
    expect(row?.expiresAt?.getTime()).toBe(t.clock.now().getTime());
  });
});

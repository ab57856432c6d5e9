import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coinOrders, creditLedger, users } from '../../src/db/schema.js';
import { backends, Client, signedInUser, useTestApp } from '../helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Follows the checkout URL through the sandbox's hosted page and presses Pay (or Cancel). */
async function completeSandboxCheckout(
  client: Client,
  checkoutUrl: string,
  action: 'pay' | 'cancel',
  card?: string,
) {
  const path = new URL(checkoutUrl).pathname;
  const page = await client.get(path);
  const response = await client.app.inject({
    method: 'POST',
    url: `${path}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: action === 'pay' ? new URLSearchParams({ card: card ?? '4242 4242 4242 4242' }).toString() : '',
  });
  return { page, response };
}

describe.each(backends)('sandbox checkout (%s)', (backend) => {
  const t = useTestApp(backend);
  const userRow = async (username: string) =>
    (await t.database.db.select().from(users).where(eq(users.username, username)))[0];

  it('lists the catalogue: categories, prices in cents, periods, and coin prices per platform', async () => {
    const client = new Client(t.app);
    const plans = await client.get('/api/payment/plans');
    expect(plans.status).toBe(200);
    expect(plans.headers['cache-control']).toBe('no-store');
    const season = plans.body.data.find((product: { id: string }) => product.id === 'snipe-season');
    expect(season).toMatchObject({
      type: 'snipe',
      category: 'Headful & Headless Snipes',
      price: { id: 'snipe-season-eur', value: 9999, type: 'season' },
    });
    const categories = new Set(plans.body.data.map((product: { category: string }) => product.category));
    expect([...categories].sort()).toEqual([
      'Coin Transfer',
      'Headful & Headless Snipes',
      'Multi Rarity Snipes',
      'Other',
    ]);
    const coins = await client.get('/api/payment/coins');
    expect(coins.body.data.pc).toMatchObject({ id: 'coins-pc', price: { value: 1199 }, listPrice: 1499 });
    expect(coins.body.data.ps).toMatchObject({ id: 'coins-console', price: { value: 899 } });
  });

  it('verifies referral codes: empty, unknown, someone else’s, one’s own', async () => {
    const referrer = await signedInUser(t.app, { tier: 'snipe' });
    const code: string = (await referrer.client.get('/api/referral')).body.data.code;
    const visitor = new Client(t.app);
    expect(await visitor.post('/api/referral/verify', { code: '  ' })).toMatchObject({
      status: 400,
      body: { message: 'Enter your referral code' },
    });
    expect((await visitor.post('/api/referral/verify', { code: 'NOPE1234' })).body.data).toBe(false);
    expect((await visitor.post('/api/referral/verify', { code: code.toLowerCase() })).body.data).toBe(true);
    expect((await referrer.client.post('/api/referral/verify', { code })).body.data).toBe(false);
  });

  it('refuses bad checkouts with a message and opens no order', async () => {
    const visitor = new Client(t.app);
    const base = { productId: 'credits-60', priceId: 'credits-60-eur', type: 'credit', quantity: 1 };
    expect(await visitor.post('/api/payment/checkout', { ...base, priceId: 'other' })).toMatchObject({
      status: 400,
      body: { message: 'Product not found' },
    });
    expect(await visitor.post('/api/payment/checkout', { ...base, quantity: 21 })).toMatchObject({
      status: 400,
      body: { message: 'Quantity must be between 1 and 20' },
    });
    expect(await visitor.post('/api/payment/checkout', { ...base, code: 'WRONG123' })).toMatchObject({
      status: 400,
      body: { message: 'Referral code is invalid' },
    });
    const unavailable = { productId: 'account-pc', priceId: 'account-pc-eur', type: 'account' };
    expect(await visitor.post('/api/payment/checkout', unavailable)).toMatchObject({
      status: 400,
      body: { message: 'This product cannot be bought online yet' },
    });
    expect(await visitor.post('/api/payment/checkout', { ...base, productId: 'x\u0000' })).toMatchObject({
      status: 400,
    });
  });

  it('a visitor buys a season plan with a referral code: new user, token shown once, referrer credited', async () => {
    const referrer = await signedInUser(t.app, { tier: 'snipe' });
    const code: string = (await referrer.client.get('/api/referral')).body.data.code;
    const referrerBefore = (await userRow(referrer.username))?.credits ?? 0;
    const visitor = new Client(t.app);
    const checkout = await visitor.post('/api/payment/checkout', {
      productId: 'snipe-season',
      priceId: 'snipe-season-eur',
      type: 'snipe',
      quantity: 1,
      code,
    });
    expect(checkout.status).toBe(200);
    const { page, response } = await completeSandboxCheckout(visitor, checkout.body.data, 'pay');
    // 30% off €99.99 is €69.99 (rounded to the cent).
    expect(page.body).toContain('€69.99');
    expect(page.body).toContain('Referral discount');
    expect(response.statusCode).toBe(303);
    const success = new URL(String(response.headers.location));
    expect(success.pathname).toBe('/checkout/success');

    const receiptBody = { orderId: success.searchParams.get('order'), key: success.searchParams.get('key') };
    const receipt = await visitor.post('/api/payment/receipt', receiptBody);
    expect(receipt.body.data).toMatchObject({ status: 'paid', amountCents: 6999, discountCents: 3000 });
    const { username, token } = receipt.body.data.credentials;
    expect(token).toHaveLength(40);
    // Shown once: a second look (or someone without the key) gets no token.
    expect((await visitor.post('/api/payment/receipt', receiptBody)).body.data.credentials).toBeUndefined();
    expect((await visitor.post('/api/payment/receipt', { ...receiptBody, key: 'guess' })).status).toBe(404);

    const buyer = await userRow(username);
    expect(buyer).toMatchObject({ tier: 'snipe', credits: 50 });
    expect(buyer?.expiresAt?.getTime()).toBe(t.clock.now().getTime() + 365 * DAY_MS);
    expect((await userRow(referrer.username))?.credits).toBe(referrerBefore + 5);

    const signIn = await new Client(t.app).post('/api/auth/token', {
      username,
      token,
      fingerprint: 'fp-new',
      isIFrame: false,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.user).toMatchObject({ tier: 'snipe', credits: 50, providers: { discordId: '' } });
  });

  it('a signed-in user renews (the plan is extended), buys credits and coins through the ledger', async () => {
    const buyer = await signedInUser(t.app);
    const buy = async (productId: string, type: string, quantity = 1) => {
      const priceId = `${productId}-eur`;
      const checkout = await buyer.client.post('/api/payment/checkout', {
        productId,
        priceId,
        type,
        quantity,
      });
      expect(checkout.status).toBe(200);
      return completeSandboxCheckout(buyer.client, checkout.body.data, 'pay');
    };
    await buy('transfer-month', 'transfer');
    await buy('transfer-month', 'transfer');
    const row = await userRow(buyer.username);
    expect(row?.tier).toBe('transfer');
    expect(row?.expiresAt?.getTime()).toBe(t.clock.now().getTime() + 60 * DAY_MS);

    await buy('credits-60', 'credit', 2);
    await buy('extra-licence', 'licence', 2);
    await buy('coins-pc', 'coin', 3);
    const after = await userRow(buyer.username);
    expect(after).toMatchObject({ credits: 10 + 10 + 120, maxAccounts: 3 });
    const ledger = await t.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, after?.id ?? ''));
    expect(ledger.map((entry) => entry.delta).sort((a, b) => a - b)).toEqual([10, 10, 120]);
    const coins = await t.database.db
      .select()
      .from(coinOrders)
      .where(eq(coinOrders.userId, after?.id ?? ''));
    expect(coins).toMatchObject([{ platform: 'pc', coins: 300_000, status: 'pending' }]);
  });

  it('a declined card or a cancel changes nothing and returns to the cancel page', async () => {
    const buyer = await signedInUser(t.app);
    const checkout = await buyer.client.post('/api/payment/checkout', {
      productId: 'credits-25',
      priceId: 'credits-25-eur',
      type: 'credit',
    });
    const declined = await completeSandboxCheckout(
      buyer.client,
      checkout.body.data,
      'pay',
      '4000 0000 0000 0002',
    );
    expect(declined.response.statusCode).toBe(402);
    expect(declined.response.body).toContain('Your card was declined.');
    const cancelled = await completeSandboxCheckout(buyer.client, checkout.body.data, 'cancel');
    expect(cancelled.response.statusCode).toBe(303);
    expect(new URL(String(cancelled.response.headers.location)).pathname).toBe('/checkout/cancel');
    expect((await userRow(buyer.username))?.credits).toBe(0);
    // The session is closed: paying afterwards is not possible.
    expect((await completeSandboxCheckout(buyer.client, checkout.body.data, 'pay')).response.statusCode).toBe(
      404,
    );
  });
});

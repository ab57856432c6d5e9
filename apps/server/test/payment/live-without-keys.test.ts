import { describe, expect, it } from 'vitest';
import { backends, signedInDirectUser, useTestApp } from '../helpers.js';

describe.each(backends)('live mode without provider keys (%s)', (backend) => {
  const t = useTestApp(backend, { gameMode: 'live' });

  it('opens no sandbox checkout (no plan for a test card) and no stand-in community sign-in', async () => {
    const user = await signedInDirectUser(t, { username: `live_pay_${backend}` });
    const checkout = await user.client.post('/api/payment/checkout', {
      productId: 'credits-25',
      priceId: 'credits-25-eur',
      type: 'credit',
    });
    expect(checkout.status).toBe(503);
    expect(checkout.body).toEqual({ message: 'Something went wrong, please try again later' });
    expect((await user.client.get('/api/payment/sandbox/checkout/cs_sandbox_x')).status).toBe(404);

    const link = await user.client.get('/api/community/discord/start');
    expect(link.status).toBe(503);
    expect(link.body.message).toBe(
      'Linking the community is not available right now. Please contact support on the community server.',
    );
    expect((await user.client.get('/api/community/sandbox/authorize?state=x')).status).toBe(404);
    // The catalogue is still there to read.
    expect((await user.client.get('/api/payment/plans')).status).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { coinsOutOfRangeMessage } from '@tradedesk/domain';
import { backends, Client, signedInUser, useTestApp } from '../helpers.js';

const gameAccount = (email: string) => ({
  email,
  password: 'game-pass-1',
  backupCode: 'ABCD1234',
  isManualLogin: false,
  platform: 'pc',
});

describe.each(backends)('transfer list and client transfer (%s)', (backend) => {
  const t = useTestApp(backend);

  it('answers the empty list until one is saved, then the saved list with numbers from text', async () => {
    const user = await signedInUser(t.app, { tier: 'transfer' });
    expect((await user.client.get('/api/transfer/players')).body.data).toEqual({
      id: '',
      players: [],
      updatedAt: null,
    });
    const saved = await user.client.post('/api/transfer/players', {
      players: [
        { id: '20801', listPrice: '15000', order: 0 },
        { id: 158_023, listPrice: 20_000, order: '1' },
      ],
    });
    expect(saved.status).toBe(200);
    const list = (await user.client.get('/api/transfer/players')).body.data;
    expect(list.players).toEqual([
      { id: 20_801, listPrice: 15_000, order: 0 },
      { id: 158_023, listPrice: 20_000, order: 1 },
    ]);
    expect(list.id).not.toBe('');
    expect(list.updatedAt).toBe(t.clock.now().toISOString());

    const other = await signedInUser(t.app, { tier: 'transfer' });
    expect((await other.client.get('/api/transfer/players')).body.data.players).toEqual([]);
  });

  it.each([
    [{ players: [{ id: 1, listPrice: 'lots', order: 0 }] }],
    [{ players: [{ id: 1, listPrice: 1e12, order: 0 }] }],
    [{ players: 'none' }],
  ])('rejects a bad list %# with 400 and keeps the stored one', async (body) => {
    const user = await signedInUser(t.app, { tier: 'transfer' });
    await user.client.post('/api/transfer/players', { players: [{ id: 5, listPrice: 1000, order: 0 }] });
    const response = await user.client.post('/api/transfer/players', body);
    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe('string');
    expect((await user.client.get('/api/transfer/players')).body.data.players).toEqual([
      { id: 5, listPrice: 1000, order: 0 },
    ]);
  });

  it('stores and answers account metadata, only for the owner', async () => {
    const user = await signedInUser(t.app, { tier: 'transfer' });
    const account = (await user.client.post('/api/account', gameAccount('seller@example.com'))).body.data;
    expect((await user.client.get(`/api/client-transfer/${account.id}`)).body.data).toEqual({
      username: '',
      coins: 0,
      unassigned: [],
      tradepile: [],
      screenshot: '',
    });
    const metadata = {
      username: 'SellerClub',
      coins: 120_000,
      unassigned: [{ id: 11 }],
      tradepile: [{ id: 12 }, { id: 13 }],
      screenshot: 'data:image/png;base64,iVBORw0KGgo=',
    };
    const posted = await user.client.post('/api/client-transfer', {
      event: 'metadata',
      data: { accountId: account.id, ...metadata },
    });
    expect(posted.status).toBe(200);
    expect((await user.client.get(`/api/client-transfer/${account.id}`)).body.data).toEqual(metadata);

    const stranger = await signedInUser(t.app, { tier: 'transfer' });
    expect(await stranger.client.get(`/api/client-transfer/${account.id}`)).toMatchObject({
      status: 404,
      body: { message: 'Account not found' },
    });
    const hijack = await stranger.client.post('/api/client-transfer', {
      event: 'metadata',
      data: { accountId: account.id, ...metadata, coins: 1 },
    });
    expect(hijack).toMatchObject({ status: 404, body: { message: 'Account not found' } });
    expect((await user.client.get(`/api/client-transfer/${account.id}`)).body.data.coins).toBe(120_000);
  });

  it('rejects a bad event and a non-PNG screenshot', async () => {
    const user = await signedInUser(t.app, { tier: 'transfer' });
    const account = (await user.client.post('/api/account', gameAccount('buyer@example.com'))).body.data;
    const base = { accountId: account.id, username: 'x', coins: 1, unassigned: [], tradepile: [] };
    expect(
      (await user.client.post('/api/client-transfer', { event: 'other', data: { ...base, screenshot: '' } }))
        .status,
    ).toBe(400);
    expect(
      await user.client.post('/api/client-transfer', {
        event: 'metadata',
        data: { ...base, screenshot: 'javascript:alert(1)' },
      }),
    ).toMatchObject({ status: 400, body: { message: 'Screenshot must be a PNG' } });
  });

  it.each([1e308, 9_007_199_254_740_992, 2_147_483_648, -1, 1.5])(
    'refuses coins of %d with 400 and a clear message, keeping the stored metadata',
    async (coins) => {
      const user = await signedInUser(t.app, { tier: 'transfer' });
      const account = (await user.client.post('/api/account', gameAccount('rich@example.com'))).body.data;
      const data = { accountId: account.id, username: 'x', unassigned: [], tradepile: [], screenshot: '' };
      expect(
        (await user.client.post('/api/client-transfer', { event: 'metadata', data: { ...data, coins: 7 } }))
          .status,
      ).toBe(200);
      expect(
        await user.client.post('/api/client-transfer', { event: 'metadata', data: { ...data, coins } }),
      ).toMatchObject({ status: 400, body: { message: coinsOutOfRangeMessage } });
      expect((await user.client.get(`/api/client-transfer/${account.id}`)).body.data.coins).toBe(7);
    },
  );

  it('needs a session', async () => {
    expect((await new Client(t.app).get('/api/transfer/players')).status).toBe(401);
    expect((await new Client(t.app).get('/api/client-transfer/x')).status).toBe(401);
  });
});

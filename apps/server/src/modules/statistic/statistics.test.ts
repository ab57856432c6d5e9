import { describe, expect, it } from 'vitest';
import { snipeLogEntries, transfers } from '../../db/schema.js';
import { backends, Client, signedInUser, useTestApp } from '../../../test/helpers.js';

const dayMs = 86_400_000;

describe.each(backends)('statistic service (%s)', (backend) => {
  const t = useTestApp(backend);

  async function userWithAccounts() {
    const user = await signedInUser(t.app, { tier: 'transfer' });
    const create = async (name: string) =>
      (
        await user.client.post('/api/account', {
          email: `${name}.${user.username}@example.com`,
          password: 'sandbox-password',
          backupCode: 'ABCD1234',
          platform: 'pc',
          isManualLogin: false,
        })
      ).body.data.id as string;
    const seller = await create('seller');
    const buyer = await create('buyer');
    const me = await user.client.get('/api/user');
    return { ...user, userId: me.body.data.id as string, seller, buyer };
  }

  let transferCounter = 0;
  function transfer(
    owner: { userId: string; seller: string; buyer: string },
    status: 'success' | 'failed' | 'running' | 'synced' | 'cancelled',
    coins: number,
    at: Date,
  ) {
    transferCounter += 1;
    return {
      id: `transfer-${transferCounter}`,
      userId: owner.userId,
      buyerAccountId: owner.buyer,
      sellerAccountId: owner.seller,
      filter: {},
      status,
      coins,
      coinsReceived: status === 'success' ? Math.floor(coins * 0.95) : 0,
      createdAt: at,
      updatedAt: at,
      finishedAt: status === 'running' ? null : at,
    };
  }

  it('answers defaults when there is no data', async () => {
    const user = await signedInUser(t.app, { tier: 'transfer' });
    const web = await user.client.get('/api/statistic/');
    expect(web.body.data).toEqual({
      transfer: { totalAmount: 0, totalNumTransfers: 0, successRate: 0 },
      snipe: { totalAmount: 0, totalNumTransfers: 0, successRate: 0 },
    });
    const transferStats = (await user.client.get('/api/statistic/transfer')).body.data;
    expect(transferStats).toMatchObject({ totalAmount: 0, successRate: 0, updatedAt: null });
    expect(transferStats.weeklyAmounts).toHaveLength(7);
    expect((await user.client.post('/api/statistic/account', { date: '2026-01-15' })).body.data).toEqual([]);
  });

  it('gives no success rate to a user whose only runs were syncs and cancelled runs', async () => {
    const owner = await userWithAccounts();
    const now = new Date('2026-01-15T12:00:00Z');
    await t.database.db
      .insert(transfers)
      .values([transfer(owner, 'synced', 0, now), transfer(owner, 'cancelled', 40_000, now)]);

    const transferStats = (await owner.client.get('/api/statistic/transfer')).body.data;
    // No last finish: /transfer's Success Rates card shows '—' (it showed 0.00%, as if they had failed).
    expect(transferStats).toMatchObject({ totalAmount: 0, updatedAt: null });
    expect((await owner.client.get('/api/statistic/')).body.data.transfer).toEqual({
      totalAmount: 0,
      totalNumTransfers: 0,
      successRate: 0,
    });
  });

  it('counts transfers and snipes of the user only', async () => {
    const owner = await userWithAccounts();
    const other = await userWithAccounts();
    const now = t.clock.now();
    const yesterday = new Date(now.getTime() - dayMs);
    await t.database.db
      .insert(transfers)
      .values([
        transfer(owner, 'success', 100_000, now),
        transfer({ ...owner, seller: owner.buyer, buyer: owner.seller }, 'success', 50_000, yesterday),
        transfer(owner, 'failed', 70_000, yesterday),
        transfer(owner, 'running', 10_000, now),
        transfer(other, 'success', 900_000, now),
      ]);
    await t.database.db.insert(snipeLogEntries).values(
      [true, true, false].map((isSuccess, index) => ({
        eventId: `stats-${owner.userId}-${index}`,
        userId: owner.userId,
        accountId: owner.seller,
        playerId: 20_801,
        playerName: 'Cristiano Ronaldo',
        rarity: 1,
        platform: 'pc',
        buyPrice: 500,
        sellPrice: 0,
        tax: 0,
        value: isSuccess ? 2_000 : 0,
        isSuccess,
        report: {},
        createdAt: now,
      })),
    );

    const web = (await owner.client.get('/api/statistic/')).body.data;
    expect(web.transfer).toEqual({ totalAmount: 150_000, totalNumTransfers: 2, successRate: 2 / 3 });
    expect(web.snipe.totalAmount).toBe(4_000);
    expect(web.snipe.totalNumTransfers).toBe(2);
    expect(web.snipe.successRate).toBeCloseTo(2 / 3);

    const transferStats = (await owner.client.get('/api/statistic/transfer')).body.data;
    expect(transferStats.totalAmount).toBe(150_000);
    expect(transferStats.successRate).toBeCloseTo(2 / 3);
    expect(transferStats.updatedAt).toBe(now.toISOString());
    expect(transferStats.weeklyAmounts).toContainEqual({ date: '2026-01-15', value: 100_000 });
    expect(transferStats.weeklyAmounts).toContainEqual({ date: '2026-01-14', value: 50_000 });

    const today = (await owner.client.post('/api/statistic/account', { date: '2026-01-15' })).body.data;
    expect(today).toHaveLength(2);
    expect(today.find((row: { accountId: string }) => row.accountId === owner.seller)).toMatchObject({
      profits: 4_000,
      snipes: 2,
      transfers: 1,
      coinsTransferred: 100_000,
      transferSuccessRate: 1,
    });
    const before = (await owner.client.post('/api/statistic/account', { date: '2026-01-14' })).body.data;
    expect(before.find((row: { accountId: string }) => row.accountId === owner.buyer)).toMatchObject({
      transfers: 1,
      coinsTransferred: 50_000,
      transferSuccessRate: 0.5,
    });
  });

  it('resets one account for one day, then counts only what follows', async () => {
    const owner = await userWithAccounts();
    const now = t.clock.now();
    await t.database.db.insert(transfers).values(transfer(owner, 'success', 100_000, now));
    const reset = await owner.client.post('/api/statistic/account/reset', {
      id: owner.seller,
      date: '2026-01-15',
    });
    expect(reset).toMatchObject({ status: 200, body: { message: 'Account statistics reset successfully' } });
    t.clock.advance(1_000);
    await t.database.db.insert(transfers).values(transfer(owner, 'success', 20_000, t.clock.now()));

    const figures = (await owner.client.post('/api/statistic/account', { date: '2026-01-15' })).body.data;
    // A full date-time names its UTC day (the web's pickers send either form).
    const sameDay = await owner.client.post('/api/statistic/account', {
      date: '2026-01-15T23:30:00.000+02:00',
    });
    expect(sameDay).toMatchObject({ status: 200, body: { data: figures } });
    const seller = figures.find((row: { accountId: string }) => row.accountId === owner.seller);
    const buyer = figures.find((row: { accountId: string }) => row.accountId === owner.buyer);
    expect(seller.coinsTransferred).toBe(20_000);
    expect(buyer.coinsTransferred).toBe(120_000);
    // The totals keep the history.
    expect((await owner.client.get('/api/statistic/transfer')).body.data.totalAmount).toBe(120_000);
  });

  it('rejects a bad date, a stranger account and a missing session without side effects', async () => {
    const owner = await userWithAccounts();
    const stranger = await userWithAccounts();
    expect(await owner.client.post('/api/statistic/account', { date: '2026-02-30' })).toMatchObject({
      status: 400,
      body: { message: 'Date must be YYYY-MM-DD or a date-time such as 2026-05-01T12:00:00Z' },
    });
    for (const date of ['2026-01-15T25:00:00Z', '2026-01-15T10:00:00', 'yesterday', '\u0000', 1e308])
      expect((await owner.client.post('/api/statistic/account', { date })).status).toBe(400);
    expect(
      await owner.client.post('/api/statistic/account/reset', { id: stranger.seller, date: '2026-01-15' }),
    ).toMatchObject({ status: 404, body: { message: 'Account not found' } });
    expect((await new Client(t.app).get('/api/statistic/')).status).toBe(401);
  });
});

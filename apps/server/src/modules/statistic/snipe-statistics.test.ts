import { describe, expect, it } from 'vitest';
import { snipeLogEntries, snipeSessions } from '../../db/schema.js';
import { backends, Client, signedInUser, useTestApp } from '../../../test/helpers.js';

describe.each(backends)('GET /api/statistic/snipe (%s)', (backend) => {
  const t = useTestApp(backend);

  async function userWithAccount() {
    const user = await signedInUser(t.app, { tier: 'snipe' });
    const created = await user.client.post('/api/account', {
      email: `stats.${user.username}@example.com`,
      password: 'sandbox-password',
      backupCode: 'ABCD1234',
      platform: 'pc',
      isManualLogin: false,
    });
    const me = await user.client.get('/api/user');
    return { ...user, userId: me.body.data.id as string, accountId: created.body.data.id as string };
  }

  function entry(
    userId: string,
    accountId: string,
    n: number,
    values: Partial<typeof snipeLogEntries.$inferInsert>,
  ) {
    return {
      eventId: `${accountId}:${n}`,
      userId,
      accountId,
      playerId: 20_801,
      playerName: 'Cristiano Ronaldo',
      rarity: 1,
      platform: 'pc',
      buyPrice: 500,
      sellPrice: 0,
      tax: 0,
      value: 0,
      isSuccess: true,
      report: {},
      ...values,
    };
  }

  it('answers zeros and seven empty days for a user who never sniped', async () => {
    const user = await signedInUser(t.app, { tier: 'snipe' });
    const response = await user.client.get('/api/statistic/snipe');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      totalProfits: 0,
      totalSuccessRate: 0,
      totalTimeSpent: 0,
      recentSnipes: [],
    });
    expect(response.body.data.weeklyProfits).toHaveLength(7);
    expect(response.body.data.weeklyProfits[6]).toEqual({ date: '2026-01-15', value: 0 });
  });

  it('counts profits per day, the success rate, time spent and the latest snipes of the user only', async () => {
    const { client, userId, accountId } = await userWithAccount();
    const other = await userWithAccount();
    const today = t.clock.now();
    const twoDaysAgo = new Date(today.getTime() - 2 * 86_400_000);
    await t.database.db
      .insert(snipeLogEntries)
      .values([
        entry(userId, accountId, 1, { value: 4_000, createdAt: today }),
        entry(userId, accountId, 2, { value: 1_000, createdAt: twoDaysAgo }),
        entry(userId, accountId, 3, { value: 0, isSuccess: false, errorCode: 461, createdAt: today }),
        entry(userId, accountId, 4, { value: 9_000, createdAt: new Date(today.getTime() - 30 * 86_400_000) }),
        entry(other.userId, other.accountId, 1, { value: 50_000, createdAt: today }),
      ]);
    await t.database.db.insert(snipeSessions).values({
      leaseId: `lease-${accountId}`,
      accountId,
      startedAt: new Date(today.getTime() - 90_000),
      endedAt: new Date(today.getTime() - 30_000),
    });

    const { body } = await client.get('/api/statistic/snipe');
    const data = body.data;
    expect(data.totalProfits).toBe(14_000);
    expect(data.totalSuccessRate).toBeCloseTo(0.75);
    expect(data.totalTimeSpent).toBe(60);
    expect(data.weeklyProfits).toContainEqual({ date: '2026-01-15', value: 4_000 });
    expect(data.weeklyProfits).toContainEqual({ date: '2026-01-13', value: 1_000 });
    expect(data.recentSnipes).toHaveLength(4);
    expect(data.recentSnipes.find((snipe: { errorCode?: number }) => snipe.errorCode === 461)).toMatchObject({
      isSuccess: false,
      accountId,
    });
  });

  it('needs a session', async () => {
    expect((await new Client(t.app).get('/api/statistic/snipe')).status).toBe(401);
  });
});

import {
  defaultAdvancedConfig,
  defaultNormalFilter,
  defaultNotificationConfig,
  defaultTimeConfig,
  defaultTransferConfig,
} from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { backends, signedInUser, useTestApp } from '../helpers.js';

const account = {
  email: 'owner@example.com',
  password: 'owner-pass-1',
  backupCode: 'OWNER123',
  isManualLogin: false,
  platform: 'pc',
};

describe.each(backends)('user isolation (%s)', (backend) => {
  const t = useTestApp(backend);

  it('user A can read, change or delete nothing of user B’s', async () => {
    const b = await signedInUser(t.app);
    const bAccount = (await b.client.post('/api/account', account)).body.data;
    const bFilter = (
      await b.client.post('/api/filter', { ...defaultNormalFilter('B filter'), maxPrice: 5000 })
    ).body.data;
    await b.client.post('/api/filter', { ...defaultNormalFilter('B second'), maxPrice: 5000 });
    const bConfiguration = (await b.client.get('/api/configuration')).body.data;
    await b.client.post('/api/auth/code', { username: b.username });
    const bSnapshot = async () => ({
      accounts: (await b.client.get('/api/account')).body.data,
      filters: (await b.client.get('/api/filter')).body.data,
      configuration: (await b.client.get('/api/configuration')).body.data,
      user: (await b.client.get('/api/user?configuration=true&filters=true')).body.data,
      notifications: (await b.client.get('/api/notification')).body.data,
    });
    const before = await bSnapshot();

    const a = await signedInUser(t.app);
    // Reading: A's lists are A's own.
    expect((await a.client.get('/api/account')).body.data).toEqual([]);
    expect((await a.client.get('/api/filter')).body.data).toEqual([]);
    expect((await a.client.get('/api/user?filters=true')).body.data.filters).toEqual([]);
    expect((await a.client.get('/api/notification')).body.data).toEqual([]);
    expect(await a.client.post('/api/user/decrypt', { token: bAccount.id })).toMatchObject({ status: 404 });
    expect(await a.client.get(`/api/filter/${bFilter.id}/share`)).toMatchObject({ status: 404 });
    // Changing.
    expect(
      await a.client.put('/api/account', { ...account, id: bAccount.id, password: 'hijacked-1' }),
    ).toMatchObject({ status: 404 });
    expect(await a.client.post(`/api/account/${bAccount.id}/reset`)).toMatchObject({ status: 404 });
    expect(
      await a.client.post('/api/filter', {
        ...defaultNormalFilter('Hijack'),
        maxPrice: 9000,
        id: bFilter.id,
      }),
    ).toMatchObject({ status: 404 });
    // Every configuration group A saves lands in A's configuration only.
    const aChanges: Record<string, unknown> = {
      advanced: { ...defaultAdvancedConfig(), isHeadlessEnabled: !bConfiguration.advanced.isHeadlessEnabled },
      time: { ...defaultTimeConfig(), maxRequests: 77 },
      notification: { ...defaultNotificationConfig(), isSoundEnabled: false },
      market: {
        players: [{ id: 7, name: 'A only', price: 700, isExcluded: true }],
        isExclusionPurchaseEnabled: true,
      },
      transfer: { ...defaultTransferConfig(), retries: 3 },
      calibration: { delay: 55 },
    };
    for (const [group, body] of Object.entries(aChanges)) {
      expect(await a.client.put(`/api/configuration/${group}`, body)).toMatchObject({ status: 200 });
    }
    expect(
      await a.client.put('/api/user/provider', { discordWebhookUrl: 'https://a.example.com/hook' }),
    ).toMatchObject({ status: 200 });
    // A filter is reachable through its share code only once its owner shares it.
    expect(
      await a.client.post('/api/filter/import', { id: String(bFilter.id).slice(0, 20), type: 'normal' }),
    ).toMatchObject({
      status: 404,
    });
    expect(await a.client.post('/api/account/bulk', [account])).toMatchObject({ status: 201 });
    // Deleting.
    expect(await a.client.delete(`/api/account/${bAccount.id}`)).toMatchObject({ status: 404 });
    expect(await a.client.delete(`/api/filter/${bFilter.id}`)).toMatchObject({ status: 404 });
    // A may reuse B's labels: they are per user (B's email was reused by the bulk import above).
    expect(
      await a.client.post('/api/filter', { ...defaultNormalFilter('B filter'), maxPrice: 5000 }),
    ).toMatchObject({ status: 200 });

    expect(await bSnapshot()).toEqual(before);
    const decrypted = await b.client.post('/api/user/decrypt', { token: bAccount.id });
    expect(decrypted.body.data.password).toBe('owner-pass-1');
  });
});

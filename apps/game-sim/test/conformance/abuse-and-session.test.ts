import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  rejectionOf,
  signedInClient,
  startHarness,
  type Harness,
  type TestAccount,
} from './harness.js';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ abuse: { perMinute: 6, captchaPerHour: 0 } });
});
afterAll(() => harness.close());

const freshAccount = (): Promise<TestAccount> => createAccount(harness, { platform: 'pc' });

describe('conformance: abuse controls', () => {
  it('stops on a captcha until it is solved', async () => {
    const account = await freshAccount();
    const client = await signedInClient(harness, account);
    await harness.admin('POST', `/accounts/${account.id}/captcha`);

    const error = await rejectionOf(client.market.search({}));
    await harness.admin('DELETE', `/accounts/${account.id}/captcha`);

    expect(error).toMatchObject({ kind: 'captcha', code: 458, category: 'operational' });
    expect(error.message).toBe('Encountered a captcha');
    await expect(client.market.search({})).resolves.toHaveProperty('auctions');
  });

  it.each([512, 521] as const)('reports a %i soft ban as "Encountered soft ban"', async (code) => {
    const account = await freshAccount();
    const client = await signedInClient(harness, account);
    await harness.admin('POST', `/accounts/${account.id}/soft-ban`, { code, minutes: 30 });

    const error = await rejectionOf(client.market.search({}));

    expect(error).toMatchObject({
      kind: 'soft-ban',
      code,
      reason: 'Request rejected',
      category: 'operational',
    });
    expect(error.message).toBe('Encountered soft ban');
  });

  it('reports a locked market', async () => {
    const account = await freshAccount();
    const client = await signedInClient(harness, account);
    await harness.admin('PUT', `/accounts/${account.id}/market-lock`, { marketLocked: true });

    const error = await rejectionOf(client.market.search({}));

    expect(error).toMatchObject({ kind: 'market-locked', code: 494, category: 'operational' });
    expect((await client.account.userMassInfo()).canTrade).toBe(false);
  });

  it('reports throttling as a temporary "Rate limited" error', async () => {
    const client = await signedInClient(harness, await freshAccount());

    const outcomes = [];
    for (let i = 0; i < 10; i += 1) {
      outcomes.push(await client.market.search({ minBuyNow: 150 + i * 50 }).catch((error: unknown) => error));
    }

    const throttled = outcomes.find((outcome) => outcome instanceof Error);
    expect(throttled).toMatchObject({
      kind: 'throttled',
      code: 429,
      category: 'temporary',
      message: 'Rate limited',
    });
  });
});

describe('conformance: forced answers (admin hook)', () => {
  it('reports a forced 426 as throttling with the server reason, then recovers', async () => {
    const account = await freshAccount();
    const client = await signedInClient(harness, account);
    await harness.admin('POST', `/accounts/${account.id}/forced-errors`, { code: 426, count: 1 });

    const error = await rejectionOf(client.market.search({}));

    expect(error).toMatchObject({
      kind: 'throttled',
      code: 426,
      reason: 'Upgrade Required',
      category: 'temporary',
      message: 'Rate limited',
    });
    await expect(client.market.search({})).resolves.toHaveProperty('auctions');
  });

  it('reports a forced 459 (the older captcha code) as a captcha', async () => {
    const account = await freshAccount();
    const client = await signedInClient(harness, account);
    await harness.admin('POST', `/accounts/${account.id}/forced-errors`, { code: 459, count: 1 });

    const error = await rejectionOf(client.account.credits());

    expect(error).toMatchObject({ kind: 'captcha', code: 459, message: 'Encountered a captcha' });
  });

  it.each([500, 503])(
    'reports a forced %i as a temporary server error on every forced call',
    async (code) => {
      const account = await freshAccount();
      const client = await signedInClient(harness, account);
      await harness.admin('POST', `/accounts/${account.id}/forced-errors`, { code, count: 2 });

      const first = await rejectionOf(client.account.credits());
      const second = await rejectionOf(client.piles.transferList());

      for (const error of [first, second]) {
        expect(error).toMatchObject({ kind: 'server-error', code, category: 'temporary' });
      }
      expect(first.message).toMatch(new RegExp(`^Request failed with status code ${code}, and message `));
      await expect(client.account.credits()).resolves.toHaveProperty('coins');
    },
  );
});

describe('conformance: session expiry', () => {
  it('re-authenticates with the access token after a kick and retries the call', async () => {
    const account = await freshAccount();
    const client = await signedInClient(harness, account);
    await harness.admin('POST', `/accounts/${account.id}/kick`);
    client.resetStats();

    const credits = await client.account.credits();

    expect(credits.coins).toBeGreaterThan(0);
    // credits (401), auth code, /ut/auth, credits again
    expect(client.stats.requests).toBe(4);
  });

  it('re-authenticates after the session idled out', async () => {
    const client = await signedInClient(harness, await freshAccount());
    await harness.admin('POST', '/clock/advance', { ms: 11 * 60_000 });

    await expect(client.account.credits()).resolves.toHaveProperty('coins');
  });

  it('renews an expired access token through the sign-in cookies and carries on', async () => {
    const client = await signedInClient(harness, await freshAccount());
    await harness.admin('POST', '/clock/advance', { ms: 2 * 3_600_000 });

    await expect(client.account.credits()).resolves.toHaveProperty('coins');
  });

  it('answers "Session has expired" after sign-out instead of signing in again', async () => {
    const client = await signedInClient(harness, await freshAccount());
    await client.signOut();

    const error = await rejectionOf(client.account.credits());

    expect(error).toMatchObject({ kind: 'session-expired', message: 'Session has expired' });
  });
});

describe('conformance: connection loss', () => {
  it('reports a game that stopped answering as a temporary network error', async () => {
    const own = await startHarness();
    const client = await signedInClient(own, await createAccount(own, { platform: 'pc' }));
    await own.close();

    const error = await rejectionOf(client.account.credits());

    expect(error).toMatchObject({ kind: 'network-error', category: 'temporary' });
    expect(error.message).toBe("Unable to connect to the game's servers");
  });
});

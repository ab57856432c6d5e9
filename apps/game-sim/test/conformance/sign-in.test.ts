import { GameClient, sandboxConfig } from '@tradedesk/game-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, rejectionOf, startHarness, type Harness, type TestAccount } from './harness.js';

let harness: Harness;
let account: TestAccount;

beforeAll(async () => {
  harness = await startHarness();
  account = await createAccount(harness, { platform: 'pc', coins: 50_000 });
});
afterAll(() => harness.close());

const newClient = () => new GameClient({ config: sandboxConfig(harness.sim.url) });

describe('conformance: headless sign-in', () => {
  it('signs in with e-mail, password and the 8-character backup code', async () => {
    const client = newClient();

    const info = await client.signIn(account.credentials, 'pc');
    const massInfo = await client.account.userMassInfo();

    expect(info.platform).toBe('pc');
    expect(info.persona.gameSku).toBe('FFA26PCC');
    expect(massInfo.personaId).toBe(info.persona.personaId);
    expect(massInfo.coins).toBe(50_000);
  });

  it('refuses a wrong password with invalid credentials', async () => {
    const error = await rejectionOf(
      newClient().signIn({ ...account.credentials, password: 'not-the-password' }, 'pc'),
    );

    expect(error.kind).toBe('invalid-credentials');
    expect(error.category).toBe('operational');
  });

  it('refuses a wrong backup code with invalid backup code', async () => {
    const error = await rejectionOf(
      newClient().signIn({ ...account.credentials, backupCode: 'ZZ999999' }, 'pc'),
    );

    expect(error.kind).toBe('invalid-backup-code');
  });

  it('answers no club when the account plays on the other platform', async () => {
    const error = await rejectionOf(newClient().signIn(account.credentials, 'ps'));

    expect(error.kind).toBe('no-club');
  });

  it('signs a console account in with the console SKU', async () => {
    const consoleAccount = await createAccount(harness, { platform: 'ps' });

    const info = await newClient().signIn(consoleAccount.credentials, 'ps');

    expect(info.persona.gameSku).toBe('FFA26PS5');
  });

  it('agrees with the sim on the club year and SKUs of another season (fc25)', async () => {
    const season = await startHarness({ protocol: { gameSegment: 'fc25' } });
    try {
      const seasonAccount = await createAccount(season, { platform: 'ps' });
      const client = new GameClient({ config: sandboxConfig(season.sim.url, { gameSegment: 'fc25' }) });

      const info = await client.signIn(seasonAccount.credentials, 'ps');

      expect(info.persona.gameSku).toBe('FFA25PS5');
      await expect(client.account.credits()).resolves.toHaveProperty('coins');
    } finally {
      await season.close();
    }
  });

  it('ends the session on sign-out so the old session id no longer works', async () => {
    const client = newClient();
    await client.signIn(account.credentials, 'pc');

    await client.signOut();

    expect(client.isSignedIn).toBe(false);
    const error = await rejectionOf(client.account.credits());
    expect(error.kind).toBe('session-expired');
  });
});

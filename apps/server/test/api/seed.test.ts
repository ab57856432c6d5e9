import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { demoUsername, ensureDemoUser } from '../../src/modules/user/demo-user.js';
import { backends, Client, useTestApp } from '../helpers.js';

const signIn = (client: Client, token: string) =>
  client.post('/api/auth/token', { username: demoUsername, token, fingerprint: 'fp-demo', isIFrame: false });

describe.each(backends)('seeded sandbox user (%s)', (backend) => {
  const t = useTestApp(backend);

  // One story in order (tests run shuffled, and only the first call meets an empty database).
  it('creates the demo user once, keeps a saved token across starts, rotates a stale one, and does nothing in live mode', async () => {
    const seeded = await ensureDemoUser(t.database.db, 'sandbox');
    expect(seeded).toMatchObject({ created: true, token: expect.stringMatching(/^[A-Za-z0-9]{40}$/) });
    const client = new Client(t.app);
    expect((await signIn(client, seeded!.token)).status).toBe(200);
    const user = (await client.get('/api/user')).body.data;
    expect(user).toMatchObject({ username: 'demo', tier: 'snipe', maxAccounts: 3 });
    expect(user.credits).toBeGreaterThan(0);
    expect(user.providers.discordId).not.toBe('');
    // Only a hash of the licence token is stored.
    const [row] = await t.database.db.select().from(users).where(eq(users.username, demoUsername));
    expect(row!.tokenHash).toMatch(/^\$argon2/);
    expect(JSON.stringify(row)).not.toContain(seeded!.token);

    // A restart with the saved token keeps it: the login a user saved keeps working.
    expect(await ensureDemoUser(t.database.db, 'sandbox', seeded!.token)).toEqual({
      token: seeded!.token,
      created: false,
    });
    expect((await signIn(new Client(t.app), seeded!.token)).status).toBe(200);

    // Without a saved token (or with one that no longer signs in) a fresh one replaces it.
    const fresh = (await ensureDemoUser(t.database.db, 'sandbox', 'stale-token-from-another-database'))!;
    expect(fresh.created).toBe(false);
    expect(fresh.token).not.toBe(seeded!.token);
    expect(await signIn(new Client(t.app), seeded!.token)).toMatchObject({
      status: 401,
      body: { message: 'invalid_credentials' },
    });
    expect((await signIn(new Client(t.app), fresh.token)).status).toBe(200);
    expect(await ensureDemoUser(t.database.db, 'live')).toBeUndefined();
  });
});

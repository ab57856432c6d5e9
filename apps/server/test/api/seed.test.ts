import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { demoUsername, ensureDemoUser } from '../../src/db/seed.js';
import { backends, Client, useTestApp } from '../helpers.js';

const signIn = (client: Client, token: string) =>
  client.post('/api/auth/token', { username: demoUsername, token, fingerprint: 'fp-demo', isIFrame: false });

describe.each(backends)('seeded sandbox user (%s)', (backend) => {
  const t = useTestApp(backend);

  it('creates the demo user on an empty database, and its printed token signs in', async () => {
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
  });

  it('issues a fresh demo token at each sandbox start (the old one stops working) and nothing in live mode', async () => {
    const first = (await ensureDemoUser(t.database.db, 'sandbox'))!;
    const second = await ensureDemoUser(t.database.db, 'sandbox');
    expect(second).toMatchObject({ created: false });
    expect(second!.token).not.toBe(first.token);
    expect(await signIn(new Client(t.app), first.token)).toMatchObject({
      status: 401,
      body: { message: 'invalid_credentials' },
    });
    expect((await signIn(new Client(t.app), second!.token)).status).toBe(200);
    expect(await ensureDemoUser(t.database.db, 'live')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { adminUsernamesOf, parseEnv } from '../../src/config/env.js';
import { ensureDemoUser } from '../../src/modules/user/demo-user.js';
import { grantAdminRoles } from '../../src/modules/admin/first-admins-repo.js';
import { Client, signedInUser, useTestApp } from '../helpers.js';

describe('the first admin (ADMIN_USERNAMES)', () => {
  const t = useTestApp('pglite');

  it('makes the demo login an admin on the embedded default, so it reaches /api/admin', async () => {
    const demo = await ensureDemoUser(t.database.db, 'sandbox');
    const parsed = parseEnv({ GAME_MODE: 'sandbox' });
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    expect(await grantAdminRoles(t.database.db, adminUsernamesOf(parsed.env))).toEqual({
      granted: ['demo'],
      alreadyAdmin: [],
      notSignedUp: [],
    });
    const client = new Client(t.app);
    const signIn = await client.post('/api/auth/token', {
      username: 'demo',
      token: demo?.token,
      fingerprint: 'fp-demo',
      isIFrame: false,
    });
    expect(signIn.status).toBe(200);
    expect((await client.get('/api/admin/users')).status).toBe(200);
  });

  it('gives the role to the listed users at start, once, and names those not signed up yet', async () => {
    const alice = await signedInUser(t.app);
    expect((await alice.client.get('/api/admin/users')).status).toBe(403);
    const parsed = parseEnv({ GAME_MODE: 'live', ADMIN_USERNAMES: ` ${alice.username}, ghost ` });
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    const usernames = adminUsernamesOf(parsed.env);
    expect(usernames).toEqual([alice.username, 'ghost']);
    expect(await grantAdminRoles(t.database.db, usernames)).toEqual({
      granted: [alice.username],
      alreadyAdmin: [],
      notSignedUp: ['ghost'],
    });
    expect((await grantAdminRoles(t.database.db, usernames)).alreadyAdmin).toEqual([alice.username]);
    const again = await signedInUser(t.app, {});
    expect((await again.client.get('/api/admin/users')).status).toBe(403);
  });

  it('refuses a malformed list at start and makes nobody admin in live mode by default', () => {
    expect(parseEnv({ ADMIN_USERNAMES: 'alice,bad name' })).toEqual({
      ok: false,
      problems: [
        'ADMIN_USERNAMES: ADMIN_USERNAMES must be comma-separated usernames (letters, digits, dots, dashes, underscores)',
      ],
    });
    const live = parseEnv({ GAME_MODE: 'live' });
    expect(live.ok && adminUsernamesOf(live.env)).toEqual([]);
  });
});

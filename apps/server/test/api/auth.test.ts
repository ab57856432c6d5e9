import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, users } from '../../src/db/schema.js';
import { sessionLifetimeMs } from '../../src/modules/auth/service.js';
import { backends, Client, createUser, signedInUser, useTestApp } from '../helpers.js';

describe.each(backends)('auth service (%s)', (backend) => {
  const t = useTestApp(backend);

  it('signs in with username and licence token and sets an httpOnly session cookie', async () => {
    const user = await createUser(t.app);
    const client = new Client(t.app);
    const response = await client.request('POST', '/api/auth/token', {
      ...user,
      fingerprint: 'fp-1',
      isIFrame: false,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.user).toMatchObject({
      tier: 'none',
      maxAccounts: 1,
      credits: 0,
      roles: ['user'],
    });
    expect(JSON.stringify(response.body)).not.toContain(user.token);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^td_session=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('answers missing fields with missing_credentials and an empty token with Invalid token', async () => {
    const client = new Client(t.app);
    expect((await client.post('/api/auth/token', { token: 'x', fingerprint: 'f' })).body).toEqual({
      message: 'missing_credentials',
    });
    expect((await client.post('/api/auth/token', { username: 'a', fingerprint: 'f' })).body).toEqual({
      message: 'missing_credentials',
    });
    const empty = await client.post('/api/auth/token', {
      username: 'a',
      token: '',
      fingerprint: 'f',
      isIFrame: false,
    });
    expect(empty).toMatchObject({ status: 400, body: { message: 'Invalid token' } });
  });

  it('rejects a wrong token or unknown username with invalid_credentials', async () => {
    const user = await createUser(t.app);
    const client = new Client(t.app);
    const wrong = await client.post('/api/auth/token', {
      ...user,
      token: `${user.token}x`,
      fingerprint: 'f',
      isIFrame: false,
    });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'invalid_credentials' } });
    const unknown = await client.post('/api/auth/token', {
      username: 'nobody-here',
      token: user.token,
      fingerprint: 'f',
      isIFrame: false,
    });
    expect(unknown).toMatchObject({ status: 401, body: { message: 'invalid_credentials' } });
    expect(client.cookie).toBeUndefined();
  });

  it('keeps one device: a second fingerprint gets 409 until the first is signed out by force', async () => {
    const first = await signedInUser(t.app);
    const second = new Client(t.app);
    const blocked = await second.post('/api/auth/token', {
      username: first.username,
      token: first.token,
      fingerprint: 'other',
      isIFrame: false,
    });
    expect(blocked).toMatchObject({
      status: 409,
      body: { message: 'This account is signed in on another device', code: 'active_session' },
    });
    expect(await second.post('/api/auth/forceLogout', { token: first.token })).toMatchObject({
      status: 200,
      body: { data: { loggedOut: true }, message: 'Signed out every device' },
    });
    expect((await first.client.get('/api/user')).status).toBe(401);
    const retry = await second.post('/api/auth/token', {
      username: first.username,
      token: first.token,
      fingerprint: 'other',
      isIFrame: false,
    });
    expect(retry.status).toBe(200);
  });

  it('lets the same browser sign in again', async () => {
    const user = await signedInUser(t.app);
    const again = await user.client.post('/api/auth/token', {
      username: user.username,
      token: user.token,
      fingerprint: user.fingerprint,
      isIFrame: false,
    });
    expect(again.status).toBe(200);
  });

  it('refuses forceLogout with a wrong token', async () => {
    const response = await new Client(t.app).post('/api/auth/forceLogout', {
      token: 'not-a-real-licence-token',
    });
    expect(response).toMatchObject({ status: 401, body: { message: 'invalid_credentials' } });
    expect((await new Client(t.app).post('/api/auth/forceLogout', { token: '' })).body).toEqual({
      message: 'Invalid token',
    });
  });

  it('checks the fingerprint: valid, mismatch ends the session, none is expired', async () => {
    const user = await signedInUser(t.app);
    const valid = await user.client.post('/api/auth/fingerprint', {
      fingerprint: user.fingerprint,
      isIFrame: false,
    });
    expect(valid).toMatchObject({ status: 200, body: { data: { valid: true } } });
    const mismatch = await user.client.post('/api/auth/fingerprint', {
      fingerprint: 'someone-else',
      isIFrame: false,
    });
    expect(mismatch).toMatchObject({ status: 403, body: { message: 'Fingerprint mismatch' } });
    const after = await user.client.post('/api/auth/fingerprint', {
      fingerprint: user.fingerprint,
      isIFrame: false,
    });
    expect(after).toMatchObject({ status: 401, body: { message: 'Session expired' } });
    const anonymous = await new Client(t.app).post('/api/auth/fingerprint', {
      fingerprint: 'x',
      isIFrame: false,
    });
    expect(anonymous).toMatchObject({ status: 401, body: { message: 'Session expired' } });
  });

  it('expires sessions after their lifetime', async () => {
    const user = await signedInUser(t.app);
    t.clock.advance(sessionLifetimeMs + 1);
    expect(await user.client.get('/api/user')).toMatchObject({
      status: 401,
      body: { message: 'Unauthorized' },
    });
    const check = await user.client.post('/api/auth/fingerprint', {
      fingerprint: user.fingerprint,
      isIFrame: false,
    });
    expect(check).toMatchObject({ status: 401, body: { message: 'Session expired' } });
  });

  it('logs out and clears the cookie', async () => {
    const user = await signedInUser(t.app);
    const cookie = user.client.cookie;
    const response = await user.client.post('/api/auth/logout');
    expect(response).toMatchObject({ status: 200, body: { data: { loggedOut: true } } });
    expect(user.client.cookie).toBeUndefined();
    const replay = new Client(t.app);
    replay.cookie = cookie;
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('signs in with a one-time code issued in the sandbox, once', async () => {
    const user = await createUser(t.app);
    const client = new Client(t.app);
    const issued = await client.post('/api/auth/code', { username: user.username });
    expect(issued.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, user.username));
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.userId, row!.id));
    const code = /code is (\S+)/.exec(note!.message)?.[1];
    expect(code).toHaveLength(8);
    const signIn = await client.post('/api/auth/code', {
      username: user.username,
      code,
      fingerprint: 'fp-code',
    });
    expect(signIn.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
    const reuse = await new Client(t.app).post('/api/auth/code', {
      username: user.username,
      code,
      fingerprint: 'fp-code',
    });
    expect(reuse).toMatchObject({ status: 401, body: { message: 'invalid_credentials' } });
  });

  it('answers a code sign-in without a username with missing_data', async () => {
    expect((await new Client(t.app).post('/api/auth/code', { code: 'abc' })).body).toEqual({
      message: 'missing_data',
    });
  });

  it('refuses every protected route without a session, before looking at the input', async () => {
    const protectedRoutes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['GET', '/api/user?configuration=maybe'],
      ['PUT', '/api/user/provider'],
      ['PUT', '/api/user/shortcuts'],
      ['POST', '/api/user/decrypt'],
      ['GET', '/api/configuration'],
      ...['advanced', 'time', 'notification', 'market', 'transfer', 'calibration'].map(
        (group) => ['PUT', `/api/configuration/${group}`] as ['PUT', string],
      ),
      ['GET', '/api/filter'],
      ['POST', '/api/filter'],
      ['DELETE', '/api/filter/some-id'],
      ['GET', '/api/filter/some-id/share'],
      ['POST', '/api/filter/import'],
      ['GET', '/api/account'],
      ['POST', '/api/account'],
      ['POST', '/api/account/bulk'],
      ['PUT', '/api/account'],
      ['DELETE', '/api/account/some-id'],
      ['POST', '/api/account/some-id/reset'],
      ['GET', '/api/notification?since=never'],
    ];
    for (const [method, url] of protectedRoutes) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { nonsense: true };
      expect(await new Client(t.app).request(method, url, body), `${method} ${url}`).toMatchObject({
        status: 401,
        body: { message: 'Unauthorized' },
      });
    }
  });
});

describe.each(backends)('auth rate limit (%s)', (backend) => {
  const t = useTestApp(backend, { authRateLimit: { max: 3, timeWindowMs: 60_000 } });

  it('limits sign-in attempts but not the rest of the API', async () => {
    const client = new Client(t.app);
    const attempt = () =>
      client.post('/api/auth/token', { username: 'x', token: 'y', fingerprint: 'f', isIFrame: false });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Rate limit exceeded/);
    expect((await client.get('/api/app/version')).status).toBe(200);
  });
});

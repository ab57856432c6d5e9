import { failedSignInNotice, signInThrottledMessage } from '@tradedesk/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, signInCodes, users } from '../../src/db/schema.js';
import { maxLiveSignInCodes } from '../../src/modules/auth/service.js';
import { targetThrottlePolicy } from '../../src/modules/auth/throttle.js';
import { createUser, useTestApp, type TestApp } from '../helpers.js';

const tokenSignIn = (
  t: TestApp,
  body: Record<string, unknown>,
  from: { remoteAddress?: string; forwardedFor?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: { fingerprint: 'fp', isIFrame: false, ...body },
    remoteAddress: from.remoteAddress ?? '127.0.0.1',
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });

describe('sign-in throttles (per user and per address, with backoff)', () => {
  const t = useTestApp('pglite');

  it('locks the guessing address out of the user after 5 failures, with a doubling lock', async () => {
    const user = await createUser(t.app);
    const from = { remoteAddress: '10.1.0.1' };
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await tokenSignIn(t, { username: user.username, token: 'wrong' }, from)).statusCode).toBe(401);
    const locked = await tokenSignIn(t, user, from);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: signInThrottledMessage(30), retryAfterSeconds: 30 });

    t.clock.advance(30_000);
    expect((await tokenSignIn(t, { username: user.username, token: 'wrong' }, from)).statusCode).toBe(401);
    expect((await tokenSignIn(t, user, from)).json().message).toBe(signInThrottledMessage(60));

    t.clock.advance(60_000);
    expect((await tokenSignIn(t, user, from)).statusCode).toBe(200);
    // A success clears the count: the next mistake is a plain 401 again.
    expect((await tokenSignIn(t, { username: user.username, token: 'wrong' }, from)).statusCode).toBe(401);
  });

  it("a stranger's wrong codes do not lock the user out, and the user is told of them", async () => {
    const user = await createUser(t.app);
    const stranger = { remoteAddress: '10.5.0.66' };
    const codeSignIn = (code: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/code',
        payload: { username: user.username, code, fingerprint: 'fp' },
        remoteAddress,
      });
    const answers = [];
    for (let attempt = 0; attempt < 8; attempt += 1)
      answers.push((await codeSignIn('WRONG123', stranger.remoteAddress)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The real user, from their own address, with the right token and with a fresh code.
    expect((await tokenSignIn(t, user, { remoteAddress: '10.5.0.1' })).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/code',
      payload: { username: user.username },
      remoteAddress: '10.5.0.1',
    });
    const [owner] = await t.database.db.select().from(users).where(eq(users.username, user.username));
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner!.id));
    const code = /Your sign-in code is (\S+)/.exec(notices.map((row) => row.message).join('\n'))?.[1] ?? '';
    expect((await codeSignIn(code, '10.5.0.1')).statusCode).toBe(200);
    expect(notices.filter((row) => row.message === failedSignInNotice('10.5.0.66'))).toHaveLength(1);
  });

  it('a flood from many addresses locks the user only for addresses they never signed in from', async () => {
    const user = await createUser(t.app);
    expect((await tokenSignIn(t, user, { remoteAddress: '10.6.0.1' })).statusCode).toBe(200);
    for (let address = 0; address < targetThrottlePolicy.freeFailures; address += 1)
      await tokenSignIn(
        t,
        { username: user.username, token: 'wrong' },
        { remoteAddress: `10.7.0.${address}` },
      );
    expect((await tokenSignIn(t, user, { remoteAddress: '10.8.0.1' })).statusCode).toBe(429);
    expect(
      (await tokenSignIn(t, { username: user.username, token: 'wrong' }, { remoteAddress: '10.8.0.2' }))
        .statusCode,
    ).toBe(429);
    expect((await tokenSignIn(t, user, { remoteAddress: '10.6.0.1' })).statusCode).toBe(200);
  });

  it('locks an address after 20 failures across user names', async () => {
    const from = { remoteAddress: '10.2.0.1' };
    for (let attempt = 0; attempt < 20; attempt += 1)
      expect((await tokenSignIn(t, { username: `nobody${attempt}`, token: 'wrong' }, from)).statusCode).toBe(
        401,
      );
    const user = await createUser(t.app);
    expect((await tokenSignIn(t, user, from)).statusCode).toBe(429);
    expect((await tokenSignIn(t, user, { remoteAddress: '10.2.0.2' })).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy (loopback included)', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const spoofed = { remoteAddress: '127.0.0.1', forwardedFor: `203.0.113.${attempt}` };
      await tokenSignIn(t, { username: `spoof${attempt}`, token: 'wrong' }, spoofed);
    }
    const user = await createUser(t.app);
    const answer = await tokenSignIn(t, user, { remoteAddress: '127.0.0.1', forwardedFor: '198.51.100.7' });
    expect(answer.statusCode).toBe(429);
  });

  it('keeps at most 3 live sign-in codes per user', async () => {
    const user = await createUser(t.app);
    for (let request = 0; request < 10; request += 1) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/code',
        payload: { username: user.username },
        remoteAddress: '10.3.0.1',
      });
      expect(answer.json()).toEqual({
        data: { sent: true },
        message: 'If the user exists, a sign-in code was issued',
      });
    }
    const [owner] = await t.database.db.select().from(users).where(eq(users.username, user.username));
    const live = await t.database.db
      .select()
      .from(signInCodes)
      .where(
        and(
          eq(signInCodes.userId, owner!.id),
          isNull(signInCodes.usedAt),
          gt(signInCodes.expiresAt, t.clock.now()),
        ),
      );
    expect(live).toHaveLength(maxLiveSignInCodes);
  });
});

describe('behind a trusted proxy (TRUSTED_PROXIES)', () => {
  const t = useTestApp('pglite', { trustedProxies: ['127.0.0.1'] });

  it("counts the forwarded client address, so one client's failures do not lock another", async () => {
    for (let attempt = 0; attempt < 20; attempt += 1)
      await tokenSignIn(t, { username: `p${attempt}`, token: 'wrong' }, { forwardedFor: '203.0.113.1' });
    const user = await createUser(t.app);
    expect((await tokenSignIn(t, user, { forwardedFor: '203.0.113.1' })).statusCode).toBe(429);
    expect((await tokenSignIn(t, user, { forwardedFor: '203.0.113.2' })).statusCode).toBe(200);
  });
});

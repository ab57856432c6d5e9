import { beforeAll, describe, expect, it } from 'vitest';
import { pairThrottlePolicy } from '../../src/modules/auth/throttle.js';
import { backends, createUser, useTestApp } from '../helpers.js';

/** 200 wrong tokens for one user at once, as real HTTP requests to a listening server. */
describe.each(backends)('sign-in under a concurrent guess flood (%s)', (backend) => {
  // Loopback is the trusted proxy here, so each request names its client in X-Forwarded-For.
  const t = useTestApp(backend, { trustedProxies: ['127.0.0.1'] });
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const signIn = (body: object, client: string) =>
    fetch(`${base}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ fingerprint: 'fp', isIFrame: false, ...body }),
    });

  it('checks only the free attempts; the rest are refused, and the user still signs in', async () => {
    const user = await createUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        signIn({ username: user.username, token: 'x'.repeat(40) }, '203.0.113.9'),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(pairThrottlePolicy.freeFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - pairThrottlePolicy.freeFailures);
    expect((await signIn(user, '198.51.100.20')).status).toBe(200);
  });
});

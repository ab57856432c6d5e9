import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../database.js';
import { createUser, useTestApp } from '../helpers.js';
import { startServerNode, type ServerNode } from '../realtime/stack.js';

describe('security headers', () => {
  const t = useTestApp('pglite', {
    frameAncestors: ['https://partner.example'],
    trustedProxies: ['127.0.0.1'],
  });

  it('sends CSP with the frame-ancestors allow-list, nosniff and no referrer on the API', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/app/version' });
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self' https://partner.example");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['x-frame-options']).toBeUndefined();
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and Secure session cookies when the trusted proxy says the request came over TLS', async () => {
    const user = await createUser(t.app);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { ...user, fingerprint: 'fp', isIFrame: false },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(answer.headers['set-cookie'])).toMatch(/td_session=.*; Secure/);
  });
});

describe('without an allow-list nothing but the app may frame it', () => {
  const t = useTestApp('pglite');

  it("answers frame-ancestors 'self' only, and ignores X-Forwarded-Proto from an untrusted client", async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/app/version',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(answer.headers['content-security-policy'])).toMatch(/frame-ancestors 'self'(;|$)/);
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('socket hubs check the Origin', () => {
  let server: ServerNode;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const created = await createTestDatabase('pglite');
    dispose = created.dispose;
    server = await startServerNode(created.database, { allowedOrigins: ['https://partner.example'] });
  }, 180_000);
  afterAll(async () => {
    await server?.app.close();
    await dispose?.();
  });

  const handshake = (path: string, origin: string) =>
    new Promise<string>((resolve) => {
      const socket = io(server.url, {
        path,
        transports: ['websocket'],
        reconnection: false,
        auth: { clientType: 'web' },
        extraHeaders: { origin },
      });
      socket.on('connect_error', (error) => {
        socket.close();
        resolve(error.message);
      });
      socket.on('connect', () => {
        socket.close();
        resolve('connected');
      });
    });

  it('refuses another site and lets the app itself and allowed origins through to the sign-in check', async () => {
    expect(await handshake('/client/snipe', 'https://evil.example')).toBe('websocket error');
    expect(await handshake('/client/agent', 'https://evil.example')).toBe('websocket error');
    // Past the Origin check, an anonymous browser meets the session check.
    expect(await handshake('/client/snipe', server.url)).toBe('Unauthorized');
    expect(await handshake('/client/snipe', 'https://partner.example')).toBe('Unauthorized');
  });
});

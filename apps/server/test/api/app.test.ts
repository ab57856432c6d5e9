import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { soundValues } from '@tradedesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema.js';
import { sandboxAdminKeyRequiredMessage } from '../../src/modules/sandbox/routes.js';
import { backends, Client, createUser, testSandboxAdminKey, useTestApp, type TestApp } from '../helpers.js';

/** POST /api/sandbox/users with the given x-sim-admin-key (none when null). */
const sandboxUsers = async (t: TestApp, body: object, key: string | null = testSandboxAdminKey) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/users',
    headers: key === null ? {} : { 'x-sim-admin-key': key },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as { message?: string } };
};

describe.each(backends)('app, sound and sandbox services (%s)', (backend) => {
  const t = useTestApp(backend);

  it('answers the version', async () => {
    expect(await new Client(t.app).get('/api/app/version')).toMatchObject({
      status: 200,
      body: { data: '0.1.0' },
    });
  });

  it.each(soundValues)('serves the %s sound as a small audio file', async (type) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/sound?type=${type}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/ogg');
    expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(response.rawPayload.length).toBeLessThan(16_000);
  });

  it('has eight different recordings, one per sound option', async () => {
    const bodies = await Promise.all(
      soundValues.map(async (type) => (await t.app.inject({ url: `/api/sound?type=${type}` })).body),
    );
    expect(new Set(bodies).size).toBe(soundValues.length);
  });

  it('rejects an unknown sound type', async () => {
    const response = await new Client(t.app).get('/api/sound?type=trumpet');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`Sound type must be one of: ${soundValues.join(', ')}`);
    expect((await new Client(t.app).get('/api/sound')).status).toBe(400);
  });

  it('creates sandbox users with the asked tier and refuses taken or bad names', async () => {
    const created = await createUser(t.app, {
      username: 'rehearsal_1',
      tier: 'Transfer',
      credits: 5,
      maxAccounts: 3,
    });
    expect(created.token).toMatch(/^[A-Za-z0-9]{40}$/);
    const client = new Client(t.app);
    await client.post('/api/auth/token', { ...created, fingerprint: 'f', isIFrame: false });
    expect((await client.get('/api/user')).body.data).toMatchObject({
      tier: 'transfer',
      credits: 5,
      maxAccounts: 3,
    });
    expect(await sandboxUsers(t, { username: 'rehearsal_1' })).toMatchObject({
      status: 409,
      body: { message: 'Username is already taken' },
    });
    expect(await sandboxUsers(t, { username: 'a b' })).toMatchObject({
      status: 400,
      body: { message: 'Username must be 3 to 32 letters, digits, dots, dashes or underscores' },
    });
    expect((await sandboxUsers(t, { username: 'tiered', tier: 'Gold' })).status).toBe(400);
  });

  it('makes no user (let alone an admin) without the sandbox admin key', async () => {
    for (const key of [null, '', 'wrong-key', `${testSandboxAdminKey}x`]) {
      expect(await sandboxUsers(t, { username: 'intruder', admin: true, credits: 1000 }, key)).toEqual({
        status: 403,
        body: { message: sandboxAdminKeyRequiredMessage },
      });
    }
    expect(await t.database.db.select().from(users).where(eq(users.username, 'intruder'))).toEqual([]);
  });

  it('answers unknown API paths and malformed JSON with a message', async () => {
    expect(await new Client(t.app).get('/api/nothing-here')).toMatchObject({
      status: 404,
      body: { message: 'Route GET /api/nothing-here not found' },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });
});

describe('a sandbox server started without SIM_ADMIN_KEY', () => {
  const t = useTestApp('pglite', { sandboxAdminKey: undefined });

  it('refuses to make users with any key', async () => {
    for (const key of [null, testSandboxAdminKey, 'undefined'])
      expect((await sandboxUsers(t, { username: 'anyone', admin: true }, key)).status).toBe(403);
  });
});

describe.each(backends)('serving the web app (%s)', (backend) => {
  const distDir = path.join(tmpdir(), `td-web-${randomBytes(6).toString('hex')}`);
  beforeAll(async () => {
    await mkdir(distDir, { recursive: true });
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Trade Desk</title>');
    await writeFile(path.join(distDir, 'app.js'), 'console.log(1)');
  });
  afterAll(() => rm(distDir, { recursive: true, force: true }));
  const t = useTestApp(backend, { webDistDir: distDir });

  it('serves files, falls back to index.html for app routes, and keeps API 404s as JSON', async () => {
    const client = new Client(t.app);
    expect((await client.get('/')).body).toContain('<title>Trade Desk</title>');
    expect((await client.get('/snipe')).body).toContain('<title>Trade Desk</title>');
    expect((await client.get('/app.js')).body).toBe('console.log(1)');
    expect(await client.get('/api/missing')).toMatchObject({
      status: 404,
      body: { message: 'Route GET /api/missing not found' },
    });
    expect((await client.get('/api/app/version')).body).toEqual({ data: '0.1.0' });
  });

  it('answers unknown pages 404 with the app (its not-found page) and missing files 404 without HTML', async () => {
    const page = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
    for (const known of ['/faq', '/accounts', '/blog/some-post', '/terms-of-use', '/login?iframe=true']) {
      const answer = await page(known);
      expect([known, answer.statusCode]).toEqual([known, 200]);
      expect(answer.body).toContain('<title>Trade Desk</title>');
    }
    const unknown = await page('/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>Trade Desk</title>');
    for (const file of ['/favicon.ico', '/robots.txt', '/sitemap.xml']) {
      const answer = await page(file);
      expect([file, answer.statusCode]).toEqual([file, 404]);
      expect(answer.headers['content-type']).toContain('application/json');
      expect(answer.json()).toEqual({ message: `Route GET ${file} not found` });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { invalidStateMessage } from '../../src/modules/community/routes.js';
import { backends, Client, signedInUser, useTestApp } from '../helpers.js';

/** Follows the sandbox's consent flow: start → consent page → Authorize → callback. */
async function linkInSandbox(client: Client) {
  const start = await client.get('/api/community/discord/start?returnTo=/snipe');
  expect(start.status).toBe(302);
  const consent = String(start.headers.location);
  expect(consent).toMatch(/^\/api\/community\/sandbox\/authorize\?state=/);
  const page = await client.get(consent);
  expect(page.body).toContain('Authorize');
  const state = new URL(consent, 'http://x').searchParams.get('state') ?? '';
  const approved = await client.app.inject({
    method: 'POST',
    url: '/api/community/sandbox/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ state }).toString(),
  });
  expect(approved.statusCode).toBe(303);
  return client.get(String(approved.headers.location));
}

describe.each(backends)('chat-community linking (%s)', (backend) => {
  describe('sandbox stand-in', () => {
    const t = useTestApp(backend);

    it('links a made-up community id and returns to the page the user came from', async () => {
      const user = await signedInUser(t.app, { linked: false });
      expect((await user.client.get('/api/user')).body.data.providers.discordId).toBe('');
      const callback = await linkInSandbox(user.client);
      expect(callback.headers.location).toBe('/snipe?community=linked');
      expect((await user.client.get('/api/user')).body.data.providers.discordId).toMatch(/^\d{17,19}$/);
    });

    it('needs a signed-in user, and a state issued to that same user', async () => {
      expect(await new Client(t.app).get('/api/community/discord/start')).toMatchObject({
        status: 401,
        body: { message: 'Unauthorized' },
      });
      const owner = await signedInUser(t.app, { linked: false });
      const start = await owner.client.get('/api/community/discord/start');
      const state = new URL(String(start.headers.location), 'http://x').searchParams.get('state') ?? '';
      const other = await signedInUser(t.app, { linked: false });
      const hijack = await other.client.get(`/api/community/discord/callback?code=x&state=${state}`);
      expect(hijack.headers.location).toBe('/?community=failed');
      expect((await other.client.get('/api/user')).body.data.providers.discordId).toBe('');
    });

    it('refuses a state it could not have issued (1 MB, or odd characters) instead of echoing it', async () => {
      const visitor = new Client(t.app);
      for (const state of ['s'.repeat(1_000_000), 's'.repeat(65), 'a"><script>', '']) {
        const posted = await visitor.post('/api/community/sandbox/authorize', { state });
        expect(posted).toMatchObject({ status: 400, body: { message: invalidStateMessage } });
        expect(posted.headers.location).toBeUndefined();
        const page = await visitor.get(`/api/community/sandbox/authorize?state=${encodeURIComponent(state)}`);
        expect(page).toMatchObject({ status: 400, body: { message: invalidStateMessage } });
      }
      const issued = 'A'.repeat(32);
      const accepted = await visitor.post('/api/community/sandbox/authorize', { state: issued });
      expect(accepted.status).toBe(303);
      expect(String(accepted.headers.location).length).toBeLessThan(200);
    });

    it('a cancelled consent links nothing', async () => {
      const user = await signedInUser(t.app, { linked: false });
      const start = await user.client.get('/api/community/discord/start');
      const state = new URL(String(start.headers.location), 'http://x').searchParams.get('state') ?? '';
      const cancelled = await user.client.get(`/api/community/discord/callback?state=${state}`);
      expect(cancelled.headers.location).toBe('/?community=failed');
      expect((await user.client.get('/api/user')).body.data.providers.discordId).toBe('');
    });
  });

  describe('Discord OAuth2', () => {
    const calls: string[] = [];
    // Discord's API is not ours: a stand-in answers its two calls (token exchange, @me).
    const discordApi: typeof fetch = async (input, init) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.endsWith('/oauth2/token')) {
        const form = new URLSearchParams(String(init?.body));
        if (form.get('code') !== 'good-code') return new Response('{}', { status: 400 });
        return Response.json({ access_token: 'discord-access', token_type: 'Bearer' });
      }
      if (url.endsWith('/users/@me')) return Response.json({ id: '123456789012345678', username: 'trader' });
      return new Response('{}', { status: 404 });
    };
    const t = useTestApp(backend, {
      community: {
        publicUrl: 'https://desk.example',
        discord: { clientId: '1234567890', clientSecret: 'discord-secret', fetch: discordApi },
      },
    });

    it('sends the user to Discord with scope identify, then stores the id Discord names', async () => {
      const user = await signedInUser(t.app, { linked: false });
      const start = await user.client.get('/api/community/discord/start');
      const authorize = new URL(String(start.headers.location));
      expect(authorize.origin + authorize.pathname).toBe('https://discord.com/oauth2/authorize');
      expect(authorize.searchParams.get('scope')).toBe('identify');
      expect(authorize.searchParams.get('redirect_uri')).toBe(
        'https://desk.example/api/community/discord/callback',
      );
      const state = authorize.searchParams.get('state');
      const callback = await user.client.get(`/api/community/discord/callback?code=good-code&state=${state}`);
      expect(callback.headers.location).toBe('/?community=linked');
      expect((await user.client.get('/api/user')).body.data.providers.discordId).toBe('123456789012345678');
      expect(calls).toEqual([
        'POST https://discord.com/api/v10/oauth2/token',
        'GET https://discord.com/api/v10/users/@me',
      ]);
    });

    it('a refused code or an id another user holds links nothing', async () => {
      const user = await signedInUser(t.app, { linked: false });
      const stateOf = async () =>
        new URL(
          String((await user.client.get('/api/community/discord/start')).headers.location),
        ).searchParams.get('state');
      const refused = await user.client.get(
        `/api/community/discord/callback?code=bad&state=${await stateOf()}`,
      );
      expect(refused.headers.location).toBe('/?community=failed');
      const taken = await user.client.get(
        `/api/community/discord/callback?code=good-code&state=${await stateOf()}`,
      );
      expect(taken.headers.location).toBe('/?community=failed');
      expect((await user.client.get('/api/user')).body.data.providers.discordId).toBe('');
    });
  });
});

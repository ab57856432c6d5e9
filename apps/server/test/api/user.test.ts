import { describe, expect, it } from 'vitest';
import { sessionLifetimeMs } from '../../src/modules/auth/service.js';
import { backends, Client, signedInDirectUser, signedInUser, useTestApp } from '../helpers.js';

const account = {
  email: 'main@example.com',
  password: 'game-pass-1',
  backupCode: '12345678',
  isManualLogin: false,
  platform: 'pc',
};

describe.each(backends)('user service (%s)', (backend) => {
  const t = useTestApp(backend);

  it('returns the user without secrets, with configuration and filters on request', async () => {
    const user = await signedInUser(t.app, { tier: 'Snipe', credits: 12 });
    const plain = await user.client.get('/api/user');
    expect(plain.status).toBe(200);
    expect(plain.body.data).toMatchObject({
      username: user.username,
      tier: 'snipe',
      credits: 12,
      maxAccounts: 1,
      token: '',
    });
    expect(plain.body.data.providers.discordId).not.toBe('');
    expect(plain.body.data).not.toHaveProperty('configuration');
    expect(plain.body.data).not.toHaveProperty('tokenHash');
    const full = await user.client.get('/api/user?configuration=true&filters=true&webIdentity=true');
    expect(full.body.data.configuration.advanced).toMatchObject({
      numOfSearchResults: 20,
      isShortcutsEnabled: true,
    });
    expect(full.body.data.configuration.notification.sound.snipeSuccess).toBe('coin');
    expect(full.body.data.filters).toEqual([]);
    expect(full.body.data.shortcuts.general).toEqual({ goTransferMarket: 'a', goHome: 'Escape' });
    // The web identity: the browser session this call came with.
    expect(plain.body.data).not.toHaveProperty('webIdentity');
    const signedInAt = t.clock.now();
    expect(full.body.data.webIdentity).toEqual({
      isIFrame: false,
      signedInAt: signedInAt.toISOString(),
      expiresAt: new Date(signedInAt.getTime() + sessionLifetimeMs).toISOString(),
    });
  });

  it('shows an unlinked user with an empty chat id (the unverified gate)', async () => {
    const user = await signedInUser(t.app, { linked: false });
    expect((await user.client.get('/api/user')).body.data.providers.discordId).toBe('');
  });

  it('rejects a bad include flag with 400', async () => {
    const user = await signedInUser(t.app);
    const response = await user.client.get('/api/user?configuration=maybe');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Configuration must be one of: true, false, 1, 0');
  });

  it('updates the webhook URL but never the chat id', async () => {
    const user = await signedInUser(t.app);
    const before = (await user.client.get('/api/user')).body.data.providers;
    const response = await user.client.put('/api/user/provider', {
      discordId: 'stolen-id',
      discordWebhookUrl: 'https://chat.example.com/api/webhooks/1/abc',
      telegramId: '',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Updated provider config');
    expect(response.body.data.providers).toEqual({
      ...before,
      discordWebhookUrl: 'https://chat.example.com/api/webhooks/1/abc',
    });
  });

  it('keeps a Telegram chat id (a number or an @channel), refuses anything else, keeps it when the body omits it', async () => {
    const user = await signedInUser(t.app);
    const saved = await user.client.put('/api/user/provider', {
      discordWebhookUrl: '',
      telegramId: '-100123456789',
    });
    expect(saved.body.data.providers.telegramId).toBe('-100123456789');
    const bad = await user.client.put('/api/user/provider', { discordWebhookUrl: '', telegramId: 'my chat' });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: 'Telegram chat id must be a number or an @channel name' },
    });
    const webhookOnly = await user.client.put('/api/user/provider', {
      discordWebhookUrl: 'https://chat.example.com/api/webhooks/1/abc',
    });
    expect(webhookOnly.body.data.providers.telegramId).toBe('-100123456789');
    const channel = await user.client.put('/api/user/provider', {
      discordWebhookUrl: '',
      telegramId: '@tradedesk_runs',
    });
    expect(channel.body.data.providers.telegramId).toBe('@tradedesk_runs');
  });

  it('names the Webhook URL when it is too long or holds a NUL, and keeps the stored one', async () => {
    const user = await signedInUser(t.app);
    const stored = 'https://chat.example.com/api/webhooks/1/abc';
    await user.client.put('/api/user/provider', { discordWebhookUrl: stored });
    const tooLong = await user.client.put('/api/user/provider', {
      discordWebhookUrl: `https://chat.example.com/api/webhooks/${'1'.repeat(2_048)}`,
    });
    expect(tooLong).toMatchObject({
      status: 400,
      body: { message: 'Webhook URL must be at most 2,048 characters' },
    });
    const withNul = await user.client.put('/api/user/provider', {
      discordWebhookUrl: 'https://chat.example.com/api/webhooks/1/a\u0000b',
    });
    expect(withNul).toMatchObject({
      status: 400,
      body: { message: 'Webhook URL contains characters that are not allowed' },
    });
    expect((await user.client.get('/api/user')).body.data.providers.discordWebhookUrl).toBe(stored);
  });

  it('accepts http://127.0.0.1 only in the sandbox and rejects other plain-http or bad URLs', async () => {
    const user = await signedInUser(t.app);
    const local = await user.client.put('/api/user/provider', {
      discordWebhookUrl: 'http://127.0.0.1:9000/hook',
    });
    expect(local.status).toBe(200);
    const plain = await user.client.put('/api/user/provider', {
      discordWebhookUrl: 'http://chat.example.com/hook',
    });
    expect(plain).toMatchObject({
      status: 400,
      body: { message: 'Webhook URL must be an https:// address' },
    });
    const garbage = await user.client.put('/api/user/provider', { discordWebhookUrl: 'not a url' });
    expect(garbage).toMatchObject({
      status: 400,
      body: { message: 'Discord webhook url must be a web address (https://…)' },
    });
    expect((await user.client.get('/api/user')).body.data.providers.discordWebhookUrl).toBe(
      'http://127.0.0.1:9000/hook',
    );
    const cleared = await user.client.put('/api/user/provider', { discordWebhookUrl: '' });
    expect(cleared.body.data.providers.discordWebhookUrl).toBe('');
  });

  it('saves keyboard shortcuts and rejects an incomplete set', async () => {
    const user = await signedInUser(t.app);
    const shortcuts = (await user.client.get('/api/user')).body.data.shortcuts;
    const changed = { ...shortcuts, general: { ...shortcuts.general, goHome: 'h' } };
    const response = await user.client.put('/api/user/shortcuts', changed);
    expect(response).toMatchObject({
      status: 200,
      body: { message: 'Updated shortcuts', data: { shortcuts: changed } },
    });
    expect(await user.client.put('/api/user/shortcuts', { general: changed.general })).toMatchObject({
      status: 400,
      body: { message: 'Market is required' },
    });
    expect((await user.client.get('/api/user')).body.data.shortcuts).toEqual(changed);
  });

  it('decrypts one of the caller’s own accounts with 201', async () => {
    const user = await signedInUser(t.app);
    const created = await user.client.post('/api/account', account);
    const response = await user.client.post('/api/user/decrypt', { token: created.body.data.id });
    expect(response).toMatchObject({
      status: 201,
      body: { data: { email: account.email, password: account.password, backupCode: account.backupCode } },
    });
  });

  it('never decrypts another user’s account', async () => {
    const owner = await signedInUser(t.app);
    const created = await owner.client.post('/api/account', account);
    const intruder = await signedInUser(t.app);
    const response = await intruder.client.post('/api/user/decrypt', { token: created.body.data.id });
    expect(response).toMatchObject({ status: 404, body: { message: 'Account not found' } });
    expect(JSON.stringify(response.body)).not.toContain(account.password);
    expect(await new Client(t.app).post('/api/user/decrypt', { token: created.body.data.id })).toMatchObject({
      status: 401,
    });
  });
});

describe.each(backends)('user service in live mode (%s)', (backend) => {
  const t = useTestApp(backend, { gameMode: 'live' });

  it('has no sandbox routes and refuses local webhooks', async () => {
    const response = await new Client(t.app).post('/api/sandbox/users', { username: 'someone' });
    expect(response.status).toBe(404);
    const user = await signedInDirectUser(t);
    const local = await user.client.put('/api/user/provider', {
      discordWebhookUrl: 'http://127.0.0.1:9000/hook',
    });
    expect(local).toMatchObject({
      status: 400,
      body: { message: 'Webhook URL must be an https:// address' },
    });
  });

  it('does not issue sign-in codes outside the sandbox', async () => {
    const user = await signedInDirectUser(t, { username: 'live_code_user' });
    const response = await new Client(t.app).post('/api/auth/code', { username: user.username });
    expect(response).toMatchObject({ status: 400, body: { message: 'missing_data' } });
  });
});

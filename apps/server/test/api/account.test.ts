import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../src/db/schema.js';
import { backends, signedInUser, useTestApp } from '../helpers.js';

const account = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: 'game-pass-1',
  backupCode: 'ABCD1234',
  isManualLogin: false,
  platform: 'pc',
  ...extra,
});

describe.each(backends)('account service (%s)', (backend) => {
  const t = useTestApp(backend);

  it('creates an Inactive account and never returns or stores its secrets in clear', async () => {
    const user = await signedInUser(t.app);
    const response = await user.client.post('/api/account', account('one@example.com'));
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Account created successfully');
    expect(response.body.data).toMatchObject({
      email: 'one@example.com',
      status: 'inactive',
      platform: 'pc',
      coins: 0,
      profits: 0,
      session: { requests: 0, searches: 0 },
    });
    expect(response.body.data).not.toHaveProperty('password');
    expect(response.body.data).not.toHaveProperty('backupCode');
    const list = await user.client.get('/api/account');
    expect(list.body.data).toEqual([response.body.data]);
    expect(JSON.stringify(list.body)).not.toContain('game-pass-1');
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, response.body.data.id));
    expect(row?.passwordEncrypted).not.toContain('game-pass-1');
    expect(row?.backupCodeEncrypted).not.toContain('ABCD1234');
  });

  it.each([
    [account('not-an-email'), 'Email must be a valid e-mail address'],
    [account('a@example.com', { backupCode: '' }), 'Backup code is required'],
    [account('a@example.com', { backupCode: '1234' }), 'Backup code must be 8 characters long'],
    [account('a@example.com', { platform: 'xbox' }), 'Platform must be one of: ps, pc'],
    [{ email: 'a@example.com' }, 'Password is required'],
  ])('rejects account %# with its message and creates nothing', async (body, message) => {
    const user = await signedInUser(t.app);
    expect(await user.client.post('/api/account', body)).toMatchObject({ status: 400, body: { message } });
    expect((await user.client.get('/api/account')).body.data).toEqual([]);
  });

  it('allows no backup code with manual login', async () => {
    const user = await signedInUser(t.app);
    const response = await user.client.post(
      '/api/account',
      account('manual@example.com', { backupCode: '', isManualLogin: true }),
    );
    expect(response.status).toBe(201);
  });

  it('rejects a duplicate email among the user’s accounts', async () => {
    const user = await signedInUser(t.app);
    await user.client.post('/api/account', account('dup@example.com'));
    const again = await user.client.post('/api/account', account('DUP@example.com'));
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'An account with this email already exists' },
    });
  });

  it('imports only the rows that pass and reports the others', async () => {
    const user = await signedInUser(t.app);
    await user.client.post('/api/account', account('existing@example.com'));
    const response = await user.client.post('/api/account/bulk', [
      account('new1@example.com', { isManualLogin: true }),
      account('existing@example.com'),
      account('broken', { backupCode: '12' }),
      account('new1@example.com'),
      account('new2@example.com', { platform: 'ps' }),
    ]);
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('2 accounts imported successfully');
    expect(response.body.data.accounts.map((a: { email: string }) => a.email)).toEqual([
      'new1@example.com',
      'new2@example.com',
    ]);
    expect(response.body.data.rejected).toEqual([
      { row: 2, message: 'Row 2: An account with this email already exists' },
      {
        row: 3,
        message: 'Row 3: Email must be a valid e-mail address, Backup code must be 8 characters long',
      },
      { row: 4, message: 'Row 4: An account with this email already exists' },
    ]);
    expect((await user.client.get('/api/account')).body.data).toHaveLength(3);
  });

  it('rejects an import where nothing passes, and an empty one', async () => {
    const user = await signedInUser(t.app);
    expect(await user.client.post('/api/account/bulk', [account('x')])).toMatchObject({
      status: 400,
      body: { message: 'Row 1: Email must be a valid e-mail address' },
    });
    expect(await user.client.post('/api/account/bulk', [])).toMatchObject({
      status: 400,
      body: { message: 'Add at least one account' },
    });
    expect((await user.client.get('/api/account')).body.data).toEqual([]);
  });

  it('edits an account and re-encrypts its credentials', async () => {
    const user = await signedInUser(t.app);
    const created = (await user.client.post('/api/account', account('edit@example.com'))).body.data;
    const response = await user.client.put('/api/account', {
      ...account('edited@example.com', { password: 'new-password', platform: 'ps' }),
      id: created.id,
    });
    expect(response).toMatchObject({
      status: 200,
      body: {
        message: 'Account edited successfully',
        data: { id: created.id, email: 'edited@example.com', platform: 'ps' },
      },
    });
    const decrypted = await user.client.post('/api/user/decrypt', { token: created.id });
    expect(decrypted.body.data).toEqual({
      email: 'edited@example.com',
      password: 'new-password',
      backupCode: 'ABCD1234',
    });
  });

  it.each([
    [{ email: 'nope' }, 'Email must be a valid e-mail address'],
    [{ backupCode: '123' }, 'Backup code must be 8 characters long'],
    [{ id: '' }, 'Id is required'],
  ])('rejects an edit %# with its message and changes nothing', async (change, message) => {
    const user = await signedInUser(t.app);
    const created = (await user.client.post('/api/account', account('keep@example.com'))).body.data;
    const edit = { ...account('keep@example.com', { password: 'changed-pass' }), id: created.id, ...change };
    expect(await user.client.put('/api/account', edit)).toMatchObject({ status: 400, body: { message } });
    expect((await user.client.get('/api/account')).body.data).toEqual([created]);
    const decrypted = await user.client.post('/api/user/decrypt', { token: created.id });
    expect(decrypted.body.data.password).toBe('game-pass-1');
  });

  it('refuses to edit into another account’s email or an unknown account', async () => {
    const user = await signedInUser(t.app);
    await user.client.post('/api/account', account('taken@example.com'));
    const other = (await user.client.post('/api/account', account('other@example.com'))).body.data;
    expect(
      await user.client.put('/api/account', { ...account('taken@example.com'), id: other.id }),
    ).toMatchObject({ status: 409, body: { message: 'An account with this email already exists' } });
    expect(
      await user.client.put('/api/account', { ...account('x@example.com'), id: 'missing' }),
    ).toMatchObject({ status: 404, body: { message: 'Account not found' } });
  });

  it('resets statistics and deletes', async () => {
    const user = await signedInUser(t.app);
    const created = (await user.client.post('/api/account', account('stats@example.com'))).body.data;
    await t.database.db
      .update(accounts)
      .set({ profits: 1200, sessionRequests: 40, sessionSearches: 30 })
      .where(eq(accounts.id, created.id));
    const reset = await user.client.post(`/api/account/${created.id}/reset`);
    expect(reset).toMatchObject({
      status: 200,
      body: {
        message: 'Account statistics reset successfully',
        data: { profits: 0, session: { requests: 0, searches: 0 } },
      },
    });
    expect(await user.client.delete(`/api/account/${created.id}`)).toMatchObject({
      status: 200,
      body: { message: 'Account deleted successfully' },
    });
    expect((await user.client.get('/api/account')).body.data).toEqual([]);
    expect(await user.client.delete(`/api/account/${created.id}`)).toMatchObject({
      status: 404,
      body: { message: 'Account not found' },
    });
  });

  it('will not edit or delete an account while it snipes', async () => {
    const user = await signedInUser(t.app);
    const created = (await user.client.post('/api/account', account('busy@example.com'))).body.data;
    await t.database.db.update(accounts).set({ status: 'active' }).where(eq(accounts.id, created.id));
    expect(await user.client.delete(`/api/account/${created.id}`)).toMatchObject({
      status: 409,
      body: { message: 'Stop the snipe on this account first' },
    });
    expect(
      await user.client.put('/api/account', { ...account('busy@example.com'), id: created.id }),
    ).toMatchObject({ status: 409 });
  });
});

import { describe, expect, it } from 'vitest';
import { sessions, signInCodes } from '../../src/db/schema.js';
import { captureLog } from '../log-capture.js';
import { backends, Client, createUser, signedInUser, useTestApp } from '../helpers.js';

const codeIn = (text: string, username: string) =>
  new RegExp(`sign-in code for ${username}: (\\S+)`).exec(text)?.[1];

describe.each(backends)('notification service (%s)', (backend) => {
  const log = captureLog();
  const t = useTestApp(backend, { loggerInstance: log.logger });

  it('prints a sandbox sign-in code to the server log and keeps it in the user’s notifications', async () => {
    const user = await createUser(t.app);
    const client = new Client(t.app);
    expect(await client.post('/api/auth/code', { username: user.username })).toMatchObject({ status: 200 });
    const code = codeIn(log.text(), user.username);
    expect(code).toHaveLength(8);

    const signIn = await client.post('/api/auth/code', {
      username: user.username,
      code,
      fingerprint: 'fp-n',
    });
    expect(signIn.status).toBe(200);
    const list = await client.get('/api/notification');
    expect(list).toMatchObject({
      status: 200,
      body: { data: [{ message: `Your sign-in code is ${code}`, type: 'blank', isRead: false }] },
    });
    expect(list.body.data[0].createdAt).toBe(t.clock.now().toISOString());
    // Only hashes of the code and of the session cookie are stored.
    const stored = JSON.stringify([
      await t.database.db.select().from(signInCodes),
      await t.database.db.select().from(sessions),
    ]);
    expect(stored).toContain('$argon2');
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(client.cookie!.replace('td_session=', ''));
  });

  it('answers only notifications newer than `since`, newest first', async () => {
    const user = await signedInUser(t.app);
    await user.client.post('/api/auth/code', { username: user.username });
    const [first] = (await user.client.get('/api/notification')).body.data;
    t.clock.advance(1000);
    await user.client.post('/api/auth/code', { username: user.username });
    t.clock.advance(1000);
    await user.client.post('/api/auth/code', { username: user.username });

    const all = (await user.client.get('/api/notification')).body.data;
    expect(all).toHaveLength(3);
    expect(all[2]).toEqual(first);
    const newer = await user.client.get(`/api/notification?since=${encodeURIComponent(first.createdAt)}`);
    expect(newer.body.data).toEqual(all.slice(0, 2));
  });

  it('shows no user another user’s notifications', async () => {
    const owner = await signedInUser(t.app);
    await owner.client.post('/api/auth/code', { username: owner.username });
    const other = await signedInUser(t.app);
    expect((await other.client.get('/api/notification')).body.data).toEqual([]);
  });

  it('rejects a bad `since` with 400 and refuses anonymous callers', async () => {
    const user = await signedInUser(t.app);
    expect(await user.client.get('/api/notification?since=yesterday')).toMatchObject({
      status: 400,
      body: { message: 'since must be an ISO date-time' },
    });
    expect(await new Client(t.app).get('/api/notification')).toMatchObject({
      status: 401,
      body: { message: 'Unauthorized' },
    });
  });

  it('marks a notification read and clears the list, only the signed-in user’s', async () => {
    const owner = await signedInUser(t.app);
    await owner.client.post('/api/auth/code', { username: owner.username });
    const [notice] = (await owner.client.get('/api/notification')).body.data;
    const other = await signedInUser(t.app);
    expect(await other.client.post(`/api/notification/${notice.id}/read`, {})).toMatchObject({
      status: 404,
      body: { message: 'Notification not found' },
    });
    expect(await other.client.delete('/api/notification')).toMatchObject({ status: 200 });
    expect((await owner.client.get('/api/notification')).body.data).toEqual([{ ...notice, isRead: false }]);

    expect(await owner.client.post(`/api/notification/${notice.id}/read`, {})).toMatchObject({ status: 200 });
    expect((await owner.client.get('/api/notification')).body.data[0].isRead).toBe(true);
    expect(await owner.client.delete('/api/notification')).toMatchObject({ status: 200 });
    expect((await owner.client.get('/api/notification')).body.data).toEqual([]);
  });
});

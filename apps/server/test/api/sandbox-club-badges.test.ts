import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../src/db/schema.js';
import { backends, signedInUser, useTestApp } from '../helpers.js';

describe.each(backends)('sandbox club crests (%s)', (backend) => {
  const t = useTestApp(backend);

  const crest = () => t.app.inject({ method: 'GET', url: '/api/sandbox/clubs/123.png' });

  it("shows a crest from the sandbox game's address of now, so a restart (a new port) keeps it", async () => {
    // Before the sandbox game has started (it starts after the server listens): no crest yet.
    const before = await crest();
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ message: 'The sandbox game is not running' });

    t.app.sandboxGame.use('http://127.0.0.1:4100/');
    const first = await crest();
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('http://127.0.0.1:4100/content/clubs/123.png');

    // The sandbox game started again on another port: the same stored path finds it there.
    t.app.sandboxGame.use('http://127.0.0.1:4977');
    expect((await crest()).headers.location).toBe('http://127.0.0.1:4977/content/clubs/123.png');
  });

  it('refuses a badge id that is not a number', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/sandbox/clubs/abc.png' });
    expect(response.statusCode).toBe(400);
  });

  it("lists a crest stored with an old start's address as the path that survives restarts", async () => {
    const user = await signedInUser(t.app);
    const created = await user.client.post('/api/account', {
      email: 'crest@example.com',
      password: 'game-pass-1',
      backupCode: 'ABCD1234',
      isManualLogin: false,
      platform: 'pc',
    });
    const id = created.body.data.id as string;
    await t.database.db
      .update(accounts)
      .set({ imageUrl: 'http://127.0.0.1:38211/content/clubs/456.png' })
      .where(eq(accounts.id, id));
    const listed = await user.client.get('/api/account');
    expect(listed.body.data[0].imageUrl).toBe('/api/sandbox/clubs/456.png');

    // A crest of the live game's content host is shown as it is.
    const live = 'https://www.ea.com/ea-sports-fc/ultimate-team/web-app/content/clubs/7.png';
    await t.database.db.update(accounts).set({ imageUrl: live }).where(eq(accounts.id, id));
    expect((await user.client.get('/api/account')).body.data[0].imageUrl).toBe(live);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { sbcRepo } from '../../src/modules/sbc/repo.js';
import { challengeRowsOf, sbcFeedSchema } from '../../src/modules/sbc/sync.js';
import { backends, Client, signedInUser, useTestApp } from '../helpers.js';

/**
 * Two sets as the game's feed sends them: one with a single challenge, one with two. Each test
 * syncs its own ids (tests share one database and run in random order).
 */
const feedOf = (base: number) =>
  sbcFeedSchema.parse(
    JSON.parse(
      JSON.stringify(template)
        .replace(/"setId":(\d+)/g, (_m, id: string) => `"setId":${base + Number(id)}`)
        .replace(/"challengeId":(\d+)/g, (_m, id: string) => `"challengeId":${base + Number(id)}`),
    ),
  );
const template = {
  sets: [
    {
      setId: 1001,
      name: 'Daily Gold Upgrade',
      endTime: -1,
      awards: [],
      challenges: [
        {
          challengeId: 2001,
          name: 'Gold Upgrade',
          formation: 'f433',
          elgOperation: 'AND',
          elgReq: [],
          awards: [
            { type: 'coins', value: 2_500, count: 1 },
            { type: 'item', value: 1 },
          ],
        },
      ],
    },
    {
      setId: 1101,
      name: 'League Foundations',
      endTime: 1_900_000_000,
      awards: [],
      challenges: [
        { challengeId: 2101, name: 'Premier League', formation: 'f433', elgReq: [], awards: [] },
        { challengeId: 2102, name: 'LaLiga', formation: 'f442', elgReq: [], awards: [] },
      ],
    },
  ],
};

describe.each(backends)('sbc routes (%s)', (backend) => {
  const t = useTestApp(backend);

  const signedInAdmin = async () => {
    const admin = await signedInUser(t.app);
    await t.database.db
      .update(users)
      .set({ roles: ['user', 'admin'] })
      .where(eq(users.username, admin.username));
    return admin;
  };

  it('lists top-level challenges with sub-challenges nested, rewards named, expiry as a date', async () => {
    await sbcRepo.upsertChallenges(t.database.db, challengeRowsOf(feedOf(0), t.clock.now()));
    const user = await signedInUser(t.app);
    expect((await new Client(t.app).get('/api/sbc/challenges')).status).toBe(401);
    const list = await user.client.get('/api/sbc/challenges');
    expect(list.body).toMatchObject({
      data: [
        {
          challengeId: 'set-1001',
          name: 'Daily Gold Upgrade',
          expiresAt: null,
          rewards: [{ type: 'pack', name: '2,500 Coins' }, { type: 'pack' }],
          solutions: [],
          subChallenges: [],
        },
        {
          challengeId: 'set-1101',
          expiresAt: new Date(1_900_000_000_000).toISOString(),
          subChallenges: [
            { challengeId: 'challenge-2101', name: 'Premier League', subChallenges: [] },
            { challengeId: 'challenge-2102', name: 'LaLiga' },
          ],
        },
      ],
    });
    // An award the catalogue cannot name has no name: the page says to contact support.
    const [upgrade] = (list.body as { data: { rewards: object[] }[] }).data;
    expect(upgrade?.rewards[1]).not.toHaveProperty('name');
  });

  it('deletes only for admins, only top-level challenges without sub-challenges, and a sync keeps it deleted', async () => {
    const feed = feedOf(10_000);
    await sbcRepo.upsertChallenges(t.database.db, challengeRowsOf(feed, t.clock.now()));
    const user = await signedInUser(t.app);
    const refused = await user.client.request('DELETE', '/api/sbc/challenge/set-11001');
    expect(refused).toMatchObject({ status: 403, body: { message: 'Only an admin may do this' } });

    const admin = await signedInAdmin();
    for (const id of ['set-11101', 'challenge-12101'])
      expect(await admin.client.request('DELETE', `/api/sbc/challenge/${id}`)).toMatchObject({
        status: 403,
        body: { message: 'Only a challenge without sub-challenges can be deleted' },
      });
    expect((await admin.client.request('DELETE', '/api/sbc/challenge/set-9')).status).toBe(404);
    const deleted = await admin.client.request('DELETE', '/api/sbc/challenge/set-11001');
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Challenge deleted' } });

    await sbcRepo.upsertChallenges(t.database.db, challengeRowsOf(feed, t.clock.now()));
    const ids = (
      (await user.client.get('/api/sbc/challenges')).body as { data: { challengeId: string }[] }
    ).data.map((challenge) => challenge.challengeId);
    expect(ids).toEqual(['set-11101']);
  });

  it('answers zero SBC statistics before any solver run, and 400 on a malformed solution id', async () => {
    const user = await signedInUser(t.app);
    expect((await user.client.get('/api/statistic/sbc')).body).toEqual({
      data: { totalCoinsSpent: 0, totalSolved: 0, totalTimeSpent: 0 },
    });
    expect((await user.client.get('/api/sbc/solution/%00')).status).toBe(400);
    expect((await user.client.get('/api/sbc/solution/missing')).body).toEqual({
      message: 'Solution not found',
    });
  });
});

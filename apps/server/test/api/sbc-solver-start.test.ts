import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { sbcRepo } from '../../src/modules/sbc/repo.js';
import { challengeRowsOf, sbcFeedSchema } from '../../src/modules/sbc/sync.js';
import { WebActionError } from '../../src/lib/web-action.js';
import { createAccount } from '../realtime/stack.js';
import { backends, signedInUser, useTestApp } from '../helpers.js';
import { modalDefaults, solverServiceRecordingStarts } from './sbc-start-recorder.js';

const feed = sbcFeedSchema.parse({
  sets: [
    {
      setId: 31_001,
      name: 'Console Check',
      endTime: -1,
      challenges: [{ challengeId: 32_001, name: 'Console Check', formation: 'f433', elgReq: [] }],
    },
    {
      setId: 31_002,
      name: 'PC Only',
      endTime: -1,
      challenges: [{ challengeId: 32_002, name: 'PC Only', formation: 'f433', elgReq: [] }],
    },
  ],
});
const player = (price: number) => ({
  definitionId: 20_801,
  position: 'ST',
  slot: 0,
  price,
  chemistry: 0,
  clubId: 1,
  nationId: 1,
  leagueId: 1,
  rating: 86,
  name: 'Cristiano Ronaldo',
});
const settings = modalDefaults;

describe.each(backends)('SBC solver start on the account platform (%s)', (backend) => {
  const t = useTestApp(backend);

  it("sends the bot the challenge's solution priced on the account's own market", async () => {
    const db = t.database.db;
    await sbcRepo.upsertChallenges(db, challengeRowsOf(feed, t.clock.now()));
    const solution = (id: string, challengeId: string, platform: 'pc' | 'ps', price: number) =>
      sbcRepo.replaceSolution(db, {
        id,
        challengeId,
        platform,
        cost: price,
        players: [player(price)],
        proof: { kind: 'optimal' },
        createdAt: t.clock.now(),
      });
    await solution('console-check-pc', 'set-31001', 'pc', 1_000);
    await solution('console-check-ps', 'set-31001', 'ps', 700);
    await solution('pc-only-pc', 'set-31002', 'pc', 1_500);

    const user = await signedInUser(t.app, { tier: 'snipe' });
    const [row] = await db.select().from(users).where(eq(users.username, user.username));
    if (!row) throw new Error('no user row');
    const consoleAccount = await createAccount(user.client, `console.${Date.now()}@example.com`, 'ps');
    const pcAccount = await createAccount(user.client, `pc.${Date.now()}@example.com`, 'pc');
    const { service, sent } = solverServiceRecordingStarts(t.app.appContext, t.app.sbcAccountSolutions);
    const picked = (solutionId: string) => [{ solutionId, createdAt: new Date(), players: [] }];

    // The page picked the PC solution; the console account is priced on the console market.
    await service.start(row, {
      ...settings,
      account: { id: consoleAccount },
      solutions: picked('console-check-pc'),
    });
    expect(sent[0]?.challenges[0]?.players[0]?.price).toBe(700);
    await service.start(row, {
      ...settings,
      account: { id: pcAccount },
      solutions: picked('console-check-ps'),
    });
    expect(sent[1]?.challenges[0]?.players[0]?.price).toBe(1_000);

    // No console solution yet: refused, nothing started.
    const refused = await service
      .start(row, { ...settings, account: { id: consoleAccount }, solutions: picked('pc-only-pc') })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WebActionError);
    expect((refused as Error).message).toBe(
      "This challenge has no solution priced for the account's platform yet; try again in a few minutes",
    );
    expect(sent).toHaveLength(2);
  });
});

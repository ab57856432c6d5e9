import { loadCatalogue, type CatalogueCard } from '@tradedesk/domain/catalogue';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { createAccountSolutions, type SquadSolver } from '../../src/modules/sbc/account-solution.js';
import { sbcClubRepo } from '../../src/modules/account/club-repo.js';
import { sbcRepo } from '../../src/modules/sbc/repo.js';
import { SolverPool } from '../../src/modules/sbc/solver-pool.js';
import { challengeRowsOf, sbcFeedSchema } from '../../src/modules/sbc/sync.js';
import { currentPriceMemory } from '../../src/modules/prices/current-price-memory.js';
import { createAccount } from '../realtime/stack.js';
import { backends, signedInUser, useTestApp } from '../helpers.js';
import { modalDefaults, solverServiceRecordingStarts } from './sbc-start-recorder.js';

/** Three challenges any eleven players fulfil. */
const feed = sbcFeedSchema.parse({
  sets: [41_001, 41_002, 41_003].map((setId, index) => ({
    setId,
    name: `Any Eleven ${index + 1}`,
    endTime: -1,
    challenges: [
      { challengeId: setId + 1_000, name: `Any Eleven ${index + 1}`, formation: 'f433', elgReq: [] },
    ],
  })),
});
const [first, second, third] = ['set-41001', 'set-41002', 'set-41003'];

/** An untradeable gold for each position of a 4-3-3, all of other players. */
function elevenGolds(): CatalogueCard[] {
  const taken = new Set<number>();
  return ['GK', 'RB', 'CB', 'CB', 'LB', 'CM', 'CM', 'CM', 'RW', 'ST', 'LW'].map((position) => {
    const card = loadCatalogue().cards.find(
      (candidate) =>
        candidate.position === position &&
        candidate.rarityId === 1 &&
        candidate.rating >= 75 &&
        candidate.clubId !== null &&
        !taken.has(candidate.baseId),
    );
    if (!card) throw new Error(`no gold ${position} in the catalogue`);
    taken.add(card.baseId);
    return card;
  });
}

/** A solver pool, counting the challenges of each batch it is given. */
function countingSolver() {
  const thread = new SolverPool(1);
  const batches: string[][] = [];
  const solver: SquadSolver = {
    solve: (jobs, prices, owner) => {
      batches.push(jobs.map((job) => job.challengeId));
      return thread.solve(jobs, prices, owner);
    },
    close: () => thread.close(),
  };
  return { solver, batches };
}

describe.each(backends)("An account's squads from its club (%s)", (backend) => {
  const t = useTestApp(backend);

  /** A user with a PC account whose read club holds `cards` (none of them priced on the market). */
  async function accountWithClub(cards: readonly CatalogueCard[]) {
    const db = t.database.db;
    await sbcRepo.upsertChallenges(db, challengeRowsOf(feed, t.clock.now()));
    const user = await signedInUser(t.app, { tier: 'snipe' });
    const [row] = await db.select().from(users).where(eq(users.username, user.username));
    if (!row) throw new Error('no user row');
    const accountId = await createAccount(
      user.client,
      `squads.${Date.now()}.${Math.random()}@example.com`,
      'pc',
    );
    const readId = `read-${accountId}`;
    await sbcClubRepo.requestRead(db, { accountId, userId: row.id, readId, at: t.clock.now() });
    await sbcClubRepo.finishRead(db, readId, {
      at: t.clock.now(),
      cards: cards.map((card, index) => ({
        itemId: 700_000 + index,
        definitionId: card.definitionId,
        untradeable: true,
        discardValue: 250,
      })),
    });
    const memory = await currentPriceMemory(db).ready(t.clock.now().getTime());
    expect(cards.filter((card) => memory.get(card.definitionId, 'pc') !== undefined)).toEqual([]);
    return { user: row, accountId };
  }

  it('names an owned card that has no market price by its player name', async () => {
    const club = elevenGolds();
    const { user, accountId } = await accountWithClub(club);

    const squad = await t.app.sbcAccountSolutions.solutionFor(user.id, accountId, first);

    expect(squad.players).toHaveLength(11);
    expect(squad.players.every((player) => player.owned)).toBe(true);
    const nameOf = new Map(club.map((card) => [card.definitionId, card.name]));
    expect(squad.players.map((player) => player.name).sort()).toEqual([...nameOf.values()].sort());
  });

  it("solves the bot's challenges in one batch, and requests at once share one solve", async () => {
    const { user, accountId } = await accountWithClub(elevenGolds());
    const { solver, batches } = countingSolver();
    const squads = createAccountSolutions(t.app.appContext, solver);
    try {
      // The page asks twice for the same squad before the first answer: one solve, one answer.
      const [once, twice] = await Promise.all([
        squads.solutionFor(user.id, accountId, first),
        squads.solutionFor(user.id, accountId, first),
      ]);
      expect(twice).toEqual(once);
      expect(batches).toEqual([[first]]);

      for (const [id, challengeId] of [first, second, third].entries())
        await sbcRepo.replaceSolution(t.database.db, {
          id: `any-eleven-${id}`,
          challengeId,
          platform: 'pc',
          cost: 1_000,
          players: [],
          proof: { kind: 'optimal' },
          createdAt: t.clock.now(),
        });
      const { service, sent } = solverServiceRecordingStarts(t.app.appContext, squads);
      await service.start(user, {
        ...modalDefaults,
        account: { id: accountId },
        solutions: [0, 1, 2].map((id) => ({
          solutionId: `any-eleven-${id}`,
          createdAt: new Date(),
          players: [],
        })),
      });

      // The squad solved a moment ago is reused; the two others are solved together.
      expect(batches).toEqual([[first], [second, third]]);
      const challenges = sent[0]?.challenges ?? [];
      expect(challenges.map((challenge) => challenge.players.length)).toEqual([11, 11, 11]);
      expect(challenges[0]?.players.map(({ definitionId, name }) => ({ definitionId, name }))).toEqual(
        once.players.map(({ definitionId, name }) => ({ definitionId, name })),
      );
    } finally {
      await squads.close();
    }
  });

  it('solves again when a sync changed the challenge, and not when it changed nothing', async () => {
    const { user, accountId } = await accountWithClub(elevenGolds());
    const { solver, batches } = countingSolver();
    const squads = createAccountSolutions(t.app.appContext, solver);
    const positions = (squad: { players: readonly { position: string }[] }) =>
      squad.players.map((player) => player.position).sort();
    try {
      const before = await squads.solutionFor(user.id, accountId, first);
      await sbcRepo.upsertChallenges(t.database.db, challengeRowsOf(feed, t.clock.now()));
      await squads.solutionFor(user.id, accountId, first);
      expect(batches).toEqual([[first]]);

      // The game now asks for a 4-2-3-1 under the same challenge id.
      const edited = sbcFeedSchema.parse({
        sets: feed.sets.map((set, index) =>
          index === 0
            ? { ...set, challenges: set.challenges.map((one) => ({ ...one, formation: 'f4231' })) }
            : set,
        ),
      });
      await sbcRepo.upsertChallenges(t.database.db, challengeRowsOf(edited, t.clock.now()));
      const after = await squads.solutionFor(user.id, accountId, first);

      expect(batches).toEqual([[first], [first]]);
      expect(positions(before)).toContain('LW');
      expect(positions(after)).toContain('CAM');
      expect(positions(after)).not.toContain('LW');
    } finally {
      await squads.close();
    }
  });

  it("starts the bot on the stored solutions when the club's solve fails, and the server lives on", async () => {
    const { user, accountId } = await accountWithClub(elevenGolds());
    const failing: SquadSolver = {
      solve: async () => {
        throw new Error('solver worker exited');
      },
      close: async () => {},
    };
    const unhandled: unknown[] = [];
    const noteUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', noteUnhandled);
    try {
      const storedPlayer = { definitionId: 158_023, name: 'Stored Pick', slot: 0, price: 900 };
      for (const [id, challengeId] of [first, second, third].entries())
        await sbcRepo.replaceSolution(t.database.db, {
          id: `stored-${id}`,
          challengeId,
          platform: 'pc',
          cost: 900,
          players: [
            {
              ...storedPlayer,
              position: 'GK',
              chemistry: 0,
              clubId: 1,
              nationId: 1,
              leagueId: 1,
              rating: 70,
            },
          ],
          proof: { kind: 'optimal' },
          createdAt: t.clock.now(),
        });
      const { service, sent } = solverServiceRecordingStarts(
        t.app.appContext,
        createAccountSolutions(t.app.appContext, failing),
      );
      await service.start(user, {
        ...modalDefaults,
        account: { id: accountId },
        solutions: [0, 1, 2].map((id) => ({
          solutionId: `stored-${id}`,
          createdAt: new Date(),
          players: [],
        })),
      });
      // Rejections not handled by now are reported on the next turns of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 50));

      expect(sent[0]?.challenges.map((challenge) => challenge.players)).toEqual([
        [storedPlayer],
        [storedPlayer],
        [storedPlayer],
      ]);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', noteUnhandled);
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ChallengeDef } from '../sbc/definitions.js';
import { CATEGORIES } from '../sbc/catalog.js';
import { sbcOf } from '../sbc/sbc-service.js';
import type { Account } from '../world/types.js';
import { gameAccount, type SimContext } from './context.js';
import { parseInput } from './parse.js';
import { presentItem } from './presenters.js';
import { presentAward, presentChallenge, presentSet } from './sbc-presenters.js';

export const CHEMISTRY_PROFILES_VERSION = 17;
const challengeParam = z.object({ challengeId: z.coerce.number().int().positive() });
const squadBodySchema = z.object({
  players: z
    .array(
      z.object({
        index: z.number().int().min(0).max(22),
        itemData: z.object({ id: z.coerce.number().int().nonnegative(), dream: z.boolean().default(false) }),
      }),
    )
    .max(23),
});

/** SBC endpoints of GAME-PROTOCOL §2.7 and `chemistry/profiles`. */
export function registerSbcRoutes(app: FastifyInstance, context: SimContext): void {
  const { world, gamePrefix: prefix } = context;
  const sbc = () => sbcOf(world);

  /** A challenge as an account sees it: the catalogue's challenge plus the account's progress. */
  const presentAccountChallenge = (account: Account, challenge: ChallengeDef) => {
    const progress = sbc().progressOf(account, challenge.challengeId);
    return {
      ...presentChallenge(world, sbc().set(challenge.setId), challenge),
      status: progress.status,
      timesCompleted: progress.timesCompleted,
    };
  };

  const squadDocument = (account: Account, challengeId: number) => {
    const challenge = sbc().challenge(challengeId);
    const view = sbc().view(account, challengeId);
    const players = Array.from({ length: 23 }, (_unused, index) => {
      const item = index < 11 && view.slots[index] ? world.items.get(view.slots[index] ?? 0) : undefined;
      return { index, itemData: item ? presentItem(world, item, account) : { id: 0, dream: false } };
    });
    return {
      challengeId,
      playerRequirements: [],
      squad: {
        id: challengeId,
        formation: challenge.formation,
        rating: view.rating,
        chemistry: view.chemistry,
        players,
        manager: [],
      },
    };
  };

  app.get(`${prefix}/sbs/sets`, async (request) => {
    const account = gameAccount(context, request);
    return {
      categories: CATEGORIES.map((category) => ({
        ...category,
        sets: sbc()
          .sets.filter((set) => set.categoryId === category.categoryId)
          .map((set) => ({
            ...presentSet(world, set),
            challengesCompletedCount: set.challenges.filter(
              (challenge) => sbc().progressOf(account, challenge.challengeId).status === 'COMPLETED',
            ).length,
            timesCompleted: sbc().setTimesCompleted(account, set.setId),
          })),
      })),
    };
  });

  app.get(`${prefix}/sbs/setId/:setId/challenges`, async (request) => {
    const account = gameAccount(context, request);
    const { setId } = parseInput(z.object({ setId: z.coerce.number().int().positive() }), request.params);
    return {
      challenges: sbc()
        .set(setId)
        .challenges.map((challenge) => presentAccountChallenge(account, challenge)),
    };
  });

  app.post(`${prefix}/sbs/challenge/:challengeId`, async (request) => {
    const account = gameAccount(context, request);
    const { challengeId } = parseInput(challengeParam, request.params);
    sbc().start(account, challengeId);
    return squadDocument(account, challengeId);
  });

  app.get(`${prefix}/sbs/challenge/:challengeId/squad`, async (request) => {
    const account = gameAccount(context, request);
    const { challengeId } = parseInput(challengeParam, request.params);
    sbc().challenge(challengeId);
    return squadDocument(account, challengeId);
  });

  app.put(`${prefix}/sbs/challenge/:challengeId/squad`, async (request, reply) => {
    const account = gameAccount(context, request);
    const { challengeId } = parseInput(challengeParam, request.params);
    const body = parseInput(squadBodySchema, request.body);
    sbc().saveSquad(
      account,
      challengeId,
      body.players.map((player) => ({
        index: player.index,
        id: player.itemData.id,
        dream: player.itemData.dream,
      })),
    );
    return reply.code(200).send({});
  });

  app.put(`${prefix}/sbs/challenge/:challengeId`, async (request) => {
    const account = gameAccount(context, request);
    const { challengeId } = parseInput(challengeParam, request.params);
    const result = sbc().submit(account, challengeId);
    return {
      challengeId,
      setId: result.challenge.setId,
      grantedChallengeAwards: result.granted.map((award) => presentAward(world, award)),
      grantedSetAwards: result.setGranted.map((award) => presentAward(world, award)),
    };
  });

  /**
   * The SBC catalogue as a feed (like the price-site feeds): every set with its challenges,
   * requirements, rewards and expiry, with no account. Trade Desk's server syncs its challenge list
   * from it in sandbox mode.
   */
  app.get('/feeds/sbc', async () => ({
    sets: sbc().sets.map((set) => ({
      ...presentSet(world, set),
      challenges: set.challenges.map((challenge) => presentChallenge(world, set, challenge)),
    })),
  }));

  app.get(`${prefix}/chemistry/profiles`, async (request) => {
    gameAccount(context, request);
    return { version: CHEMISTRY_PROFILES_VERSION, profiles: [] };
  });
}

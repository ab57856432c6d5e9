import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Award, ChallengeDef, SetDef } from '../sbc/catalog.js';
import { CATEGORIES } from '../sbc/catalog.js';
import { encodeRequirements } from '../sbc/requirements.js';
import { sbcOf } from '../sbc/sbc-service.js';
import { catalogueItem, type Account } from '../world/types.js';
import type { World } from '../world/world.js';
import { gameAccount, type SimContext } from './context.js';
import { parseInput } from './parse.js';
import { presentItem } from './presenters.js';

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

function presentAward(world: World, award: Award): Record<string, unknown> {
  const cardIndex = award.type === 'item' ? world.cardIndexByDefinition.get(award.value) : undefined;
  return {
    type: award.type,
    value: award.value,
    count: award.count,
    isUntradeable: award.untradeable,
    loan: -1,
    ...(cardIndex === undefined
      ? {}
      : {
          itemData: presentItem(world, catalogueItem(cardIndex, award.untradeable)),
        }),
  };
}

/** Unix seconds when the set expires, −1 for never (as the game sends it). */
function endTimeOf(world: World, set: SetDef): number {
  if (set.expiresInHours === undefined) return -1;
  return Math.floor(world.epoch / 1000) + set.expiresInHours * 3600;
}

/** SBC endpoints of GAME-PROTOCOL §2.7 and `chemistry/profiles`. */
export function registerSbcRoutes(app: FastifyInstance, context: SimContext): void {
  const { world, gamePrefix: prefix } = context;
  const sbc = () => sbcOf(world);

  const presentChallenge = (account: Account, challenge: ChallengeDef) => {
    const progress = sbc().progressOf(account, challenge.challengeId);
    return {
      challengeId: challenge.challengeId,
      setId: challenge.setId,
      name: challenge.name,
      description: challenge.description,
      formation: challenge.formation,
      status: progress.status,
      repeatable: sbc().set(challenge.setId).repeatable,
      timesCompleted: progress.timesCompleted,
      endTime: endTimeOf(world, sbc().set(challenge.setId)),
      priority: 1,
      elgOperation: challenge.operation ?? 'AND',
      elgReq: encodeRequirements(challenge.requirements),
      awards: challenge.awards.map((award) => presentAward(world, award)),
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
            setId: set.setId,
            name: set.name,
            description: set.description,
            challengesCount: set.challenges.length,
            challengesCompletedCount: set.challenges.filter(
              (challenge) => sbc().progressOf(account, challenge.challengeId).status === 'COMPLETED',
            ).length,
            endTime: endTimeOf(world, set),
            repeatable: set.repeatable,
            repeatabilityMode: set.repeatable ? 'UNLIMITED' : 'NON_REPEATABLE',
            repeats: set.repeatable ? -1 : 0,
            timesCompleted: sbc().setTimesCompleted(account, set.setId),
            hidden: false,
            tagged: false,
            awards: set.awards.map((award) => presentAward(world, award)),
            releaseTime: Math.floor(world.epoch / 1000),
            setImageId: `sbc_set_image_${set.setId}`,
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
        .challenges.map((challenge) => presentChallenge(account, challenge)),
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
      setId: set.setId,
      name: set.name,
      description: set.description,
      endTime: endTimeOf(world, set),
      repeatable: set.repeatable,
      setImageId: `sbc_set_image_${set.setId}`,
      awards: set.awards.map((award) => presentAward(world, award)),
      challenges: set.challenges.map((challenge) => ({
        challengeId: challenge.challengeId,
        setId: challenge.setId,
        name: challenge.name,
        description: challenge.description,
        formation: challenge.formation,
        elgOperation: challenge.operation ?? 'AND',
        elgReq: encodeRequirements(challenge.requirements),
        awards: challenge.awards.map((award) => presentAward(world, award)),
      })),
    })),
  }));

  app.get(`${prefix}/chemistry/profiles`, async (request) => {
    gameAccount(context, request);
    return { version: CHEMISTRY_PROFILES_VERSION, profiles: [] };
  });
}

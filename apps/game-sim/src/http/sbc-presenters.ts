import type { Award, ChallengeDef, SetDef } from '../sbc/definitions.js';
import { encodeRequirements } from '../sbc/requirements.js';
import { catalogueItem } from '../world/types.js';
import type { World } from '../world/world.js';
import { presentItem } from './presenters.js';

/**
 * The SBC catalogue as the game sends it, without any account's progress: the one presenter of
 * sets, challenges and awards, shared by the game's `sbs/*` answers and the `/feeds/sbc` feed.
 */

export function presentAward(world: World, award: Award): Record<string, unknown> {
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
export function endTimeOf(world: World, set: SetDef): number {
  if (set.expiresInHours === undefined) return -1;
  return Math.floor(world.epoch / 1000) + set.expiresInHours * 3600;
}

/** A set's own fields (the account's completion counts are added by the caller). */
export function presentSet(world: World, set: SetDef) {
  return {
    setId: set.setId,
    name: set.name,
    description: set.description,
    challengesCount: set.challenges.length,
    endTime: endTimeOf(world, set),
    repeatable: set.repeatable,
    repeatabilityMode: set.repeatable ? 'UNLIMITED' : 'NON_REPEATABLE',
    repeats: set.repeatable ? -1 : 0,
    hidden: false,
    tagged: false,
    awards: set.awards.map((award) => presentAward(world, award)),
    releaseTime: Math.floor(world.epoch / 1000),
    setImageId: `sbc_set_image_${set.setId}`,
  };
}

/** A challenge's own fields: requirements as `elgReq`, awards, expiry (no status, no completions). */
export function presentChallenge(world: World, set: SetDef, challenge: ChallengeDef) {
  return {
    challengeId: challenge.challengeId,
    setId: challenge.setId,
    name: challenge.name,
    description: challenge.description,
    formation: challenge.formation,
    repeatable: set.repeatable,
    endTime: endTimeOf(world, set),
    priority: 1,
    elgOperation: challenge.operation ?? 'AND',
    elgReq: encodeRequirements(challenge.requirements),
    awards: challenge.awards.map((award) => presentAward(world, award)),
  };
}

import { loadCatalogue } from '@tradedesk/domain/catalogue';
import { z } from 'zod';
import type { sbcChallenges, SbcRewardRecord } from '../../db/schema-sbc.js';

const intLike = z.coerce.number().int();
const awardSchema = z.object({
  type: z.string().max(40),
  value: z.union([z.number(), z.string().max(40)]).optional(),
  count: z.number().int().optional(),
  itemData: z
    .object({ definitionId: intLike.optional(), resourceId: intLike.optional() })
    .passthrough()
    .optional(),
});
const challengeSchema = z.object({
  challengeId: intLike.pipe(z.number().positive()),
  name: z.string().min(1).max(200),
  formation: z.string().max(20),
  elgOperation: z.string().max(10).optional(),
  elgReq: z.array(z.unknown()).max(200),
  awards: z.array(awardSchema).max(50).default([]),
});
const setSchema = z.object({
  setId: intLike.pipe(z.number().positive()),
  name: z.string().min(1).max(200),
  endTime: z.number().optional(),
  setImageId: z.string().max(100).optional(),
  awards: z.array(awardSchema).max(50).default([]),
  challenges: z.array(challengeSchema).max(100),
});
/** The sandbox game's `GET /feeds/sbc` answer (validated: the game is a boundary). */
export const sbcFeedSchema = z.object({ sets: z.array(setSchema).max(500) });
export type SbcFeed = z.infer<typeof sbcFeedSchema>;

type ChallengeInsert = typeof sbcChallenges.$inferInsert;

/** A game award as the page's reward: a card is a player reward, coins and packs a pack reward. */
function rewardOf(award: z.infer<typeof awardSchema>): SbcRewardRecord {
  const count = award.count ?? 1;
  if (award.type === 'coins') {
    const coins = Number(award.value ?? 0) * count;
    return { type: 'pack', name: `${coins.toLocaleString('en-US')} Coins`, imageId: 'coins' };
  }
  const definitionId = award.itemData?.definitionId ?? award.itemData?.resourceId ?? Number(award.value);
  const card = Number.isFinite(definitionId) ? loadCatalogue().byDefinitionId(definitionId) : undefined;
  if (card)
    return {
      type: 'player',
      name: card.name,
      description: `${card.rating} rated${count > 1 ? ` (×${count})` : ''}`,
      imageId: String(card.definitionId),
    };
  // An award the catalogue cannot name: the page says to contact support.
  return { type: 'pack', imageId: 'pack' };
}

const expiryOf = (endTime: number | undefined) =>
  endTime === undefined || endTime <= 0 ? null : new Date(endTime * 1000);

/**
 * The feed as challenge rows: a set with several challenges is a top-level challenge whose
 * challenges are its sub-challenges; a set with one challenge is that challenge, top-level.
 */
export function challengeRowsOf(feed: SbcFeed, now: Date): ChallengeInsert[] {
  const rows: ChallengeInsert[] = [];
  let position = 0;
  for (const set of feed.sets) {
    const expiresAt = expiryOf(set.endTime);
    const setId = `set-${set.setId}`;
    const only = set.challenges.length === 1 ? set.challenges[0] : undefined;
    rows.push({
      id: setId,
      parentId: null,
      gameChallengeId: only?.challengeId ?? null,
      name: set.name,
      imageId: set.setImageId ?? `sbc_set_image_${set.setId}`,
      rewards: [...set.awards, ...(only?.awards ?? [])].map(rewardOf),
      expiresAt,
      formation: only?.formation ?? null,
      requirements: only ? { elgOperation: only.elgOperation ?? 'AND', elgReq: only.elgReq } : null,
      position: position++,
      syncedAt: now,
    });
    if (only) continue;
    for (const challenge of set.challenges)
      rows.push({
        id: `challenge-${challenge.challengeId}`,
        parentId: setId,
        gameChallengeId: challenge.challengeId,
        name: challenge.name,
        imageId: `sbc_challenge_image_${challenge.challengeId}`,
        rewards: challenge.awards.map(rewardOf),
        expiresAt,
        formation: challenge.formation,
        requirements: { elgOperation: challenge.elgOperation ?? 'AND', elgReq: challenge.elgReq },
        position: position++,
        syncedAt: now,
      });
  }
  return rows;
}

/** Reads the sandbox game's SBC feed (`{base}/feeds/sbc`). */
export async function fetchSbcFeed(baseUrl: string, fetchImpl: typeof fetch = fetch): Promise<SbcFeed> {
  const url = new URL('feeds/sbc', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`SBC feed answered ${response.status}`);
  return sbcFeedSchema.parse(await response.json());
}

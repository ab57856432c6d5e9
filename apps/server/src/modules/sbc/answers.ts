import {
  qualitySchema,
  raritySchema,
  type SbcChallengeView,
  type SbcClubView,
  type SbcRewardView,
  type SbcSolutionPlayer,
  type SbcSolutionProof,
} from '@tradedesk/domain';
import { sbcClubCardSchema } from '@tradedesk/domain/realtime';
import { z } from 'zod';
import { answerOf } from '../../lib/answer.js';

/*
 * The response schemas of /api/sbc: the shapes of the domain's SBC views (`sbc/api-views.ts`), each
 * checked against its interface, so the web and the serializer cannot drift apart. A field the
 * schema does not name is never sent.
 */

const solutionPlayerSchema = z.object({
  definitionId: z.number(),
  position: z.string(),
  slot: z.number(),
  price: z.number(),
  chemistry: z.number(),
  clubId: z.number(),
  nationId: z.number(),
  leagueId: z.number(),
  rating: z.number(),
  name: z.string(),
}) satisfies z.ZodType<SbcSolutionPlayer>;

const proofSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('optimal') }),
  z.object({ kind: z.literal('bounded'), lowerBound: z.number(), gap: z.number() }),
]) satisfies z.ZodType<SbcSolutionProof>;

/** The market is the stored text (`pc`, `ps`), shown as stored rather than refused. */
const solutionSchema = z.object({
  solutionId: z.string(),
  createdAt: z.string(),
  platform: z.string(),
  cost: z.number(),
  proof: proofSchema,
  players: z.array(solutionPlayerSchema),
});

const rewardSchema = z.object({
  type: z.enum(['player', 'pack']),
  name: z.string().optional(),
  description: z.string().optional(),
  imageId: z.string().optional(),
}) satisfies z.ZodType<SbcRewardView>;

type ChallengeAnswer = Omit<SbcChallengeView, 'solutions' | 'subChallenges'> & {
  solutions: z.infer<typeof solutionSchema>[];
  subChallenges: ChallengeAnswer[];
};
const challengeSchema: z.ZodType<ChallengeAnswer> = z.lazy(() =>
  z.object({
    challengeId: z.string(),
    name: z.string(),
    imageId: z.string(),
    rewards: z.array(rewardSchema),
    expiresAt: z.string().nullable(),
    solutions: z.array(solutionSchema),
    unsolvableReason: z.string().optional(),
    subChallenges: z.array(challengeSchema),
  }),
);

const clubSchema = z.object({
  accountId: z.string(),
  readAt: z.string().nullable(),
  isReading: z.boolean(),
  cards: z.array(
    sbcClubCardSchema.extend({
      name: z.string().nullable(),
      rating: z.number().nullable(),
      rarity: raritySchema.exclude(['any']).nullable(),
      quality: qualitySchema.exclude(['any']).nullable(),
    }),
  ),
}) satisfies z.ZodType<SbcClubView>;

/** GET /challenges: the live challenges, each with its solution for the asked market. */
export const challengesAnswer = answerOf(z.array(challengeSchema));
/** GET /solution/:id: one stored solution. */
export const solutionAnswer = answerOf(solutionSchema);
/** GET /club/:accountId: the account's club as its last read found it. */
export const clubAnswer = answerOf(clubSchema);
/** GET /club/:accountId/solution/:challengeId: the account's squad, its own cards marked `owned`. */
export const accountSolutionAnswer = answerOf(
  z.object({
    accountId: z.string(),
    challengeId: z.string(),
    platform: z.string(),
    createdAt: z.string(),
    cost: z.number(),
    proof: proofSchema,
    players: z.array(solutionPlayerSchema.extend({ owned: z.boolean() })),
  }),
);
/** DELETE /challenge/:id: the challenge deleted. */
export const challengeDeletedAnswer = answerOf(z.object({ challengeId: z.string() }));

import { z } from 'zod';
import { intLike, itemDataSchema, listOf } from './items.js';

const awardSchema = z.object({
  type: z.string().optional(),
  value: z.union([z.number(), z.string()]).optional(),
  count: z.number().int().optional(),
  isUntradeable: z.boolean().optional(),
  itemData: itemDataSchema.optional(),
});

const setSchema = z.object({
  setId: intLike,
  name: z.string(),
  description: z.string().optional(),
  challengesCount: z.number().int().optional(),
  challengesCompletedCount: z.number().int().optional(),
  endTime: z.number().optional(),
  repeatable: z.boolean().optional(),
  repeats: z.number().int().optional(),
  timesCompleted: z.number().int().optional(),
  hidden: z.boolean().optional(),
  awards: listOf(awardSchema),
});
export type SbcSet = z.infer<typeof setSchema>;

export const setsAnswerSchema = z.object({
  categories: listOf(
    z.object({
      categoryId: intLike,
      name: z.string(),
      priority: z.number().optional(),
      sets: listOf(setSchema),
    }),
  ),
});

/**
 * One entry of the flat `elgReq` list; entries sharing `eligibilitySlot` form one requirement.
 * `eligibilityKey` is the web app's numeric `SBCEligibilityKey` (19 TEAM_RATING, 13 SCOPE, ...) and
 * `type` its name; some clients saw the name in the key itself, so both forms are accepted.
 */
const requirementSchema = z.object({
  type: z.string().optional(),
  eligibilitySlot: z.number().int().optional(),
  eligibilityKey: z.union([z.number().int(), z.string()]),
  eligibilityValue: z.union([z.number(), z.string()]),
});

const challengeSchema = z.object({
  challengeId: intLike,
  setId: intLike.optional(),
  name: z.string(),
  description: z.string().optional(),
  formation: z.string().optional(),
  status: z.string().optional(),
  repeatable: z.boolean().optional(),
  timesCompleted: z.number().int().optional(),
  endTime: z.number().optional(),
  elgOperation: z.string().optional(),
  elgReq: listOf(requirementSchema),
});
export type SbcChallenge = z.infer<typeof challengeSchema>;

export const challengesAnswerSchema = z.object({ challenges: listOf(challengeSchema) });

export const squadAnswerSchema = z.object({
  challengeId: intLike.optional(),
  playerRequirements: listOf(z.object({ index: z.number().int(), playerType: z.string().optional() })),
  squad: z.object({
    id: intLike.optional(),
    formation: z.string().optional(),
    rating: z.number().optional(),
    chemistry: z.number().optional(),
    players: listOf(z.object({ index: z.number().int(), itemData: itemDataSchema })),
  }),
});
export type SbcSquad = z.infer<typeof squadAnswerSchema>;

export const submitAnswerSchema = z.object({
  challengeId: intLike.optional(),
  setId: intLike.optional(),
  grantedChallengeAwards: listOf(awardSchema),
});

export const chemistryProfilesAnswerSchema = z.object({ version: intLike });

import { z } from 'zod';
import { currencySchema, intLike, listOf } from './items.js';

export const creditsAnswerSchema = z.object({
  credits: z.number().int(),
  currencies: listOf(currencySchema),
  unopenedPacks: z.unknown().optional(),
  bidTokens: z.unknown().optional(),
});

export const userMassInfoAnswerSchema = z.object({
  userInfo: z.object({
    personaId: intLike.optional(),
    personaName: z.string().optional(),
    clubName: z.string().optional(),
    clubAbbr: z.string().optional(),
    credits: z.number().int().optional(),
    feature: z.object({ trade: z.number().int().optional() }).partial().optional(),
    unassignedPileSize: z.union([z.string(), z.number()]).optional(),
  }),
  pileSizeClientData: z
    .object({ entries: z.array(z.object({ key: intLike, value: intLike })).default([]) })
    .optional(),
});

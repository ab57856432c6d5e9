import { z } from 'zod';
import { intLike } from './items.js';

export const moveAnswerSchema = z.object({
  itemData: z
    .array(
      z.object({
        id: intLike,
        pile: z.union([z.string(), z.number()]).optional(),
        success: z.boolean(),
        reason: z.string().optional(),
        errorCode: intLike.optional(),
      }),
    )
    .default([]),
});

export const listAnswerSchema = z.object({ id: intLike, idStr: z.string().optional() });

export const relistAnswerSchema = z.object({
  tradeIdList: z
    .array(z.object({ id: intLike, idStr: z.string().optional() }))
    .nullish()
    .transform((value) => value ?? []),
});

export const quickSellAnswerSchema = z
  .object({
    items: z.array(z.object({ id: intLike })).optional(),
    totalCredits: z.number().int().optional(),
  })
  .optional()
  .transform((value) => value ?? {});

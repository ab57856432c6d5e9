import { z } from 'zod';
import { dateTimeSchema, intLike, nonNegativeIntLike } from './common.js';

/** One card of a saved transfer list. */
export const transferListItemSchema = z.object({
  id: intLike(),
  listPrice: nonNegativeIntLike(),
  order: nonNegativeIntLike(),
});
export type TransferListItem = z.infer<typeof transferListItemSchema>;

export const transferListSchema = z.object({
  id: z.string(),
  players: z.array(transferListItemSchema),
  updatedAt: dateTimeSchema.nullable(),
});
export type TransferList = z.infer<typeof transferListSchema>;

/** POST /transfer/players */
export const transferListCreateSchema = z.object({ players: z.array(transferListItemSchema) });

/** GET /transfer/players when nothing is stored. */
export function emptyTransferList(): TransferList {
  return { id: '', players: [], updatedAt: null };
}

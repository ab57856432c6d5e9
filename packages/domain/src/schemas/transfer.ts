import { z } from 'zod';
import { coinsSchema, dateTimeSchema, intLike, nonNegativeIntLike } from './common.js';
import { MAX_PRICE } from '../math/price-ladder.js';
import { idText, storableText, TEXT_LIMITS } from './text.js';

/** One card of a saved transfer list. */
export const transferListItemSchema = z.object({
  id: intLike().pipe(
    z
      .number()
      .min(0)
      .max(2 ** 31 - 1),
  ),
  listPrice: nonNegativeIntLike().pipe(z.number().max(MAX_PRICE)),
  order: nonNegativeIntLike().pipe(z.number().max(10_000)),
});
export type TransferListItem = z.infer<typeof transferListItemSchema>;

export const transferListSchema = z.object({
  id: z.string(),
  players: z.array(transferListItemSchema),
  updatedAt: dateTimeSchema.nullable(),
});
export type TransferList = z.infer<typeof transferListSchema>;

/** A transfer list holds at most one tradepile's worth of cards (ours). */
export const TRANSFER_LIST_MAX_PLAYERS = 100;

/** POST /transfer/players */
export const transferListCreateSchema = z.object({
  players: z.array(transferListItemSchema).max(TRANSFER_LIST_MAX_PLAYERS),
});

/** GET /transfer/players when nothing is stored. */
export function emptyTransferList(): TransferList {
  return { id: '', players: [], updatedAt: null };
}

/** A card of a pile as the transfer tool counts it (each card has an id). */
export const transferPileCardSchema = z.object({ id: z.number().int().nonnegative() }).passthrough();

/** A screenshot as a PNG data URL (at most ~3 MB of text), or '' when none was taken. */
export const transferScreenshotSchema = z
  .string()
  .max(4_000_000)
  .refine((text) => text === '' || text.startsWith('data:image/png;base64,'), 'Screenshot must be a PNG');

/** Transfer-side account metadata (spec 001 §3): what the last sync saw of an account. */
export const transferAccountMetadataSchema = z.object({
  username: storableText(TEXT_LIMITS.name),
  coins: coinsSchema(),
  unassigned: z.array(transferPileCardSchema).max(1_000),
  tradepile: z.array(transferPileCardSchema).max(1_000),
  screenshot: transferScreenshotSchema,
});
export type TransferAccountMetadata = z.infer<typeof transferAccountMetadataSchema>;

/** The default when no metadata is stored (the spec leaves it open): nothing synced yet. */
export function defaultTransferAccountMetadata(): TransferAccountMetadata {
  return { username: '', coins: 0, unassigned: [], tradepile: [], screenshot: '' };
}

/**
 * POST /client-transfer/ (event, data). `metadata` stores what the page shows of an account
 * (ours: the spec only says the response is not read).
 */
export const clientTransferEventSchema = z.object({
  event: z.literal('metadata'),
  data: transferAccountMetadataSchema.extend({ accountId: idText() }),
});
export type ClientTransferEvent = z.infer<typeof clientTransferEventSchema>;

import { z } from 'zod';
import { notificationTypeSchema } from '../enums/notification.js';
import { platformSchema, reportPlatformSchema } from '../enums/platform.js';
import { intLike, nonNegativeIntLike } from './common.js';

/**
 * The outcome of one buy attempt, posted to the chat webhook. `value` is the profit (or
 * loss) after tax; `listingTime` the milliseconds between the listing and the buy.
 */
export const snipeResultReportSchema = z.object({
  buyerId: z.string().min(1),
  platform: reportPlatformSchema,
  playerId: intLike(),
  playerName: z.string(),
  buyPrice: nonNegativeIntLike(),
  sellPrice: nonNegativeIntLike(),
  tax: nonNegativeIntLike(),
  value: intLike(),
  listingTime: nonNegativeIntLike().optional(),
  /** The game's error code; present only when the buy failed. */
  errorCode: intLike().optional(),
});
export type SnipeResultReport = z.infer<typeof snipeResultReportSchema>;

/** A report is a failure when it carries an error code. */
export function isFailedSnipe(report: { errorCode?: number | undefined }): boolean {
  return report.errorCode !== undefined;
}

/** One embed field of a chat message. */
export const serverLogFieldSchema = z.object({
  name: z.string(),
  value: z.string(),
  inline: z.boolean().optional(),
});

/** A run message for the chat webhook (sent for debug-type notifications). */
export const serverLogMessageSchema = z.object({
  title: z.string().optional(),
  message: z.string(),
  clubName: z.string(),
  type: notificationTypeSchema,
  /** Embed colour as a 24-bit RGB number. */
  color: intLike().optional(),
  requests: nonNegativeIntLike().optional(),
  searches: nonNegativeIntLike().optional(),
  fields: z.array(serverLogFieldSchema).optional(),
});
export type ServerLogMessage = z.infer<typeof serverLogMessageSchema>;

export const logEntryTypeSchema = z.enum(['transfer', 'snipe']);
export type LogEntryType = z.infer<typeof logEntryTypeSchema>;

/** A stored record of a snipe or transfer; `rarity` is the card's EA rarity id. */
export const logEntrySchema = z.object({
  accountId: z.string().min(1),
  playerId: intLike(),
  playerName: z.string(),
  buyPrice: nonNegativeIntLike(),
  sellPrice: nonNegativeIntLike(),
  rarity: intLike(),
  platform: platformSchema,
  isSuccess: z.boolean(),
  type: logEntryTypeSchema,
  errorCode: intLike().optional(),
  listingTime: nonNegativeIntLike().optional(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** Where a follow-up left a card just bought (the engine's follow-up outcome). */
export const followUpPlacementSchema = z.enum([
  'club',
  'transfer-list',
  'listed',
  'quick-sold',
  'unassigned',
]);
export type FollowUpPlacement = z.infer<typeof followUpPlacementSchema>;

/** The name a report carries when nothing named the card; the server names it from the catalogue. */
export const unnamedPlayer = (playerId: number) => `Player ${playerId}`;

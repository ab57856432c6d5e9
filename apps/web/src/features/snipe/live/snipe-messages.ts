import {
  accountSchema,
  accountStatusSchema,
  notificationKindSchema,
  sessionSchema,
  snipeResultReportSchema,
} from '@tradedesk/domain';
import { z } from 'zod';

const accountRef = z.object({ accountId: z.string().min(1) });
/** The running session's filters (older servers sent none). */
const runningFilterIds = z.array(z.string()).optional();

/** update-account carries the changed fields of one account (docs/realtime.md). */
const accountUpdateSchema = accountSchema
  .pick({
    status: true,
    description: true,
    coins: true,
    isCoinBalanceKnown: true,
    profits: true,
    session: true,
    username: true,
    imageUrl: true,
  })
  .partial()
  .extend({ id: z.string().min(1), status: accountStatusSchema.optional() });

/** Every `message` the server sends on /client/snipe, checked before it touches the cache. */
export const snipeServerMessageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accounts'), data: z.array(accountSchema) }),
  z.object({ action: z.literal('update-account'), data: accountUpdateSchema }),
  z.object({ action: z.literal('upsert-session'), data: sessionSchema }),
  z.object({ action: z.literal('snipe-result'), data: snipeResultReportSchema.extend(accountRef.shape) }),
  z.object({ action: z.literal('break-start'), data: accountRef.extend({ until: z.unknown().optional() }) }),
  z.object({ action: z.literal('break-end'), data: accountRef }),
  z.object({ action: z.literal('stop'), data: accountRef.extend({ reason: z.string().default('') }) }),
  z.object({
    action: z.literal('notification'),
    data: z.object({
      type: notificationKindSchema,
      message: z.string(),
      /** Present when the server kept it (a notification); absent for a passing toast. */
      id: z.string().optional(),
      createdAt: z.string().optional(),
      isRead: z.boolean().optional(),
      /** Which notice switch governs its toast. */
      topic: z.enum(['run', 'snipe', 'break', 'follow-up']).optional(),
    }),
  }),
  z.object({
    action: z.literal('snipe-started'),
    // fleetId: the run is a part of this fleet (accounts started together), absent for a run of its own.
    data: accountRef.extend({ filterIds: runningFilterIds, fleetId: z.string().min(1).optional() }),
  }),
  z.object({
    action: z.literal('filter-switched'),
    data: accountRef.extend({ filterIds: runningFilterIds }),
  }),
  // Launch Account's answer (the transfer hub's `webapp-launched`, read by shared/webapp-launch).
  z.object({ action: z.literal('webapp-launched'), data: z.record(z.string(), z.unknown()) }),
]);
export type SnipeServerMessage = z.infer<typeof snipeServerMessageSchema>;

/** The `error` event: a rejected action. */
export const snipeErrorEventSchema = z.object({ description: z.string() });

import {
  accountStatusSchema,
  logEntrySchema,
  notificationTypeSchema,
  platformSchema,
  raritySchema,
  snipeResultReportSchema,
  type Configuration,
  type Platform,
  type SnipeFilter,
} from '@tradedesk/domain';
import { z } from 'zod';

/**
 * The `/client/agent` contract as the server reads it (docs/realtime.md). Agents are trusted less
 * than our own code: everything they send is validated here.
 */
const int = z.number().int();
const stamped = { at: z.number(), accountId: z.string().min(1) };

export const engineEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...stamped,
    type: z.literal('account-update'),
    status: accountStatusSchema,
    coins: int.nonnegative().optional().nullable(),
    profits: int,
  }),
  z.object({
    ...stamped,
    type: z.literal('session-upsert'),
    startedAt: z.number().nonnegative(),
    endedAt: z.number().nonnegative().nullable(),
    requests: int.nonnegative(),
    searches: int.nonnegative(),
  }),
  z.object({
    ...stamped,
    type: z.literal('snipe-result'),
    report: snipeResultReportSchema,
    logEntry: logEntrySchema,
  }),
  z.object({ ...stamped, type: z.literal('break-start'), until: z.number() }),
  z.object({ ...stamped, type: z.literal('break-end') }),
  z.object({ ...stamped, type: z.literal('stop'), reason: z.string().min(1), message: z.string() }),
  z.object({ ...stamped, type: z.literal('notice'), level: notificationTypeSchema, message: z.string() }),
]);
export type AgentEngineEvent = z.infer<typeof engineEventSchema>;

/** `session-event`: one engine event of one lease; `seq` numbers the lease's events from 0. */
export const sessionEventSchema = z.object({
  leaseId: z.string().min(1),
  seq: int.nonnegative(),
  event: engineEventSchema,
});

/** `heartbeat` (volatile): the leases the agent still runs. */
export const heartbeatSchema = z.object({ leaseIds: z.array(z.string().min(1)).max(10_000) });

/** Handshake `auth` of an agent. */
export const agentHandshakeSchema = z.object({
  key: z.string().min(1),
  agentId: z.string().min(1).max(200),
  capacity: int.min(0).max(10_000),
  sessions: z.array(z.object({ accountId: z.string().min(1), leaseId: z.string().min(1) })).default([]),
});
export type AgentHandshake = z.infer<typeof agentHandshakeSchema>;

/** Server → agent `session-start` (acknowledged with `AgentAck`). */
export interface SessionStartCommand {
  leaseId: string;
  accountId: string;
  email: string;
  password: string;
  backupCode: string;
  platform: Platform;
  filters: SnipeFilter[];
  configuration: Configuration;
}

/** Server → agent `session-switch-filter` (acknowledged). */
export interface SessionSwitchCommand {
  leaseId: string;
  accountId: string;
  filter: SnipeFilter;
}

/** Server → agent `session-stop`. */
export interface SessionStopCommand {
  leaseId: string;
  accountId: string;
}

export const agentAckSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type AgentAck = z.infer<typeof agentAckSchema>;

/** Agent → server `price-request` (acknowledged with `PriceAnswer`). */
export const priceRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('player'), definitionId: int.positive(), platform: platformSchema }),
  z.object({ kind: z.literal('rarity'), rarity: raritySchema.exclude(['any']), platform: platformSchema }),
  z.object({
    kind: z.literal('fodder'),
    rating: int.min(1).max(99),
    quality: z.enum(['gold', 'special']),
    platform: platformSchema,
  }),
]);

/** A current price of the database; `observedAt` in epoch ms (the engine judges staleness). */
export interface WirePriceQuote {
  definitionId: number;
  price: number;
  source: string;
  observedAt: number;
  playerName?: string;
}
export type PriceAnswer = { ok: true; quotes: WirePriceQuote[] } | { ok: false; message: string };

/** Agent → server `price-observations`: the lowest Buy Now per card its searches showed. */
export const priceObservationsSchema = z.object({
  observations: z
    .array(
      z.object({
        definitionId: int.positive(),
        platform: platformSchema,
        price: int.positive(),
        observedAt: z.number(),
      }),
    )
    .min(1)
    .max(1_000),
});

import { z } from 'zod';
import { accountStatusSchema } from '../schemas/user-enums.js';
import { notificationTypeSchema } from '../enums/notification.js';
import { platformSchema } from '../enums/platform.js';
import { raritySchema } from '../enums/rarity.js';
import { configurationSchema, type Configuration } from '../schemas/configuration.js';
import { filterSchema, type SnipeFilter } from '../schemas/filters/index.js';
import { followUpPlacementSchema, logEntrySchema, snipeResultReportSchema } from '../schemas/reports.js';
import { MAX_PRICE } from '../math/price-ladder.js';

/** A coin price on the game's ladder range, as every agent command and event carries it. */
export const gamePriceSchema = z.number().int().min(0).max(MAX_PRICE);

/**
 * The `/client/agent` contract (docs/realtime.md), imported by both the server and the agent.
 * Each side validates what it receives with these schemas: the server everything an agent sends
 * (agents are trusted less than the server), the agent the server's commands and answers.
 */
export const agentSocketPath = '/client/agent';

const int = z.number().int();
const id = z.string().min(1);
/** Accounts one fleet may hold (far above any licence's account count). */
export const MAX_FLEET_ACCOUNTS = 100;

/** Handshake `auth`. `sessions` lets a reconnecting agent resume what it still runs. */
export const agentHandshakeSchema = z.object({
  key: id,
  agentId: id.max(200),
  capacity: int.min(0).max(10_000),
  sessions: z.array(z.object({ accountId: id, leaseId: id })).default([]),
});
export type AgentHandshake = z.input<typeof agentHandshakeSchema>;

// ---- Server → agent -------------------------------------------------------------------------

/**
 * A run's part of a fleet: the fleet's id and every account of it (the same in every part). The
 * server keeps it with the run, so the accounts list can show the fleet the run belongs to.
 */
export const fleetPartSchema = z.object({
  id,
  accountIds: z
    .array(id)
    .min(2, 'A fleet needs at least two accounts')
    .max(MAX_FLEET_ACCOUNTS, `A fleet holds at most ${MAX_FLEET_ACCOUNTS} accounts`),
});
export type FleetPart = z.infer<typeof fleetPartSchema>;

/** The fleet part a stored value names, or undefined when it names none (a run of its own). */
export function fleetPartOf(value: unknown): FleetPart | undefined {
  const parsed = fleetPartSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** `session-start` (acknowledged with `AgentAck`). */
export const sessionStartSchema = z.object({
  leaseId: id,
  accountId: id,
  email: id,
  password: z.string(),
  backupCode: z.string(),
  platform: platformSchema,
  /** The user signs in to the game's web app window themselves (headful runs). */
  isManualLogin: z.boolean().optional(),
  filters: z.array(filterSchema).min(1),
  configuration: configurationSchema,
  /**
   * Prices observed longer ago than this are stale and never bought on: the server's
   * PRICE_STALE_AFTER_MS, so a session and the price database agree (absent: the engine default).
   */
  maxPriceAgeMs: z.number().int().positive().optional(),
  /**
   * The account's previous run ended with its agent lost, and its purchases are not reconciled
   * yet: after sign-in, read the unassigned pile and report its bought cards (`unassigned-purchases`,
   * sent even when it holds none, so the server knows the pile was looked at). Absent or false: no
   * read, since each costs a game request of the user's budget.
   */
  readUnassignedPile: z.boolean().optional(),
  /**
   * This run is one account's part of a fleet: the user's accounts of one platform started
   * together, sniping as one team (docs/decisions/snipe-engine.md, "Fleet"). Every part names the
   * same id and accounts; the agent runs them as one. Absent: the account runs alone.
   */
  fleet: fleetPartSchema.optional(),
});
/** A start command as the agent reads it. */
export type SessionStart = z.infer<typeof sessionStartSchema>;
/** A start command as the server sends it: only snipe filters. */
export type SessionStartCommand = Omit<SessionStart, 'filters' | 'configuration'> & {
  filters: SnipeFilter[];
  configuration: Configuration;
};

/** `session-stop` (not acknowledged: the run's own stop event follows). */
export const sessionStopSchema = z.object({ leaseId: id, accountId: id });
export type SessionStopCommand = z.infer<typeof sessionStopSchema>;

/** `session-switch-filter` (acknowledged); the engine checks the filter and answers its setup message. */
export const sessionSwitchSchema = sessionStopSchema.extend({ filter: z.unknown() });
export type SessionSwitchCommand = SessionStopCommand & { filter: SnipeFilter };

/** The agent's answer to `session-start` and `session-switch-filter`. */
export const agentAckSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type AgentAck = z.infer<typeof agentAckSchema>;

// ---- Agent → server -------------------------------------------------------------------------

const stamped = { at: z.number(), accountId: id };

/**
 * A bought card the account's unassigned pile holds at sign-in: a Buy Now whose event never
 * reached the server (its agent died in between) leaves its card there, and nowhere else.
 */
export const unassignedPurchaseSchema = z.object({
  itemId: int.positive(),
  definitionId: int.positive(),
  rarity: int.nonnegative(),
  /** What the account paid: the item's `lastSalePrice`. */
  price: gamePriceSchema.min(1),
});
export type UnassignedPurchase = z.infer<typeof unassignedPurchaseSchema>;

/** One engine event on the wire (the engine's `EngineEvent` must fit it; the agent checks so). */
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
    /** The game's id of the card bought (successful buys): a purchase found later is matched by it. */
    itemId: int.positive().optional(),
  }),
  z.object({
    ...stamped,
    type: z.literal('unassigned-purchases'),
    /** Bought cards in the account's unassigned pile at sign-in (the pile holds at most 100; none is a report too). */
    items: z.array(unassignedPurchaseSchema).max(100),
  }),
  z.object({
    ...stamped,
    type: z.literal('follow-up'),
    playerId: int,
    playerName: z.string().max(200),
    placement: followUpPlacementSchema,
    sellPrice: int.nonnegative(),
  }),
  z.object({
    ...stamped,
    type: z.literal('identity'),
    username: z.string().max(100),
    imageUrl: z.string().max(2_000),
  }),
  z.object({ ...stamped, type: z.literal('break-start'), until: z.number() }),
  z.object({ ...stamped, type: z.literal('break-end') }),
  z.object({ ...stamped, type: z.literal('stop'), reason: id, message: z.string() }),
  z.object({ ...stamped, type: z.literal('notice'), level: notificationTypeSchema, message: z.string() }),
]);
export type WireEngineEvent = z.infer<typeof engineEventSchema>;

/** `session-event`: one engine event of one lease; `seq` numbers the lease's events from 0. */
export const sessionEventSchema = z.object({ leaseId: id, seq: int.nonnegative(), event: engineEventSchema });
export type SessionEvent = z.input<typeof sessionEventSchema>;

/**
 * The server's answer to `session-event`; `stop` says the lease is over on its side; `retry` says
 * the server could not store the event now (its database is away) and the agent must send it again.
 */
export const eventAckSchema = z.object({
  ok: z.boolean(),
  message: z.string().optional(),
  stop: z.boolean().optional(),
  retry: z.boolean().optional(),
});
export type EventAck = z.infer<typeof eventAckSchema>;

/**
 * `session-hand-back` (acknowledged with `EventAck`): a leaving agent (SIGTERM) stopped this session
 * and delivered every event of it; it sends this instead of the run's stop event, and the server
 * moves the run to another agent under a new lease. Sent once the agent said `agent-leaving`
 * (acknowledged, no payload), after which no node picks it for new runs.
 */
export const sessionHandBackSchema = z.object({ leaseId: id, accountId: id });
export type SessionHandBack = z.infer<typeof sessionHandBackSchema>;

/**
 * `sessions-hand-back` (acknowledged with `EventAck` once every session named is moved or ended):
 * what a leaving agent sends instead of one `session-hand-back` per session — all its stopped
 * sessions in one message, so a hundred runs do not wait in the socket's ordered queue one round
 * trip each. A session named twice, or already moved, changes nothing.
 */
export const sessionsHandBackSchema = z.object({
  sessions: z.array(sessionHandBackSchema).min(1).max(10_000),
});
export type SessionsHandBack = z.infer<typeof sessionsHandBackSchema>;

/**
 * `run-hand-back` (acknowledged with `EventAck`): a leaving agent stopped this run, which cannot
 * resume on another agent (a transfer, a sync, an SBC solver run, a rehearsal, a marketplace
 * delivery's transfer), and delivered every event of it; the server ends it now, if its own outcome
 * did not, rather than leaving it to the lost-agent rule.
 */
export const runHandBackSchema = z.object({
  kind: z.enum(['transfer', 'sync', 'sbc', 'rehearsal', 'delivery']),
  runId: id,
});
export type RunHandBack = z.infer<typeof runHandBackSchema>;

/**
 * `heartbeat` (volatile): the runs the agent still holds, snipe sessions by lease, transfers (and
 * syncs) by id, and its other runs (SBC solver runs, rehearsals) by id; one rule finds a lost agent's
 * runs of every kind by their last beat. `transferIds` and `runIds` are optional so an agent from
 * before them still connects (those runs are then judged by their events).
 */
export const heartbeatSchema = z.object({
  leaseIds: z.array(id).max(10_000),
  transferIds: z.array(id).max(10_000).optional(),
  runIds: z.array(id).max(10_000).optional(),
});
export type Heartbeat = z.infer<typeof heartbeatSchema>;

/** `price-request` (acknowledged with `PriceAnswer`, read from the price database). */
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
export type PriceRequest = z.infer<typeof priceRequestSchema>;

/** A current price of the database; `observedAt` in epoch ms (the engine judges staleness). */
export const wirePriceQuoteSchema = z.object({
  definitionId: int,
  price: int.positive(),
  source: z.string(),
  observedAt: z.number(),
  playerName: z.string().optional(),
});
export type WirePriceQuote = z.infer<typeof wirePriceQuoteSchema>;

export const priceAnswerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), quotes: z.array(wirePriceQuoteSchema) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type PriceAnswer = z.infer<typeof priceAnswerSchema>;

/** `price-observations` (volatile): the lowest Buy Now per card and platform the searches saw. */
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
export type PriceObservations = z.infer<typeof priceObservationsSchema>;

import { z } from 'zod';
import { platformSchema } from '../enums/platform.js';
import { qualitySchema } from '../enums/quality.js';
import { raritySchema } from '../enums/rarity.js';
import { transferConfigSchema } from '../schemas/configuration.js';
import { transferFilterSchema } from '../schemas/filters/transfer.js';
import { idText, storableText, TEXT_LIMITS } from '../schemas/text.js';
import { webAppBlockingViews } from '../web-app/page-api.js';
import { eventAckSchema, gamePriceSchema, type AgentAck, type EventAck } from './agent-contract.js';

/**
 * The coin-transfer part of the `/client/agent` contract (same socket, same handshake and
 * acknowledgements as the snipe sessions in agent-contract.ts).
 *
 * Server → agent (each acknowledged with `AgentAck`: `{ok: true}` = accepted and running, the
 * outcome follows as `transfer-event`s; `{ok: false, message}` = refused, nothing happened):
 * - `transfer-sync`           {transferId, route, buyer, seller, filter, configuration}
 * - `transfer-start`          {transferId, route, buyer, seller, filter, configuration}
 * - `transfer-stop`           {transferId} (not acknowledged: the run's terminal event follows)
 * - `transfer-fetch-latency`  {transferId, route, seller, configuration}
 * - `transfer-fetch-market-prices` {transferId, route, seller, player}
 * - `transfer-screenshot`     {transferId, route, account, isBuyer}
 * - `transfer-launch-webapp`  {transferId, route, account, isBuyer} (Launch Webapp: a visible browser, signed in)
 *
 * `route` says whose the command's events are (`transferRouteSchema`); the agent echoes it in each of
 * them, and the server stores and routes them by its `kind`, never by the shape of the id.
 *
 * Agent → server: `transfer-event {route, transferId, seq, event}`, acknowledged with `EventAck` and
 * re-sent until acknowledged, also after a reconnect (seq numbers one transfer's events from 0,
 * so `{transferId}:{seq}` is a replay-safe key). `transferId` is the server's id of the run (or of
 * the one-off request: latency, prices, screenshot); the credit charge is keyed on the transfer id
 * of a `transfer-success` event, the only event that moves credits.
 *
 * A transfer run's events, in the order they happen:
 *   sync-result → (latency-result) → list-player → list-success → purchase-success | purchase-skipped
 *   → transfer-success | transfer-failed → auto-list-* or buy-back-* (only after a success).
 * Every `transfer-start` has exactly one outcome, transfer-success or transfer-failed (a refusal
 * before anything moved — seller lacks the card, buyer lacks the coins, latency above safe — is a
 * transfer-failed with the reason). `error` answers a `transfer-sync` or a one-off request that
 * could not be done. The spec's progress steps: sync-result = Sync; purchase-* = Purchase Player;
 * list-* = List Player (the seller's listing, which in time comes before the purchase); transfer-* =
 * Result; auto-list-* / buy-back-* = Auto List.
 */

const int = z.number().int();
const coins = int.min(0).max(1_000_000_000);
const price = gamePriceSchema;
const transferId = idText();
const reason = storableText(TEXT_LIMITS.text).pipe(z.string().min(1));

/** A game account as the server hands it to the agent (decrypted credentials, never logged). */
export const transferAccountSchema = z.object({
  accountId: idText(),
  email: storableText(TEXT_LIMITS.secret).pipe(z.string().min(1)),
  password: storableText(TEXT_LIMITS.secret),
  backupCode: storableText(TEXT_LIMITS.secret),
  platform: platformSchema,
});
export type TransferAccount = z.infer<typeof transferAccountSchema>;

// ---- Server → agent -------------------------------------------------------------------------

/**
 * Whose a transfer command's events are: a transfer page's run (`transfer`), a user's one-off request
 * (`request`; `launch` for Launch Webapp, whose answer goes to the user's pages on both web hubs), a
 * marketplace delivery transfer (`market-delivery`) or a marketplace balance sync (`market-sync`).
 */
export const transferRouteSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('transfer') }),
  z.object({ kind: z.literal('market-delivery') }),
  z.object({ kind: z.enum(['request', 'launch', 'market-sync']), userId: idText() }),
]);
export type TransferRoute = z.infer<typeof transferRouteSchema>;

/** `transfer-sync`: read both accounts (coins, piles, the filter's card), screenshots per config. */
export const transferSyncCommandSchema = z.object({
  transferId,
  route: transferRouteSchema,
  buyer: transferAccountSchema,
  seller: transferAccountSchema,
  filter: transferFilterSchema,
  configuration: transferConfigSchema,
});
export type TransferSyncCommand = z.input<typeof transferSyncCommandSchema>;

/** `transfer-start`: the whole run (sync, latency guard, list, purchase, result, auto-list or buy-back). */
export const transferStartCommandSchema = transferSyncCommandSchema;
export type TransferStartCommand = z.input<typeof transferStartCommandSchema>;

/** `transfer-stop`: ends the run after the step in flight; piles stay consistent. */
export const transferStopCommandSchema = z.object({ transferId });
export type TransferStopCommand = z.infer<typeof transferStopCommandSchema>;

/** `transfer-fetch-latency`: the round trip to the game from the seller's session. */
export const transferLatencyCommandSchema = z.object({
  transferId,
  route: transferRouteSchema,
  seller: transferAccountSchema,
  configuration: transferConfigSchema,
});
export type TransferLatencyCommand = z.input<typeof transferLatencyCommandSchema>;

/** `transfer-fetch-market-prices`: the live lowest Buy Now of the filter's card, searched by the seller. */
export const transferMarketPricesCommandSchema = z.object({
  transferId,
  route: transferRouteSchema,
  seller: transferAccountSchema,
  player: z.object({
    id: int.positive(),
    rarity: raritySchema,
    quality: qualitySchema,
  }),
});
export type TransferMarketPricesCommand = z.infer<typeof transferMarketPricesCommandSchema>;

/** `transfer-screenshot`: a PNG of the account's coin balance in the game's web app. */
export const transferScreenshotCommandSchema = z.object({
  transferId,
  route: transferRouteSchema,
  account: transferAccountSchema,
  isBuyer: z.boolean(),
});
export type TransferScreenshotCommand = z.infer<typeof transferScreenshotCommandSchema>;

/** `transfer-launch-webapp`: opens the account's game web app in a visible browser, signed in. */
export const transferLaunchWebAppCommandSchema = transferScreenshotCommandSchema;
export type TransferLaunchWebAppCommand = z.infer<typeof transferLaunchWebAppCommandSchema>;

/** The command names and their schemas, for the agent's one dispatch table. */
export const transferCommandSchemas = {
  'transfer-sync': transferSyncCommandSchema,
  'transfer-start': transferStartCommandSchema,
  'transfer-stop': transferStopCommandSchema,
  'transfer-fetch-latency': transferLatencyCommandSchema,
  'transfer-fetch-market-prices': transferMarketPricesCommandSchema,
  'transfer-screenshot': transferScreenshotCommandSchema,
  'transfer-launch-webapp': transferLaunchWebAppCommandSchema,
} as const;
export type TransferCommandName = keyof typeof transferCommandSchemas;

/** The agent's answer to a transfer command (the snipe commands' answer). */
export type TransferCommandAck = AgentAck;

// ---- Agent → server -------------------------------------------------------------------------

/** A PNG as base64, bounded so one event stays well under Socket.IO's 1 MB default buffer. */
export const MAX_SCREENSHOT_BASE64_CHARS = 700_000;
export const screenshotPngSchema = z
  .string()
  .min(1)
  .max(MAX_SCREENSHOT_BASE64_CHARS)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Screenshot must be base64')
  // Every PNG starts with the same 8 bytes, which base64-encode to this prefix.
  .refine((text) => text.startsWith('iVBORw0KGgo'), 'Screenshot must be a PNG');

/** One owned card as the piles show it. */
export const transferPileItemSchema = z.object({
  id: int.positive(),
  definitionId: int.positive(),
  /** Present on the transfer list: the listing's trade id, its state and Buy Now. */
  tradeId: int.positive().optional(),
  tradeState: z.enum(['active', 'closed', 'expired', 'unlisted']).optional(),
  buyNowPrice: price.optional(),
});
export type TransferPileItem = z.infer<typeof transferPileItemSchema>;

/** The filter's card as found among the seller's cards (null: the seller does not have it). */
export const transferCardSchema = z.object({
  itemId: int.positive(),
  definitionId: int.positive(),
  name: storableText(TEXT_LIMITS.name),
  rarity: raritySchema,
  quality: qualitySchema,
  /** The transfer price: the filter's Buy Now. */
  value: price,
  pile: z.enum(['unassigned', 'tradepile', 'club']),
});
export type TransferCard = z.infer<typeof transferCardSchema>;

/** What a sync read of one account (the transfer-side account metadata plus the card). */
export const transferAccountSnapshotSchema = z.object({
  accountId: idText(),
  username: storableText(TEXT_LIMITS.name),
  coins,
  tradepile: z.array(transferPileItemSchema).max(500),
  unassigned: z.array(transferPileItemSchema).max(500),
  card: transferCardSchema.nullable(),
  screenshot: screenshotPngSchema.nullable(),
});
export type TransferAccountSnapshot = z.infer<typeof transferAccountSnapshotSchema>;

const at = { at: z.number().finite().nonnegative() };
const listing = { tradeId: int.positive(), price, duration: int.positive() };

/** One transfer event on the wire. */
export const transferEventSchema = z.discriminatedUnion('type', [
  /** Sync done ('Data synced'): both accounts as read. */
  z.object({
    ...at,
    type: z.literal('sync-result'),
    buyer: transferAccountSnapshotSchema,
    seller: transferAccountSnapshotSchema,
  }),
  /** 'Latency: N ms'; `isAboveSafe` when safeLatency > 0 and the latency exceeds it (the run stops). */
  z.object({
    ...at,
    type: z.literal('latency-result'),
    accountId: idText(),
    latencyMs: int.min(0).max(600_000),
    isAboveSafe: z.boolean(),
  }),
  /** The seller starts listing the card at the filter's Buy Now and duration. */
  z.object({ ...at, type: z.literal('list-player'), price, duration: int.positive() }),
  /** The seller's listing is live; `tradeId` is the one listing the buyer may buy. */
  z.object({ ...at, type: z.literal('list-success'), ...listing }),
  /** The buyer bought the seller's own listing (coins moved). */
  z.object({
    ...at,
    type: z.literal('purchase-success'),
    tradeId: int.positive(),
    price,
    searches: int.min(0),
    attempts: int.min(1),
  }),
  /** The buyer did not buy (not found within the retries, stopped, game error): no coins moved. */
  z.object({ ...at, type: z.literal('purchase-skipped'), reason, searches: int.min(0) }),
  /** The transfer's outcome ('Transfer completed'): buyer paid `price`, seller received after tax. */
  z.object({
    ...at,
    type: z.literal('transfer-success'),
    filter: transferFilterSchema,
    price,
    buyerPaid: coins,
    sellerReceived: coins,
    tax: coins,
  }),
  /** The transfer failed ('Transfer failed') with the reason; nothing was charged in coins. */
  z.object({ ...at, type: z.literal('transfer-failed'), filter: transferFilterSchema, reason }),
  /** Auto-list (buyer): after the filter's delay the buyer lists the card at bid / Buy Now. */
  z.object({ ...at, type: z.literal('auto-list-start'), bidPrice: price, buyNowPrice: price }),
  z.object({
    ...at,
    type: z.literal('auto-list-success'),
    ...listing,
    bidPrice: price,
  }),
  z.object({ ...at, type: z.literal('auto-list-skipped'), reason }),
  /** Auto buy-back: the buyer lists, the seller buys it back (buyBackDuration) for the next transfer. */
  z.object({ ...at, type: z.literal('buy-back-start'), bidPrice: price, buyNowPrice: price }),
  z.object({ ...at, type: z.literal('buy-back-success'), ...listing }),
  z.object({ ...at, type: z.literal('buy-back-skipped'), reason }),
  /** The live lowest Buy Now of the card (null: none listed). */
  z.object({
    ...at,
    type: z.literal('market-prices-result'),
    definitionId: int.positive(),
    lowestBuyNow: price.nullable(),
    listings: int.min(0),
  }),
  /** A coin-balance screenshot of one account. */
  z.object({
    ...at,
    type: z.literal('screenshot-result'),
    accountId: idText(),
    isBuyer: z.boolean(),
    coins,
    screenshot: screenshotPngSchema,
  }),
  /**
   * The account's web app is open in a visible browser ('Launched webapp successfully'): on the
   * agent host's own desktop, or on a virtual display there (no screen: Xvfb). `coins` is what the
   * signed-in page shows, null when it shows no balance; `blockedBy` names the blocking screen
   * (captcha, soft ban, locked market) the page shows, if any.
   */
  z.object({
    ...at,
    type: z.literal('webapp-launched'),
    accountId: idText(),
    isBuyer: z.boolean(),
    display: z.enum(['desktop', 'virtual']),
    host: storableText(TEXT_LIMITS.name).pipe(z.string().min(1)),
    coins: coins.nullable(),
    blockedBy: z.enum(webAppBlockingViews).nullable().default(null),
  }),
  /** A sync or a one-off request failed; `description` is shown as the step's error. */
  z.object({ ...at, type: z.literal('error'), description: reason }),
]);
export type TransferEvent = z.infer<typeof transferEventSchema>;
export type TransferEventType = TransferEvent['type'];

/** `transfer-event`: one event of one transfer; `seq` numbers the transfer's events from 0. */
export const transferEventEnvelopeSchema = z.object({
  route: transferRouteSchema,
  transferId,
  seq: int.nonnegative(),
  event: transferEventSchema,
});
export type TransferEventEnvelope = z.input<typeof transferEventEnvelopeSchema>;

/** The server's answer to `transfer-event` (the snipe events' answer). */
export const transferEventAckSchema = eventAckSchema;
export type TransferEventAck = EventAck;

/** A run's outcome; exactly one is sent per `transfer-start` (auto-list / buy-back may follow). */
export const transferOutcomeEventTypes = ['transfer-success', 'transfer-failed'] as const;

/** True for a run's outcome event (the only events credits depend on). */
export function isTransferOutcomeEvent(event: Pick<TransferEvent, 'type'>): boolean {
  return (transferOutcomeEventTypes as readonly string[]).includes(event.type);
}

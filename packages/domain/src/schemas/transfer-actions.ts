import { z } from 'zod';
import { qualitySchema } from '../enums/quality.js';
import { raritySchema } from '../enums/rarity.js';
import { transferConfigSchema } from './configuration.js';
import { transferFilterSchema } from './filters/transfer.js';
import { idText } from './text.js';

/**
 * Payloads of the web's `/client/transfer` actions (spec 001 §7). Accounts travel as the page
 * holds them; only their id is read (the server loads the rest, credentials included, itself).
 * A missing account is `null`/absent so the server can answer the spec's 'Select … account'.
 */
export const transferAccountRefSchema = z.object({ id: idText() }).passthrough();
const optionalAccount = transferAccountRefSchema.nullish();

/** `transfer-sync` (buyer, seller, filter, configuration). */
export const transferSyncActionSchema = z.object({
  buyer: optionalAccount,
  seller: optionalAccount,
  filter: transferFilterSchema,
  configuration: transferConfigSchema,
});
export type TransferSyncAction = z.input<typeof transferSyncActionSchema>;

/** `transfer-purchase-player-start` (filter, buyer, seller, config). */
export const transferPurchaseStartActionSchema = z.object({
  buyer: optionalAccount,
  seller: optionalAccount,
  filter: transferFilterSchema,
  config: transferConfigSchema,
});
export type TransferPurchaseStartAction = z.input<typeof transferPurchaseStartActionSchema>;

/** `transfer-fetch-latency` (seller, configuration). */
export const transferLatencyActionSchema = z.object({
  seller: optionalAccount,
  configuration: transferConfigSchema,
});
export type TransferLatencyAction = z.input<typeof transferLatencyActionSchema>;

/**
 * `transfer-fetch-live-market-prices` (seller, player, configuration). The player may be missing
 * (none chosen yet) so the server answers the spec's messages in the spec's order: 'Select seller
 * account' first, then 'Unable to retrieve player data'.
 */
export const transferMarketPricesActionSchema = z.object({
  seller: optionalAccount,
  player: z
    .object({
      id: z
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1),
      rarity: raritySchema,
      quality: qualitySchema,
    })
    .nullish(),
  configuration: transferConfigSchema,
});
export type TransferMarketPricesAction = z.input<typeof transferMarketPricesActionSchema>;

/** `transfer-screenshot` (user with isBuyer): the account whose coin balance to capture. */
export const transferScreenshotActionSchema = z.object({
  user: optionalAccount,
  isBuyer: z.boolean(),
});
export type TransferScreenshotAction = z.input<typeof transferScreenshotActionSchema>;

/**
 * `LAUNCH_BROWSER` (the account with isBuyer, and the transfer configuration): sent by the `/transfer`
 * panels and by the snipe dashboard's Launch Account row action, which has no transfer configuration.
 */
export const launchBrowserActionSchema = z.object({
  account: optionalAccount,
  isBuyer: z.boolean(),
  configuration: transferConfigSchema.optional(),
});
export type LaunchBrowserAction = z.input<typeof launchBrowserActionSchema>;

/** The web's transfer actions by name. */
export const transferWebActions = [
  'transfer-sync',
  'transfer-purchase-player-start',
  'transfer-fetch-live-market-prices',
  'transfer-fetch-latency',
  'transfer-screenshot',
  'LAUNCH_BROWSER',
] as const;
export type TransferWebAction = (typeof transferWebActions)[number];

/**
 * What the server sends a transfer page (`message {action, data}`): the agent's events by their
 * contract name, plus `accounts` and `transfer-state` on join. Errors come as `error {description}`.
 */
export const transferServerActions = [
  'accounts',
  'transfer-state',
  'sync-result',
  'latency-result',
  'list-player',
  'list-success',
  'purchase-success',
  'purchase-skipped',
  'transfer-success',
  'transfer-failed',
  'auto-list-start',
  'auto-list-success',
  'auto-list-skipped',
  'buy-back-start',
  'buy-back-success',
  'buy-back-skipped',
  'market-prices-result',
  'screenshot-result',
  'webapp-launched',
  'credits',
] as const;
export type TransferServerAction = (typeof transferServerActions)[number];

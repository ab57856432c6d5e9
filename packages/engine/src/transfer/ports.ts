import type { TransferConfig, TransferFilter } from '@tradedesk/domain';
import type { TransferEvent } from '@tradedesk/domain/realtime';
import type { Clock, GamePort, Rng } from '../ports.js';

/** One of the two accounts of a transfer. */
export interface TransferSide {
  readonly accountId: string;
  readonly game: GamePort;
  /** The account's name in the game once signed in (the sync shows it); default the account id. */
  readonly username?: () => string | undefined;
}

/** Which accounts' coin balances a sync captures (the configuration's Screenshots). */
export type ScreenshotSide = 'buyer' | 'seller';

/** Where a transfer's events go; `emit` resolves once the event is taken (stored by the server). */
export interface TransferEventSink {
  emit(event: TransferEvent): Promise<void>;
}

/** Everything one transfer run needs; the agent builds it from a `transfer-start` command. */
export interface TransferRunOptions {
  /** The paying account: it buys the seller's listing. */
  readonly buyer: TransferSide;
  /** The receiving account: it lists the card. */
  readonly seller: TransferSide;
  readonly filter: TransferFilter;
  readonly configuration: TransferConfig;
  readonly clock: Clock;
  readonly rng: Rng;
  readonly events: TransferEventSink;
  /** A coin-balance screenshot per the Screenshots setting (PNG base64); absent: none taken. */
  readonly screenshot?: (side: ScreenshotSide) => Promise<string | null>;
  /**
   * Wait after the seller's listing before the buyer's first search: a new listing shows in
   * search results only after a few seconds (default LISTING_SETTLE_MS).
   */
  readonly listingSettleMs?: number;
}

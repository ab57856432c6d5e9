import type { Platform } from '@tradedesk/domain';
import type { RehearsalStartValue } from '@tradedesk/domain/realtime';
import type { GameClientConfig } from '@tradedesk/game-client';

export interface RehearsalWorldOptions {
  readonly seed: number;
  /** Coins of every account the world creates. */
  readonly coins: number;
  /** Cards whose market starts at the price database's current prices. */
  readonly startValues: readonly RehearsalStartValue[];
}

/**
 * A private sandbox world on a virtual clock that stands still until `advance`: the session's
 * waits move it, so a virtual hour takes as long as its requests do.
 */
export interface RehearsalWorld {
  readonly game: GameClientConfig;
  /** The world's price-site feeds (the session's price source). */
  readonly feedsUrl: string;
  /** The world's abuse limits: game calls per rolling minute and hour. */
  readonly limits: { readonly perMinute: number; readonly perHour: number };
  now(): number;
  advance(ms: number): Promise<void>;
  /** A card's name and market value now; undefined for a card the world does not have. */
  card(definitionId: number, platform: Platform): Promise<{ name: string; value: number } | undefined>;
  close(): Promise<void>;
}

/**
 * Where rehearsal worlds come from. The agent never imports the sandbox game: whoever starts the
 * agent hands it one (the server's composition root runs each world in a child process).
 */
export interface RehearsalWorlds {
  open(options: RehearsalWorldOptions): Promise<RehearsalWorld>;
}

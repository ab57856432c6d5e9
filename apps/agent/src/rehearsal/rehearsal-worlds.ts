import type { Platform, RehearsalSide } from '@tradedesk/domain';
import type { RehearsalStart } from '@tradedesk/domain/realtime';
import type { GameClientConfig } from '@tradedesk/game-client';

/** One side of a rehearsal: the user's filters (`ours`) or the classic autobuyer beside them. */
export type RehearsalKind = 'ours' | 'classic';

/** The sandbox's abuse limits: game calls per rolling minute and hour. */
export interface RehearsalLimits {
  readonly perMinute: number;
  readonly perHour: number;
}

/**
 * A private sandbox world on a virtual clock that stands still until `advance`: the session's
 * waits move it, so a virtual hour takes as long as its requests do.
 */
export interface RehearsalWorld {
  readonly game: GameClientConfig;
  /** How the game client reaches the world (in-process: no socket per request). */
  readonly fetch: typeof fetch;
  /** The world's price-site feeds (the session's price source). */
  readonly feedsUrl: string;
  readonly limits: RehearsalLimits;
  /** The game's busiest minute of admitted calls, as its per-minute limit counts them. */
  peakRequestsPerMinute(): number;
  now(): number;
  advance(ms: number): void;
  /** A card's name and market value now; undefined for a card the world does not have. */
  card(definitionId: number, platform: Platform): { name: string; value: number } | undefined;
}

/**
 * Runs one side of a rehearsal on a fresh world of the command's seed, off the caller's event
 * loop (`forkedRehearsalSides`: a child process per side), reporting the share of the span done.
 */
export interface RehearsalSides {
  run(
    kind: RehearsalKind,
    command: RehearsalStart,
    onProgress: (done: number) => void,
    signal: AbortSignal,
  ): Promise<{ side: RehearsalSide; limits: RehearsalLimits }>;
  /** Ends every side and spare at once (the agent stops); a later `run` is refused. */
  close(): void;
}

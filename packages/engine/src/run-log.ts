import { runLogMessages } from '@tradedesk/domain';

/**
 * The run-log texts the engine emits: the spec's (000 §8, kept verbatim in domain) under the
 * engine's names, plus the few the engine adds (marked "ours", listed in docs/decisions/snipe-engine.md).
 * Parameterised texts ('Too many results for {player}' …) come straight from domain.
 */
export const runLog = {
  sessionExpiredFatal: runLogMessages.webappSessionExpired,
  sessionExpired: runLogMessages.sessionExpired,
  softBan: runLogMessages.softBan,
  rateLimited: runLogMessages.rateLimited,
  captcha: runLogMessages.captcha,
  cannotConnect: runLogMessages.cannotConnect,
  executionTimeExceeded: runLogMessages.executionTimeExceeded,
  thresholdsExceeded: runLogMessages.thresholdsExceeded,
  notEnoughCoins: runLogMessages.notEnoughCoins,
  pageWarning: runLogMessages.tooManyPages,
  failedToSendToClub: runLogMessages.failedToSendToClub,
  failedToMoveToTransferList: runLogMessages.failedToMoveToTransferList,
  failedToList: runLogMessages.failedToList,
  failedToSell: runLogMessages.failedToSell,
  unableToFetchMarketData: runLogMessages.unableToFetchMarketData,
  backgroundTasksFailed: runLogMessages.backgroundTasksFailed,
  stoppedByUser: 'Snipe stopped', // ours
  breakStarted: 'Taking a break', // ours
  breakEnded: 'Break finished, sniping again', // ours
} as const;

/** ours: filter rotation moved on. */
export function rotatedTo(label: string): string {
  return `Rotating to filter ${label}`;
}

/** ours: a price too old to buy on (price sites lag the market). */
export function stalePriceFor(player: string, ageMs: number): string {
  return `Price for ${player} is ${Math.floor(ageMs / 60_000)} min old; not buying until it is fresh`;
}

/** ours: 59th Minute cards whose database price is too old to buy on. */
export function skippedStalePrices(count: number, label: string): string {
  return `Skipped ${count} stale prices for ${label}`;
}

/**
 * The run-log texts of spec 000 §8, verbatim, plus the few the engine adds (marked "ours" and
 * listed in docs/decisions.md). Tests compare against these exact strings.
 */
export const runLog = {
  sessionExpiredFatal: 'Your session has expired. Please refresh your webapp.',
  sessionExpired: 'Session has expired',
  softBan: 'Encountered soft ban',
  rateLimited: 'Rate limited',
  captcha: 'Encountered a captcha',
  cannotConnect: "Unable to connect to the game's servers",
  executionTimeExceeded: 'Snipe finished. Execution time exceeded.',
  thresholdsExceeded: 'Snipe finished. Thresholds limit exceeded.',
  notEnoughCoins: 'Snipe finished. Not enough coins to continue sniping.',
  pageWarning: 'You should not exceed more than 10 pages of players to reduce the risk of being banned.',
  playerNotFoundInServer: 'Unable to find player in the server',
  failedToSendToClub: 'Failed to send player to club',
  failedToMoveToTransferList: 'Failed to move player to transfer list',
  failedToList: 'Failed to list player',
  failedToSell: 'Failed to sell player',
  unableToFetchMarketData: 'Unable to fetch market data',
  stoppedByUser: 'Snipe stopped', // ours
  breakStarted: 'Taking a break', // ours
  breakEnded: 'Break finished, sniping again', // ours
} as const;

export function tooManyResultsFor(player: string): string {
  return `Too many results for ${player}`;
}

export function unableToFindDetailsFor(player: string): string {
  return `Unable to find details for ${player}`;
}

export function failedToFetchMarketPriceFor(player: string): string {
  return `Failed to fetch market price for ${player}`;
}

export function unableToFindInRarity(player: string, rarity: string): string {
  return `Unable to find ${player} in rarity ${rarity}`;
}

export function requestFailed(code: number, message: string): string {
  return `Request failed with status code ${code}, and message ${message}`;
}

/** ours: filter rotation moved on. */
export function rotatedTo(label: string): string {
  return `Rotating to filter ${label}`;
}

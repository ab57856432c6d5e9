import { formatCoins, formatFullNumber } from './format/numbers.js';
import { gameErrorReason } from './game-error-reasons.js';
/**
 * Run-log, error and success texts of section 8 of both documents, verbatim. Validation
 * messages are in ./messages.ts.
 */
export const runLogMessages = {
  unableToFindPlayerInServer: 'Unable to find player in the server',
  unableToFindSearchButton: 'Unable to find search button',
  failedToSendToClub: 'Failed to send player to club',
  failedToMoveToTransferList: 'Failed to move player to transfer list',
  failedToList: 'Failed to list player',
  failedToSell: 'Failed to sell player',
  unableToFetchMarketData: 'Unable to fetch market data',
  webappSessionExpired: 'Your session has expired. Please refresh your webapp.',
  sessionExpired: 'Session has expired',
  softBan: 'Encountered soft ban',
  rateLimited: 'Rate limited',
  captcha: 'Encountered a captcha',
  cannotConnect: "Unable to connect to the game's servers",
  executionTimeExceeded: 'Snipe finished. Execution time exceeded.',
  thresholdsExceeded: 'Snipe finished. Thresholds limit exceeded.',
  notEnoughCoins: 'Snipe finished. Not enough coins to continue sniping.',
  tooManyPages: 'You should not exceed more than 10 pages of players to reduce the risk of being banned.',
  backgroundTasksFailed: 'Unable to initialise background tasks',
} as const;

/** 'Unable to find details for {player}' */
export const unableToFindDetailsFor = (player: string) => `Unable to find details for ${player}`;
/** 'Failed to fetch market price for {player}' */
export const failedToFetchMarketPriceFor = (player: string) => `Failed to fetch market price for ${player}`;
/** 'Request failed with status code {code}, and message {message}' */
export const requestFailed = (code: number, message: string) =>
  `Request failed with status code ${code}, and message ${message}`;
/** 'Too many results for {player}' */
export const tooManyResultsFor = (player: string) => `Too many results for ${player}`;
/** 'Unable to find {player} in rarity {rarity}' */
export const unableToFindPlayerInRarity = (player: string, rarity: string) =>
  `Unable to find ${player} in rarity ${rarity}`;

/** Why a snipe run ended. */
export type SnipeEndReason = 'execution_time' | 'thresholds' | 'coins';
export const snipeEndMessages: Record<SnipeEndReason, string> = {
  execution_time: runLogMessages.executionTimeExceeded,
  thresholds: runLogMessages.thresholdsExceeded,
  coins: runLogMessages.notEnoughCoins,
};

/** Credential error codes. */
export const credentialErrorCodes = ['invalid_credentials', 'missing_data', 'missing_credentials'] as const;
export type CredentialErrorCode = (typeof credentialErrorCodes)[number];

export const errorMessages = {
  unableToSelectLatestFilters: 'Unable to select latest filters',
  failedToFetchUpdatedFilters: 'Failed to fetch updated filters',
  failedToFetchMarketPrices: 'Failed to fetch market prices',
  unableToFindFilterForDeletion: 'Unable to find filter for deletion',
  unableToFindSelectedFilter: 'Unable to find selected filter',
  somethingWentWrong: 'Something went wrong, please try again later',
  accountNotFound: 'Account not found',
  unableToFindChallengeInModal: 'Unable to find challenge in modal',
  unableToFindSubChallengeInModal: 'Unable to find sub challenge in modal',
  unableToFindSubChallengeSolutionInModal: 'Unable to find sub challenge solution in modal',
  unableToFindSolutionInModal: 'Unable to find solution in modal',
  unexpectedErrorInModal: 'An unexpected error has occured',
  unableToFindChallengeForModal: 'Unable to find challenge for modal',
  unverifiedAccount: 'Unverified account',
  youDoNotHaveSufficientCredits: 'You do not have sufficient credits',
} as const;

/** Why Launch Webapp is off for an active account (ours: the spec only disables it); the server refuses with it too. */
export const launchWhileActiveMessage = 'Stop the account before launching its web app';

export const successMessages = {
  accountCreated: 'Account created successfully',
  accountEdited: 'Account edited successfully',
  accountDeleted: 'Account deleted successfully',
  launchedWebapp: 'Launched webapp successfully',
  importedFilter: 'Successfully imported filter',
  updatedPremiumConfig: 'Updated premium config',
  updatedTimeConfig: 'Updated time config',
  updatedProviderConfig: 'Updated provider config',
  updatedNotificationConfig: 'Updated notification config',
  updatedTransferConfig: 'Updated transfer config',
  updatedFilters: 'Updated filters',
  statisticsReset: 'Account statistics reset successfully',
  loggedOut: 'Successfully logged out',
  listingCreated: 'Listing created successfully',
  orderSubmitted: 'Order has been submitted',
  challengeDeleted: 'Challenge deleted',
  solverStarted: 'SBC solver started',
  solverStopped: 'SBC solver stopped',
  dataSynced: 'Data synced',
  transferCompleted: 'Transfer completed',
  transferFailed: 'Transfer failed',
  sessionReset: 'Session has been reset',
  enabledNumberFormat: 'Enabled number format',
  disabledNumberFormat: 'Disabled number format',
} as const;

/** '{n} accounts imported successfully' */
export const accountsImportedMessage = (count: number) => `${count} accounts imported successfully`;
/** 'Deleted {label} filter' */
export const deletedFilterMessage = (label: string) => `Deleted ${label} filter`;
/** 'Starting snipe for' the account's e-mail. */
export const startingSnipeFor = (email: string) => `Starting snipe for ${email}`;
/** 'Stopping snipe for' the account's e-mail. */
export const stoppingSnipeFor = (email: string) => `Stopping snipe for ${email}`;
/** 'Snipe stopped for' the account's e-mail. */
export const snipeStoppedFor = (email: string) => `Snipe stopped for ${email}`;
/** 'Filter switched successfully for' the account's e-mail. */
export const filterSwitchedFor = (email: string) => `Filter switched successfully for ${email}`;
/** The solver row's first line, from Start until the server says the run started (or why not); ours, not the spec's. */
export const solverStartingMessage = 'Starting the solver: fitting the squad to this account’s club…';

/** 'Successfully solved SBC with {n} coins', n grouped as every coin amount on /sbc (2,450). */
export const solvedSbcWith = (coins: number) =>
  `Successfully solved SBC with ${formatCoins(coins, false)} coins`;
/** "Buyer's coin balance downloaded" or the seller's. */
export const coinBalanceDownloaded = (side: 'buyer' | 'seller') =>
  `${side === 'buyer' ? 'Buyer' : 'Seller'}'s coin balance downloaded`;

/**
 * What the follow-up did with a card just bought (ours): 'Cristiano Ronaldo listed on the
 * transfer list for 6,000', 'Pelé sent to the club', 'Kaká quick sold for 1,200'. Coins in full,
 * as in every run notice (docs/decisions/notifications.md).
 */
export function followUpNotice(
  playerName: string,
  placement: 'club' | 'transfer-list' | 'listed' | 'quick-sold' | 'unassigned',
  sellPrice: number,
): string {
  const coins = formatFullNumber(sellPrice);
  switch (placement) {
    case 'club':
      return `${playerName} sent to the club`;
    case 'transfer-list':
      return `${playerName} moved to the transfer list`;
    case 'listed':
      return `${playerName} listed on the transfer list for ${coins}`;
    case 'quick-sold':
      return `${playerName} quick sold for ${coins}`;
    case 'unassigned':
      return `${playerName} left in the unassigned pile`;
  }
}

/**
 * The notification of one buy attempt (ours): 'Bought Cristiano Ronaldo for 14,750 (profit 5,200)'
 * (coins in full, as the follow-up's 'quick sold for 37,795' beside it; it read '14.8K'),
 * or 'Failed to buy Cristiano Ronaldo: someone else bought it first, or the bid was not allowed
 * (error 461)' for a lost snipe.
 */
export function purchaseNotice(report: {
  playerName: string;
  buyPrice: number;
  value: number;
  errorCode?: number | undefined;
}): string {
  if (report.errorCode !== undefined)
    return `Failed to buy ${report.playerName}: ${gameErrorReason(report.errorCode)}`;
  return `Bought ${report.playerName} for ${formatFullNumber(report.buyPrice)} (profit ${formatFullNumber(report.value)})`;
}

/** 'Break started for {email}' / 'Break ended for {email}' (ours). */
export const breakStartedFor = (email: string) => `Break started for ${email}`;
export const breakEndedFor = (email: string) => `Break ended for ${email}`;

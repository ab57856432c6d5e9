/**
 * User-facing validation texts. Quoted ones are verbatim from the specification; the ones
 * marked "ours" fill gaps the spec left open (listed in docs/decisions/).
 */
export const messages = {
  // Account (000 §5)
  backupCodeRequired: 'Backup code is required',
  backupCodeLength: 'Backup code must be 8 characters long',
  // Time range (000 §5)
  timeRangeOrder: 'Max value must be greater than min value',
  // Filters (000 §5, 001 §5)
  maxPriceOrder: 'Max price must be greater than min price',
  minProfitRange: 'For percentage, value must be between 0 and 100. For fixed, value must be greater than 0.',
  buyPriceOrder: 'Buy price must be greater than start price',
  fodderRating: 'Rating must be between 84 and 94',
  duplicateLabel: 'Filter with the same label already exists',
  labelRequired: 'Label is required', // ours
  rarityFilterFollowUp: 'A 59th Minute filter can only list on the transfer list', // ours
  // Before a snipe starts (000 §5)
  selectAtLeastOneFilter: 'You need to select at least one filter.',
  // Starting several accounts together (ours)
  selectAtLeastTwoAccounts: 'Select at least two accounts to start them together.', // ours
  tooManyAccountsPerStart: 'You can start at most 100 accounts together.', // ours
  accountNamedTwice: 'An account was selected twice.', // ours
  rotationNeedsTwoFilters:
    'You need at least 2 filters to enable filter rotation. Please disable filter rotation or select more filters.',
  rotationWithMultiRarity:
    'You cannot enable filter rotation with a multi rarity filter. Please disable filter rotation.',
  rotationWithFodder:
    'You cannot enable filter rotation with a fodder filter. Please disable filter rotation.', // ours
  rotationNeedsPlayerNames: 'Filter rotation requires all filters to have a player name',
  mixNormalWithMultiRarity: 'You cannot select normal filters together with a multi rarity filter.', // ours
  mixNormalWithFodder: 'You cannot select normal filters together with a fodder filter.', // ours
  mixMultiRarityWithFodder: 'You cannot select a multi rarity filter together with a fodder filter.', // ours
  tooManyMultiRarity: 'You can only select 1 multi rarity filter.', // ours
  tooManyFodder: 'You can only select 1 fodder filter.', // ours
  transferFilterNotSnipeable: 'Transfer filters cannot be used to snipe.', // ours
  // Switch filter (000 §5)
  filterAlreadySelected: 'Filter already selected',
  couldNotFindFilter: 'Could not find filter',
  couldNotFindAccount: 'Could not find account',
  filterNotFound: 'Filter not found',
  // Filter list editing (ours)
  unsavedFilterExists: 'Save or discard the new filter before adding another one',
  cannotDeleteLastFilter: 'You cannot delete the last filter',
  // Configuration (000 §5)
  rotationRequests: 'Number of requests must be at least 1',
  searchResultsRange: 'Number of search results must be between 1 and 50',
  transferRetriesRange: 'Retries must be between 0 and 10', // ours
  transferSearchDelayRange: 'Delay between searches must be between 0 and 60,000 ms', // ours
  safeLatencyRange: 'Safe latency must be between 0 and 10,000 ms', // ours
  // Login, sharing, referral
  invalidToken: 'Invalid token',
  filterCodeLength: 'Filter code must be 20 characters long', // ours
  referralEmpty: 'Enter your referral code',
  referralInvalid: 'Referral code is invalid',
  referralValid: 'Referral code is valid',
  // Checkout (001 §8)
  checkoutNoUrl: 'Something went wrong, please try again later',
  // Solver (001 §5)
  selectSolution: 'Please select a solution to start solver',
  solverAttempts: 'Max purchase attempts must be greater than 0', // ours
  solverRepetitions: 'Repetitions must be greater than 0', // ours
  solverStepsNonNegative: 'Steps must be 0 or more', // ours
  solverSearchSpeedRange: 'Search speed must be between 1,000 and 600,000 ms', // ours
  solverAttemptsMax: 'Max purchase attempts must be at most 100', // ours
  solverRepetitionsMax: 'Repetitions must be at most 100', // ours
  solverStepsMax: 'Steps must be at most 100', // ours
  solverStepsWithAutoList: 'Steps must be greater than 0 when auto list is on', // ours
  // Player suggestions (001 §5)
  selectRarity: 'Please select a rarity',
  // Transfer filter and transfer start (001 §5)
  transferRarityAny: 'Rarity must not be Any', // ours
  transferBuyNowOverBid: 'Buy now price must be greater than bid price', // ours
  selectBothAccounts: 'Select both buyer and seller account',
  sameBuyerAndSeller: 'Buyer and seller cannot be the same account',
  selectSeller: 'Select seller account',
  selectBuyer: 'Select buyer account',
  noFilterSelected: 'No filter selected',
  unableToRetrievePlayer: 'Unable to retrieve player data',
  // Marketplace and coins (ours)
  listingNeedsAccount: 'Select at least one account',
  buyerAccountRequired: 'Select a buyer account',
  coinQuantityRange: 'Quantity must be between 0 and 100',
} as const;

/** 'Listing at {provider} price requires the filter to have a player name' */
export function listingAtProviderNeedsName(provider: string): string {
  return `Listing at ${provider} price requires the filter to have a player name`;
}

/** 'Player not found in' followed by the price database's name. */
export function playerNotFoundIn(provider: string): string {
  return `Player not found in ${provider}`;
}

/** 'Row N: {messages}' with the messages joined by ', '. */
export function importRowMessage(rowNumber: number, rowMessages: readonly string[]): string {
  return `Row ${rowNumber}: ${rowMessages.join(', ')}`;
}

/** An import row's platform that is neither PC nor Console (ours). */
export const unknownImportPlatform = (text: string) =>
  text === '' ? 'Platform is required (pc or ps)' : `Unknown platform '${text}' (use pc or ps)`;

/** 'No suggestions available for {x}' */
export function noSuggestionsFor(query: string): string {
  return `No suggestions available for ${query}`;
}

/** The transfer filter's minimum-price error names the player, the rating and the minimum. */
export function transferPriceBelowMinimum(playerName: string, rating: number, minimum: number): string {
  return `Buy now price for ${playerName} (${rating}) must be at least ${minimum}`;
}

/** The card has no recent price, so its Buy Now range is unknown and not checked (ours). */
export function unknownPriceRange(playerName: string): string {
  return `No recent price for ${playerName}: the Buy Now price cannot be checked against the game's price range. Check it before you proceed.`;
}

/**
 * The notice a user gets when someone signs in to their name with a wrong token or code (ours):
 * their own sign-in is not blocked by it, so it says so.
 */
export function failedSignInNotice(address: string): string {
  return `Someone tried to sign in to your account with a wrong token or code (from ${address}). Your own sign-in still works; if this keeps happening, contact support.`;
}

/** Sign-in refused while the user name or the address is locked after failed attempts (ours). */
export function signInThrottledMessage(seconds: number): string {
  return `Too many sign-in attempts, try again in ${seconds} seconds`;
}

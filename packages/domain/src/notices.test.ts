import { describe, expect, it } from 'vitest';
import {
  accountsImportedMessage,
  coinBalanceDownloaded,
  credentialErrorCodes,
  deletedFilterMessage,
  errorMessages,
  failedToFetchMarketPriceFor,
  filterSwitchedFor,
  followUpNotice,
  purchaseNotice,
  requestFailed,
  runLogMessages,
  snipeEndMessages,
  snipeStoppedFor,
  solvedSbcWith,
  startingSnipeFor,
  stoppingSnipeFor,
  successMessages,
  tooManyResultsFor,
  unableToFindDetailsFor,
  unableToFindPlayerInRarity,
} from './notices.js';
import {
  importRowMessage,
  listingAtProviderNeedsName,
  noSuggestionsFor,
  playerNotFoundIn,
} from './messages.js';

describe('message builders', () => {
  it.each([
    [accountsImportedMessage(3), '3 accounts imported successfully'],
    [deletedFilterMessage('Mbappe'), 'Deleted Mbappe filter'],
    [filterSwitchedFor('a@b.com'), 'Filter switched successfully for a@b.com'],
    [requestFailed(512, 'Too many'), 'Request failed with status code 512, and message Too many'],
    [solvedSbcWith(12500), 'Successfully solved SBC with 12,500 coins'],
    [unableToFindDetailsFor('Pelé'), 'Unable to find details for Pelé'],
    [failedToFetchMarketPriceFor('Pelé'), 'Failed to fetch market price for Pelé'],
    [tooManyResultsFor('Pelé'), 'Too many results for Pelé'],
    [startingSnipeFor('a@b.com'), 'Starting snipe for a@b.com'],
    [stoppingSnipeFor('a@b.com'), 'Stopping snipe for a@b.com'],
    [snipeStoppedFor('a@b.com'), 'Snipe stopped for a@b.com'],
    [coinBalanceDownloaded('buyer'), "Buyer's coin balance downloaded"],
    [coinBalanceDownloaded('seller'), "Seller's coin balance downloaded"],
    [unableToFindPlayerInRarity('Pelé', 'Icon'), 'Unable to find Pelé in rarity Icon'],
    [
      importRowMessage(4, ['Invalid email', 'Backup code is required']),
      'Row 4: Invalid email, Backup code is required',
    ],
    [playerNotFoundIn('futbin'), 'Player not found in futbin'],
    [
      listingAtProviderNeedsName('futwiz'),
      'Listing at futwiz price requires the filter to have a player name',
    ],
    [noSuggestionsFor('zzz'), 'No suggestions available for zzz'],
    [
      purchaseNotice({ playerName: 'José Sá', buyPrice: 900, value: 0, errorCode: 478 }),
      'Failed to buy José Sá: the listing had already ended (sold or expired) (error 478)',
    ],
    [
      purchaseNotice({ playerName: 'José Sá', buyPrice: 900, value: 0, errorCode: 599 }),
      'Failed to buy José Sá: the game’s servers failed (error 599)',
    ],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  // A run's notices sit side by side in the list: coins read in full in all of them, never
  // 'Bought X for 14.8K' beside 'quick sold for 37,795'.
  it('writes the coins of a purchase and its follow-up in full, with separators', () => {
    expect(purchaseNotice({ playerName: 'Kaká', buyPrice: 14_750, value: 21_470 })).toBe(
      'Bought Kaká for 14,750 (profit 21,470)',
    );
    expect(purchaseNotice({ playerName: 'Kaká', buyPrice: 1_250_000, value: -3_400 })).toBe(
      'Bought Kaká for 1,250,000 (profit -3,400)',
    );
    expect(followUpNotice('Kaká', 'quick-sold', 37_795)).toBe('Kaká quick sold for 37,795');
    expect(followUpNotice('Kaká', 'listed', 38_000)).toBe('Kaká listed on the transfer list for 38,000');
  });

  it('names the three reasons a snipe run ends', () => {
    expect(snipeEndMessages).toEqual({
      execution_time: 'Snipe finished. Execution time exceeded.',
      thresholds: 'Snipe finished. Thresholds limit exceeded.',
      coins: 'Snipe finished. Not enough coins to continue sniping.',
    });
  });
});

// The fixed texts of section 8 of both documents, verbatim.
describe('error catalogue texts', () => {
  it('has every run log message of 000 §8', () => {
    expect(Object.values(runLogMessages)).toEqual([
      'Unable to find player in the server',
      'Unable to find search button',
      'Failed to send player to club',
      'Failed to move player to transfer list',
      'Failed to list player',
      'Failed to sell player',
      'Unable to fetch market data',
      'Your session has expired. Please refresh your webapp.',
      'Session has expired',
      'Encountered soft ban',
      'Rate limited',
      'Encountered a captcha',
      "Unable to connect to the game's servers",
      'Snipe finished. Execution time exceeded.',
      'Snipe finished. Thresholds limit exceeded.',
      'Snipe finished. Not enough coins to continue sniping.',
      'You should not exceed more than 10 pages of players to reduce the risk of being banned.',
      'Unable to initialise background tasks',
    ]);
  });

  it('has the error messages of both documents', () => {
    expect(Object.values(errorMessages)).toEqual(
      expect.arrayContaining([
        'Unable to select latest filters',
        'Failed to fetch updated filters',
        'Failed to fetch market prices',
        'Unable to find filter for deletion',
        'Unable to find selected filter',
        'Something went wrong, please try again later',
        'Account not found',
        'Unable to find challenge in modal',
        'Unable to find sub challenge in modal',
        'Unable to find sub challenge solution in modal',
        'Unable to find solution in modal',
        'An unexpected error has occured',
        'Unable to find challenge for modal',
        'Unverified account',
      ]),
    );
    expect(credentialErrorCodes).toEqual(['invalid_credentials', 'missing_data', 'missing_credentials']);
  });

  it('has the success messages of both documents', () => {
    expect(Object.values(successMessages)).toEqual([
      'Account created successfully',
      'Account edited successfully',
      'Account deleted successfully',
      'Launched webapp successfully',
      'Successfully imported filter',
      'Updated premium config',
      'Updated time config',
      'Updated provider config',
      'Updated notification config',
      'Updated transfer config',
      'Updated filters',
      'Account statistics reset successfully',
      'Successfully logged out',
      'Listing created successfully',
      'Order has been submitted',
      'Challenge deleted',
      'SBC solver started',
      'SBC solver stopped',
      'Data synced',
      'Transfer completed',
      'Transfer failed',
      'Session has been reset',
      'Enabled number format',
      'Disabled number format',
    ]);
  });
});

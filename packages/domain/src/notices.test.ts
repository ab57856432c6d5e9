import { describe, expect, it } from 'vitest';
import {
  accountsImportedMessage,
  coinBalanceDownloaded,
  deletedFilterMessage,
  filterSwitchedFor,
  requestFailed,
  snipeEndMessages,
  solvedSbcWith,
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
    [solvedSbcWith(12500), 'Successfully solved SBC with 12500 coins'],
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
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('names the three reasons a snipe run ends', () => {
    expect(snipeEndMessages).toEqual({
      execution_time: 'Snipe finished. Execution time exceeded.',
      thresholds: 'Snipe finished. Thresholds limit exceeded.',
      coins: 'Snipe finished. Not enough coins to continue sniping.',
    });
  });
});

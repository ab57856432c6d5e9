import type { GamePort } from '../ports.js';

/** Requests a coin check sends at most: the coins, the pile, clearing sold, relisting expired. */
export const CREDIT_CHECK_MAX_REQUESTS = 4;

/**
 * Keeps the transfer list usable between searches: clears sold entries (their coins are already
 * credited) and relists expired ones at their previous prices. Runs with each coin check.
 */
export async function housekeeping(game: GamePort, pause: () => Promise<void>): Promise<void> {
  await pause();
  const pile = await game.transferList();
  const hasSold = pile.auctions.some((entry) => entry.tradeState === 'closed' && entry.currentBid > 0);
  const hasExpired = pile.auctions.some((entry) => entry.tradeState === 'expired');
  if (hasSold) {
    await pause();
    await game.clearSold();
  }
  if (hasExpired) {
    await pause();
    await game.relistAll();
  }
}

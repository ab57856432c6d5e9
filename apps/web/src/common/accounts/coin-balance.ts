import type { Account } from '@tradedesk/domain';

/** Shown where an account's balance has not been read from the game yet (its stored 0 is no balance). */
export const UNREAD_COIN_BALANCE = '—';

/**
 * The account's coin balance as last read from the game (a snipe's sign-in, a transfer sync,
 * Launch Webapp), or null before the first read (docs/decisions/web.md). An older server that
 * does not say counts as read.
 */
export function readCoinBalance(account: Pick<Account, 'coins' | 'isCoinBalanceKnown'>): number | null {
  return account.isCoinBalanceKnown === false ? null : account.coins;
}

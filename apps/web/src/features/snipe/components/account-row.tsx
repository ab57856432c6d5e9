import { accountStatusBadge, formatCompactNumber, platformBadge, type Account } from '@tradedesk/domain';
import type { ReactNode } from 'react';
import { AccountAvatar } from './account-avatar';
import { readCoinBalance, UNREAD_COIN_BALANCE } from '../../../common/accounts/coin-balance';

const statusColour: Partial<Record<Account['status'], string>> = {
  active: 'badge-success',
  break: 'badge-info',
  error: 'badge-error',
  captcha: 'badge-warning',
  soft_ban: 'badge-error',
  thresholds_met: 'badge-warning',
  ready: 'badge-primary',
  waiting: 'badge-info',
};

/** The account's status as an upper-case badge, coloured by what it asks of the user. */
export function StatusBadge({ status }: { status: Account['status'] }) {
  return (
    <span className={`badge badge-sm ${statusColour[status] ?? 'badge-ghost'}`}>
      {accountStatusBadge(status)}
    </span>
  );
}

type AccountRowProps = {
  account: Account;
  /** Picks the account for a start of several accounts together (absent while it runs). */
  selector?: ReactNode;
  filterSelector: ReactNode;
  actions: ReactNode;
};

/** One account of the dashboard table: identity, status, coins, filter, statistics, actions. */
export function AccountRow({ account, selector, filterSelector, actions }: AccountRowProps) {
  const badge = <StatusBadge status={account.status} />;
  const coins = readCoinBalance(account);
  return (
    <tr data-account-id={account.id}>
      <td>
        <div className="flex items-center gap-3">
          {selector}
          <AccountAvatar imageUrl={account.imageUrl} username={account.username} />
          <div className="min-w-0">
            <div className="font-semibold">{account.username || '—'}</div>
            <div className="truncate text-sm opacity-70">{account.email}</div>
            <span className="badge badge-outline badge-xs">{platformBadge(account.platform)}</span>
          </div>
        </div>
      </td>
      <td data-label="Status">
        {account.status === 'error' && account.description ? (
          <span className="tooltip" data-tip={account.description} title={account.description}>
            {badge}
          </span>
        ) : (
          badge
        )}
      </td>
      <td data-label="Coins">
        <div className="font-mono">{coins === null ? UNREAD_COIN_BALANCE : formatCompactNumber(coins)}</div>
        {account.profits !== 0 && (
          <div className={`font-mono text-xs ${account.profits > 0 ? 'text-success' : 'text-error'}`}>
            {account.profits > 0 ? '+' : ''}
            {formatCompactNumber(account.profits)}
          </div>
        )}
      </td>
      <td data-label="Filter">{filterSelector}</td>
      <td data-label="Statistics" className="text-sm">
        <div>Requests: {account.session.requests}</div>
        <div>Searches: {account.session.searches}</div>
      </td>
      <td data-label="Actions">{actions}</td>
    </tr>
  );
}

import { isFailedSnipe, type Account } from '@tradedesk/domain';
import { launchOf } from '../../../common/webapp-launch';
import type { SnipeServerMessage } from './snipe-messages';

const patch = (accounts: Account[], id: string, change: (account: Account) => Account) =>
  accounts.map((account) => (account.id === id ? change(account) : account));

/**
 * Folds one server message into the cached accounts list (the dashboard's source of truth), so
 * status, coins, profit and counters change without a refetch. Messages about accounts the
 * list does not hold change nothing.
 */
export function applySnipeMessage(
  accounts: Account[] | undefined,
  message: SnipeServerMessage,
): Account[] | undefined {
  if (message.action === 'accounts') return message.data;
  if (!accounts) return accounts;
  switch (message.action) {
    case 'update-account': {
      const { id, ...changes } = message.data;
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      return patch(accounts, id, (account) => ({ ...account, ...defined }));
    }
    case 'upsert-session': {
      const { accountId, requests, searches } = message.data;
      return patch(accounts, accountId, (account) => ({ ...account, session: { requests, searches } }));
    }
    case 'break-start':
      return patch(accounts, message.data.accountId, (account) => ({ ...account, status: 'break' }));
    case 'break-end':
      return patch(accounts, message.data.accountId, (account) => ({ ...account, status: 'active' }));
    case 'snipe-started': {
      const { accountId, filterIds, fleetId } = message.data;
      return patch(accounts, accountId, ({ fleet: _previous, ...account }) => ({
        ...account,
        status: 'active',
        ...(filterIds === undefined ? {} : { runningFilterIds: filterIds }),
        ...(fleetId === undefined ? {} : { fleet: { id: fleetId, purchases: 0 } }),
      }));
    }
    case 'snipe-result': {
      // A fleet's part counts its purchases live (a failed attempt is no purchase).
      if (isFailedSnipe(message.data)) return accounts;
      return patch(accounts, message.data.accountId, (account) =>
        account.fleet === undefined
          ? account
          : { ...account, fleet: { ...account.fleet, purchases: account.fleet.purchases + 1 } },
      );
    }
    case 'filter-switched': {
      const { accountId, filterIds } = message.data;
      if (filterIds === undefined) return accounts;
      return patch(accounts, accountId, (account) => ({ ...account, runningFilterIds: filterIds }));
    }
    case 'stop':
      return patch(
        accounts,
        message.data.accountId,
        ({ runningFilterIds: _ended, fleet: _left, ...account }) => ({
          ...account,
          status: 'inactive',
          description: message.data.reason,
        }),
      );
    case 'webapp-launched': {
      // The opened web app's balance is the account's (the server keeps it too); none shown keeps the last.
      const launch = launchOf(message.data);
      if (launch?.coins == null) return accounts;
      const coins = launch.coins;
      return patch(accounts, launch.accountId, (account) => ({
        ...account,
        coins,
        isCoinBalanceKnown: true,
      }));
    }
    default:
      return accounts;
  }
}

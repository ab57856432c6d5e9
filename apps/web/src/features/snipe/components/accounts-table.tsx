import { compareByStatusText, type Account } from '@tradedesk/domain';
import type { ReactNode } from 'react';

type AccountsTableProps = {
  accounts: readonly Account[] | undefined;
  isLoading: boolean;
  renderRow: (account: Account) => ReactNode;
};

/**
 * The accounts table (spec §2): a spinner while loading, 'No accounts found' when empty, rows
 * sorted by status text. Below 768 px each row becomes a card.
 */
export function AccountsTable({ accounts, isLoading, renderRow }: AccountsTableProps) {
  if (isLoading) {
    return (
      <div className="flex justify-center py-16" role="status" aria-label="Loading accounts">
        <span className="loading loading-spinner loading-lg" />
      </div>
    );
  }
  const sorted = [...(accounts ?? [])].sort(compareByStatusText);
  return (
    <div className="rounded-box border-base-300 bg-base-100 overflow-x-auto border">
      <table className="snipe-table table">
        <thead className="max-md:hidden">
          <tr>
            <th>Account</th>
            <th>Status</th>
            <th>Coins</th>
            <th>Filter</th>
            <th>Statistics</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody className="max-md:[&_td]:block max-md:[&_td]:border-0 max-md:[&_td]:py-1 max-md:[&_td[data-label]]:before:mr-2 max-md:[&_td[data-label]]:before:font-semibold max-md:[&_td[data-label]]:before:content-[attr(data-label)] max-md:[&_tr]:border-base-300 max-md:[&_tr]:block max-md:[&_tr]:border-b max-md:[&_tr]:py-2">
          {sorted.length === 0 ? (
            <tr>
              <td colSpan={6} className="py-10 text-center opacity-70">
                No accounts found
              </td>
            </tr>
          ) : (
            sorted.map(renderRow)
          )}
        </tbody>
      </table>
    </div>
  );
}

import { compareByStatusText, type Account } from '@tradedesk/domain';
import type { ReactNode } from 'react';
import { stackedTable } from '../../../components/ui/stacked-table';

type AccountsTableProps = {
  accounts: readonly Account[] | undefined;
  isLoading: boolean;
  renderRow: (account: Account) => ReactNode;
};

/** The one row of an empty or loading table; both the same height, so nothing below moves. */
function SingleRow({ children }: { children: ReactNode }) {
  return (
    <tr>
      <td colSpan={6} className="py-10 text-center opacity-70">
        <div className="flex h-10 items-center justify-center">{children}</div>
      </td>
    </tr>
  );
}

/**
 * The accounts table (spec §2): a spinner while loading, 'No accounts found' when empty, rows
 * sorted by status text. Below 768 px each row becomes a card. The spinner sits in the table's
 * empty row: a box of its own was taller, and the page below (on a phone, the weekly chart)
 * jumped up when the answer came (Lighthouse's layout shift on /snipe).
 */
export function AccountsTable({ accounts, isLoading, renderRow }: AccountsTableProps) {
  const sorted = [...(accounts ?? [])].sort(compareByStatusText);
  return (
    <div className="rounded-box border-base-300 bg-base-100 overflow-x-auto border">
      <table className="snipe-table table">
        <thead className={stackedTable.head}>
          <tr>
            <th>Account</th>
            <th>Status</th>
            <th>Coins</th>
            <th>Filter</th>
            <th>Statistics</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody className={stackedTable.body}>
          {isLoading ? (
            <SingleRow>
              <span
                role="status"
                aria-label="Loading accounts"
                className="loading loading-spinner loading-lg"
              />
            </SingleRow>
          ) : sorted.length === 0 ? (
            <SingleRow>No accounts found</SingleRow>
          ) : (
            sorted.map(renderRow)
          )}
        </tbody>
      </table>
    </div>
  );
}

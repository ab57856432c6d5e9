import { useQueryClient } from '@tanstack/react-query';
import {
  formatEuroCents,
  formatFullNumber,
  marketOrderStatusLabels,
  platformLabels,
  type MarketOrderView,
  type Platform,
} from '@tradedesk/domain';
import { useMemo, useState } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useAuthStore } from '../../../stores/auth-store';
import { formatDate } from '../../../utils/format';
import { useAccounts, accountsQueryKey } from '../../../common/accounts';
import { useUser } from '../../../common/user';
import {
  marketQueryKeys,
  useListings,
  useMarketBalance,
  useOrders,
  useOwnListings,
  useSyncBalances,
  type ListingView,
} from '../api/market-api';
import { useMarketLive } from '../api/use-market-live';
import { CreateListingModal, PurchaseModal } from './listing-modals';
import { stackedTable } from '../../../components/ui/stacked-table';
import { TableHead } from '../../../components/ui/table-head';

/** The listings table's columns; on a phone each cell carries its title (`data-label`). */
const listingColumns = ['Platform', 'Amount', 'Average coins per account', 'Price', 'Listed'] as const;

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <span className="opacity-70">{label}</span>
      <span aria-label={label} className="font-medium break-all">
        {value}
      </span>
    </div>
  );
}

function OrderCard({ order }: { order: MarketOrderView }) {
  const title = `${order.role === 'buyer' ? 'Bought' : 'Sold'} ${formatFullNumber(order.coins)} coins (${platformLabels[order.platform as Platform]})`;
  return (
    <li className="card bg-base-200" aria-label={title}>
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">{title}</h3>
          <span className="badge uppercase" data-status={order.status}>
            {marketOrderStatusLabels[order.status]}
          </span>
        </div>
        <p className="text-sm">
          {formatEuroCents(order.amountCents)} · {formatFullNumber(order.coinsDelivered)} of{' '}
          {formatFullNumber(order.coins)} coins delivered
          {order.role === 'seller' && order.payoutCents > 0
            ? ` · paid out ${formatEuroCents(order.payoutCents)}`
            : ''}
          {order.refundCents > 0 ? ` · refunded ${formatEuroCents(order.refundCents)}` : ''}
        </p>
        <ol aria-label="Delivery progress" className="flex flex-col gap-1 text-sm">
          {order.steps.map((step, index) => (
            <li key={`${step.at}-${index}`} data-status={step.status} className="flex items-center gap-2">
              <span
                aria-hidden
                className={`size-2 rounded-full ${step.status === 'failed' ? 'bg-error' : step.status === 'active' ? 'bg-warning' : 'bg-success'}`}
              />
              {step.text}
            </li>
          ))}
        </ol>
      </div>
    </li>
  );
}

/** The coin marketplace (spec 001 §2): profile, overview, listings, purchase and create-listing, orders. */
export function MarketplacePage() {
  useDocumentTitle('Coin Marketplace');
  const token = useAuthStore((state) => state.token);
  const client = useQueryClient();
  const user = useUser();
  const accounts = useAccounts();
  const listings = useListings();
  const own = useOwnListings(token);
  const orders = useOrders();
  const balance = useMarketBalance();
  const sync = useSyncBalances();
  useMarketLive();
  const [isCreating, setIsCreating] = useState(false);
  const [buying, setBuying] = useState<ListingView | undefined>();

  const accountList = accounts.data ?? [];
  const totalBalance = accountList.reduce((sum, account) => sum + account.coins, 0);
  const listedAccountIds = useMemo(
    () =>
      new Set((own.data ?? []).filter((listing) => listing.isOpen).flatMap((listing) => listing.accountIds)),
    [own.data],
  );
  const refresh = () => {
    void client.invalidateQueries({ queryKey: marketQueryKeys.all });
    void client.invalidateQueries({ queryKey: accountsQueryKey });
  };
  const rows = listings.data ?? [];

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Coin Marketplace</h1>
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-label="Profile" className="card bg-base-200">
          <div className="card-body gap-2">
            <h2 className="card-title">Profile</h2>
            <Stat label="Token" value={token || '—'} />
            <Stat label="Chat-service id" value={user.data?.providers?.discordId || '—'} />
            <Stat label="Credits" value={formatFullNumber(user.data?.credits ?? 0)} />
            <Stat label="Joined" value={formatDate(user.data?.createdAt)} />
            <Stat label="Expiry" value={formatDate(user.data?.expiresAt)} />
          </div>
        </section>
        <section aria-label="Overview" className="card bg-base-200">
          <div className="card-body gap-2">
            <h2 className="card-title">Overview</h2>
            <Stat label="Total accounts" value={formatFullNumber(accountList.length)} />
            <Stat label="Total balance" value={formatFullNumber(totalBalance)} />
            <Stat label="Payout balance" value={formatEuroCents(balance.data?.payoutCents ?? 0)} />
          </div>
        </section>
      </div>

      <section aria-label="Coin listings" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-xl font-semibold">Coin listings</h2>
          <div className="flex gap-2">
            <button type="button" className="btn btn-sm" onClick={refresh}>
              Refresh
            </button>
            <button
              type="button"
              className="btn btn-sm"
              disabled={accountList.length === 0 || sync.isPending}
              onClick={() => sync.mutate(accountList.map((account) => account.id))}
            >
              Sync balances
            </button>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={accountList.length === 0}
              onClick={() => setIsCreating(true)}
            >
              Create Listing
            </button>
          </div>
        </div>
        {listings.isPending ? (
          <p role="status">Loading listings…</p>
        ) : rows.length === 0 ? (
          <p>No coin listings available</p>
        ) : (
          // Below 768 px each listing is a card (stackedTable): every column shows without sideways scrolling.
          <div className="overflow-x-auto">
            <table className="table">
              <TableHead columns={listingColumns} actionColumn="Action" className={stackedTable.head} />
              <tbody className={stackedTable.body}>
                {rows.map((listing) => (
                  <tr key={listing.id}>
                    <td data-label={listingColumns[0]}>{platformLabels[listing.platform]}</td>
                    <td data-label={listingColumns[1]}>{formatFullNumber(listing.coins)}</td>
                    <td data-label={listingColumns[2]}>{formatFullNumber(listing.averageCoinsPerAccount)}</td>
                    <td data-label={listingColumns[3]}>€{listing.price.toFixed(2)} / 100K</td>
                    <td data-label={listingColumns[4]}>{formatDate(listing.createdAt)}</td>
                    <td>
                      {listing.isOwn ? (
                        <span className="badge">Yours</span>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-primary btn-xs"
                          onClick={() => setBuying(listing)}
                        >
                          Purchase
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-label="Your orders" className="flex flex-col gap-3">
        <h2 className="text-xl font-semibold">Your orders</h2>
        {(orders.data ?? []).length === 0 ? (
          <p>No orders yet</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {(orders.data ?? []).map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
        )}
      </section>

      <CreateListingModal
        isOpen={isCreating}
        onClose={() => setIsCreating(false)}
        accounts={accountList}
        listedAccountIds={listedAccountIds}
      />
      <PurchaseModal listing={buying} onClose={() => setBuying(undefined)} accounts={accountList} />
    </div>
  );
}

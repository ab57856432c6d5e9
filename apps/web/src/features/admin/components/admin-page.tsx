import { formatEuroCents, isAdmin, tierLabels } from '@tradedesk/domain';
import { useState } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formatDate } from '../../../utils/format';
import {
  adminCalls,
  useAdminAction,
  useAdminOrders,
  useAdminUsers,
  useMarketPrices,
  type AdminUser,
} from '../api/admin-calls';
import { TableHead } from '../../../components/ui/table-head';

function UserOrders({ userId }: { userId: string }) {
  const orders = useAdminOrders(userId);
  const refund = useAdminAction(adminCalls.refund, 'Order refunded');
  if (orders.isPending) return <span className="loading loading-spinner loading-sm" />;
  if (!orders.data?.length) return <p className="text-sm opacity-70">No orders</p>;
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {orders.data.map((order) => (
        <li key={order.id} className="flex items-center gap-2">
          <span>
            {order.productId} × {order.quantity} · {formatEuroCents(order.amountCents)} · {order.status}
          </span>
          {order.status === 'paid' && (
            <button
              type="button"
              className="btn btn-xs btn-outline btn-error"
              onClick={() => refund.mutate(order.id)}
            >
              Refund
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const [credits, setCredits] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const trial = useAdminAction(adminCalls.grantTrial, 'Free trial granted');
  const change = useAdminAction(adminCalls.changeCredits, 'Credits updated');
  const delta = Number(credits);
  return (
    <>
      <tr>
        <td>{user.username}</td>
        <td>{tierLabels[user.tier]}</td>
        <td>{user.credits}</td>
        <td>{formatDate(user.createdAt)}</td>
        <td>{formatDate(user.expiresAt)}</td>
        <td>
          {/* One line of actions (the table scrolls sideways on a phone); a flex td left the table's
              layout and wrapped them into a column, each row a screen tall. */}
          <div className="flex w-max items-center gap-1">
            {(['snipe', 'transfer'] as const).map((tier) => (
              <button
                key={tier}
                type="button"
                className="btn btn-xs"
                onClick={() => trial.mutate({ userId: user.id, tier })}
              >
                3-day {tierLabels[tier]} trial
              </button>
            ))}
            <input
              className="input input-xs w-20"
              inputMode="numeric"
              placeholder="± credits"
              aria-label={`Credits for ${user.username}`}
              value={credits}
              onChange={(event) => setCredits(event.target.value)}
            />
            <button
              type="button"
              className="btn btn-xs"
              disabled={!Number.isInteger(delta) || delta === 0}
              onClick={() => change.mutate({ userId: user.id, delta }, { onSuccess: () => setCredits('') })}
            >
              Apply
            </button>
            <button type="button" className="btn btn-xs btn-ghost" onClick={() => setIsOpen(!isOpen)}>
              {isOpen ? 'Hide orders' : 'Orders'}
            </button>
          </div>
        </td>
      </tr>
      {isOpen && (
        <tr>
          <td colSpan={6}>
            <UserOrders userId={user.id} />
          </td>
        </tr>
      )}
    </>
  );
}

/** The admin page: only for the Admin role (the server refuses everyone else too). */
export function AdminPage({ roles }: { roles: readonly string[] }) {
  useDocumentTitle('Admin');
  if (!isAdmin({ roles }))
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-3xl font-bold">Admin</h1>
        <p className="alert alert-error">Only an admin may do this</p>
      </div>
    );
  return <AdminConsole />;
}

/** Market prices on load, users, free trials, credits and refunds. */
function AdminConsole() {
  const [search, setSearch] = useState('');
  const market = useMarketPrices();
  const users = useAdminUsers(search);
  const cards = market.data ? Object.keys(market.data).length : 0;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Admin</h1>
      <p className="text-sm opacity-80">
        {market.isPending
          ? 'Loading market prices…'
          : market.isError
            ? 'Failed to fetch market prices'
            : `Market prices loaded (${cards} cards)`}
      </p>
      <label className="input max-w-sm">
        <span className="sr-only">Search users</span>
        <input
          placeholder="Search users"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <div className="overflow-x-auto">
        <table className="table table-sm">
          <TableHead columns={['User', 'Tier', 'Credits', 'Joined', 'Expires', 'Actions']} />
          <tbody>
            {(users.data ?? []).map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
            {users.data?.length === 0 && (
              <tr>
                <td colSpan={6} className="opacity-70">
                  {search.trim() ? 'No users match this search' : 'No users yet'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

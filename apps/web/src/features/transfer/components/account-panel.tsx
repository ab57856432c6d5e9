import {
  accountStatusBadge,
  formatCoins,
  isAccountRunning,
  launchWhileActiveMessage,
  type Account,
} from '@tradedesk/domain';
import { useId, useState } from 'react';
import { useTransferStore } from '../../../stores/transfer-store';
import { CreateAccountModal, DeleteAccountModal, EditAccountModal } from '../../../common/accounts';
import { useAccountMetadata } from '../api/get-account-metadata';

type Side = 'seller' | 'buyer';
type Dialog = 'create' | 'edit' | 'delete' | null;

const sideLabel = (side: Side) => (side === 'seller' ? 'Seller' : 'Buyer');

/**
 * One side of the transfer (spec 001 §2): a searchable account dropdown, Launch Webapp,
 * Screenshot Coin Balance, Create / Edit / Delete Account, and what the last sync saw.
 */
export function AccountPanel({
  side,
  accounts,
  onLaunch,
  onScreenshot,
}: {
  side: Side;
  accounts: readonly Account[];
  onLaunch: (account: Account | undefined) => void;
  onScreenshot: (account: Account | undefined) => void;
}) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const chosenId = useTransferStore((state) => (side === 'seller' ? state.sellerId : state.buyerId));
  const setAccount = useTransferStore((state) => state.setAccount);
  const isCompact = useTransferStore((state) => state.isNumberFormatEnabled);
  const account = accounts.find((candidate) => candidate.id === chosenId);
  const metadata = useAccountMetadata(account?.id ?? null);
  const query = search.trim().toLowerCase();
  const shown = accounts.filter(
    (candidate) =>
      candidate.id === account?.id ||
      query === '' ||
      candidate.email.toLowerCase().includes(query) ||
      candidate.username.toLowerCase().includes(query),
  );
  const details = metadata.data;
  const label = sideLabel(side);
  // Spec 001 §7: Launch is disabled while the account is active.
  const isActiveAccount = account !== undefined && isAccountRunning(account.status);
  return (
    <section className="card bg-base-200" aria-label={label}>
      <div className="card-body gap-3 p-4">
        <h2 className="card-title text-base">{label}</h2>
        <label htmlFor={searchId} className="sr-only">
          Search {label.toLowerCase()} accounts
        </label>
        <input
          id={searchId}
          className="input input-sm w-full"
          placeholder="Search accounts"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <select
          className="select select-sm w-full"
          aria-label={`${label} account`}
          value={account?.id ?? ''}
          onChange={(event) => setAccount(side, event.target.value || null)}
        >
          <option value="">Select {label.toLowerCase()} account</option>
          {shown.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.username || candidate.email}
            </option>
          ))}
        </select>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-xs"
            disabled={isActiveAccount}
            title={isActiveAccount ? launchWhileActiveMessage : undefined}
            onClick={() => onLaunch(account)}
          >
            Launch Webapp
          </button>
          <button type="button" className="btn btn-xs" onClick={() => onScreenshot(account)}>
            Screenshot Coin Balance
          </button>
          <button type="button" className="btn btn-xs" onClick={() => setDialog('create')}>
            Create Account
          </button>
          <button type="button" className="btn btn-xs" disabled={!account} onClick={() => setDialog('edit')}>
            Edit Account
          </button>
          <button
            type="button"
            className="btn btn-xs text-error"
            disabled={!account}
            onClick={() => setDialog('delete')}
          >
            Delete Account
          </button>
        </div>
        {account && (
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt>Status</dt>
            <dd>
              <span className="badge badge-sm">{accountStatusBadge(account.status)}</span>
            </dd>
            <dt>Username</dt>
            <dd>{details?.username || account.username || '-'}</dd>
            <dt>Coins</dt>
            <dd aria-label={`${label} coins`}>{formatCoins(details?.coins ?? account.coins, isCompact)}</dd>
            <dt>Players</dt>
            <dd aria-label={`${label} players`}>
              {(details?.unassigned.length ?? 0) + (details?.tradepile.length ?? 0)}
            </dd>
          </dl>
        )}
      </div>
      <CreateAccountModal isOpen={dialog === 'create'} onClose={() => setDialog(null)} />
      <EditAccountModal
        account={dialog === 'edit' ? (account ?? null) : null}
        onClose={() => setDialog(null)}
      />
      <DeleteAccountModal
        account={dialog === 'delete' ? (account ?? null) : null}
        onClose={() => setDialog(null)}
      />
    </section>
  );
}

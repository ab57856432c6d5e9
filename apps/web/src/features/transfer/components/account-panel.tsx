import {
  accountStatusBadge,
  formatCoins,
  isAccountRunning,
  launchWhileActiveMessage,
  type Account,
} from '@tradedesk/domain';
import { useId, useState, type ReactNode } from 'react';
import { toneUnlessDisabled } from '../../../components/ui/button-tone';
import { useTransferStore } from '../../../stores/transfer-store';
import {
  CreateAccountModal,
  DeleteAccountModal,
  EditAccountModal,
  readCoinBalance,
  UNREAD_COIN_BALANCE,
} from '../../../common/accounts';
import { useAccountMetadata } from '../api/get-account-metadata';

type Side = 'seller' | 'buyer';
type Dialog = 'create' | 'edit' | 'delete' | null;

const sideLabel = (side: Side) => (side === 'seller' ? 'Seller' : 'Buyer');

/**
 * A panel button. One that is off (`offReason`) looks disabled and is described by the reason the
 * panel shows under its buttons: a disabled button takes no pointer (daisyUI), so a title alone
 * would never be seen.
 */
function PanelButton({
  tone,
  offReason,
  reasonId,
  onClick,
  children,
}: {
  tone?: string;
  offReason?: string | undefined;
  reasonId?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  const isOff = offReason !== undefined;
  return (
    <button
      type="button"
      className={`btn btn-xs ${toneUnlessDisabled(tone, isOff)}`}
      disabled={isOff}
      title={offReason}
      aria-describedby={isOff ? reasonId : undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

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
  const reasonId = useId();
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
  // The last balance read from the game (a sign-in, a sync, a launch all store it on the account);
  // never read yet: no balance, not 0.
  const coins = account ? readCoinBalance(account) : null;
  const label = sideLabel(side);
  // Spec 001 §7: Launch is disabled while the account is active; Edit and Delete need an account.
  const launchOffReason =
    account !== undefined && isAccountRunning(account.status) ? launchWhileActiveMessage : undefined;
  const noAccountReason =
    account === undefined ? `Select a ${label.toLowerCase()} account to edit or delete it` : undefined;
  // Never both: without an account nothing runs.
  const offReason = launchOffReason ?? noAccountReason;
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
          <PanelButton offReason={launchOffReason} reasonId={reasonId} onClick={() => onLaunch(account)}>
            Launch Webapp
          </PanelButton>
          <PanelButton onClick={() => onScreenshot(account)}>Screenshot Coin Balance</PanelButton>
          <PanelButton onClick={() => setDialog('create')}>Create Account</PanelButton>
          <PanelButton offReason={noAccountReason} reasonId={reasonId} onClick={() => setDialog('edit')}>
            Edit Account
          </PanelButton>
          <PanelButton
            tone="text-error"
            offReason={noAccountReason}
            reasonId={reasonId}
            onClick={() => setDialog('delete')}
          >
            Delete Account
          </PanelButton>
        </div>
        {offReason && (
          <p id={reasonId} className="text-base-content/70 text-sm">
            {offReason}
          </p>
        )}
        {account && (
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt>Status</dt>
            <dd>
              <span className="badge badge-sm">{accountStatusBadge(account.status)}</span>
            </dd>
            <dt>Username</dt>
            <dd>{details?.username || account.username || '-'}</dd>
            <dt>Coins</dt>
            <dd aria-label={`${label} coins`}>
              {coins === null ? UNREAD_COIN_BALANCE : formatCoins(coins, isCompact)}
            </dd>
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

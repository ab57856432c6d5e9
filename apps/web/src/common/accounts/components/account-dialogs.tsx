import { lazy } from 'react';
import type { Account } from '@tradedesk/domain';
import { OpenDialog } from '../../../components/ui/open-dialog';

// The account form (the form library and the account schema) loads when a dialog first opens:
// the pages that offer Create and Edit (/snipe, /transfer, /sbc) draw without it.
const LazyCreateAccountModal = lazy(() =>
  import('./create-account-modal').then((module) => ({ default: module.CreateAccountModal })),
);
const LazyEditAccountModal = lazy(() =>
  import('./edit-account-modal').then((module) => ({ default: module.EditAccountModal })),
);

/** Create Account, its form loaded on first opening. */
export function CreateAccountModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <OpenDialog isOpen={isOpen} label="Loading the account form…">
      <LazyCreateAccountModal isOpen onClose={onClose} />
    </OpenDialog>
  );
}

/** Edit account credentials (open while `account` is set), its form loaded on first opening. */
export function EditAccountModal({ account, onClose }: { account: Account | null; onClose: () => void }) {
  return (
    <OpenDialog isOpen={account !== null} label="Loading the account form…">
      <LazyEditAccountModal account={account} onClose={onClose} />
    </OpenDialog>
  );
}

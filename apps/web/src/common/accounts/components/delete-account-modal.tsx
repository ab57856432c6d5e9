import type { Account } from '@tradedesk/domain';
import { useDeleteAccount } from '../api/delete-account';
import { ConfirmModal } from '../../../components/ui/confirm-modal';

/** Delete account confirmation. */
export function DeleteAccountModal({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const deleteAccount = useDeleteAccount();
  return (
    <ConfirmModal
      isOpen={account !== null}
      title="Delete account"
      confirmLabel="Delete"
      isDanger
      isPending={deleteAccount.isPending}
      onClose={onClose}
      onConfirm={() => account && deleteAccount.mutate(account.id, { onSuccess: onClose })}
    >
      Delete <strong>{account?.email}</strong>? Its statistics are removed too.
    </ConfirmModal>
  );
}

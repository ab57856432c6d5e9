import type { Account } from '@tradedesk/domain';
import { useResetAccountStatistics } from '../api/reset-account-statistics';
import { ConfirmModal } from '../../../components/ui/confirm-modal';

/** Reset Account Statistics confirmation: session counters and profit go back to zero. */
export function ResetAccountStatisticsModal({
  account,
  onClose,
}: {
  account: Account | null;
  onClose: () => void;
}) {
  const resetStatistics = useResetAccountStatistics();
  return (
    <ConfirmModal
      isOpen={account !== null}
      title="Reset Account Statistics"
      confirmLabel="Reset"
      isPending={resetStatistics.isPending}
      onClose={onClose}
      onConfirm={() => account && resetStatistics.mutate(account.id, { onSuccess: onClose })}
    >
      Reset the profit, requests and searches of <strong>{account?.email}</strong>?
    </ConfirmModal>
  );
}

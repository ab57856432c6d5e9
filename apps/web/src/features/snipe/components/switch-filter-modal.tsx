import type { Account } from '@tradedesk/domain';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useIsSavingRunInput } from '../../../lib/run-inputs';

export type PendingSwitch = { account: Account; filterId: string; label: string };

type SwitchFilterModalProps = {
  pending: PendingSwitch | null;
  onConfirm: (pending: PendingSwitch) => void;
  onClose: () => void;
};

/**
 * Switch Filter: confirms changing the filter of a running account. Switch waits while a filter is
 * being saved: it sends the filter as the page's list holds it.
 */
export function SwitchFilterModal({ pending, onConfirm, onClose }: SwitchFilterModalProps) {
  const isSaving = useIsSavingRunInput();
  return (
    <ConfirmModal
      isOpen={pending !== null}
      title="Switch Filter"
      confirmLabel="Switch"
      isPending={isSaving}
      onConfirm={() => pending && onConfirm(pending)}
      onClose={onClose}
    >
      Switch <strong>{pending?.account.email}</strong> to the filter <strong>{pending?.label}</strong> while
      it runs?
    </ConfirmModal>
  );
}

import type { Account } from '@tradedesk/domain';
import { ConfirmModal } from '../../../components/ui/confirm-modal';

export type PendingSwitch = { account: Account; filterId: string; label: string };

type SwitchFilterModalProps = {
  pending: PendingSwitch | null;
  onConfirm: (pending: PendingSwitch) => void;
  onClose: () => void;
};

/** Switch Filter: confirms changing the filter of a running account. */
export function SwitchFilterModal({ pending, onConfirm, onClose }: SwitchFilterModalProps) {
  return (
    <ConfirmModal
      isOpen={pending !== null}
      title="Switch Filter"
      confirmLabel="Switch"
      onConfirm={() => pending && onConfirm(pending)}
      onClose={onClose}
    >
      Switch <strong>{pending?.account.email}</strong> to the filter <strong>{pending?.label}</strong> while
      it runs?
    </ConfirmModal>
  );
}

import type { Account } from '@tradedesk/domain';
import { Modal } from '../../../components/ui/modal';

export type PendingSwitch = { account: Account; filterId: string; label: string };

type SwitchFilterModalProps = {
  pending: PendingSwitch | null;
  onConfirm: (pending: PendingSwitch) => void;
  onClose: () => void;
};

/** Switch Filter: confirms changing the filter of a running account. */
export function SwitchFilterModal({ pending, onConfirm, onClose }: SwitchFilterModalProps) {
  return (
    <Modal
      isOpen={pending !== null}
      title="Switch Filter"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={() => pending && onConfirm(pending)}>
            Switch
          </button>
        </>
      }
    >
      Switch <strong>{pending?.account.email}</strong> to the filter <strong>{pending?.label}</strong> while
      it runs?
    </Modal>
  );
}

import type { ReactNode } from 'react';
import { Modal } from '../../../components/ui/modal';

type ConfirmModalProps = {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isDanger?: boolean;
  isPending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A yes/no modal: the confirm button runs the action, Cancel only closes. */
export function ConfirmModal({
  isOpen,
  title,
  children,
  confirmLabel,
  isDanger = false,
  isPending = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <Modal
      isOpen={isOpen}
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className={`btn ${isDanger ? 'btn-error' : 'btn-primary'}`}
            disabled={isPending}
            onClick={onConfirm}
          >
            {isPending && <span className="loading loading-spinner loading-sm" aria-hidden />}
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

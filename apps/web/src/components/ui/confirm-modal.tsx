import type { ReactNode } from 'react';
import { Modal } from './modal';
import { ModalActions } from './modal-actions';
import { useOnceWhilePending } from './use-once-while-pending';

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
  const confirm = useOnceWhilePending(onConfirm, isPending, isOpen);
  return (
    <Modal
      isOpen={isOpen}
      title={title}
      onClose={onClose}
      actions={
        <ModalActions
          confirmLabel={confirmLabel}
          tone={isDanger ? 'danger' : 'primary'}
          isPending={confirm.isHeld}
          onConfirm={confirm.run}
          onCancel={onClose}
        />
      }
    >
      {children}
    </Modal>
  );
}

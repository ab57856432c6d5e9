import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Modal } from './modal';
import { ModalActions } from './modal-actions';

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
  // The action's isPending arrives a tick after its click, so a double click confirmed twice (two
  // deletes: 'Account deleted successfully', then 'Account not found'). The second click waits
  // until the action has ended or the modal has closed.
  const isConfirming = useRef(false);
  const [isConfirmed, setIsConfirmed] = useState(false);
  useEffect(() => {
    if (isPending && isOpen) return;
    isConfirming.current = false;
    setIsConfirmed(false);
  }, [isPending, isOpen]);
  const confirmOnce = () => {
    if (isConfirming.current) return;
    isConfirming.current = true;
    setIsConfirmed(true);
    onConfirm();
  };
  return (
    <Modal
      isOpen={isOpen}
      title={title}
      onClose={onClose}
      actions={
        <ModalActions
          confirmLabel={confirmLabel}
          tone={isDanger ? 'danger' : 'primary'}
          isPending={isPending || isConfirmed}
          onConfirm={confirmOnce}
          onCancel={onClose}
        />
      }
    >
      {children}
    </Modal>
  );
}

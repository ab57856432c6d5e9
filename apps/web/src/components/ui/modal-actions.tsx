import type { ReactNode } from 'react';

type ModalActionsProps = {
  confirmLabel: string;
  onCancel: () => void;
  /** Runs the action; leave it out to make the button submit its form (or the one named by `form`). */
  onConfirm?: () => void;
  form?: string;
  tone?: 'primary' | 'danger';
  isDisabled?: boolean;
  /** While the action runs the button is disabled and shows a spinner. */
  isPending?: boolean;
  /** Further buttons, shown between Cancel and the confirm button. */
  children?: ReactNode;
};

/** A dialog's footer: Cancel only closes; the confirm button runs the action or submits the form. */
export function ModalActions({
  confirmLabel,
  onCancel,
  onConfirm,
  form,
  tone = 'primary',
  isDisabled = false,
  isPending = false,
  children,
}: ModalActionsProps) {
  return (
    <>
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
      {children}
      <button
        type={onConfirm ? 'button' : 'submit'}
        form={form}
        className={`btn ${tone === 'danger' ? 'btn-error' : 'btn-primary'}`}
        disabled={isDisabled || isPending}
        onClick={onConfirm}
      >
        {isPending && <span className="loading loading-spinner loading-sm" aria-hidden />}
        {confirmLabel}
      </button>
    </>
  );
}

import { useEffect, useId, type ReactNode } from 'react';

type WideModalProps = {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
};

/**
 * A modal wide enough for the filter editor (the shared Modal is a narrow dialog). Escape and
 * the backdrop close it, as with the shared one.
 */
export function WideModal({ isOpen, title, onClose, children, actions }: WideModalProps) {
  const titleId = useId();
  useEffect(() => {
    if (!isOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isOpen, onClose]);
  if (!isOpen) return null;
  return (
    <div
      className="modal modal-open modal-bottom sm:modal-middle"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
    >
      <div className="modal-box w-full max-w-5xl">
        <h3 id={titleId} className="text-lg font-bold">
          {title}
        </h3>
        <div className="py-4">{children}</div>
        <div className="modal-action">{actions}</div>
      </div>
      <button type="button" className="modal-backdrop" aria-label="Close" onClick={onClose} />
    </div>
  );
}

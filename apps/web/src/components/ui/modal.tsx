import { useEffect, useId, type ReactNode } from 'react';

type ModalProps = {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  /** 'wide' fits an editor such as the filter form; 'default' is a narrow dialog. */
  size?: 'default' | 'wide';
};

/** A daisyUI modal driven by React state; Escape and the backdrop close it. */
export function Modal({ isOpen, title, onClose, children, actions, size = 'default' }: ModalProps) {
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
      {/* Within the viewport whatever the content: the body scrolls, title and actions stay. */}
      <div
        className={`modal-box flex max-h-[calc(100dvh-2rem)] flex-col ${size === 'wide' ? 'w-full max-w-5xl' : ''}`}
      >
        <h3 id={titleId} className="shrink-0 text-lg font-bold">
          {title}
        </h3>
        <div className="min-h-0 flex-1 overflow-y-auto py-4" data-testid="modal-body">
          {children}
        </div>
        <div className="modal-action mt-2 shrink-0">{actions}</div>
      </div>
      <button type="button" className="modal-backdrop" aria-label="Close" onClick={onClose} />
    </div>
  );
}

import { useId, useRef, type ReactNode } from 'react';
import { useModalFocus } from './modal-focus';

type ModalProps = {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  /** 'wide' fits an editor such as the filter form; 'default' is a narrow dialog. */
  size?: 'default' | 'wide';
};

/**
 * A daisyUI modal driven by React state; Escape and the backdrop close it. While it is open the
 * keyboard stays in it and the page behind is inert (`useModalFocus`); the focus then returns to
 * the opener.
 */
export function Modal({ isOpen, title, onClose, children, actions, size = 'default' }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalFocus(dialogRef, isOpen, onClose);

  if (!isOpen) return null;
  return (
    <div
      ref={dialogRef}
      className="modal modal-open modal-bottom sm:modal-middle outline-none"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      // Takes the focus when the dialog has nothing else to focus (its content is still loading).
      tabIndex={-1}
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
      {/* For the mouse; the keyboard closes with Escape (a Tab stop here would be an invisible one). */}
      <button type="button" className="modal-backdrop" aria-label="Close" tabIndex={-1} onClick={onClose} />
    </div>
  );
}

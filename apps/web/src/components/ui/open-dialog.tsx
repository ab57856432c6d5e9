import { Suspense, type ReactNode } from 'react';

/**
 * Draws a dialog whose code is loaded lazily (`React.lazy`) only while it is open: a page then
 * downloads and runs its forms (the form library, the schemas) when the user first opens one,
 * not before its first paint. Until the code is there (the first opening only) a spinner over
 * the page says what is loading.
 */
export function OpenDialog({
  isOpen,
  label,
  children,
}: {
  isOpen: boolean;
  label: string;
  children: ReactNode;
}) {
  if (!isOpen) return null;
  return (
    <Suspense
      fallback={
        <div className="modal modal-open" role="status">
          <span className="loading loading-spinner loading-lg text-base-100" aria-hidden />
          <span className="sr-only">{label}</span>
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

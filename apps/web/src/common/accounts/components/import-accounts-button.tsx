import { lazy, Suspense, useState } from 'react';
import { UploadIcon } from '../../../components/ui/icons';

// The import form (CSV parser, account schemas) loads on first open, not with every page.
const ImportAccountsModal = lazy(() =>
  import('./import-accounts-modal').then((module) => ({ default: module.ImportAccountsModal })),
);

/** The navigation bar's Import Accounts entry. */
export function ImportAccountsButton() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-circle"
        aria-label="Import Accounts"
        title="Import Accounts"
        onClick={() => setIsOpen(true)}
      >
        <UploadIcon />
      </button>
      {isOpen && (
        <Suspense
          fallback={
            <span
              className="loading loading-spinner loading-sm"
              role="status"
              aria-label="Loading the import form"
            />
          }
        >
          <ImportAccountsModal isOpen onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

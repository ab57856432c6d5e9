import { useState } from 'react';
import { UploadIcon } from '../../../components/ui/icons';
import { ImportAccountsModal } from './import-accounts-modal';

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
      <ImportAccountsModal isOpen={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}

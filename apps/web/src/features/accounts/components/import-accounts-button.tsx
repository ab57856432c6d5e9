import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { UploadIcon } from '../../../components/ui/icons';

/** The navigation bar's Import Accounts entry. The CSV import itself arrives with the accounts work. */
export function ImportAccountsButton() {
  const [isOpen, setIsOpen] = useState(false);
  const close = () => setIsOpen(false);
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
      <Modal
        isOpen={isOpen}
        title="Import Accounts"
        onClose={close}
        actions={
          <button type="button" className="btn" onClick={close}>
            Close
          </button>
        }
      >
        <p>
          Here you will upload a CSV file with the columns email, password, backup code, platform and manual
          login, check every row in a preview, and import the valid ones in one go.
        </p>
        <p className="mt-2 text-sm opacity-70">CSV import is not available yet.</p>
      </Modal>
    </>
  );
}

import {
  accountsToImport,
  canConfirmImport,
  classifyAccountImport,
  type AccountImportRow,
} from '@tradedesk/domain';
import { useMemo, useRef, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { useOnceWhilePending } from '../../../components/ui/use-once-while-pending';
import { notify } from '../../../lib/notify';
import { useAccounts } from '../api/get-accounts';
import { useImportAccounts } from '../api/import-accounts';
import { noAccountRowsMessage, parseAccountsCsv } from '../import/parse-accounts-csv';
import { ImportPreviewTable } from './import-preview-table';

type ImportAccountsModalProps = { isOpen: boolean; onClose: () => void };

/** Import accounts from a CSV: upload, preview every row, confirm the valid ones (spec §2). */
export function ImportAccountsModal({ isOpen, onClose }: ImportAccountsModalProps) {
  const [fileRows, setFileRows] = useState<AccountImportRow[]>([]);
  /** Row numbers the user took out of this import. */
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const fileInput = useRef<HTMLInputElement>(null);
  const accounts = useAccounts();
  const importAccounts = useImportAccounts();
  // Classified against the accounts the user has now, so a refetch keeps warnings right.
  const existingEmails = useMemo(
    () => (accounts.data ?? []).map((account) => account.email),
    [accounts.data],
  );
  const rows = useMemo(
    () => classifyAccountImport(fileRows, existingEmails).filter((row) => !removed.has(row.rowNumber)),
    [fileRows, existingEmails, removed],
  );

  const close = () => {
    setFileRows([]);
    setRemoved(new Set());
    onClose();
  };
  // One import per click: a double click imported the rows twice (the second as 'already exists').
  const submitImport = useOnceWhilePending(
    () => importAccounts.mutate(accountsToImport(rows), { onSuccess: close }),
    importAccounts.isPending,
  );

  const readFile = async (file: File) => {
    const parsed = parseAccountsCsv(await file.text());
    setFileRows(parsed);
    setRemoved(new Set());
    // An empty or foreign file would otherwise only leave "No rows yet", as if nothing was chosen.
    if (parsed.length === 0) notify.error(noAccountRowsMessage);
    for (const row of classifyAccountImport(parsed, existingEmails))
      if (row.message) notify.error(row.message);
  };

  return (
    <Modal
      isOpen={isOpen}
      title="Import Accounts"
      onClose={close}
      actions={
        <ModalActions
          confirmLabel="Confirm"
          isDisabled={!canConfirmImport(rows)}
          isPending={submitImport.isHeld}
          onConfirm={submitImport.run}
          onCancel={close}
        >
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            className="hidden"
            aria-label="CSV file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void readFile(file);
            }}
          />
          <button
            type="button"
            className="btn btn-outline"
            disabled={accounts.isPending}
            onClick={() => fileInput.current?.click()}
          >
            Upload CSV
          </button>
        </ModalActions>
      }
    >
      <p className="mb-3 text-sm opacity-80">
        Columns: email, password, backup code, platform, manual login. Rows in yellow use an email you already
        have and are skipped; rows in red must be fixed in the file or removed here.
      </p>
      <p className="mb-3 text-sm font-medium">
        Manual login is always on for imported accounts: you sign each one in yourself when it starts.
      </p>
      <ImportPreviewTable
        rows={rows}
        onRemove={(rowNumber) => setRemoved((previous) => new Set([...previous, rowNumber]))}
      />
    </Modal>
  );
}

import type { ClassifiedImportRow, ImportRowState } from '@tradedesk/domain';
import { TableHead } from '../../../components/ui/table-head';

const rowClass: Record<ImportRowState, string> = {
  success: 'bg-success/15',
  warning: 'bg-warning/20',
  error: 'bg-error/20',
};

const statusText: Record<ImportRowState, string> = {
  success: 'Ready',
  warning: 'Email already exists: skipped',
  error: 'Invalid',
};

/** What the row's status cell says: the reason of a bad row, then how its platform is read. */
function rowStatus(row: ClassifiedImportRow): string {
  const reason = row.message?.replace(/^Row \d+: /, '') ?? statusText[row.state];
  return row.platformNote ? `${reason} · ${row.platformNote}` : reason;
}

type ImportPreviewTableProps = {
  rows: readonly ClassifiedImportRow[];
  /** Drops one row of the file from this import. */
  onRemove: (rowNumber: number) => void;
};

/** The import preview: one coloured row per CSV row (secrets masked), its status and Remove. */
export function ImportPreviewTable({ rows, onRemove }: ImportPreviewTableProps) {
  if (rows.length === 0) return <p className="text-sm opacity-70">No rows yet: upload a CSV file.</p>;
  return (
    <div className="max-h-80 overflow-auto">
      <table className="table-sm table">
        <TableHead
          columns={['Row', 'Email', 'Password', 'Backup Code', 'Platform', 'Enable Manual Login', 'Status']}
          actionColumn="Remove"
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.rowNumber} className={rowClass[row.state]} data-state={row.state}>
              <td>{row.rowNumber}</td>
              <td className="break-all">{row.values.email}</td>
              <td>{row.values.password ? '••••••••' : ''}</td>
              <td>{row.values.backupCode ? '••••••••' : ''}</td>
              <td>{row.values.platform.toUpperCase()}</td>
              <td>{row.values.isManualLogin ? 'Yes' : 'No'}</td>
              <td className="text-xs" data-testid="import-row-status">
                {rowStatus(row)}
              </td>
              <td>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  aria-label={`Remove row ${row.rowNumber}`}
                  onClick={() => onRemove(row.rowNumber)}
                >
                  ✕
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

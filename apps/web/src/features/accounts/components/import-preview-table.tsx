import type { ClassifiedImportRow, ImportRowState } from '@tradedesk/domain';

const rowClass: Record<ImportRowState, string> = {
  success: 'bg-success/15',
  warning: 'bg-warning/20',
  error: 'bg-error/20',
};

const statusText: Record<ImportRowState, string> = {
  success: 'Ready',
  warning: 'Email already exists',
  error: 'Invalid',
};

/** The import preview: one coloured row per CSV row (secrets masked). */
export function ImportPreviewTable({ rows }: { rows: readonly ClassifiedImportRow[] }) {
  if (rows.length === 0) return <p className="text-sm opacity-70">No rows yet: upload a CSV file.</p>;
  return (
    <div className="max-h-80 overflow-auto">
      <table className="table-sm table">
        <thead>
          <tr>
            <th>Email</th>
            <th>Password</th>
            <th>Backup Code</th>
            <th>Platform</th>
            <th>Enable Manual Login</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.rowNumber}
              className={rowClass[row.state]}
              data-state={row.state}
              title={row.message ?? statusText[row.state]}
            >
              <td className="break-all">{row.values.email}</td>
              <td>{row.values.password ? '••••••••' : ''}</td>
              <td>{row.values.backupCode ? '••••••••' : ''}</td>
              <td>{row.values.platform.toUpperCase()}</td>
              <td>{row.values.isManualLogin ? 'Yes' : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { ImportRow, ImportRowStatus } from '../import/classify-import-rows';

const rowClass: Record<ImportRowStatus, string> = {
  success: 'bg-success/15',
  warning: 'bg-warning/20',
  error: 'bg-error/20',
};

const statusText: Record<ImportRowStatus, string> = {
  success: 'Ready',
  warning: 'Email already exists',
  error: 'Invalid',
};

/** The import preview: one coloured row per CSV row (secrets masked). */
export function ImportPreviewTable({ rows }: { rows: readonly ImportRow[] }) {
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
              className={rowClass[row.status]}
              data-status={row.status}
              title={row.error ?? statusText[row.status]}
            >
              <td className="break-all">{row.email}</td>
              <td>{row.password ? '••••••••' : ''}</td>
              <td>{row.backupCode ? '••••••••' : ''}</td>
              <td>{row.platform.toUpperCase()}</td>
              <td>{row.isManualLogin ? 'Yes' : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

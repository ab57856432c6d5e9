import type { AccountImportRow } from '@tradedesk/domain';
import Papa from 'papaparse';

/** Header spellings users write, reduced to the five columns of spec §5. */
const columnOfHeader: Record<string, keyof AccountImportRow> = {
  email: 'email',
  password: 'password',
  backupcode: 'backupCode',
  platform: 'platform',
  manuallogin: 'isManualLogin',
  enablemanuallogin: 'isManualLogin',
  ismanuallogin: 'isManualLogin',
};

const normaliseHeader = (header: string) => {
  const key = header.toLowerCase().replace(/[^a-z]/g, '');
  return columnOfHeader[key] ?? key;
};

/** Said when a file gives no account row at all (empty, a header alone, or not CSV). */
export const noAccountRowsMessage =
  'The file holds no accounts: its first line names the columns (email, password, backup code, platform, manual login), then one account per line.';

/**
 * Reads CSV text with a header row (email, password, backup code, platform, manual login) into
 * rows for the shared import classification. Blank lines are skipped.
 */
export function parseAccountsCsv(text: string): AccountImportRow[] {
  const parsed = Papa.parse<AccountImportRow>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: normaliseHeader,
  });
  return parsed.data;
}

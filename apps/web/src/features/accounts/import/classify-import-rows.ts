import { accountCreateSchema, importRowMessage, type AccountCreate } from '@tradedesk/domain';
import Papa from 'papaparse';

export type ImportRowStatus = 'success' | 'warning' | 'error';

/** One data row of an import file, as the preview shows it. */
export type ImportRow = {
  /** 1-based position among the file's data rows (the header is not counted). */
  rowNumber: number;
  email: string;
  password: string;
  backupCode: string;
  platform: string;
  isManualLogin: boolean;
  status: ImportRowStatus;
  /** 'Row N: …' for error rows. */
  error?: string;
  /** The validated payload, for success and warning rows. */
  account?: AccountCreate;
};

/** Header spellings users write, reduced to the five columns of spec §5. */
const columnOfHeader: Record<string, keyof RawRow> = {
  email: 'email',
  password: 'password',
  backupcode: 'backupCode',
  platform: 'platform',
  manuallogin: 'manualLogin',
  enablemanuallogin: 'manualLogin',
  ismanuallogin: 'manualLogin',
};

type RawRow = { email: string; password: string; backupCode: string; platform: string; manualLogin: string };

const normaliseHeader = (header: string) => {
  const key = header.toLowerCase().replace(/[^a-z]/g, '');
  return columnOfHeader[key] ?? key;
};

/** Console spellings map to the stored `ps`; anything else reaches the schema as typed. */
function platformOf(raw: string): string {
  const value = raw.toLowerCase();
  if (['ps', 'console', 'ps/xbox', 'xbox', 'playstation'].includes(value)) return 'ps';
  return value;
}

/** Parses CSV text with a header row into trimmed rows. */
export function parseAccountsCsv(text: string): RawRow[] {
  const parsed = Papa.parse<Partial<RawRow>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: normaliseHeader,
    transform: (value) => value.trim(),
  });
  return parsed.data.map((row) => ({
    email: row.email ?? '',
    password: row.password ?? '',
    backupCode: row.backupCode ?? '',
    platform: row.platform ?? '',
    manualLogin: row.manualLogin ?? '',
  }));
}

/**
 * Classifies import rows (spec §4): error when the create-account rules fail, warning when the
 * email already belongs to one of the user's accounts, success otherwise. A repeated email in
 * the file keeps only its first row. Manual login is always on for imported accounts.
 */
export function classifyImportRows(rows: readonly RawRow[], existingEmails: readonly string[]): ImportRow[] {
  const existing = new Set(existingEmails.map((email) => email.toLowerCase()));
  const seen = new Set<string>();
  const result: ImportRow[] = [];
  rows.forEach((raw, index) => {
    const emailKey = raw.email.toLowerCase();
    if (emailKey !== '' && seen.has(emailKey)) return;
    seen.add(emailKey);
    const rowNumber = index + 1;
    const candidate = {
      email: raw.email,
      password: raw.password,
      backupCode: raw.backupCode,
      platform: platformOf(raw.platform),
      isManualLogin: true,
    };
    const parsed = accountCreateSchema.safeParse(candidate);
    const base = { rowNumber, ...candidate };
    if (!parsed.success) {
      const messages = parsed.error.issues.map((issue) => issue.message);
      result.push({ ...base, status: 'error', error: importRowMessage(rowNumber, messages) });
    } else {
      const status = existing.has(emailKey) ? 'warning' : 'success';
      result.push({ ...base, status, account: parsed.data });
    }
  });
  return result;
}

/** Confirm is disabled when there are no rows or any row is an error. */
export const canConfirmImport = (rows: readonly ImportRow[]) =>
  rows.length > 0 && rows.every((row) => row.status !== 'error');

/** Only success rows are imported. */
export const accountsToImport = (rows: readonly ImportRow[]): AccountCreate[] =>
  rows.flatMap((row) => (row.status === 'success' && row.account ? [row.account] : []));

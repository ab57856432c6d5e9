import type { Platform } from '../enums/platform.js';
import { importRowMessage } from '../messages.js';
import { issueMessages } from '../errors.js';
import { accountImportRowSchema, type AccountCreate } from '../schemas/account.js';

/** One CSV row as parsed: columns email, password, backup code, platform, manual login. */
export interface AccountImportRow {
  email?: string | undefined;
  password?: string | undefined;
  backupCode?: string | undefined;
  platform?: string | undefined;
  isManualLogin?: string | boolean | undefined;
}

export type ImportRowState = 'success' | 'warning' | 'error';

/** A preview row: its 1-based row number, trimmed values, state and messages. */
export interface ClassifiedImportRow {
  rowNumber: number;
  values: { email: string; password: string; backupCode: string; platform: string; isManualLogin: boolean };
  state: ImportRowState;
  /** The create payload when the row is valid. */
  account?: AccountCreate;
  /** 'Row N: {messages}' for an error row. */
  message?: string;
}

/** Console may be written as ps, console, PS/XBOX or xbox; PC as pc. Unknown text stays as is. */
export function normalisePlatform(text: string): Platform | string {
  const value = text.trim().toLowerCase();
  if (value === 'pc') return 'pc';
  if (['ps', 'console', 'ps/xbox', 'xbox', 'playstation'].includes(value)) return 'ps';
  return value;
}

/**
 * Classifies parsed CSV rows for the import preview (000 §4-5, 001 §5). Values are
 * trimmed; manual login is always on; each row is checked with the create-account rules
 * (and a given backup code must be 8 characters);
 * a later row repeating an email of the file is dropped (the first wins); a row whose email
 * the user already has is a warning. Only success rows are imported.
 */
export function classifyAccountImport(
  rows: readonly AccountImportRow[],
  existingEmails: readonly string[],
): ClassifiedImportRow[] {
  const existing = new Set(existingEmails.map((email) => email.trim().toLowerCase()));
  const seen = new Set<string>();
  const result: ClassifiedImportRow[] = [];
  rows.forEach((row, index) => {
    const values = {
      email: (row.email ?? '').trim(),
      password: (row.password ?? '').trim(),
      backupCode: (row.backupCode ?? '').trim(),
      platform: (row.platform ?? '').trim(),
      isManualLogin: true,
    };
    const emailKey = values.email.toLowerCase();
    if (emailKey !== '' && seen.has(emailKey)) return;
    seen.add(emailKey);
    const rowNumber = index + 1;
    const parsed = accountImportRowSchema.safeParse({
      ...values,
      platform: normalisePlatform(values.platform),
    });
    if (!parsed.success) {
      const message = importRowMessage(rowNumber, issueMessages(parsed.error));
      result.push({ rowNumber, values, state: 'error', message });
    } else {
      const state = existing.has(emailKey) ? 'warning' : 'success';
      result.push({ rowNumber, values, state, account: parsed.data });
    }
  });
  return result;
}

/** Confirm is disabled when there are no rows or any row is an error. */
export function canConfirmImport(rows: readonly ClassifiedImportRow[]): boolean {
  return rows.length > 0 && rows.every((row) => row.state !== 'error');
}

/** The accounts Confirm imports: success rows only. */
export function accountsToImport(rows: readonly ClassifiedImportRow[]): AccountCreate[] {
  return rows.flatMap((row) => (row.state === 'success' && row.account ? [row.account] : []));
}

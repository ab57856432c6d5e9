import { platformLabels, platformValues, type Platform } from '../enums/platform.js';
import { importRowMessage, unknownImportPlatform } from '../messages.js';
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
  /** How a platform written another way is read ('xbox' → 'Console'), so the preview can say so. */
  platformNote?: string;
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
    const platform = normalisePlatform(values.platform);
    const isKnownPlatform = (platformValues as readonly string[]).includes(platform);
    const parsed = accountImportRowSchema.safeParse({ ...values, platform });
    const platformNote =
      isKnownPlatform && platform !== values.platform.toLowerCase()
        ? `'${values.platform}' is read as ${platformLabels[platform as Platform]}`
        : undefined;
    const noted = platformNote === undefined ? {} : { platformNote };
    if (!parsed.success) {
      // An unknown platform gets a sentence instead of zod's enum text.
      const rowMessages = parsed.error.issues.some((issue) => issue.path[0] === 'platform')
        ? [
            ...issueMessages(parsed.error.issues.filter((issue) => issue.path[0] !== 'platform')),
            unknownImportPlatform(values.platform),
          ]
        : issueMessages(parsed.error.issues);
      const message = importRowMessage(rowNumber, rowMessages);
      result.push({ rowNumber, values, state: 'error', message, ...noted });
    } else {
      const state = existing.has(emailKey) ? 'warning' : 'success';
      result.push({ rowNumber, values, state, account: parsed.data, ...noted });
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

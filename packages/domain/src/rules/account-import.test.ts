import { describe, expect, it } from 'vitest';
import {
  accountsToImport,
  canConfirmImport,
  classifyAccountImport,
  normalisePlatform,
} from './account-import.js';

const row = (email: string, overrides: Record<string, string> = {}) => ({
  email,
  password: 'password1',
  backupCode: '12345678',
  platform: 'pc',
  isManualLogin: 'false',
  ...overrides,
});

describe('account CSV import', () => {
  it('trims values and always turns manual login on', () => {
    const [first] = classifyAccountImport(
      [row('  a@b.com ', { backupCode: ' ABCD1234 ', platform: ' PC ' })],
      [],
    );
    expect(first?.state).toBe('success');
    expect(first?.account).toEqual({
      email: 'a@b.com',
      password: 'password1',
      backupCode: 'ABCD1234',
      isManualLogin: true,
      platform: 'pc',
    });
  });

  it('marks an email the user already has as a warning', () => {
    const rows = classifyAccountImport([row('Old@b.com'), row('new@b.com')], ['old@b.com']);
    expect(rows.map((r) => r.state)).toEqual(['warning', 'success']);
  });

  it("reports a failing row as 'Row N: {messages}' joined with ', '", () => {
    const rows = classifyAccountImport(
      [row('a@b.com'), row('broken', { password: '', platform: 'wii' })],
      [],
    );
    expect(rows[1]?.state).toBe('error');
    expect(rows[1]?.message).toBe(
      "Row 2: Email must be a valid e-mail address, Password is required, Unknown platform 'wii' (use pc or ps)",
    );
  });

  it('accepts an empty backup code (manual login) but not one of another length', () => {
    const rows = classifyAccountImport(
      [row('a@b.com', { backupCode: '' }), row('c@d.com', { backupCode: '1234' })],
      [],
    );
    expect(rows.map((r) => r.state)).toEqual(['success', 'error']);
    expect(rows[1]?.message).toBe('Row 2: Backup code must be 8 characters long');
  });

  it('collapses duplicate emails in the file to the first row', () => {
    const rows = classifyAccountImport(
      [row('a@b.com'), row('A@B.com ', { password: 'another1' }), row('c@d.com')],
      [],
    );
    expect(rows.map((r) => [r.rowNumber, r.values.email, r.values.password])).toEqual([
      [1, 'a@b.com', 'password1'],
      [3, 'c@d.com', 'password1'],
    ]);
  });

  it('imports only success rows, and Confirm needs rows and no error', () => {
    const mixed = classifyAccountImport([row('a@b.com'), row('old@b.com')], ['old@b.com']);
    expect(accountsToImport(mixed).map((account) => account.email)).toEqual(['a@b.com']);
    expect(canConfirmImport(mixed)).toBe(true);
    expect(canConfirmImport([])).toBe(false);
    expect(canConfirmImport(classifyAccountImport([row('bad')], []))).toBe(false);
  });

  it.each([
    ['pc', 'pc'],
    ['PS', 'ps'],
    ['Console', 'ps'],
    ['PS/XBOX', 'ps'],
    ['switch', 'switch'],
  ])('reads platform %s as %s', (text, platform) => {
    expect(normalisePlatform(text)).toBe(platform);
  });
});

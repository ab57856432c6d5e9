import type { CredentialCipher } from '../../lib/crypto.js';

// The associated data binds each ciphertext to its account and field.
const aad = (accountId: string, field: 'password' | 'backupCode') => `account:${accountId}:${field}`;

/** Encrypts an account's password and backup code for storage. */
export function sealCredentials(
  cipher: CredentialCipher,
  accountId: string,
  credentials: { password: string; backupCode: string },
) {
  return {
    passwordEncrypted: cipher.encrypt(credentials.password, aad(accountId, 'password')),
    backupCodeEncrypted: cipher.encrypt(credentials.backupCode, aad(accountId, 'backupCode')),
  };
}

/** Decrypts an account's stored credentials. */
export function openCredentials(
  cipher: CredentialCipher,
  row: { id: string; passwordEncrypted: string; backupCodeEncrypted: string },
) {
  return {
    password: cipher.decrypt(row.passwordEncrypted, aad(row.id, 'password')),
    backupCode: cipher.decrypt(row.backupCodeEncrypted, aad(row.id, 'backupCode')),
  };
}

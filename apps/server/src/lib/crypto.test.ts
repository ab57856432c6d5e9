import { describe, expect, it } from 'vitest';
import { CredentialCipher, generateSecretKey, hashSecret, randomCode, verifySecret } from './crypto.js';

describe('credential cipher', () => {
  const cipher = new CredentialCipher(generateSecretKey());

  it('round-trips a password and never stores it in clear', () => {
    const stored = cipher.encrypt('hunter2-secret', 'account-1:password');
    expect(stored).not.toContain('hunter2');
    expect(cipher.decrypt(stored, 'account-1:password')).toBe('hunter2-secret');
  });

  it('refuses a value moved to another account or field', () => {
    const stored = cipher.encrypt('hunter2-secret', 'account-1:password');
    expect(() => cipher.decrypt(stored, 'account-2:password')).toThrow();
    expect(() => cipher.decrypt(stored, 'account-1:backupCode')).toThrow();
  });

  it('refuses a value encrypted under another key', () => {
    const stored = new CredentialCipher(generateSecretKey()).encrypt('x', 'a');
    expect(() => cipher.decrypt(stored, 'a')).toThrow();
  });

  it('rejects a key of the wrong size', () => {
    expect(() => new CredentialCipher('abcd')).toThrow(
      'The secret key must be 32 bytes (64 hexadecimal characters)',
    );
  });
});

describe('secret hashing', () => {
  it('verifies the right secret and rejects others', async () => {
    const stored = await hashSecret('token-123');
    expect(stored).not.toContain('token-123');
    expect(await verifySecret(stored, 'token-123')).toBe(true);
    expect(await verifySecret(stored, 'token-124')).toBe(false);
    expect(await verifySecret('not-a-hash', 'token-123')).toBe(false);
  });

  it('makes codes of the asked length', () => {
    expect(randomCode(20)).toMatch(/^[A-Za-z0-9]{20}$/);
  });
});

import { describe, expect, it } from 'vitest';
import { computeFingerprint, fingerprintSource } from './fingerprint';

describe('browser fingerprint', () => {
  it('is a SHA-256 hex digest that stays the same for the same browser', async () => {
    const first = await computeFingerprint();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await computeFingerprint()).toBe(first);
    expect(fingerprintSource()).toContain(navigator.userAgent);
  });

  it('differs between browsers', async () => {
    expect(await computeFingerprint('browser A')).not.toBe(await computeFingerprint('browser B'));
  });
});

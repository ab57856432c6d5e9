import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const version = 'v1';

/**
 * AES-256-GCM for game credentials at rest. The associated data ties a ciphertext to its row and
 * field, so a value copied into another account or column fails to decrypt.
 */
export class CredentialCipher {
  private readonly key: Buffer;

  constructor(hexKey: string) {
    this.key = Buffer.from(hexKey, 'hex');
    if (this.key.length !== 32)
      throw new Error('The secret key must be 32 bytes (64 hexadecimal characters)');
  }

  encrypt(plaintext: string, associatedData: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(associatedData));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      version,
      iv.toString('base64'),
      cipher.getAuthTag().toString('base64'),
      body.toString('base64'),
    ].join(':');
  }

  decrypt(stored: string, associatedData: string): string {
    const [tag, iv, authTag, body] = stored.split(':');
    if (tag !== version || !iv || !authTag || body === undefined)
      throw new Error('Unreadable encrypted value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(associatedData));
    decipher.setAuthTag(Buffer.from(authTag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}

/** A fresh 32-byte key in the SECRET_KEY format. */
export const generateSecretKey = () => randomBytes(32).toString('hex');

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random string over an unambiguous alphanumeric alphabet (codes people may type). */
export function randomCode(length: number, characters = alphabet): string {
  let result = '';
  for (let index = 0; index < length; index += 1) result += characters[randomInt(characters.length)];
  return result;
}

/** Slow hash for licence tokens and sign-in codes (only the hash is stored). */
export const hashSecret = (secret: string) => hash(secret);
export const verifySecret = async (storedHash: string, secret: string) => {
  try {
    return await verify(storedHash, secret);
  } catch {
    return false;
  }
};

/** Fast hash for high-entropy random values that are looked up directly (session ids). */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Whether `given` is the secret `expected`, in time that does not depend on where they differ. */
export function secretsMatch(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  // Digests have one length, so the comparison never returns early on a length mismatch either.
  return timingSafeEqual(
    createHash('sha256').update(expected).digest(),
    createHash('sha256').update(given).digest(),
  );
}

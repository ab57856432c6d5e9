import { hashSecret, randomCode } from '../../lib/crypto.js';

const prefixLength = 10;

/**
 * A licence token: 40 random characters. The first ten are stored in clear as a lookup key
 * (they leave 30 secret characters, ~170 bits); the whole token is stored only as an argon2 hash.
 */
export async function issueLicenceToken() {
  const token = randomCode(40);
  return { token, tokenPrefix: licencePrefix(token), tokenHash: await hashSecret(token) };
}

export const licencePrefix = (token: string) => token.slice(0, prefixLength);

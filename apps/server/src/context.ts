import type { Db } from './db/client.js';
import type { CredentialCipher } from './lib/crypto.js';

/** What every service needs from the outside world; tests pass their own clock. */
export interface AppContext {
  db: Db;
  cipher: CredentialCipher;
  gameMode: 'sandbox' | 'live';
  now: () => Date;
}

import type { Db } from '../db/client.js';
import { CredentialCipher } from './crypto.js';
import { serverModule } from './server-module.js';

/** What every service needs from the outside world; tests pass their own clock. */
export interface AppContext {
  db: Db;
  cipher: CredentialCipher;
  gameMode: 'sandbox' | 'live';
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What every service needs from the outside world (database, cipher, game mode, clock). */
    appContext: AppContext;
  }
}

export interface AppContextOptions {
  db: AppContext['db'];
  /** 64 hexadecimal characters; encrypts game credentials at rest. */
  secretKey: string;
  gameMode: AppContext['gameMode'];
  /** Injected clock (tests move it instead of waiting). */
  now?: (() => Date) | undefined;
}

/** The context every module reads (`app.appContext`); the first plugin app.ts registers. */
export const appContextModule = serverModule<AppContextOptions>('app-context', [], async (app, options) => {
  app.decorate('appContext', {
    db: options.db,
    cipher: new CredentialCipher(options.secretKey),
    gameMode: options.gameMode,
    now: options.now ?? (() => new Date()),
  } satisfies AppContext);
});

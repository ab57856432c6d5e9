import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client.js';
import { verifySecret } from '../../lib/crypto.js';
import { issueLicenceToken } from '../auth/licence.js';
import { createUserWithToken } from './commands.js';
import { userRepo } from './repo.js';

export const demoUsername = 'demo';

/**
 * The sandbox demo user (tier Snipe, linked, 3 licences, some credits): created on an empty
 * database. Only its hash is stored, so the caller keeps the clear token (the sandbox keeps it in
 * the data directory) and hands it back at the next start: while it still signs in it is kept,
 * so a saved login keeps working; otherwise a new one is issued.
 */
export async function ensureDemoUser(
  db: Db,
  gameMode: 'sandbox' | 'live',
  savedToken?: string,
): Promise<{ token: string; created: boolean } | undefined> {
  const total = await userRepo.count(db);
  if (total === 0) {
    const { token } = await createUserWithToken(db, {
      username: demoUsername,
      tier: 'snipe',
      maxAccounts: 3,
      credits: 50,
      discordId: '100000000000000001',
    });
    return { token, created: true };
  }
  if (gameMode !== 'sandbox') return undefined;
  const demo = await userRepo.tokenOf(db, demoUsername);
  if (!demo) return undefined;
  if (savedToken && (await verifySecret(demo.tokenHash, savedToken)))
    return { token: savedToken, created: false };
  const licence = await issueLicenceToken();
  await userRepo.setToken(db, demo.id, licence);
  return { token: licence.token, created: false };
}

/** Where the sandbox keeps the demo login between starts (only the server's user reads it). */
export const demoTokenFile = (dataDir: string) => path.join(dataDir, 'demo-token');

export const readSavedDemoToken = async (dataDir: string) =>
  (await readFile(demoTokenFile(dataDir), 'utf8').catch(() => ''))?.trim() || undefined;

export async function saveDemoToken(dataDir: string, token: string) {
  await mkdir(dataDir, { recursive: true });
  await writeFile(demoTokenFile(dataDir), `${token}\n`, { mode: 0o600 });
}

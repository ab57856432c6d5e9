import { count, eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { users } from './schema.js';
import { issueLicenceToken } from '../modules/auth/licence.js';
import { createUserWithToken } from '../modules/user/commands.js';

export const demoUsername = 'demo';

/**
 * The sandbox demo user (tier Snipe, linked, 3 licences, some credits): created on an empty
 * database. Its token exists in clear only at this moment, so in the sandbox a new one is issued
 * at every start and printed, which keeps the demo usable after restarts.
 */
export async function ensureDemoUser(
  db: Db,
  gameMode: 'sandbox' | 'live',
): Promise<{ token: string; created: boolean } | undefined> {
  const total = (await db.select({ total: count() }).from(users))[0]?.total ?? 0;
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
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.username, demoUsername));
  if (!demo) return undefined;
  const licence = await issueLicenceToken();
  await db
    .update(users)
    .set({ tokenPrefix: licence.tokenPrefix, tokenHash: licence.tokenHash })
    .where(eq(users.id, demo.id));
  return { token: licence.token, created: false };
}

import { isAdmin } from '@tradedesk/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** What a start did with ADMIN_USERNAMES: who became admin, and who has not signed up yet. */
export interface AdminGrant {
  readonly granted: string[];
  readonly alreadyAdmin: string[];
  readonly notSignedUp: string[];
}

/**
 * Gives the admin role to the listed users (ADMIN_USERNAMES, read at every start): how an
 * operator makes the first admin. A name without a user yet is reported, not created.
 */
export async function grantAdminRoles(db: Db, usernames: readonly string[]): Promise<AdminGrant> {
  const wanted = [...new Set(usernames)];
  const grant: AdminGrant = { granted: [], alreadyAdmin: [], notSignedUp: [] };
  if (wanted.length === 0) return grant;
  const rows = await db
    .select({ id: users.id, username: users.username, roles: users.roles })
    .from(users)
    .where(inArray(users.username, wanted));
  for (const username of wanted) {
    const row = rows.find((candidate) => candidate.username === username);
    if (!row) grant.notSignedUp.push(username);
    else if (isAdmin(row)) grant.alreadyAdmin.push(username);
    else {
      await db
        .update(users)
        .set({ roles: [...row.roles, 'admin'] })
        .where(eq(users.id, row.id));
      grant.granted.push(username);
    }
  }
  return grant;
}

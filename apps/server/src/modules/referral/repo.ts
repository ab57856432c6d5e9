import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { referralCodes } from '../../db/schema.js';

/** The `referral_codes` table: one code per user. */
export const referralRepo = {
  async ownerOf(db: Db, code: string): Promise<string | undefined> {
    const [row] = await db
      .select({ userId: referralCodes.userId })
      .from(referralCodes)
      .where(eq(referralCodes.code, code));
    return row?.userId;
  },

  async codeOf(db: Db, userId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.userId, userId));
    return row?.code;
  },

  /** Throws a unique violation when the code or the user already has a row. */
  insert: (db: Db, code: string, userId: string) => db.insert(referralCodes).values({ code, userId }),
};

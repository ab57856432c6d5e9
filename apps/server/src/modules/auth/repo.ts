import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications, sessions, signInCodes, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Queries behind sign-in: users by name or token prefix, sessions, one-time codes. */
export const authRepo = {
  findUserByUsername: async (db: Db, username: string) =>
    (
      await db
        .select()
        .from(users)
        .where(and(eq(users.username, username), eq(users.isDeleted, false)))
        .limit(1)
    )[0],

  findUsersByTokenPrefix: (db: Db, tokenPrefix: string) =>
    db
      .select()
      .from(users)
      .where(and(eq(users.tokenPrefix, tokenPrefix), eq(users.isDeleted, false))),

  findUserById: async (db: Db, id: string) =>
    (
      await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.isDeleted, false)))
        .limit(1)
    )[0],

  liveSessionsOf: (db: Db, userId: string, now: Date) =>
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now))),

  findLiveSessionByHash: async (db: Db, tokenHash: string, now: Date) =>
    (
      await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
        .limit(1)
    )[0],

  deleteSessionsOf: (db: Db, userId: string) => db.delete(sessions).where(eq(sessions.userId, userId)),

  deleteSession: (db: Db, id: string) => db.delete(sessions).where(eq(sessions.id, id)),

  insertSession: (db: Db, row: typeof sessions.$inferInsert) => db.insert(sessions).values(row),

  bindFingerprint: (db: Db, id: string, fingerprint: string) =>
    db.update(sessions).set({ fingerprint }).where(eq(sessions.id, id)),

  insertCode: (db: Db, row: typeof signInCodes.$inferInsert) => db.insert(signInCodes).values(row),

  liveCodesOf: (db: Db, userId: string, now: Date) =>
    db
      .select()
      .from(signInCodes)
      .where(and(eq(signInCodes.userId, userId), isNull(signInCodes.usedAt), gt(signInCodes.expiresAt, now))),

  markCodeUsed: (db: Db, id: string, now: Date) =>
    db
      .update(signInCodes)
      .set({ usedAt: now })
      .where(and(eq(signInCodes.id, id), isNull(signInCodes.usedAt)))
      .returning({ id: signInCodes.id }),

  insertNotification: (db: Db, row: typeof notifications.$inferInsert) =>
    db.insert(notifications).values(row),
};

import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { filters } from '../../db/schema.js';

export type FilterRow = typeof filters.$inferSelect;

/** Saved filters; every query but the share-code lookup is scoped to one user. */
export const filterRepo = {
  listOf: (db: Db, userId: string) =>
    db
      .select()
      .from(filters)
      .where(eq(filters.userId, userId))
      .orderBy(asc(filters.createdAt), asc(filters.id)),

  findOwned: async (db: Db, userId: string, id: string) =>
    (
      await db
        .select()
        .from(filters)
        .where(and(eq(filters.userId, userId), eq(filters.id, id)))
        .limit(1)
    )[0],

  findByLabel: async (db: Db, userId: string, label: string) =>
    (
      await db
        .select()
        .from(filters)
        .where(and(eq(filters.userId, userId), eq(filters.label, label)))
        .limit(1)
    )[0],

  findByShareCode: async (db: Db, shareCode: string) =>
    (await db.select().from(filters).where(eq(filters.shareCode, shareCode)).limit(1))[0],

  countOfTypes: async (db: Db, userId: string, types: readonly string[]) =>
    (
      await db
        .select({ total: count() })
        .from(filters)
        .where(and(eq(filters.userId, userId), inArray(filters.type, [...types])))
    )[0]?.total ?? 0,

  insert: async (db: Db, row: typeof filters.$inferInsert) =>
    (await db.insert(filters).values(row).returning())[0],

  update: async (db: Db, userId: string, id: string, values: Partial<typeof filters.$inferInsert>) =>
    (
      await db
        .update(filters)
        .set(values)
        .where(and(eq(filters.userId, userId), eq(filters.id, id)))
        .returning()
    )[0],

  delete: (db: Db, userId: string, id: string) =>
    db
      .delete(filters)
      .where(and(eq(filters.userId, userId), eq(filters.id, id)))
      .returning({ id: filters.id }),
};

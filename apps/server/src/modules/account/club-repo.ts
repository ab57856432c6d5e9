import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sbcClubs, type SbcClubCardRecord } from '../../db/schema.js';

export type SbcClubRow = typeof sbcClubs.$inferSelect;

/**
 * A read with no report after this long is taken for lost (its agent died): the page stops
 * showing it and a new read may start. A club of 3,000 players is 34 pages, 2 s apart.
 */
export const CLUB_READ_TIMEOUT_MS = 5 * 60_000;

/** Whether the row's read is in flight, not lost. */
export const isReadingClub = (row: SbcClubRow | undefined, now: Date) =>
  row?.pendingReadId != null && now.getTime() - row.requestedAt.getTime() < CLUB_READ_TIMEOUT_MS;

/** Accounts' clubs as their last read found them (read for SBC squads, looked up by the coin marketplace); every read is scoped to the owning user. */
export const sbcClubRepo = {
  /** The user's account's club, if it was ever asked for. */
  async of(db: Db, userId: string, accountId: string): Promise<SbcClubRow | undefined> {
    const [row] = await db
      .select()
      .from(sbcClubs)
      .where(and(eq(sbcClubs.userId, userId), eq(sbcClubs.accountId, accountId)));
    return row;
  },

  /**
   * Records a read in flight unless one is (a lost one, past CLUB_READ_TIMEOUT_MS, is replaced);
   * the cards read before stay until it reports. One statement, so of two requests at once exactly
   * one records its read: a check and a separate write let the second replace the first's id,
   * and the first's report was then dropped. Returns whether this read was recorded.
   */
  async requestRead(
    db: Db,
    row: { accountId: string; userId: string; readId: string; at: Date },
  ): Promise<boolean> {
    const lostBefore = new Date(row.at.getTime() - CLUB_READ_TIMEOUT_MS);
    const recorded = await db
      .insert(sbcClubs)
      .values({
        accountId: row.accountId,
        userId: row.userId,
        pendingReadId: row.readId,
        requestedAt: row.at,
      })
      .onConflictDoUpdate({
        target: sbcClubs.accountId,
        set: { pendingReadId: row.readId, requestedAt: row.at },
        setWhere: or(isNull(sbcClubs.pendingReadId), lte(sbcClubs.requestedAt, lostBefore)),
      })
      .returning({ accountId: sbcClubs.accountId });
    return recorded.length > 0;
  },

  /**
   * Ends the read `readId`: with cards, they replace the stored ones; without, the stored ones stay.
   * Returns the row, or undefined when no read of that id is in flight (a replay, or a newer read).
   */
  async finishRead(
    db: Db,
    readId: string,
    result: { cards: SbcClubCardRecord[]; at: Date } | undefined,
  ): Promise<SbcClubRow | undefined> {
    const [row] = await db
      .update(sbcClubs)
      .set({ pendingReadId: null, ...(result ? { cards: result.cards, readAt: result.at } : {}) })
      .where(eq(sbcClubs.pendingReadId, readId))
      .returning();
    return row;
  },

  /**
   * The account sold one tradeable copy of `definitionId` (a transfer moved it to another account):
   * that copy leaves the stored club, so the pickers built on the last read stop offering a card the
   * account no longer owns. Returns whether a copy was removed.
   */
  removeSoldCopy: (db: Db, card: { userId: string; accountId: string; definitionId: number }) =>
    withoutCards(db, card, (cards) => {
      const sold = cards.findIndex((c) => c.definitionId === card.definitionId && !c.untradeable);
      return sold < 0 ? undefined : cards.filter((_, index) => index !== sold);
    }),

  /**
   * The solver bot submitted a squad: the game took its club items, so they leave the stored club
   * and the next squad does not plan with them. Returns whether any was removed.
   */
  removeSubmittedItems: (db: Db, squad: { userId: string; accountId: string; itemIds: readonly number[] }) =>
    withoutCards(db, squad, (cards) => {
      const submitted = new Set(squad.itemIds);
      const left = cards.filter((card) => !submitted.has(card.itemId));
      return left.length === cards.length ? undefined : left;
    }),
};

/**
 * Takes cards out of the user's account's stored club (`keep` answers the cards left, or undefined
 * for no change). Locked with the row, so a read that stores meanwhile is not overwritten by the
 * older cards.
 */
function withoutCards(
  db: Db,
  club: { userId: string; accountId: string },
  keep: (cards: SbcClubCardRecord[]) => SbcClubCardRecord[] | undefined,
): Promise<boolean> {
  const owned = and(eq(sbcClubs.userId, club.userId), eq(sbcClubs.accountId, club.accountId));
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(sbcClubs).where(owned).for('update');
    const left = row && keep(row.cards);
    if (!left) return false;
    await tx.update(sbcClubs).set({ cards: left }).where(owned);
    return true;
  });
}

import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { creditLedgerRepo, type DbOrTx } from './ledger-repo.js';

/** Why credits moved. Every credit change in the product is one of these, through applyCreditChange. */
export type CreditChangeKind =
  | 'opening' // the balance a user was created with
  | 'transfer' // a successful coin transfer (−1)
  | 'purchase' // a paid credit package or plan
  | 'referral' // a referrer's reward
  | 'admin' // granted or taken by an admin
  | 'refund'; // a paid event reversed

export interface CreditChange {
  userId: string;
  /** Whole credits; positive adds, negative spends. */
  delta: number;
  kind: CreditChangeKind;
  /** Unique name of the event ('transfer:<id>'); the same key never moves credits twice. */
  eventKey: string;
}

export type CreditChangeResult =
  | { status: 'applied'; balance: number }
  /** The event was already booked: nothing changed. */
  | { status: 'replayed'; balance: number }
  /** A spend larger than the balance: nothing changed. */
  | { status: 'insufficient'; balance: number };

/**
 * Moves a user's credits exactly once per event: the ledger row (unique by `eventKey`) and the
 * balance change commit together or not at all. A replay, or a spend the balance cannot cover,
 * changes nothing and says so. Pass a transaction to tie the change to the caller's own rows.
 */
export async function applyCreditChange(db: DbOrTx, change: CreditChange): Promise<CreditChangeResult> {
  if (!Number.isSafeInteger(change.delta) || change.delta === 0) {
    throw new RangeError(`A credit change is a non-zero whole number, got ${change.delta}`);
  }
  try {
    return await creditLedgerRepo.bookOnce(db, change);
  } catch (error) {
    // Two concurrent deliveries of one event both passed the look-up; the unique index let one
    // insert win and rolled the loser's balance change back with its (nested) transaction.
    if (isUniqueViolation(error))
      return { status: 'replayed', balance: await creditLedgerRepo.balanceOf(db, change.userId) };
    throw error;
  }
}

/** The user's credit history, newest first. */
export function creditHistory(db: Db, userId: string, limit = 100) {
  return creditLedgerRepo.history(db, userId, limit);
}

import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { randomCode } from '../../lib/crypto.js';
import { referralRepo } from './repo.js';

const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const codeLength = 8;

/** Codes are typed by people: compared without case and surrounding spaces. */
export const normaliseReferralCode = (code: string) => code.trim().toUpperCase();

/** Referral codes: each user owns one; a valid code is someone else's. */
export function createReferralService(db: Db) {
  async function ownerOf(code: string): Promise<string | undefined> {
    return referralRepo.ownerOf(db, normaliseReferralCode(code));
  }

  return {
    ownerOf,

    /** The referrer behind `code` for this buyer, or undefined (unknown code, or the buyer's own). */
    async referrerFor(code: string, buyerUserId: string | undefined): Promise<string | undefined> {
      const owner = await ownerOf(code);
      return owner && owner !== buyerUserId ? owner : undefined;
    },

    /** The user's own code, created on first request. */
    async codeOf(userId: string): Promise<string> {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const existing = await referralRepo.codeOf(db, userId);
        if (existing) return existing;
        try {
          await referralRepo.insert(db, randomCode(codeLength, codeAlphabet), userId);
        } catch (error) {
          // A code collision or a concurrent first request: look again.
          if (!isUniqueViolation(error)) throw error;
        }
      }
      throw new Error('Could not create a referral code');
    },
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;

import { randomUUID } from 'node:crypto';
import {
  accountCreateSchema,
  importRowMessage,
  isAccountRunning,
  type AccountCreate,
  type AccountStatus,
  type AccountUpdate,
} from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { openCredentials, sealCredentials } from './credentials.js';
import { accountRepo, type AccountRow } from './repo.js';

export const accountMessages = {
  notFound: 'Account not found',
  duplicateEmail: 'An account with this email already exists',
  running: 'Stop the snipe on this account first',
} as const;

const duplicateEmail = () => conflict(accountMessages.duplicateEmail, 'duplicate_email');

/** Creating, importing, editing and deleting the signed-in user's game accounts. */
export function createAccountService(ctx: AppContext) {
  const { db } = ctx;

  async function owned(userId: string, id: string) {
    const account = await accountRepo.findOwned(db, userId, id);
    if (!account) throw notFound(accountMessages.notFound, 'account_not_found');
    return account;
  }

  const assertIdle = (account: AccountRow) => {
    if (isAccountRunning(account.status as AccountStatus))
      throw conflict(accountMessages.running, 'account_running');
  };

  async function insert(userId: string, input: AccountCreate) {
    const id = randomUUID();
    try {
      const row = await accountRepo.insert(db, {
        id,
        userId,
        email: input.email,
        platform: input.platform,
        isManualLogin: input.isManualLogin,
        ...sealCredentials(ctx.cipher, id, input),
      });
      if (!row) throw new Error('Account insert returned nothing');
      return row;
    } catch (error) {
      throw isUniqueViolation(error) ? duplicateEmail() : error;
    }
  }

  return {
    /** The user's accounts, each running one with its session's filter ids and fleet. */
    async list(userId: string) {
      const [rows, running] = await Promise.all([
        accountRepo.listOf(db, userId),
        accountRepo.runningSnipesOf(db, userId),
      ]);
      return rows.map((row) => ({ row, running: running.get(row.id) }));
    },

    async create(userId: string, input: AccountCreate) {
      if (await accountRepo.findOwnedByEmail(db, userId, input.email)) throw duplicateEmail();
      return insert(userId, input);
    },

    /**
     * CSV import: each row is checked with the create-account rules; rows that fail, repeat an
     * email of the file, or match one of the user's accounts are skipped and reported.
     */
    async importRows(userId: string, rows: unknown[]) {
      const imported: AccountRow[] = [];
      const rejected: Array<{ row: number; message: string }> = [];
      const seen = new Set<string>();
      for (const [index, raw] of rows.entries()) {
        const rowNumber = index + 1;
        const parsed = accountCreateSchema.safeParse(raw);
        if (!parsed.success) {
          rejected.push({
            row: rowNumber,
            message: importRowMessage(
              rowNumber,
              parsed.error.issues.map((issue) => issue.message),
            ),
          });
          continue;
        }
        const email = parsed.data.email.toLowerCase();
        if (seen.has(email) || (await accountRepo.findOwnedByEmail(db, userId, email))) {
          rejected.push({
            row: rowNumber,
            message: importRowMessage(rowNumber, [accountMessages.duplicateEmail]),
          });
          continue;
        }
        seen.add(email);
        imported.push(await insert(userId, parsed.data));
      }
      if (imported.length === 0)
        throw badRequest(rejected[0]?.message ?? 'No accounts to import', 'nothing_imported');
      return { imported, rejected };
    },

    async update(userId: string, input: AccountUpdate) {
      const account = await owned(userId, input.id);
      assertIdle(account);
      const sameEmail = await accountRepo.findOwnedByEmail(db, userId, input.email);
      if (sameEmail && sameEmail.id !== account.id) throw duplicateEmail();
      const row = await accountRepo
        .update(db, userId, account.id, {
          email: input.email,
          platform: input.platform,
          isManualLogin: input.isManualLogin,
          ...sealCredentials(ctx.cipher, account.id, input),
          updatedAt: ctx.now(),
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? duplicateEmail() : error;
        });
      return row ?? account;
    },

    async remove(userId: string, id: string) {
      assertIdle(await owned(userId, id));
      await accountRepo.delete(db, userId, id);
    },

    /** One of the user's own accounts with its credentials in clear (POST /user/decrypt). */
    async decrypt(userId: string, id: string) {
      const account = await owned(userId, id);
      return { email: account.email, ...openCredentials(ctx.cipher, account) };
    },

    async resetStatistics(userId: string, id: string) {
      await owned(userId, id);
      const row = await accountRepo.update(db, userId, id, {
        profits: 0,
        sessionRequests: 0,
        sessionSearches: 0,
        updatedAt: ctx.now(),
      });
      if (!row) throw notFound(accountMessages.notFound, 'account_not_found');
      return row;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

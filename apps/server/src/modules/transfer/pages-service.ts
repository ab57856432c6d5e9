import { errorMessages, type TransferAccountMetadata, type TransferListItem } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { notFound } from '../../lib/errors.js';
import { accountMetadataRepo } from '../account/metadata-repo.js';
import { accountRepo } from '../account/repo.js';
import { transferListRepo } from './list-repo.js';

/**
 * What the transfer pages read and save over HTTP: the user's transfer list, and what the page
 * shows of one of the user's own accounts (someone else's account is not found).
 */
export function createTransferPagesService(ctx: AppContext) {
  const { db } = ctx;

  async function ownedAccountId(userId: string, accountId: string) {
    const account = await accountRepo.findOwned(db, userId, accountId);
    if (!account) throw notFound(errorMessages.accountNotFound, 'account_not_found');
    return account.id;
  }

  return {
    listOf: (userId: string) => transferListRepo.listOf(db, userId),
    saveList: (userId: string, players: TransferListItem[]) =>
      transferListRepo.save(db, userId, players, ctx.now()),

    async metadataOf(userId: string, accountId: string) {
      return accountMetadataRepo.of(db, userId, await ownedAccountId(userId, accountId));
    },

    async saveMetadata(userId: string, accountId: string, metadata: TransferAccountMetadata) {
      await accountMetadataRepo.save(
        db,
        userId,
        await ownedAccountId(userId, accountId),
        metadata,
        ctx.now(),
      );
    },
  };
}

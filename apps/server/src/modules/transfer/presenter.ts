import type { TransferRow } from './repo.js';

/** A transfer as its page shows it: accounts, filter, status and the steps so far. */
export function presentTransferState(row: TransferRow) {
  return {
    transferId: row.id,
    buyerAccountId: row.buyerAccountId,
    sellerAccountId: row.sellerAccountId,
    filter: row.filter,
    status: row.status,
    description: row.description,
    steps: row.steps.map(({ step, status, description, at }) => ({
      step,
      status,
      at,
      ...(description ? { description } : {}),
    })),
  };
}

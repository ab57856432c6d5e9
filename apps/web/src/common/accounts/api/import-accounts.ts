import { accountsImportedMessage, type AccountCreate } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';
import { useAccountMutation } from './account-mutation';

type BulkResult = { accounts: unknown[]; rejected?: unknown[] };

export const importAccounts = (accounts: AccountCreate[]) =>
  api.post<BulkResult>('account', '/bulk', accounts);

/** '{n} accounts imported successfully', n being what the server actually stored. */
export const useImportAccounts = () =>
  useAccountMutation(importAccounts, (result) => accountsImportedMessage(result.accounts.length));

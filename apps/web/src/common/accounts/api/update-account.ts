import type { AccountUpdate } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';
import { useAccountMutation } from './account-mutation';

export const updateAccount = (account: AccountUpdate) => api.put<unknown>('account', '', account);

export const useUpdateAccount = () => useAccountMutation(updateAccount, () => 'Account edited successfully');

import type { AccountCreate } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';
import { useAccountMutation } from './account-mutation';

export const createAccount = (account: AccountCreate) => api.post<unknown>('account', '', account);

export const useCreateAccount = () => useAccountMutation(createAccount, () => 'Account created successfully');

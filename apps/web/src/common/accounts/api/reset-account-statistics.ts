import { api } from '../../../lib/api-client';
import { useAccountMutation } from './account-mutation';

export const resetAccountStatistics = (id: string) =>
  api.post<unknown>('account', `/${encodeURIComponent(id)}/reset`);

export const useResetAccountStatistics = () =>
  useAccountMutation(resetAccountStatistics, () => 'Account statistics reset successfully');

import { api } from '../../../lib/api-client';
import { useAccountMutation } from './account-mutation';

export const deleteAccount = (id: string) => api.delete<unknown>('account', `/${encodeURIComponent(id)}`);

export const useDeleteAccount = () => useAccountMutation(deleteAccount, () => 'Account deleted successfully');

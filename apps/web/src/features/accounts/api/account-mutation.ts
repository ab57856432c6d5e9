import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notify';
import { accountsQueryKey } from './get-accounts';

/**
 * A mutation on the accounts list: on success it toasts the spec's text and refetches the list
 * (errors are toasted by the query client with the server's message).
 */
export function useAccountMutation<TInput, TResult>(
  call: (input: TInput) => Promise<TResult>,
  successMessage: (result: TResult, input: TInput) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (result, input) => {
      notify.success(successMessage(result, input));
      await queryClient.invalidateQueries({ queryKey: accountsQueryKey });
    },
  });
}

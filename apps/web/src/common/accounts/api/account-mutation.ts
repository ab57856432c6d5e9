import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshThenConfirm } from '../../../lib/refresh-then-confirm';
import { accountsQueryKey } from './get-accounts';

/**
 * A mutation on the accounts list: on success it refetches the list, then toasts the spec's text
 * (a row's button clicked on seeing it acts on the saved account; errors are toasted by the query
 * client with the server's message). The form's modal closes with the toast.
 */
export function useAccountMutation<TInput, TResult>(
  call: (input: TInput) => Promise<TResult>,
  successMessage: (result: TResult, input: TInput) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result, input) =>
      refreshThenConfirm(queryClient, [accountsQueryKey], successMessage(result, input)),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProviderConfig } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';
import { refreshThenConfirm } from '../../../lib/refresh-then-confirm';
import { runInputMutationKey } from '../../../lib/run-inputs';

/**
 * PUT /api/user/provider (the server applies the webhook URL and the Telegram chat id); the user is
 * refetched before the toast, since a snipe start sends the providers the user query holds.
 */
export function useUpdateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...runInputMutationKey, 'provider'],
    mutationFn: (providers: ProviderConfig) => api.put<unknown>('user', '/provider', providers),
    onSuccess: () => refreshThenConfirm(queryClient, [['user']], 'Updated provider config'),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProviderConfig } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/** PUT /api/user/provider (the server applies the webhook URL and the Telegram chat id); the user is refetched. */
export function useUpdateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (providers: ProviderConfig) => api.put<unknown>('user', '/provider', providers),
    onSuccess: async () => {
      notify.success('Updated provider config');
      await queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

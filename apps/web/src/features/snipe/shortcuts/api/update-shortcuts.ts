import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Shortcuts } from '@tradedesk/domain';
import { api } from '../../../../lib/api-client';
import { refreshThenConfirm } from '../../../../lib/refresh-then-confirm';

/** PUT /api/user/shortcuts: the user's key bindings; the user is refetched afterwards. */
export function useUpdateShortcuts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shortcuts: Shortcuts) => api.put<unknown>('user', '/shortcuts', shortcuts),
    onSuccess: () => refreshThenConfirm(queryClient, [['user']], 'Updated shortcuts'),
  });
}

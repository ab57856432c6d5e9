import { useMutation, useQueryClient } from '@tanstack/react-query';
import { configurationSchema, type Configuration } from '@tradedesk/domain';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { runInputMutationKey } from '../../../lib/run-inputs';
import { configurationQueryKey } from './get-configuration';

export type EditableGroup = 'time' | 'advanced' | 'notification' | 'transfer' | 'market';

/** The success texts the server answers with (spec §8 names the first two). */
const savedMessage: Record<EditableGroup, string> = {
  time: 'Updated time config',
  advanced: 'Updated premium config',
  notification: 'Updated notification config',
  transfer: 'Updated transfer config',
  market: 'Updated market config',
};

/** PUT /api/configuration/{group}: replaces one group and refreshes the cached configuration. */
export function useUpdateConfiguration<G extends EditableGroup>(group: G) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...runInputMutationKey, 'configuration', group],
    mutationFn: async (value: Configuration[G]) =>
      configurationSchema.parse(await api.put<unknown>('configuration', `/${group}`, value)),
    onSuccess: (configuration) => {
      queryClient.setQueryData(configurationQueryKey, configuration);
      notify.success(savedMessage[group]);
    },
  });
}

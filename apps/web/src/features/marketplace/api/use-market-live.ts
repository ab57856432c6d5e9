import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountsQueryKey } from '../../../shared/accounts';
import { connectWebHub, useWebHubCredential } from '../../../lib/web-hub-socket';
import { webHubPaths } from '../../../shared/live/hub-paths';
import { marketQueryKeys } from './market-api';

/**
 * Live marketplace updates over the `/client/transfer` hub: an order's progress ('market-order')
 * and a synced balance ('market-sync') refresh what the page shows.
 */
export function useMarketLive() {
  const client = useQueryClient();
  const credential = useWebHubCredential();
  useEffect(() => {
    if (!credential) return;
    const socket = connectWebHub(webHubPaths.transfer, credential);
    socket.on('message', (message: { action?: string }) => {
      if (message.action === 'market-order') void client.invalidateQueries({ queryKey: marketQueryKeys.all });
      if (message.action === 'market-sync') {
        void client.invalidateQueries({ queryKey: accountsQueryKey });
        void client.invalidateQueries({ queryKey: marketQueryKeys.all });
      }
    });
    return () => {
      socket.disconnect();
    };
  }, [client, credential]);
}

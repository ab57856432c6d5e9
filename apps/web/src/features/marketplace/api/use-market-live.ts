import { useQueryClient } from '@tanstack/react-query';
import { accountsQueryKey } from '../../../common/accounts';
import { isWebHubMessage, useWebHub, webHubPaths } from '../../../common/live';
import { marketQueryKeys } from './market-api';

/**
 * Live marketplace updates over the `/client/transfer` hub: an order's progress ('market-order')
 * and a synced balance ('market-sync') refresh what the page shows; after a dropped connection
 * the page reads its listings, orders and accounts again (their messages may be lost).
 */
export function useMarketLive() {
  const client = useQueryClient();
  const refreshMarket = () => void client.invalidateQueries({ queryKey: marketQueryKeys.all });
  const refreshAccounts = () => void client.invalidateQueries({ queryKey: accountsQueryKey });
  useWebHub(webHubPaths.transfer, {
    onMessage: (payload) => {
      if (!isWebHubMessage(payload)) return;
      if (payload.action === 'market-order') refreshMarket();
      if (payload.action === 'market-sync') {
        refreshAccounts();
        refreshMarket();
      }
    },
    onResync: () => {
      refreshAccounts();
      refreshMarket();
    },
  });
}

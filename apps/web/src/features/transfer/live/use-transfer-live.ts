import { useQueryClient } from '@tanstack/react-query';
import {
  coinBalanceDownloaded,
  defaultNotificationConfig,
  defaultTransferConfig,
  formatLatencyMessage,
  isAboveSafeLatency,
  messages,
  successMessages,
  taxBreakdown,
  type SbcClubView,
  type Screenshot,
  type TransferConfig,
  type TransferFilter,
  type TransferWebAction,
} from '@tradedesk/domain';
import { useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import { useTransferStore } from '../../../stores/transfer-store';
import { accountsQueryKey } from '../../../common/accounts';
import { userQueryKey } from '../../../common/user';
import { playSound, useConfiguration } from '../../../common/configuration';
import { isWebHubMessage, useWebHub, webHubPaths } from '../../../common/live';
import { useLaunchedWebApp } from '../../../common/webapp-launch';
import { accountMetadataQueryKey } from '../api/get-account-metadata';
import { transferClubsQueryKey } from '../api/get-seller-club';
import { transferStatisticsQueryKey, webStatisticsQueryKey } from '../api/get-statistics';
import {
  idleProgress,
  nextProgress,
  progressOfState,
  type TransferProgress,
} from '../state/transfer-progress';
import { downloadDataUrl } from './download';

type SyncedAccount = { accountId?: string; screenshot?: string };

const screenshotSides = (setting: Screenshot): Array<'buyer' | 'seller'> =>
  setting === 'both' ? ['buyer', 'seller'] : setting === 'none' ? [] : [setting];

/** Whether the finished transfer ran with auto-list on (its event carries the filter; else the page's). */
function isAutoListOn(data: Record<string, unknown>, request: TransferRequest | null): boolean {
  const filter = data.filter as { player?: { enableAutoList?: unknown } } | undefined;
  const flag = filter?.player?.enableAutoList ?? request?.filter?.player.enableAutoList;
  return flag === true;
}

/** What a run needs from the page when the sync answers: the accounts, the focused filter, the settings. */
export interface TransferRequest {
  buyerId: string;
  sellerId: string;
  filter: TransferFilter | undefined;
  configuration: TransferConfig;
}

/**
 * Keeps the transfer page live: the Progress card, the latency reading and the connection badge,
 * fed by the shared `/client/transfer` connection (shared/live); toasts, sounds and downloads as
 * spec 001 §4 and §8 say. After a dropped connection the hub's join answers the run's state again
 * and the page reads its accounts, statistics and credits again.
 */
export function useTransferLive() {
  const queryClient = useQueryClient();
  const configuration = useConfiguration();
  const settingsRef = useRef({
    notification: defaultNotificationConfig(),
    transfer: defaultTransferConfig(),
  });
  settingsRef.current = {
    notification: configuration.data?.notification ?? defaultNotificationConfig(),
    transfer: configuration.data?.transfer ?? defaultTransferConfig(),
  };
  const requestRef = useRef<TransferRequest | null>(null);
  const progressRef = useRef<TransferProgress>(idleProgress());
  const [progress, setProgress] = useState<TransferProgress>(idleProgress());
  const [latency, setLatency] = useState<number | null>(null);
  const [livePrice, setLivePrice] = useState<number | null | undefined>(undefined);
  const launch = useLaunchedWebApp();
  const addToSession = useTransferStore((state) => state.addToSession);

  const move = (event: Parameters<typeof nextProgress>[1]) => {
    progressRef.current = nextProgress(progressRef.current, event);
    setProgress(progressRef.current);
  };

  const refreshAfterResult = () => {
    void queryClient.invalidateQueries({ queryKey: transferStatisticsQueryKey });
    void queryClient.invalidateQueries({ queryKey: webStatisticsQueryKey });
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
    void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['client-transfer'] });
    // A success takes the sold copy out of the seller's club: its tradeable players are read again.
    void queryClient.invalidateQueries({ queryKey: transferClubsQueryKey });
  };

  const onSynced = (data: Record<string, unknown>) => {
    notify.success(successMessages.dataSynced);
    for (const side of ['buyer', 'seller'] as const) {
      const synced = data[side] as SyncedAccount | undefined;
      if (synced?.accountId)
        void queryClient.invalidateQueries({ queryKey: accountMetadataQueryKey(synced.accountId) });
    }
    // The sync read the balances: the accounts list now knows them (a never-read one stops showing '—').
    void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
    const request = requestRef.current;
    if (progressRef.current.phase !== 'syncing' || !request) return;
    for (const side of screenshotSides(request.configuration.screenshot)) {
      const shot = (data[side] as SyncedAccount | undefined)?.screenshot;
      if (shot) downloadDataUrl(shot, `${side}-coin-balance.png`);
    }
    if (!request.filter?.id) {
      move({ type: 'error', description: messages.noFilterSelected });
      return notify.error(messages.noFilterSelected);
    }
    move({ type: 'purchase-sent' });
    hub.send('transfer-purchase-player-start', {
      filter: request.filter,
      buyer: { id: request.buyerId },
      seller: { id: request.sellerId },
      config: request.configuration,
    });
  };

  const hub = useWebHub(webHubPaths.transfer, {
    onMessage: (payload) => {
      if (!isWebHubMessage(payload)) return;
      const { action, data } = payload;
      const { notification, transfer } = settingsRef.current;
      if (action === 'transfer-state') {
        if (data) {
          progressRef.current = progressOfState(data as Parameters<typeof progressOfState>[0]);
          setProgress(progressRef.current);
        }
        return;
      }
      if (action === 'sync-result') {
        move({ type: 'server', action, data });
        return onSynced(data);
      }
      if (action === 'latency-result' && typeof data.latency === 'number') {
        setLatency(data.latency);
        const text = formatLatencyMessage(data.latency);
        return transfer.safeLatency > 0 && isAboveSafeLatency(data.latency, transfer.safeLatency)
          ? notify.error(text)
          : notify.success(text);
      }
      if (action === 'screenshot-result' && typeof data.screenshot === 'string') {
        const side = (data.user as { isBuyer?: boolean } | undefined)?.isBuyer ? 'buyer' : 'seller';
        downloadDataUrl(data.screenshot, `${side}-coin-balance.png`);
        return notify.success(coinBalanceDownloaded(side));
      }
      if (action === 'webapp-launched') {
        launch.show(data);
        return notify.success(successMessages.launchedWebapp);
      }
      if (action === 'SBC_CLUB') {
        // The seller's club read ended: its tradeable players are read again over HTTP.
        const read = data as { ok?: unknown; description?: unknown };
        void queryClient.invalidateQueries({ queryKey: transferClubsQueryKey });
        if (read.ok === false && typeof read.description === 'string') notify.error(read.description);
        return;
      }
      if (action === 'market-prices-result')
        return setLivePrice(typeof data.lowestBuyNow === 'number' ? data.lowestBuyNow : null);
      if (action === 'credits') return void queryClient.invalidateQueries({ queryKey: userQueryKey });
      // The server's record of a finished transfer is the bell's (its own listener keeps it); this
      // page toasts 'Transfer completed' / 'Transfer failed' itself.
      if (action === 'notification') return;
      move({ type: 'server', action, data });
      if (action === 'transfer-success') {
        notify.success(successMessages.transferCompleted);
        // Spec 001 §4: only a transfer with auto-list on adds to the Current Session total.
        if (typeof data.price === 'number' && isAutoListOn(data, requestRef.current))
          addToSession(taxBreakdown(data.price).receives);
        if (notification.isSoundEnabled) playSound(notification.sound.transferSuccess);
        refreshAfterResult();
      } else if (action === 'transfer-failed') {
        notify.error(successMessages.transferFailed);
        if (notification.isSoundEnabled) playSound(notification.sound.transferError);
        refreshAfterResult();
      }
    },
    onError: (payload) => {
      const description =
        typeof payload === 'object' &&
        payload !== null &&
        typeof (payload as { description?: unknown }).description === 'string'
          ? (payload as { description: string }).description
          : 'Something went wrong, please try again later';
      notify.error(description);
      if (progressRef.current.phase === 'syncing' || progressRef.current.phase === 'running')
        move({ type: 'error', description });
    },
    // The join that follows a reconnect answers `transfer-state`; the rest is read again here.
    onResync: refreshAfterResult,
  });

  return {
    status: hub.status,
    isConnected: hub.isConnected,
    progress,
    latency,
    livePrice,
    /** The last Launch Webapp answer (the modal shows it until closed). */
    launched: launch.launched,
    closeLaunched: launch.close,
    /** Proceed: clears the earlier error and starts with a sync (the purchase follows its answer). */
    start(request: TransferRequest) {
      requestRef.current = request;
      const player = request.filter?.player;
      if (
        !hub.send('transfer-sync', {
          buyer: { id: request.buyerId },
          seller: { id: request.sellerId },
          filter: request.filter,
          configuration: request.configuration,
        })
      )
        return false;
      move({ type: 'sync-sent', hasAutoList: Boolean(player?.enableAutoList || player?.enableAutoBuyBack) });
      return true;
    },
    send: (action: TransferWebAction, data: unknown) => hub.send(action, data),
    /**
     * "Read club" of the seller's tradeable players: the agent reads the account's club and SBC_CLUB
     * tells when it is stored. It shows as reading at once (a refetch now could answer first).
     */
    readClub(accountId: string): boolean {
      const sent = hub.send('SBC_READ_CLUB', { id: accountId });
      if (sent)
        queryClient.setQueryData<SbcClubView>([...transferClubsQueryKey, accountId], (club) =>
          club ? { ...club, isReading: true } : club,
        );
      return sent;
    },
  };
}

export type TransferLive = ReturnType<typeof useTransferLive>;

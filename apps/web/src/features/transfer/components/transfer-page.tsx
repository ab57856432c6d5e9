import {
  canStartTransfer,
  defaultTransferConfig,
  errorMessages,
  latencyColour,
  messages,
  transferStartError,
  type Account,
  type TransferFilter,
} from '@tradedesk/domain';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { notify } from '../../../lib/notify';
import { useTransferStore } from '../../../stores/transfer-store';
import { useAccounts } from '../../../common/accounts';
import { useUser } from '../../../common/user';
import {
  NotificationConfigSection,
  TransferConfigSection,
  useConfiguration,
} from '../../../common/configuration';
import { LaunchWebappModal } from '../../../common/webapp-launch';
import { useTransferFilters } from '../api/get-transfer-filters';
import { useTransferLive } from '../live/use-transfer-live';
import { ClockIcon } from '../../../components/ui/icons';
import { AccountPanel } from './account-panel';
import { ProgressCard } from './progress-card';
import { StatisticsCards } from './statistics-cards';
import { TransferFilterEditor } from './transfer-filter-editor';
import { TransferHistoryChart } from './transfer-history-chart';

const latencyClass = { red: 'text-error', yellow: 'text-warning', green: 'text-success' } as const;

/** The coin-transfer page (/transfer, spec 001 §2). */
export function TransferPage() {
  useDocumentTitle('Transfer');
  const user = useUser();
  const accounts = useAccounts();
  const filters = useTransferFilters();
  const configuration = useConfiguration();
  const live = useTransferLive();
  const sellerId = useTransferStore((state) => state.sellerId);
  const buyerId = useTransferStore((state) => state.buyerId);
  const credits = user.data?.credits ?? 0;
  const transferConfig = configuration.data?.transfer ?? defaultTransferConfig();
  // The settings forms sit at the page's end. The configuration's answer is a synchronous update
  // (TanStack Query's store), which mounted both forms in one long task (Lighthouse's /transfer
  // trace); they are drawn in the deferred render that follows, which React slices.
  const settings = useDeferredValue(configuration.data);
  const accountList = accounts.data ?? [];
  const isRunning = live.progress.phase === 'syncing' || live.progress.phase === 'running';

  const sendOrWarn = (sent: boolean) => {
    if (!sent) notify.error('Not connected to the transfer service');
  };

  const proceed = (filter: TransferFilter) => {
    const pairError = transferStartError(buyerId ?? undefined, sellerId ?? undefined);
    if (pairError) return notify.error(pairError);
    if (!filter.id) return notify.error(messages.noFilterSelected);
    sendOrWarn(
      live.start({ buyerId: buyerId ?? '', sellerId: sellerId ?? '', filter, configuration: transferConfig }),
    );
  };

  const screenshot = (isBuyer: boolean) => (account: Account | undefined) => {
    if (!account) return notify.error(isBuyer ? messages.selectBuyer : messages.selectSeller);
    sendOrWarn(live.send('transfer-screenshot', { user: { id: account.id }, isBuyer }));
  };
  const launch = (isBuyer: boolean) => (account: Account | undefined) => {
    if (!account) return notify.error(isBuyer ? messages.selectBuyer : messages.selectSeller);
    sendOrWarn(
      live.send('LAUNCH_BROWSER', { account: { id: account.id }, isBuyer, configuration: transferConfig }),
    );
  };
  const fetchLivePrice = (player: TransferFilter['player']) => {
    if (!sellerId) return notify.error(messages.selectSeller);
    if (player.id <= 0) return notify.error(messages.unableToRetrievePlayer);
    sendOrWarn(
      live.send('transfer-fetch-live-market-prices', {
        seller: { id: sellerId },
        player: { id: player.id, rarity: player.rarity, quality: player.quality },
        configuration: transferConfig,
      }),
    );
  };
  const checkLatency = () => {
    if (!sellerId) return notify.error(messages.selectSeller);
    sendOrWarn(
      live.send('transfer-fetch-latency', { seller: { id: sellerId }, configuration: transferConfig }),
    );
  };

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Transfer between accounts</h1>
      <StatisticsCards />
      <div className="grid items-start gap-3 lg:grid-cols-[1fr_auto_1fr]">
        <AccountPanel
          side="seller"
          accounts={accountList}
          onLaunch={launch(false)}
          onScreenshot={screenshot(false)}
        />
        <div className="flex flex-col items-center gap-2 self-center">
          <span className={`badge ${live.isConnected ? 'badge-success' : 'badge-error'}`}>
            {live.isConnected ? 'Connected' : 'Disconnected'}
          </span>
          <button
            type="button"
            className="btn btn-xs btn-ghost"
            aria-label="Check latency"
            onClick={checkLatency}
          >
            <span
              className={`flex items-center gap-1 ${live.latency === null ? '' : latencyClass[latencyColour(live.latency)]}`}
            >
              {/* An icon, not the ⏱ character: systems without an emoji font drew an empty box. */}
              <ClockIcon />
              {live.latency === null ? '-' : `${live.latency} ms`}
            </span>
          </button>
        </div>
        <AccountPanel
          side="buyer"
          accounts={accountList}
          onLaunch={launch(true)}
          onScreenshot={screenshot(true)}
        />
      </div>
      <div className="grid items-start gap-3 lg:grid-cols-2">
        <section className="card bg-base-200" aria-label="Filters">
          <div className="card-body gap-3 p-4">
            <h2 className="card-title text-base">Filters ({credits} credits)</h2>
            {canStartTransfer(credits) ? (
              <TransferFilterEditor
                filters={filters.data ?? []}
                onProceed={proceed}
                isRunning={isRunning}
                onFetchLivePrice={fetchLivePrice}
                livePrice={live.livePrice}
                seller={{ id: sellerId ?? null, onReadClub: (id) => sendOrWarn(live.readClub(id)) }}
              />
            ) : (
              <p className="flex flex-wrap items-center gap-2">
                {errorMessages.youDoNotHaveSufficientCredits}
                <Link className="link link-primary" to={paths.subscription}>
                  Purchase Credits
                </Link>
              </p>
            )}
          </div>
        </section>
        <ProgressCard progress={live.progress} />
      </div>
      <TransferHistoryChart />
      {settings && (
        <>
          <TransferConfigSection stored={settings.transfer} />
          <NotificationConfigSection stored={settings.notification} />
        </>
      )}
      <LaunchWebappModal launch={live.launched} onClose={live.closeLaunched} />
    </section>
  );
}

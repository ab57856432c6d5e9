import { isAccountRunning, type Account } from '@tradedesk/domain';
import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { OpenDialog } from '../../../components/ui/open-dialog';
import { RunningAccountsProvider, type RunningAccount } from '../../../components/ui/update-confirmation';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import {
  CreateAccountModal,
  DeleteAccountModal,
  EditAccountModal,
  ResetAccountStatisticsModal,
  useAccounts,
} from '../../../common/accounts';
import { notify } from '../../../lib/notify';
import { useUser } from '../../../common/user';
import { useSnipeFilters } from '../../../common/filters';
import { LaunchWebappModal } from '../../../common/webapp-launch';
import { SNIPE_SERVICE_UNAVAILABLE, useSnipeActions } from '../hooks/use-snipe-actions';
import { useSnipeLive } from '../live/use-snipe-live';
import { AccountActions, type RowAction } from './account-actions';
import { AccountFilterSelect } from './account-filter-select';
import { AccountRow } from './account-row';
import { AccountsTable } from './accounts-table';
import type { ConfigurationPanel } from './configuration-modals';
import { DashboardHeader } from './dashboard-header';
import { FleetRuns } from './fleet-runs';
import { FiltersSection } from './filters-section';
import { PanelErrorBoundary } from './panel-error-boundary';
import { SwitchFilterModal, type PendingSwitch } from './switch-filter-modal';
import { WeeklyProfitsChart } from './weekly-profits-chart';

// The dialogs with forms (the form library, the schemas, the filter editor) load when first opened:
// the dashboard draws without them (the account dialogs are lazy in common/accounts).
const SnipeConfigurationModal = lazy(() =>
  import('./snipe-configuration-modal').then((module) => ({ default: module.SnipeConfigurationModal })),
);
const ConfigurationModals = lazy(() =>
  import('./configuration-modals').then((module) => ({ default: module.ConfigurationModals })),
);

/**
 * Why a user with one licence sees no Start Together: the server claims a licence slot per account
 * before any starts, so with one slot every group is refused (docs/decisions/snipe-engine.md).
 */
function StartTogetherNeedsLicences() {
  return (
    <p className="text-sm opacity-70">
      Start Together needs two or more snipe licences: your plan runs one account at a time. Each Extra snipe
      licence (
      <Link className="link" to="/subscription">
        Subscription
      </Link>
      ) lets one more account run at once.
    </p>
  );
}

/** Sniping, or signing in to snipe: not an account to start again. */
const isSniping = (account: Account) => isAccountRunning(account.status) || account.status === 'logging_in';

type AccountDialog = { kind: Exclude<RowAction, 'stop' | 'launch'>; account: Account } | null;

/** The snipe dashboard (/snipe): accounts, their filters and runs, and the configuration panels. */
export function SnipeDashboard() {
  useDocumentTitle('Snipe');
  const accounts = useAccounts();
  const filters = useSnipeFilters();
  const live = useSnipeLive();
  const actions = useSnipeActions(live);
  // One licence (the default) runs one account at a time: starting several together never can.
  const maxAccounts = useUser().data?.maxAccounts;
  const canStartTogether = maxAccounts !== undefined && maxAccounts >= 2;
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [panel, setPanel] = useState<ConfigurationPanel | null>(null);
  const [dialog, setDialog] = useState<AccountDialog>(null);
  const [pendingSwitch, setPendingSwitch] = useState<PendingSwitch | null>(null);
  // Accounts ticked for a start together, and the ones whose Snipe Configuration is open for it.
  const [selectedIds, setSelectedIds] = useState<readonly string[]>([]);
  const [startingTogether, setStartingTogether] = useState<readonly Account[]>([]);
  // Accounts whose stop was sent and whose list is being read again: a second click (a double
  // click) would send a second stop and a second 'Stopping snipe for …'.
  const [stoppingIds, setStoppingIds] = useState<ReadonlySet<string>>(new Set());
  const stop = (account: Account) => {
    setStoppingIds((ids) => new Set(ids).add(account.id));
    void actions.stop(account).finally(() =>
      setStoppingIds((ids) => {
        const rest = new Set(ids);
        rest.delete(account.id);
        return rest;
      }),
    );
  };
  const selectable = (accounts.data ?? []).filter((account) => !isSniping(account));
  const selected = selectable.filter((account) => selectedIds.includes(account.id));
  const toggleSelected = (accountId: string) =>
    setSelectedIds((ids) =>
      ids.includes(accountId) ? ids.filter((id) => id !== accountId) : [...ids, accountId],
    );
  const closeDialog = () => setDialog(null);
  const dialogAccount = (kind: NonNullable<AccountDialog>['kind']) =>
    dialog?.kind === kind ? dialog.account : null;
  const savedFilters = filters.data ?? [];
  // Sniping accounts and their filters: the forms below ask before changing what a run uses.
  const running: RunningAccount[] = (accounts.data ?? [])
    .filter((account) => isSniping(account))
    .map((account) => ({ email: account.email, filterIds: actions.filterIdsOf(account) }));

  const chooseFilter = (account: Account, filterId: string | null) => {
    const filter = savedFilters.find((candidate) => candidate.id === filterId);
    // A run on a break, or waiting for an agent, takes the filter as a switch (asked first).
    if ((account.status === 'break' || account.status === 'waiting') && filter?.id) {
      setPendingSwitch({ account, filterId: filter.id, label: filter.label });
    } else {
      actions.chooseFilter(account.id, filterId);
    }
  };

  const renderRow = (account: Account) => (
    <AccountRow
      key={account.id}
      account={account}
      {...(isSniping(account) || !canStartTogether
        ? {}
        : {
            selector: (
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                aria-label={`Select ${account.email}`}
                checked={selectedIds.includes(account.id)}
                onChange={() => toggleSelected(account.id)}
              />
            ),
          })}
      filterSelector={
        <AccountFilterSelect
          account={account}
          filters={savedFilters}
          chosenIds={actions.filterIdsOf(account)}
          onChoose={(filterId) => chooseFilter(account, filterId)}
        />
      }
      actions={
        <AccountActions
          account={account}
          isStopping={stoppingIds.has(account.id)}
          onAction={(action) => {
            if (action === 'stop') stop(account);
            else if (action === 'launch') actions.launch(account);
            else setDialog({ kind: action, account });
          }}
        />
      }
    />
  );

  return (
    <RunningAccountsProvider running={running}>
      <section className="flex flex-col gap-4">
        <DashboardHeader
          lastUpdatedAt={accounts.dataUpdatedAt}
          isRefreshing={accounts.isFetching}
          liveStatus={live.status}
          onReconnect={live.reconnectNow}
          onCreateAccount={() => setIsCreateOpen(true)}
          onRefresh={() => void accounts.refetch()}
          onOpenPanel={setPanel}
        />
        <PanelErrorBoundary name="Fleet runs">
          <FleetRuns accounts={accounts.data} />
        </PanelErrorBoundary>
        {canStartTogether ? (
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="btn btn-sm btn-success"
              disabled={selected.length < 2}
              onClick={() => setStartingTogether(selected)}
            >
              Start Together ({selected.length})
            </button>
            <span className="text-sm opacity-70">
              Tick two or more accounts to start them together: those of one platform snipe as a fleet.
            </span>
          </div>
        ) : (
          maxAccounts !== undefined && <StartTogetherNeedsLicences />
        )}
        <PanelErrorBoundary name="Accounts">
          <AccountsTable accounts={accounts.data} isLoading={accounts.isPending} renderRow={renderRow} />
        </PanelErrorBoundary>
        <FiltersSection
          lastHubError={live.lastError}
          onRehearse={(input) => {
            const sent = live.send('snipe-rehearse', input);
            if (!sent) notify.error(SNIPE_SERVICE_UNAVAILABLE);
            return sent;
          }}
        />
        <PanelErrorBoundary name="Weekly profits">
          <WeeklyProfitsChart />
        </PanelErrorBoundary>
        <CreateAccountModal isOpen={isCreateOpen} onClose={() => setIsCreateOpen(false)} />
        <EditAccountModal account={dialogAccount('edit')} onClose={closeDialog} />
        <ResetAccountStatisticsModal account={dialogAccount('reset')} onClose={closeDialog} />
        <DeleteAccountModal account={dialogAccount('delete')} onClose={closeDialog} />
        <OpenDialog isOpen={dialog?.kind === 'start'} label="Loading the snipe configuration…">
          <SnipeConfigurationModal
            accounts={dialog?.kind === 'start' ? [dialog.account] : []}
            initialFilterIds={dialog ? actions.filterIdsOf(dialog.account) : []}
            onStart={([account], chosen) => account !== undefined && actions.start(account, chosen)}
            onClose={closeDialog}
          />
        </OpenDialog>
        <OpenDialog isOpen={startingTogether.length > 0} label="Loading the snipe configuration…">
          <SnipeConfigurationModal
            accounts={startingTogether}
            initialFilterIds={startingTogether[0] ? actions.filterIdsOf(startingTogether[0]) : []}
            onStart={(together, chosen) => {
              const sent = actions.startTogether(together, chosen);
              if (sent) setSelectedIds([]);
              return sent;
            }}
            onClose={() => setStartingTogether([])}
          />
        </OpenDialog>
        <SwitchFilterModal
          pending={pendingSwitch}
          onClose={() => setPendingSwitch(null)}
          onConfirm={(pending) => {
            if (actions.switchFilter(pending.account, pending.label, savedFilters)) setPendingSwitch(null);
          }}
        />
        <OpenDialog isOpen={panel !== null} label="Loading the configuration…">
          <ConfigurationModals open={panel} onClose={() => setPanel(null)} />
        </OpenDialog>
        <LaunchWebappModal launch={live.launched} onClose={live.closeLaunched} />
      </section>
    </RunningAccountsProvider>
  );
}

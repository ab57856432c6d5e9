import { useQueryClient } from '@tanstack/react-query';
import {
  defaultConfiguration,
  firstIssueMessage,
  providerConfigSchema,
  resolveFilterSwitch,
  snipeCreateBrowserSchema,
  snipeCreateBrowsersSchema,
  snipeStartError,
  type Account,
} from '@tradedesk/domain';
import { notify } from '../../../lib/notify';
import { useAccountFilterStore } from '../../../stores/account-filter-store';
import { accountsQueryKey } from '../../../common/accounts';
import { useUser } from '../../../common/user';
import { useConfiguration } from '../../../common/configuration';
import type { SnipePanelFilter } from '../../../common/filters';
import type { SnipeLive } from '../live/use-snipe-live';

/** Shown when the snipe hub cannot be reached, so nothing is sent later by surprise (ours). */
export const SNIPE_SERVICE_UNAVAILABLE = 'Unable to reach the snipe service. Please try again later.';

const withoutSelection = ({ isSelected: _selection, ...filter }: SnipePanelFilter) => filter;

/** Start (one account or several together), stop, launch and switch-filter, with the spec's checks before anything is sent. */
export function useSnipeActions(live: SnipeLive) {
  const queryClient = useQueryClient();
  const configuration = useConfiguration().data ?? defaultConfiguration();
  const user = useUser().data;
  const { filtersByAccount, setAccountFilters, clearAccountFilters } = useAccountFilterStore();

  /** Builds and sends snipe-create-browser; the game credentials stay on the server. */
  const sendCreateBrowser = (account: Account, filters: SnipePanelFilter[], isSwitchFilter: boolean) => {
    const payload = snipeCreateBrowserSchema.safeParse({
      id: account.id,
      email: account.email,
      password: '',
      backupCode: '',
      platform: account.platform ?? 'pc',
      isManualLogin: account.isManualLogin,
      filters: filters.map(withoutSelection),
      configuration,
      providers: providerConfigSchema.parse(user?.providers ?? {}),
      isSwitchFilter,
    });
    if (!payload.success) {
      notify.error(firstIssueMessage(payload.error));
      return false;
    }
    if (!live.send('snipe-create-browser', payload.data)) {
      notify.error(SNIPE_SERVICE_UNAVAILABLE);
      return false;
    }
    return true;
  };

  return {
    /**
     * The filters shown for the account: while it runs, the server's record of the session's
     * filters (so a reload or another browser shows them); otherwise the choice kept here.
     */
    filterIdsOf: (account: Account) => {
      const running = account.status !== 'inactive' ? account.runningFilterIds : undefined;
      return running && running.length > 0 ? running : (filtersByAccount[account.id] ?? []);
    },
    chooseFilter: (accountId: string, filterId: string | null) =>
      filterId ? setAccountFilters(accountId, [filterId]) : clearAccountFilters(accountId),
    /** Returns true when the start was sent (the modal then closes). */
    start: (account: Account, selected: SnipePanelFilter[]) => {
      const problem = snipeStartError(selected, configuration.advanced.rotation);
      if (problem) {
        notify.error(problem);
        return false;
      }
      if (!sendCreateBrowser(account, selected, false)) return false;
      setAccountFilters(
        account.id,
        selected.flatMap((filter) => (filter.id ? [filter.id] : [])),
      );
      return true;
    },
    /**
     * Starts several accounts together with one filter choice (snipe-create-browsers): the server
     * runs those of one platform as a fleet while "Sniping as a fleet" is on. Returns true when sent.
     */
    startTogether: (accounts: readonly Account[], selected: SnipePanelFilter[]) => {
      const problem = snipeStartError(selected, configuration.advanced.rotation);
      if (problem) {
        notify.error(problem);
        return false;
      }
      const payload = snipeCreateBrowsersSchema.safeParse({
        ids: accounts.map((account) => account.id),
        filters: selected.map(withoutSelection),
        configuration,
        providers: providerConfigSchema.parse(user?.providers ?? {}),
      });
      if (!payload.success) {
        notify.error(firstIssueMessage(payload.error));
        return false;
      }
      if (!live.send('snipe-create-browsers', payload.data)) {
        notify.error(SNIPE_SERVICE_UNAVAILABLE);
        return false;
      }
      const filterIds = selected.flatMap((filter) => (filter.id ? [filter.id] : []));
      for (const account of accounts) setAccountFilters(account.id, filterIds);
      return true;
    },
    stop: async (account: Account) => {
      // 'Stopping snipe for …' and 'Snipe stopped for …' come from the server as notifications.
      if (!live.send('snipe-stop', { id: account.id })) return notify.error(SNIPE_SERVICE_UNAVAILABLE);
      clearAccountFilters(account.id);
      await queryClient.invalidateQueries({ queryKey: accountsQueryKey });
    },
    /** Launch Account: the same `LAUNCH_BROWSER` as the /transfer panels (a row has no transfer configuration). */
    launch: (account: Account) => {
      if (!live.send('LAUNCH_BROWSER', { account: { id: account.id }, isBuyer: false }))
        notify.error(SNIPE_SERVICE_UNAVAILABLE);
    },
    /** Returns true when the switch was sent. */
    switchFilter: (account: Account, label: string, filters: readonly SnipePanelFilter[]) => {
      const result = resolveFilterSwitch({
        account,
        filters,
        currentFilterIds:
          account.runningFilterIds && account.runningFilterIds.length > 0
            ? account.runningFilterIds
            : (filtersByAccount[account.id] ?? []),
        label,
      });
      if (!result.ok) {
        notify.error(result.message);
        return false;
      }
      if (!sendCreateBrowser(account, [result.filter], true)) return false;
      setAccountFilters(account.id, [result.filter.id]);
      return true;
    },
  };
}

export type SnipeActions = ReturnType<typeof useSnipeActions>;

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

type AccountFilterState = {
  /** Filter ids chosen per game account id, kept across reloads for the snipe dashboard. */
  filtersByAccount: Record<string, string[]>;
  setAccountFilters: (accountId: string, filterIds: string[]) => void;
  clearAccountFilters: (accountId: string) => void;
};

export const useAccountFilterStore = create<AccountFilterState>()(
  persist(
    (set) => ({
      filtersByAccount: {},
      setAccountFilters: (accountId, filterIds) =>
        set((state) => ({ filtersByAccount: { ...state.filtersByAccount, [accountId]: filterIds } })),
      clearAccountFilters: (accountId) =>
        set((state) => {
          const { [accountId]: _removed, ...rest } = state.filtersByAccount;
          return { filtersByAccount: rest };
        }),
    }),
    { name: 'tradedesk-account-filters', storage: createJSONStorage(() => localStorage) },
  ),
);

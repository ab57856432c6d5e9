import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

type TransferState = {
  /** The chosen seller and buyer accounts, kept across reloads. */
  sellerId: string | null;
  buyerId: string | null;
  /** The focused transfer filter. */
  filterId: string | null;
  /** Coins moved since the last Reset Session (the Current Session card). */
  sessionTotal: number;
  /** Compact coin amounts (1.5K) instead of full ones (1,500). */
  isNumberFormatEnabled: boolean;
  setAccount: (side: 'seller' | 'buyer', id: string | null) => void;
  setFilterId: (id: string | null) => void;
  addToSession: (coins: number) => void;
  resetSession: () => void;
  toggleNumberFormat: () => boolean;
};

/** The transfer page's client state (spec 001 §9: a persisted "transfer" key). */
export const useTransferStore = create<TransferState>()(
  persist(
    (set, get) => ({
      sellerId: null,
      buyerId: null,
      filterId: null,
      sessionTotal: 0,
      isNumberFormatEnabled: false,
      setAccount: (side, id) => set(side === 'seller' ? { sellerId: id } : { buyerId: id }),
      setFilterId: (filterId) => set({ filterId }),
      addToSession: (coins) => set((state) => ({ sessionTotal: state.sessionTotal + coins })),
      resetSession: () => set({ sessionTotal: 0 }),
      toggleNumberFormat: () => {
        const isNumberFormatEnabled = !get().isNumberFormatEnabled;
        set({ isNumberFormatEnabled });
        return isNumberFormatEnabled;
      },
    }),
    { name: 'tradedesk-transfer', storage: createJSONStorage(() => localStorage) },
  ),
);

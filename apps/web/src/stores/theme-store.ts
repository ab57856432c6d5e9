import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Theme = 'light' | 'dark';

type ThemeState = {
  theme: Theme;
  toggleTheme: () => void;
};

/** Storage key read by index.html's pre-paint script too; keep them in step. */
export const themeStorageKey = 'tradedesk-theme';

export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      theme: 'light',
      toggleTheme: () => set((state) => ({ theme: state.theme === 'light' ? 'dark' : 'light' })),
    }),
    { name: themeStorageKey, storage: createJSONStorage(() => localStorage) },
  ),
);

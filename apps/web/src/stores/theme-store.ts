import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { themeStorageKey } from './storage-keys';

export type Theme = 'light' | 'dark';

type ThemeState = {
  theme: Theme;
  toggleTheme: () => void;
};

export { themeStorageKey };

export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      theme: 'light',
      toggleTheme: () => set((state) => ({ theme: state.theme === 'light' ? 'dark' : 'light' })),
    }),
    { name: themeStorageKey, storage: createJSONStorage(() => localStorage) },
  ),
);

import { beforeEach, describe, expect, it } from 'vitest';
import { themeStorageKey, useThemeStore } from './theme-store';

describe('theme store', () => {
  beforeEach(() => useThemeStore.setState({ theme: 'light' }));

  it('starts light and toggles between light and dark', () => {
    expect(useThemeStore.getState().theme).toBe('light');
    useThemeStore.getState().toggleTheme();
    expect(useThemeStore.getState().theme).toBe('dark');
    useThemeStore.getState().toggleTheme();
    expect(useThemeStore.getState().theme).toBe('light');
  });

  it('keeps the chosen theme across a reload', async () => {
    useThemeStore.getState().toggleTheme();
    expect(JSON.parse(localStorage.getItem(themeStorageKey) ?? '{}')).toMatchObject({
      state: { theme: 'dark' },
    });
    useThemeStore.setState({ theme: 'light' });
    localStorage.setItem(themeStorageKey, JSON.stringify({ state: { theme: 'dark' }, version: 0 }));
    await useThemeStore.persist.rehydrate();
    expect(useThemeStore.getState().theme).toBe('dark');
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { useAuthStore } from '../stores/auth-store';
import { LoginPage } from './login';

const loginPage = () => (
  <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>
  </QueryClientProvider>
);

const controls = (root: HTMLElement) => [
  ...root.querySelectorAll<HTMLInputElement | HTMLButtonElement>('input, button'),
];
/** Disabled as a browser has it: itself, or inside a disabled fieldset (the test DOM skips the latter). */
const isDisabled = (control: Element) =>
  control.matches(':disabled') || control.closest('fieldset[disabled]') !== null;

describe('the prerendered login page', () => {
  afterEach(() => {
    delete (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    document.body.replaceChildren();
    vi.restoreAllMocks();
  });

  it('cannot be submitted before the app runs it, and can once the app has taken it over', async () => {
    useAuthStore.getState().clearSession();
    const root = document.createElement('div');
    root.innerHTML = renderToString(loginPage());
    document.body.append(root);
    // As the build draws it: the form is there, but no field takes input and Sign in does nothing
    // (a browser's own submit would put the token in the address).
    expect(root.querySelector('h1')?.textContent).toBe('Login');
    expect(controls(root).length).toBeGreaterThan(3);
    expect(controls(root).every(isDisabled)).toBe(true);

    // React's own flag for a test that drives it with act(): without it, act() itself warns.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const hydrationErrors = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(root, loginPage());
    });
    expect(hydrationErrors).not.toHaveBeenCalled();
    expect(controls(root).some(isDisabled)).toBe(false);
    expect(root.querySelector('button[type="submit"]')?.textContent).toBe('Sign in');
  });
});

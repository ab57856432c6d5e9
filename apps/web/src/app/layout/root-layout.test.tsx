import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { fakeFetch, renderWithProviders } from '../../test/render';
import { routes } from '../router';

type Answers = Record<string, { status: number; body?: unknown }>;

const userOf = (tier: string, discordId = '123') => ({
  id: 'u1',
  username: 'demo',
  tier,
  roles: ['user'],
  credits: 7,
  maxAccounts: 3,
  providers: { discordId },
});

const signedInAnswers = (user: unknown): Answers => ({
  'GET /api/user': { status: 200, body: { data: user } },
  'POST /api/auth/fingerprint': { status: 200, body: { data: { valid: true } } },
  'POST /api/auth/logout': { status: 200, body: { data: null } },
  'GET /api/account': { status: 200, body: { data: [] } },
});

function renderApp(path: string, answers: Answers) {
  const fake = fakeFetch(answers);
  vi.stubGlobal('fetch', fake.fetchStub);
  return { ...renderWithProviders(<></>, { path, routes }), calls: fake.calls };
}

const signIn = () =>
  useAuthStore.getState().signIn({ username: 'demo', token: 'tok', isRemembered: false, fingerprint: 'fp' });

const menuLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('app shell', () => {
  beforeEach(() => useAuthStore.getState().clearSession());
  afterEach(() => vi.unstubAllGlobals());

  it('shows only the public links and a Login button to visitors', async () => {
    renderApp('/', {});
    expect(menuLinks()).toEqual(['Subscription', 'Coins', 'Blog', 'Players']);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
  });

  it.each([
    ['snipe', 'Snipe'],
    ['transfer', 'Transfer'],
    ['none', 'Transfer'],
  ])('adds SBC and the %s-tier tool for signed-in users', async (tier, tool) => {
    signIn();
    renderApp('/', signedInAnswers(userOf(tier)));
    await screen.findByText('Welcome back, demo');
    expect(menuLinks()).toEqual(['Subscription', 'Coins', 'Blog', 'Players', 'SBC', 'Marketplace', tool]);
    expect(screen.getByRole('button', { name: 'Import Accounts' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('closes the menu on Escape, from its button or from a link in it', async () => {
    renderApp('/', {});
    const menu = screen.getByRole('navigation', { name: 'Main' });
    const user = userEvent.setup();
    for (const opener of [
      within(menu).getByRole('button', { name: 'Menu' }),
      within(menu).getByRole('link', { name: 'Blog' }),
    ]) {
      opener.focus();
      expect(menu.contains(document.activeElement)).toBe(true);
      await user.keyboard('{Escape}');
      expect(menu.contains(document.activeElement)).toBe(false);
    }
  });

  it('adds Admin to the menu of a user with the Admin role only', async () => {
    signIn();
    renderApp('/', signedInAnswers({ ...userOf('transfer'), roles: ['user', 'admin'] }));
    await screen.findByText('Welcome back, demo');
    expect(menuLinks()).toEqual([
      'Subscription',
      'Coins',
      'Blog',
      'Players',
      'SBC',
      'Marketplace',
      'Transfer',
      'Admin',
    ]);
    expect(
      within(screen.getByRole('navigation', { name: 'Main' }))
        .getByRole('link', { name: 'Admin' })
        .getAttribute('href'),
    ).toBe('/admin');
  });

  it('hides the login button on the login page', async () => {
    renderApp('/login', {});
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('replaces the whole app with the gate for a user without a linked chat id, and Refresh re-checks', async () => {
    signIn();
    const answers = signedInAnswers(userOf('snipe', ''));
    const { calls } = renderApp('/', answers);
    expect(await screen.findByRole('heading', { name: 'Unverified account' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();

    answers['GET /api/user'] = { status: 200, body: { data: userOf('snipe', '999') } };
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Welcome back, demo')).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/user'))).toHaveLength(2);
  });

  it('hides the navigation bar and footer and skips the session check with iframe=true', async () => {
    signIn();
    const { calls } = renderApp('/?iframe=true', signedInAnswers(userOf('snipe')));
    await screen.findByText('Welcome back, demo');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Legal' })).toBeNull();
    expect(calls.some((call) => call.url === '/api/auth/fingerprint')).toBe(false);
  });

  it('checks the session with the stored fingerprint, and sends a refused session to /login', async () => {
    signIn();
    const answers = signedInAnswers(userOf('snipe'));
    answers['POST /api/auth/fingerprint'] = { status: 401, body: { message: 'Session expired' } };
    const { router, calls } = renderApp('/', answers);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((call) => call.url === '/api/auth/fingerprint')!.body).toEqual({
      fingerprint: 'fp',
      isIFrame: false,
    });
    expect(useAuthStore.getState().token).toBeNull();
    expect(await screen.findByText('Session expired')).toBeTruthy();
  });

  it('checks the session again every five minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      signIn();
      const { calls } = renderApp('/', signedInAnswers(userOf('snipe')));
      await screen.findByText('Welcome back, demo');
      const sessionChecks = () => calls.filter((call) => call.url === '/api/auth/fingerprint').length;
      await waitFor(() => expect(sessionChecks()).toBe(1));
      await vi.advanceTimersByTimeAsync(299_000);
      expect(sessionChecks()).toBe(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(sessionChecks()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('on a fingerprint mismatch shows the message, logs out, forgets the session and says so', async () => {
    signIn();
    const answers = signedInAnswers(userOf('snipe'));
    answers['POST /api/auth/fingerprint'] = { status: 403, body: { message: 'Fingerprint mismatch' } };
    const { calls } = renderApp('/', answers);
    expect(await screen.findByText('Fingerprint mismatch')).toBeTruthy();
    expect(await screen.findByText('Successfully logged out')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/auth/logout')).toBe(true);
    expect(useAuthStore.getState()).toMatchObject({ token: null, fingerprint: null });
  });

  it('logout calls the auth service and returns home signed out', async () => {
    signIn();
    const { calls, router } = renderApp('/players', signedInAnswers(userOf('snipe')));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Successfully logged out')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/auth/logout')).toBe(true);
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('shows the not-found page at an unknown address (no redirect) and sends visitors of a tool to /login', async () => {
    const { router } = renderApp('/no-such-page', {});
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no-such-page');
    await router.navigate('/snipe');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirectTo=%2Fsnipe');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { useAuthStore } from '../../../stores/auth-store';
import { LoginForm } from './login-form';

const demoUser = {
  id: 'u1',
  username: 'demo',
  tier: 'snipe',
  roles: ['user'],
  credits: 5,
  maxAccounts: 3,
  providers: { discordId: '42' },
};

const fillAndSubmit = async (username: string, token: string) => {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (token) await user.type(screen.getByLabelText('Token'), token);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
};

describe('login form', () => {
  beforeEach(() => useAuthStore.getState().clearSession());
  afterEach(() => vi.unstubAllGlobals());

  it("refuses an empty token with 'Invalid token' before any call", async () => {
    const { fetchStub, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<LoginForm isIFrame={false} />);
    await fillAndSubmit('demo', '');
    expect(await screen.findByText('Invalid token')).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('signs in with username, token and a browser fingerprint, and keeps the token', async () => {
    const { fetchStub, calls } = fakeFetch({
      'POST /api/auth/token': { status: 200, body: { data: { user: demoUser } } },
    });
    vi.stubGlobal('fetch', fetchStub);
    const onSignedIn = vi.fn();
    renderWithProviders(<LoginForm isIFrame={false} onSignedIn={onSignedIn} />);
    await fillAndSubmit(' demo ', 'secret-token');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(demoUser));
    const body = calls[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'demo', token: 'secret-token', isIFrame: false });
    expect(body.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(useAuthStore.getState()).toMatchObject({
      token: 'secret-token',
      username: 'demo',
      fingerprint: body.fingerprint,
    });
  });

  it('shows wrong credentials as a readable error', async () => {
    const { fetchStub } = fakeFetch({
      'POST /api/auth/token': { status: 401, body: { message: 'invalid_credentials' } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<LoginForm isIFrame={false} />);
    await fillAndSubmit('demo', 'wrong');
    expect(await screen.findByText('Invalid username or token')).toBeTruthy();
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('takes a failed attempt’s error toast away once the next attempt signs in', async () => {
    const answers: Record<string, { status: number; body?: unknown }> = {
      'POST /api/auth/token': { status: 401, body: { message: 'invalid_credentials' } },
    };
    vi.stubGlobal('fetch', fakeFetch(answers).fetchStub);
    renderWithProviders(<LoginForm isIFrame={false} />);
    const user = await fillAndSubmit('demo', 'wrong');
    expect(await screen.findByText('Invalid username or token')).toBeTruthy();

    answers['POST /api/auth/token'] = { status: 200, body: { data: { user: demoUser } } };
    await user.clear(screen.getByLabelText('Token'));
    await user.type(screen.getByLabelText('Token'), 'secret-token');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(useAuthStore.getState().token).toBe('secret-token'));
    // react-hot-toast removes a dismissed toast after its 1 s exit animation.
    await waitFor(() => expect(screen.queryByText('Invalid username or token')).toBeNull(), {
      timeout: 5_000,
    });
  });

  it('offers to sign the other device out when the account is signed in elsewhere, then signs in', async () => {
    const conflict = {
      status: 409,
      body: { message: 'This account is signed in on another device', code: 'active_session' },
    };
    const answers: Record<string, { status: number; body?: unknown }> = {
      'POST /api/auth/token': conflict,
      'POST /api/auth/forceLogout': { status: 200, body: { data: null } },
    };
    const { fetchStub, calls } = fakeFetch(answers);
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<LoginForm isIFrame={false} />);
    const user = await fillAndSubmit('demo', 'secret-token');
    expect(await screen.findByText('This account is signed in on another device')).toBeTruthy();
    expect(useAuthStore.getState().token).toBeNull();

    answers['POST /api/auth/token'] = { status: 200, body: { data: { user: demoUser } } };
    await user.click(screen.getByRole('button', { name: 'Sign out the other device' }));
    await waitFor(() => expect(useAuthStore.getState().token).toBe('secret-token'));
    expect(calls.map((call) => call.url)).toEqual([
      '/api/auth/token',
      '/api/auth/forceLogout',
      '/api/auth/token',
    ]);
    expect(calls[1]!.body).toEqual({ token: 'secret-token' });
  });
});

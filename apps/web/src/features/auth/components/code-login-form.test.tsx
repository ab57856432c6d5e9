import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { CODE_REQUESTED, CodeLoginForm } from './code-login-form';

const demoUser = {
  id: 'u1',
  username: 'demo',
  tier: 'snipe',
  roles: ['user'],
  providers: { discordId: '42' },
};

describe('code login form', () => {
  beforeEach(() => useAuthStore.getState().clearSession());
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a code with the username, then signs in with username and code', async () => {
    const answers: Record<string, { status: number; body?: unknown }> = {
      'POST /api/auth/code': { status: 200, body: { data: { sent: true } } },
    };
    const { fetchStub, calls } = fakeFetch(answers);
    vi.stubGlobal('fetch', fetchStub);
    const onSignedIn = vi.fn();
    renderWithProviders(<CodeLoginForm isIFrame={false} onSignedIn={onSignedIn} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'demo');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(CODE_REQUESTED)).toBeTruthy();
    expect(calls[0]!.body).toEqual({ username: 'demo' });

    answers['POST /api/auth/code'] = { status: 401, body: { message: 'invalid_credentials' } };
    await user.type(screen.getByLabelText('Code'), 'WRONG123');
    await user.click(screen.getByRole('button', { name: 'Sign in with code' }));
    expect(await screen.findByText('Invalid username or code')).toBeTruthy();
    expect(useAuthStore.getState().token).toBeNull();

    answers['POST /api/auth/code'] = { status: 200, body: { data: { user: demoUser } } };
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), 'AB12CD34');
    await user.click(screen.getByRole('button', { name: 'Sign in with code' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const body = calls.at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'demo', code: 'AB12CD34', isIFrame: false });
    expect(body.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    // Signed in (a code session holds no licence token), and the failed attempt's toast is gone.
    expect(useAuthStore.getState()).toMatchObject({ token: '', username: 'demo' });
    await waitFor(() => expect(screen.queryByText('Invalid username or code')).toBeNull(), {
      // react-hot-toast removes a dismissed toast after its 1 s exit animation.
      timeout: 5_000,
    });
  });
});

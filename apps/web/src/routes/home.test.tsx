import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { fakeFetch, renderWithProviders } from '../test/render';
import { userAnswer } from '../test/user-answer';
import { HomePage } from './home';

const DAY_MS = 24 * 60 * 60 * 1000;

function renderHome(expiresAt: string | null) {
  const { fetchStub } = fakeFetch({
    'GET /api/user': userAnswer({
      username: 'buyer',
      tier: 'snipe',
      credits: 60,
      createdAt: '2026-01-02T10:00:00.000Z',
      expiresAt,
    }),
  });
  vi.stubGlobal('fetch', fetchStub);
  useAuthStore.getState().signIn({ username: 'buyer', token: 't', isRemembered: false, fingerprint: 'fp' });
  return renderWithProviders(<HomePage />);
}

describe('home profile', () => {
  beforeEach(() => useAuthStore.getState().clearSession());
  afterEach(() => vi.unstubAllGlobals());

  it('shows credits and the joined date, and no warning while the plan runs', async () => {
    renderHome(new Date(Date.now() + 10 * DAY_MS).toISOString());
    expect(await screen.findByText('Joined')).toBeTruthy();
    expect(screen.getByText('60')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the plan has expired, that nothing is lost, and links to renew', async () => {
    renderHome(new Date(Date.now() - DAY_MS).toISOString());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your subscription has expired.');
    expect(alert.textContent).toContain('your accounts, filters and settings are kept');
  });
});

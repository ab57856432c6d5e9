import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { AdminPage } from './admin-page';

const user = {
  id: 'u1',
  username: 'trader_one',
  roles: ['user'],
  tier: 'none',
  credits: 4,
  maxAccounts: 1,
  discordId: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('AdminPage', () => {
  it('shows nothing but the page heading and the refusal to a user without the Admin role, and calls nothing', () => {
    const { fetchStub, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<AdminPage roles={['user']} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin' })).toBeTruthy();
    expect(screen.getByText('Only an admin may do this')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('loads market prices and users on open, and grants a trial and credits', async () => {
    const { fetchStub, calls } = fakeFetch({
      'GET /api/player-data/market': { status: 200, body: { data: { 1: {}, 2: {} } } },
      'GET /api/admin/users': { status: 200, body: { data: [user] } },
      'POST /api/admin/users/u1/trial': { status: 200, body: { data: user } },
      'POST /api/admin/users/u1/credits': { status: 200, body: { data: user } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<AdminPage roles={['user', 'admin']} />);
    expect(await screen.findByText('Market prices loaded (2 cards)')).toBeTruthy();
    expect(await screen.findByText('trader_one')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '3-day Transfer trial' }));
    await userEvent.type(screen.getByLabelText('Credits for trader_one'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    const [trial, credits] = calls.filter((call) => call.method === 'POST');
    expect(trial?.body).toEqual({ tier: 'transfer' });
    expect(credits?.body).toMatchObject({ delta: 10, requestId: expect.any(String) });
  });

  it('says once why the server refused an admin action', async () => {
    const { fetchStub } = fakeFetch({
      'GET /api/player-data/market': { status: 200, body: { data: {} } },
      'GET /api/admin/users': { status: 200, body: { data: [user] } },
      'POST /api/admin/users/u1/credits': {
        status: 400,
        body: { message: 'The user does not have that many credits' },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<AdminPage roles={['user', 'admin']} />);
    await userEvent.type(await screen.findByLabelText('Credits for trader_one'), '-50');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findAllByText('The user does not have that many credits')).toHaveLength(1);
  });

  it('says so when no user matches the search', async () => {
    const { fetchStub } = fakeFetch({
      'GET /api/player-data/market': { status: 200, body: { data: {} } },
      'GET /api/admin/users': { status: 200, body: { data: [] } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<AdminPage roles={['user', 'admin']} />);
    await userEvent.type(screen.getByPlaceholderText('Search users'), 'nobody');
    expect(await screen.findByText('No users match this search')).toBeTruthy();
  });
});

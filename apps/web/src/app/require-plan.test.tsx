import { snipePlanRequiredMessage } from '@tradedesk/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '../features/auth';
import { useAuthStore } from '../stores/auth-store';
import { fakeFetch, renderWithProviders } from '../test/render';
import { userAnswer } from '../test/user-answer';
import { RequirePlan } from './require-plan';

function renderSnipeGate(tier: string) {
  vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': userAnswer({ tier }) }).fetchStub);
  return renderWithProviders(
    <RequirePlan tier="snipe" needsPlanMessage={snipePlanRequiredMessage}>
      <h1>The snipe dashboard</h1>
    </RequirePlan>,
    { path: '/snipe' },
  );
}

describe('a page for the Snipe plan', () => {
  beforeEach(() => useAuthStore.setState({ token: 'licence-token' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.setState({ token: null });
  });

  it.each(['transfer', 'none'])(
    'tells a user on the %s tier that sniping needs the Snipe plan and links to the plans',
    async (tier) => {
      renderSnipeGate(tier);
      const notice = await screen.findByRole('alert');
      expect(notice.textContent).toContain('Sniping needs the Snipe plan');
      expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/subscription');
      expect(screen.getByRole('heading', { level: 1, name: 'Snipe' })).toBeTruthy();
      expect(screen.queryByText('The snipe dashboard')).toBeNull();
    },
  );

  it('shows the page to a user on the Snipe plan', async () => {
    const { queryClient } = renderSnipeGate('snipe');
    await waitFor(() => expect(queryClient.getQueryData(userQueryKey)).toBeDefined());
    expect(screen.getByRole('heading', { name: 'The snipe dashboard' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

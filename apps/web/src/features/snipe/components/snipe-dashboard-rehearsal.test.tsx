import { rehearsalMessages } from '@tradedesk/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as WebHubSocketModule from '../../../lib/web-hub-socket';
import { fakeWebHubSocket } from '../../../test/fake-web-hub';
import { renderWithProviders } from '../../../test/render';
import { answers, resetDashboard, savedFilter } from './snipe-dashboard.fixtures';
import { SnipeDashboard } from './snipe-dashboard';

vi.mock('../../../lib/web-hub-socket', async (importOriginal) => ({
  ...(await importOriginal<typeof WebHubSocketModule>()),
  connectWebHub: (await import('../../../test/fake-web-hub')).connectFakeWebHub,
}));

/** The dashboard on the server's `routes` (beside the usual answers), its Filters section opened. */
async function openFilters(routes: Parameters<typeof answers>[1]) {
  vi.stubGlobal('fetch', answers([], routes).fetchStub);
  renderWithProviders(<SnipeDashboard />);
  const user = userEvent.setup();
  await screen.findByText('Live');
  await user.click(screen.getByText('Filters', { exact: true }));
  const panel = within(await screen.findByRole('region', { name: 'Filter configuration' }));
  return { user, panel };
}

describe('snipe dashboard: Rehearse in sandbox', () => {
  beforeEach(resetDashboard);
  afterEach(() => vi.unstubAllGlobals());

  it("opens on the user's only saved filter: its rehearsal is one press away after a reload", async () => {
    // A new user saved one filter and rehearsed it; back on /snipe the panel opened on 'None',
    // Rehearse was off ('Select a saved filter above…') and the result was hidden until the
    // filter was chosen again, though its form was the one on show.
    const { panel } = await openFilters({
      'GET /api/filter': { status: 200, body: { data: [savedFilter] } },
      'GET /api/rehearsal': { status: 200, body: { data: null } },
    });

    expect(panel.getByLabelText<HTMLSelectElement>('Select Filter').selectedOptions[0]?.textContent).toBe(
      'Cheap Rares',
    );
    const rehearsal = within(screen.getByRole('region', { name: 'Rehearse in sandbox' }));
    expect(rehearsal.getByText(/^Runs Cheap Rares with your configuration/)).toBeTruthy();
    expect(rehearsal.getByRole<HTMLButtonElement>('button', { name: 'Rehearse in sandbox' }).disabled).toBe(
      false,
    );
  });

  it('a refused start says why in the panel and lets the user try again', async () => {
    // On the production start without a free agent the toast said 'No agent is free to rehearse
    // right now…' while the panel went on with 'Starting the sandbox worlds…' and a disabled
    // button for half a minute.
    const { user, panel } = await openFilters({
      'GET /api/rehearsal': { status: 200, body: { data: null } },
    });
    await user.selectOptions(panel.getByLabelText('Select Filter'), 'Cheap Rares');
    const rehearsal = within(screen.getByRole('region', { name: 'Rehearse in sandbox' }));

    await user.click(rehearsal.getByRole('button', { name: 'Rehearse in sandbox' }));
    expect(rehearsal.getByText('Starting the sandbox worlds…')).toBeTruthy();
    act(() => fakeWebHubSocket.serverSends('error', { description: rehearsalMessages.noAgent }));

    expect(await rehearsal.findByRole('alert')).toHaveProperty('textContent', rehearsalMessages.noAgent);
    expect(rehearsal.queryByText('Starting the sandbox worlds…')).toBeNull();
    const again = rehearsal.getByRole<HTMLButtonElement>('button', { name: 'Rehearse in sandbox' });
    await waitFor(() => expect(again.disabled).toBe(false));

    // Pressed again, the old refusal goes and the page waits for the new start.
    await user.click(again);
    expect(rehearsal.queryByRole('alert')).toBeNull();
    expect(rehearsal.getByText('Starting the sandbox worlds…')).toBeTruthy();
  });
});

import { defaultNormalFilter } from '@tradedesk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as WebHubSocketModule from '../../../lib/web-hub-socket';
import { useAccountFilterStore } from '../../../stores/account-filter-store';
import { presentedAccount } from '../../../common/accounts/test/account-fixtures';
import { fakeWebHubSocket } from '../../../test/fake-web-hub';
import {
  answers,
  button,
  openStartSnipe,
  otherFilter,
  renderDashboardHolding,
  resetDashboard,
  rowOf,
  savedFilter,
  sentStart,
  snipeUser,
} from './snipe-dashboard.fixtures';

vi.mock('../../../lib/web-hub-socket', async (importOriginal) => ({
  ...(await importOriginal<typeof WebHubSocketModule>()),
  connectWebHub: (await import('../../../test/fake-web-hub')).connectFakeWebHub,
}));

/** Saves that the next action reads (docs/decisions/web.md): the action waits for the save. */
describe('snipe dashboard: saves before the action that reads them', () => {
  beforeEach(resetDashboard);
  afterEach(() => vi.unstubAllGlobals());

  it("says 'Account edited successfully' only once the row shows the edited account", async () => {
    const before = presentedAccount({ id: 'a', email: 'edit@example.com', platform: 'pc' });
    const served = answers([before], {
      'POST /api/user/decrypt': {
        status: 200,
        body: { data: { email: 'edit@example.com', password: 'correct-horse-1', backupCode: 'ABCD1234' } },
      },
      'PUT /api/account': { status: 200, body: { data: { ...before, platform: 'ps' } } },
    });
    const { held: list, user } = renderDashboardHolding(served, 'GET /api/account');
    await screen.findByText('edit@example.com');
    await user.click(button(rowOf('edit@example.com'), 'Edit Account'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit account credentials' });
    await user.selectOptions(await within(dialog).findByLabelText('Platform'), 'ps');

    served.record['GET /api/account'] = { status: 200, body: { data: [{ ...before, platform: 'ps' }] } };
    list.hold();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(list.waiting()).toBe(1));
    // The list is still being read: the row is the account as it was, and no toast says otherwise.
    expect(within(rowOf('edit@example.com')).getByText('PC')).toBeTruthy();
    expect(screen.queryByText('Account edited successfully')).toBeNull();

    list.release();
    expect(await screen.findByText('Account edited successfully')).toBeTruthy();
    expect(await within(rowOf('edit@example.com')).findByText('PS')).toBeTruthy();
  });

  it('starts with the notification settings just saved: Start waits while they are saved', async () => {
    const webhook = 'https://hooks.example.com/run';
    const served = answers([presentedAccount({ id: 'a', email: 'hook@example.com' })], {
      'PUT /api/user/provider': { status: 200, body: { data: {} } },
    });
    const { held: userRead, user } = renderDashboardHolding(served, 'GET /api/user');
    await screen.findByText('hook@example.com');
    await screen.findByText('Live');
    await user.click(screen.getByRole('button', { name: 'General Configuration' }));
    const settings = await screen.findByRole('dialog', { name: 'General Configuration' });
    const general = within(await within(settings).findByRole('form', { name: 'General Configuration' }));
    await user.type(general.getByLabelText('Webhook URL'), webhook);

    served.record['GET /api/user'] = snipeUser({ discordWebhookUrl: webhook });
    userRead.hold();
    await user.click(general.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(userRead.waiting()).toBe(1));
    // Saved, but the user the start reads is not read again yet: no toast, and Start waits.
    expect(screen.queryByText('Updated provider config')).toBeNull();
    await user.click(within(settings).getByText('Close', { selector: 'button' }));
    const { dialog, start } = await openStartSnipe(user, 'hook@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Select Filter'), 'Cheap Rares');
    expect(start.disabled).toBe(true);

    userRead.release();
    expect(await screen.findByText('Updated provider config')).toBeTruthy();
    await waitFor(() => expect(start.disabled).toBe(false));
    await user.click(start);
    expect(sentStart()?.providers).toMatchObject({ discordWebhookUrl: webhook });
  });

  it('starts with a filter saved in the modal: Start waits while the save runs', async () => {
    const created = { ...defaultNormalFilter('Quick Save'), id: 'f-3', maxPrice: 5000 };
    const served = answers([presentedAccount({ id: 'a', email: 'quick@example.com' })], {
      'POST /api/filter': { status: 200, body: { data: created } },
    });
    const { held: save, user } = renderDashboardHolding(served, 'POST /api/filter');
    await screen.findByText('quick@example.com');
    await screen.findByText('Live');
    const { dialog, start } = await openStartSnipe(user, 'quick@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add filter' }));
    await user.click(within(dialog).getByRole('button', { name: 'Normal Filter' }));
    const form = within(dialog).getByRole('form');
    await user.type(within(form).getByLabelText('Label', { exact: true }), 'Quick Save');
    const maxPrice = within(form).getByLabelText('Max Buy Now Price', { exact: true });
    await user.clear(maxPrice);
    await user.type(maxPrice, '5000');

    served.record['GET /api/filter'] = { status: 200, body: { data: [savedFilter, otherFilter, created] } };
    save.hold();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save.waiting()).toBe(1));
    // The selection still holds the unsaved draft: a Start now would send it.
    expect(start.disabled).toBe(true);

    save.release();
    await within(dialog).findByRole('tab', { name: /Quick Save/ });
    await waitFor(() => expect(start.disabled).toBe(false));
    await user.click(start);
    expect(sentStart()?.filters).toEqual([expect.objectContaining({ id: 'f-3', label: 'Quick Save' })]);
  });

  it('rehearses a filter as just saved: Rehearse waits while the edit is saved', async () => {
    const served = answers([], {
      'GET /api/rehearsal': { status: 200, body: { data: null } },
      'POST /api/filter': { status: 200, body: { data: { ...savedFilter, maxPrice: 6000 } } },
    });
    const { held: save, user } = renderDashboardHolding(served, 'POST /api/filter');
    await screen.findByText('Live');
    await user.click(screen.getByText('Filters', { exact: true }));
    const panel = within(await screen.findByRole('region', { name: 'Filter configuration' }));
    await user.selectOptions(panel.getByLabelText('Select Filter'), 'Cheap Rares');
    const rehearse = screen.getByRole<HTMLButtonElement>('button', { name: 'Rehearse in sandbox' });
    expect(rehearse.disabled).toBe(false);
    const form = within(panel.getByRole('form'));
    const maxPrice = form.getByLabelText('Max Buy Now Price', { exact: true });
    await user.clear(maxPrice);
    await user.type(maxPrice, '6000');

    save.hold();
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save.waiting()).toBe(1));
    // The server still holds the filter as it was: a rehearsal now would run that one.
    expect(rehearse.disabled).toBe(true);

    save.release();
    expect(await screen.findByText('Updated filters')).toBeTruthy();
    await waitFor(() => expect(rehearse.disabled).toBe(false));
    await user.click(rehearse);
    expect(fakeWebHubSocket.emit).toHaveBeenCalledWith('message', {
      action: 'snipe-rehearse',
      data: expect.objectContaining({ filterIds: ['f-1'] }),
    });
  });

  it('switches a running account to a filter as just saved: Switch waits while the edit is saved', async () => {
    useAccountFilterStore.setState({ filtersByAccount: { b: ['f-1'] } });
    const edited = { ...otherFilter, maxPrice: 95000 };
    const served = answers([presentedAccount({ id: 'b', email: 'break@example.com', status: 'break' })], {
      'POST /api/filter': { status: 200, body: { data: edited } },
    });
    const { held: save, user } = renderDashboardHolding(served, 'POST /api/filter');
    await screen.findByText('Live');
    await user.click(screen.getByText('Filters', { exact: true }));
    const panel = within(await screen.findByRole('region', { name: 'Filter configuration' }));
    await user.click(panel.getByRole('tab', { name: /Icons/ }));
    const form = within(panel.getByRole('form'));
    const maxPrice = form.getByLabelText('Max Buy Now Price', { exact: true });
    await user.clear(maxPrice);
    await user.type(maxPrice, '95000');

    served.record['GET /api/filter'] = { status: 200, body: { data: [savedFilter, edited] } };
    save.hold();
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save.waiting()).toBe(1));
    const option = await within(rowOf('break@example.com')).findByRole('option', { name: 'Icons' });
    await user.selectOptions(option.closest('select') as HTMLSelectElement, 'Icons');
    const dialog = await screen.findByRole('dialog', { name: 'Switch Filter' });
    const switchButton = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Switch' });
    // The list still holds Icons as it was: a Switch now would send that one.
    expect(switchButton.disabled).toBe(true);

    save.release();
    expect(await screen.findByText('Updated filters')).toBeTruthy();
    await waitFor(() => expect(switchButton.disabled).toBe(false));
    await user.click(switchButton);
    expect(sentStart()).toMatchObject({
      id: 'b',
      isSwitchFilter: true,
      filters: [{ id: 'f-2', maxPrice: 95000 }],
    });
  });
});

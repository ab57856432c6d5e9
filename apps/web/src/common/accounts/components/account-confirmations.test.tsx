import { accountSchema } from '@tradedesk/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, holdableFetch, renderWithProviders } from '../../../test/render';
import { presentedAccount } from '../test/account-fixtures';
import { DeleteAccountModal } from './delete-account-modal';
import { ResetAccountStatisticsModal } from './reset-account-statistics-modal';

const account = accountSchema.parse(presentedAccount({ id: 'acc-9', email: 'nine@example.com' }));

describe('account confirmations', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('deletes the account only after Delete is confirmed', async () => {
    const { fetchStub, calls } = fakeFetch({
      'DELETE /api/account/acc-9': { status: 200, body: { data: { id: 'acc-9' } } },
      'GET /api/account': { status: 200, body: { data: [] } },
    });
    vi.stubGlobal('fetch', fetchStub);
    const onClose = vi.fn();
    renderWithProviders(<DeleteAccountModal account={account} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete account' });
    expect(within(dialog).getByText('nine@example.com')).toBeTruthy();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Account deleted successfully')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/api/account/acc-9' });
    expect(onClose).toHaveBeenCalled();
  });

  it('deletes once for a double click on Delete, and offers Delete again after a refusal', async () => {
    const { fetchStub, calls } = fakeFetch({
      'DELETE /api/account/acc-9': { status: 404, body: { message: 'Account not found' } },
    });
    const held = holdableFetch(fetchStub, 'DELETE /api/account/acc-9');
    vi.stubGlobal('fetch', held.fetchStub);
    renderWithProviders(<DeleteAccountModal account={account} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete account' });
    held.hold();
    // A browser runs both clicks before the timer that tells the page the delete is pending.
    const deleteButton = within(dialog).getByRole('button', { name: 'Delete' });
    fireEvent.click(deleteButton);
    fireEvent.click(deleteButton);
    await waitFor(() => expect(held.waiting()).toBe(1));
    held.release();
    expect(await screen.findByText('Account not found')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false),
    );
  });

  it('cancelling a deletion sends nothing', async () => {
    const { fetchStub, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchStub);
    const onClose = vi.fn();
    renderWithProviders(<DeleteAccountModal account={account} onClose={onClose} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('resets the statistics after confirmation', async () => {
    const { fetchStub, calls } = fakeFetch({
      'POST /api/account/acc-9/reset': { status: 200, body: { data: presentedAccount() } },
      'GET /api/account': { status: 200, body: { data: [] } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<ResetAccountStatisticsModal account={account} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Reset Account Statistics' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Account statistics reset successfully')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/account/acc-9/reset' });
  });

  it("shows the server's message when a deletion is refused", async () => {
    const { fetchStub } = fakeFetch({
      'DELETE /api/account/acc-9': {
        status: 409,
        body: { message: 'Stop the snipe before deleting the account' },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    const onClose = vi.fn();
    renderWithProviders(<DeleteAccountModal account={account} onClose={onClose} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Stop the snipe before deleting the account')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

import { accountSchema, launchWhileActiveMessage } from '@tradedesk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { presentedAccount } from '../../../common/accounts/test/account-fixtures';
import { useTransferStore } from '../../../stores/transfer-store';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { AccountPanel } from './account-panel';

const idle = accountSchema.parse(presentedAccount({ id: 'acc-1', email: 'one@example.com' }));
const sniping = accountSchema.parse(
  presentedAccount({ id: 'acc-2', email: 'two@example.com', username: 'TraderTwo', status: 'active' }),
);
// Linked, never signed in, synced or launched: its stored 0 is no balance.
const neverRead = accountSchema.parse(
  presentedAccount({ id: 'acc-3', email: 'three@example.com', coins: 0, isCoinBalanceKnown: false }),
);

function renderSellerPanel() {
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      'GET /api/client-transfer/acc-1': { status: 200, body: { data: null } },
      'GET /api/client-transfer/acc-2': { status: 200, body: { data: null } },
      'GET /api/client-transfer/acc-3': { status: 200, body: { data: null } },
    }).fetchStub,
  );
  renderWithProviders(
    <AccountPanel
      side="seller"
      accounts={[idle, sniping, neverRead]}
      onLaunch={vi.fn()}
      onScreenshot={vi.fn()}
    />,
  );
  return within(screen.getByRole('region', { name: 'Seller' }));
}

/** The text the button's aria-describedby points at: what a screen reader adds to its name. */
function descriptionOf(button: HTMLElement) {
  const ids = button.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('a transfer account panel', () => {
  beforeEach(() => useTransferStore.setState({ sellerId: null, buyerId: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows Edit and Delete Account as disabled, saying why, until an account is chosen', async () => {
    const user = userEvent.setup();
    const panel = renderSellerPanel();
    const remove = panel.getByRole<HTMLButtonElement>('button', { name: 'Delete Account' });
    const edit = panel.getByRole<HTMLButtonElement>('button', { name: 'Edit Account' });
    // Disabled, in daisyUI's disabled look: not the red that made it look like a live button.
    expect(remove.disabled).toBe(true);
    expect(remove.classList.contains('btn-disabled')).toBe(true);
    expect(remove.classList.contains('text-error')).toBe(false);
    expect(edit.disabled).toBe(true);
    // The reason is on the page and describes both buttons.
    expect(panel.getByText('Select a seller account to edit or delete it')).toBeTruthy();
    expect(descriptionOf(remove)).toBe('Select a seller account to edit or delete it');
    expect(descriptionOf(edit)).toBe('Select a seller account to edit or delete it');

    await user.selectOptions(panel.getByRole('combobox', { name: 'Seller account' }), 'acc-1');
    expect(remove.disabled).toBe(false);
    expect(remove.classList.contains('text-error')).toBe(true);
    expect(remove.classList.contains('btn-disabled')).toBe(false);
    expect(remove.getAttribute('aria-describedby')).toBeNull();
    expect(panel.queryByText('Select a seller account to edit or delete it')).toBeNull();
  });

  it('shows Launch Webapp as disabled for a running account, saying why', async () => {
    const user = userEvent.setup();
    const panel = renderSellerPanel();
    await user.selectOptions(panel.getByRole('combobox', { name: 'Seller account' }), 'acc-2');
    const launch = panel.getByRole<HTMLButtonElement>('button', { name: 'Launch Webapp' });
    expect(launch.disabled).toBe(true);
    expect(launch.classList.contains('btn-disabled')).toBe(true);
    expect(panel.getByText(launchWhileActiveMessage)).toBeTruthy();
    expect(descriptionOf(launch)).toBe(launchWhileActiveMessage);
  });

  it("shows a never-read account's balance as unknown, not as 0 coins", async () => {
    const user = userEvent.setup();
    const panel = renderSellerPanel();
    await user.selectOptions(panel.getByRole('combobox', { name: 'Seller account' }), 'acc-3');
    expect(panel.getByLabelText('Seller coins').textContent).toBe('—');
    await user.selectOptions(panel.getByRole('combobox', { name: 'Seller account' }), 'acc-1');
    expect(panel.getByLabelText('Seller coins').textContent).toBe('125,000');
  });
});

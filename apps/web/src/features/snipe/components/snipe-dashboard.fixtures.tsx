import { defaultConfiguration, defaultNormalFilter } from '@tradedesk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { useAccountFilterStore } from '../../../stores/account-filter-store';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeFetch, holdableFetch, renderWithProviders } from '../../../test/render';
import { userAnswer } from '../../../test/user-answer';
import { fakeWebHubSocket } from '../../../test/fake-web-hub';
import { SnipeDashboard } from './snipe-dashboard';

/** What the snipe dashboard's component tests share: the server's answers and the user's moves. */

/** Before each test: a signed-in user, no remembered filter choices, a fresh fake hub. */
export function resetDashboard() {
  fakeWebHubSocket.reset();
  useAuthStore.setState({ token: 'licence-token' });
  useAccountFilterStore.setState({ filtersByAccount: {} });
}

export const savedFilter = {
  ...defaultNormalFilter('Cheap Rares'),
  id: 'f-1',
  maxPrice: 5000,
  name: 'Rare Striker',
};
export const otherFilter = {
  ...defaultNormalFilter('Icons'),
  id: 'f-2',
  maxPrice: 90000,
  name: 'Old Legend',
};

export const snipeUser = (providers: Record<string, string> = {}) =>
  userAnswer({ tier: 'snipe', credits: 1, maxAccounts: 2, providers: { discordId: '42', ...providers } });

/** The dashboard's answers; `record` can be changed as the server's data changes. */
export function answers(accounts: unknown[], extra: Record<string, { status: number; body?: unknown }> = {}) {
  const record = {
    'GET /api/account': { status: 200, body: { data: accounts } },
    'GET /api/filter': { status: 200, body: { data: [savedFilter, otherFilter] } },
    'GET /api/configuration': { status: 200, body: { data: defaultConfiguration() } },
    'GET /api/user': snipeUser(),
    ...extra,
  };
  return { ...fakeFetch(record), record };
}

export const rowOf = (email: string) => screen.getByText(email).closest('tr') as HTMLElement;
export const button = (row: HTMLElement, name: string) =>
  within(row).getByRole('button', { name }) as HTMLButtonElement;

/** The data of the snipe-create-browser the page sent last. */
export const sentStart = () =>
  fakeWebHubSocket.emit.mock.calls.findLast(
    ([event, message]) => event === 'message' && message?.action === 'snipe-create-browser',
  )?.[1]?.data;

/** Opens Start Snipe on the account's row; returns the dialog and its Start button. */
export async function openStartSnipe(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.click(button(rowOf(email), 'Start Snipe'));
  const dialog = await screen.findByRole('dialog', { name: /Snipe Configuration/ });
  await within(dialog).findByRole('tab', { name: /Cheap Rares/ });
  return { dialog, start: within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Start' }) };
}

/** The dashboard over `served`, with one "METHOD /path" that the test can hold; the user to drive it. */
export function renderDashboardHolding(served: { fetchStub: typeof fetch }, key: string) {
  const held = holdableFetch(served.fetchStub, key);
  vi.stubGlobal('fetch', held.fetchStub);
  renderWithProviders(<SnipeDashboard />);
  return { held, user: userEvent.setup() };
}

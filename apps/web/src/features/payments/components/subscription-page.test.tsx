import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeFetch, holdableFetch, renderWithProviders } from '../../../test/render';
import { CoinsPage } from './coins-page';
import { SubscriptionPage } from './subscription-page';

const product = (id: string, type: string, category: string, value: number, period: string) => ({
  id,
  name: id,
  description: `${id} description`,
  type,
  category,
  features: ['feature'],
  price: { id: `${id}-eur`, value, type: period },
  maxQuantity: 1,
  isAvailable: true,
});

const plans = [
  product('snipe-month', 'snipe', 'Headful & Headless Snipes', 2499, 'month'),
  product('snipe-season', 'snipe', 'Headful & Headless Snipes', 9999, 'season'),
  product('free-season', 'transfer', 'Coin Transfer', 0, 'season'),
  product('credits-60', 'credit', 'Other', 999, 'season'),
];

function renderSubscription(checkoutAnswer: { status: number; body?: unknown } = { status: 200, body: {} }) {
  const { fetchStub, calls } = fakeFetch({
    'GET /api/payment/plans': { status: 200, body: { data: plans } },
    'POST /api/referral/verify': { status: 200, body: { data: false } },
    'POST /api/payment/checkout': checkoutAnswer,
  });
  vi.stubGlobal('fetch', fetchStub);
  return { ...renderWithProviders(<SubscriptionPage />, { path: '/subscription' }), calls, fetchStub };
}

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().clearSession();
});

/** Answers the referral check with `valid` (the other calls as `fetchStub` does). */
const referralAnswers = (fetchStub: typeof fetch, valid: boolean) =>
  vi.stubGlobal('fetch', async (url: RequestInfo | URL, init?: RequestInit) =>
    String(url).endsWith('/referral/verify')
      ? new Response(JSON.stringify({ data: valid }), { status: 200 })
      : fetchStub(url, init),
  );

/** Applies no code, a wrong one, then GOOD1234 (which the server then accepts); returns the input. */
async function applyEmptyWrongThenGoodReferral(fetchStub: typeof fetch) {
  const input = screen.getByPlaceholderText('Enter your referral code') as HTMLInputElement;
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
  expect(screen.getByRole('alert').textContent).toBe('Enter your referral code');
  await userEvent.type(input, 'WRONG');
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Referral code is invalid');

  referralAnswers(fetchStub, true);
  await userEvent.clear(input);
  await userEvent.type(input, 'GOOD1234');
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
  expect((await screen.findByRole('status')).textContent).toBe('Referral code is valid');
  return input;
}

describe('SubscriptionPage', () => {
  it('shows season plans by default, month (trial) on the toggle, and disables checkout at price 0', async () => {
    renderSubscription();
    const table = await screen.findByTestId('plan-table');
    expect(within(table).getByText('snipe-season')).toBeTruthy();
    expect(within(table).queryByText('snipe-month')).toBeNull();
    expect(screen.getByRole('button', { name: 'Season' }).getAttribute('aria-pressed')).toBe('true');
    const free = within(table).getByRole('button', { name: 'Buy free-season' }) as HTMLButtonElement;
    expect(free.disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Month (trial)' }));
    expect(within(table).getByText('snipe-month')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Plans are not auto-renewed');
  });

  it('walks the referral states: empty, invalid, then valid with the input locked and 30% off', async () => {
    const { fetchStub } = renderSubscription();
    await screen.findByTestId('plan-table');
    const input = await applyEmptyWrongThenGoodReferral(fetchStub);
    expect(input.readOnly).toBe(true);
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    // €99.99 less 30% is €69.99, the old price struck through.
    expect(within(screen.getByTestId('plan-table')).getByText('€69.99')).toBeTruthy();
  });

  it('shows a signed-in user their own referral code to share, and a visitor none', async () => {
    const { fetchStub } = fakeFetch({
      'GET /api/payment/plans': { status: 200, body: { data: plans } },
      'GET /api/referral': { status: 200, body: { data: { code: 'K7MQ2XWP' } } },
    });
    vi.stubGlobal('fetch', fetchStub);
    const visitor = renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    await screen.findByTestId('plan-table');
    expect(screen.queryByText(/Your referral code/)).toBeNull();
    visitor.unmount();

    useAuthStore.getState().signIn({ username: 'demo', token: '', isRemembered: false, fingerprint: 'fp' });
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    const section = screen.getByRole('region', { name: 'Referral code' });
    expect((await within(section).findByText('K7MQ2XWP')).parentElement?.textContent).toBe(
      'Your referral code: K7MQ2XWP',
    );
  });

  it('holds the buy buttons while Apply verifies the code, then checks out with it', async () => {
    const { fetchStub, calls } = fakeFetch({
      'GET /api/payment/plans': { status: 200, body: { data: plans } },
      'POST /api/referral/verify': { status: 200, body: { data: true } },
      'POST /api/payment/checkout': { status: 200, body: {} },
    });
    const verifying = holdableFetch(fetchStub, 'POST /api/referral/verify');
    vi.stubGlobal('fetch', verifying.fetchStub);
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    const table = await screen.findByTestId('plan-table');
    const buy = within(table).getByRole<HTMLButtonElement>('button', { name: 'Buy snipe-season' });
    await userEvent.type(screen.getByPlaceholderText('Enter your referral code'), 'GOOD1234');
    verifying.hold();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(verifying.waiting()).toBe(1));
    // A buy now would check out without the code, at full price.
    expect(buy.disabled).toBe(true);

    verifying.release();
    expect((await screen.findByRole('status')).textContent).toBe('Referral code is valid');
    await waitFor(() => expect(buy.disabled).toBe(false));
    await userEvent.click(buy);
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/payment/checkout'))?.body).toMatchObject({
        productId: 'snipe-season',
        code: 'GOOD1234',
      }),
    );
  });

  it('says so when checkout returns no URL, and credit checkout waits for a package', async () => {
    const { calls } = renderSubscription({ status: 200, body: {} });
    await screen.findByTestId('plan-table');
    const buyCredits = screen.getByRole('button', { name: 'Buy credits' }) as HTMLButtonElement;
    expect(buyCredits.disabled).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: /credits-60/ }));
    await userEvent.click(buyCredits);
    expect(await screen.findByText('Something went wrong, please try again later')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/payment/checkout'))?.body).toEqual({
        productId: 'credits-60',
        priceId: 'credits-60-eur',
        quantity: 1,
        type: 'credit',
      }),
    );
  });
});

describe('CoinsPage', () => {
  it('prices 0-100 units at the discounted unit price and disables checkout at 0', async () => {
    const coins = {
      ...product('coins-pc', 'coin', 'Other', 1199, 'season'),
      platform: 'pc',
      listPrice: 1499,
      maxQuantity: 100,
    };
    const { fetchStub } = fakeFetch({
      'GET /api/payment/coins': { status: 200, body: { data: { pc: coins } } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<CoinsPage />, { path: '/coins' });
    const calculator = await screen.findByRole('region', { name: 'PC coins' });
    const checkout = within(calculator).getByRole('button', { name: 'Checkout' }) as HTMLButtonElement;
    expect(checkout.disabled).toBe(true);
    const quantity = within(calculator).getByLabelText('PC quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    expect(screen.getByTestId('coins-pc-total').textContent).toBe('€35.97');
    expect(checkout.disabled).toBe(false);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '250');
    // Kept as typed, with the reason under the field, not silently rewritten to 100.
    expect((quantity as HTMLInputElement).value).toBe('250');
    expect(within(calculator).getByRole('alert').textContent).toBe('Quantity must be between 0 and 100');
    expect(checkout.disabled).toBe(true);
    for (const heading of ['Payment', 'How it works', 'Disclaimers'])
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
  });

  it('takes 30% off with a valid referral code and sends the code with the checkout', async () => {
    const coins = {
      ...product('coins-pc', 'coin', 'Other', 1199, 'season'),
      platform: 'pc',
      maxQuantity: 100,
    };
    const { fetchStub, calls } = fakeFetch({
      'GET /api/payment/coins': { status: 200, body: { data: { pc: coins } } },
      'POST /api/payment/checkout': { status: 200, body: {} },
    });
    referralAnswers(fetchStub, false);
    renderWithProviders(<CoinsPage />, { path: '/coins' });
    const calculator = await screen.findByRole('region', { name: 'PC coins' });
    await applyEmptyWrongThenGoodReferral(fetchStub);
    const quantity = within(calculator).getByLabelText('PC quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    // €35.97 less 30%, rounded once on the total as the checkout does: €25.18.
    expect(screen.getByTestId('coins-pc-total').textContent).toBe('€25.18');
    await userEvent.click(within(calculator).getByRole('button', { name: 'Checkout' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/payment/checkout'))?.body).toEqual({
        productId: 'coins-pc',
        priceId: 'coins-pc-eur',
        quantity: 3,
        type: 'coin',
        code: 'GOOD1234',
      }),
    );
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { CheckoutSuccessPage } from './checkout-result-pages';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('checkout success page', () => {
  it('offers a Copy button for the licence token it shows only once', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/payment/receipt': {
          status: 200,
          body: {
            data: {
              orderId: 'o-1',
              status: 'paid',
              productName: 'Snipe (month)',
              quantity: 1,
              amountCents: 1_000,
              discountCents: 0,
              credentials: { username: 'new-buyer', token: 'tok-0123456789abcdef' },
            },
          },
        },
      }).fetchStub,
    );
    const user = userEvent.setup(); // installs its own clipboard, watched below
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderWithProviders(<CheckoutSuccessPage />, { path: '/checkout/success?order=o-1&key=k' });

    await user.click(await screen.findByRole('button', { name: 'Copy licence token' }));

    expect(writeText).toHaveBeenCalledWith('tok-0123456789abcdef');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copied licence token' })).toBeTruthy());
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogueProduct } from '../types';
import { CoinCalculator } from './coin-calculator';

const consoleCoins: CatalogueProduct = {
  id: 'coins-console',
  name: 'Console coins',
  description: '',
  type: 'coin',
  category: 'Other',
  features: [],
  price: { id: 'price-console', value: 899, type: 'season' },
  platform: 'ps',
  maxQuantity: 100,
  isAvailable: true,
};

const pcCoins: CatalogueProduct = {
  ...consoleCoins,
  id: 'coins-pc',
  name: 'PC coins',
  price: { id: 'price-pc', value: 1199, type: 'season' },
  platform: 'pc',
};

function renderCalculator(product = consoleCoins, hasReferral = false) {
  const onCheckout = vi.fn();
  render(
    <CoinCalculator product={product} onCheckout={onCheckout} isBusy={false} hasReferral={hasReferral} />,
  );
  return {
    onCheckout,
    quantity: screen.getByLabelText(`${product === pcCoins ? 'PC' : 'Console'} quantity`, { exact: true }),
    total: screen.getByTestId(`${product.id}-total`),
    checkout: screen.getByRole('button', { name: 'Checkout' }),
  };
}

describe('the coin calculator', () => {
  it('lets the user clear the quantity and type a new one', async () => {
    const { quantity, total, checkout, onCheckout } = renderCalculator();
    await userEvent.clear(quantity);
    expect(quantity).toHaveProperty('value', '');
    await userEvent.type(quantity, '5');
    expect(quantity).toHaveProperty('value', '5');
    expect(total.textContent).toBe('€44.95');
    expect(screen.getByText(/500,000 coins for/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(quantity.className).not.toContain('input-error');
    await userEvent.click(checkout);
    expect(onCheckout).toHaveBeenCalledWith(consoleCoins, 5);
  });

  it.each([
    ['PC', '35', '€293.76', pcCoins],
    ['PC', '75', '€629.48', pcCoins],
    ['Console', '25', '€157.33', consoleCoins],
    ['Console', '10', '€62.93', consoleCoins],
  ])(
    'with a referral code, %s × %s units cost %s (a 30 per cent discount, to the nearest cent)',
    async (_label, typed, shown, product) => {
      const { quantity, total } = renderCalculator(product, true);
      await userEvent.clear(quantity);
      await userEvent.type(quantity, typed);
      expect(total.textContent).toBe(shown);
    },
  );

  it.each([
    ['-5', 'Quantity must be between 0 and 100'],
    ['101', 'Quantity must be between 0 and 100'],
    ['', 'Quantity must be a number'],
  ])('keeps %j as typed, says why under the field and holds Checkout back', async (typed, message) => {
    const { quantity, total, checkout, onCheckout } = renderCalculator();
    await userEvent.clear(quantity);
    if (typed) await userEvent.type(quantity, typed);
    expect(quantity).toHaveProperty('value', typed);
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(quantity.className).toContain('input-error');
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(total.textContent).toBe('—');
    expect(checkout).toHaveProperty('disabled', true);
    await userEvent.click(checkout);
    expect(onCheckout).not.toHaveBeenCalled();
  });
});

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

function renderCalculator() {
  const onCheckout = vi.fn();
  render(
    <CoinCalculator product={consoleCoins} onCheckout={onCheckout} isBusy={false} hasReferral={false} />,
  );
  return {
    onCheckout,
    quantity: screen.getByLabelText('Console quantity', { exact: true }),
    total: screen.getByTestId('coins-console-total'),
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

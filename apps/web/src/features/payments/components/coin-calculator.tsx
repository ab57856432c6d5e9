import {
  canCheckoutCoins,
  coinCalculatorPriceCents,
  coinQuantitySchema,
  COINS_PER_UNIT,
  discountedCents,
  formatEuroCents,
  formatFullNumber,
  firstIssueWithField,
  MAX_COIN_UNITS,
  MIN_COIN_UNITS,
  platformLabels,
} from '@tradedesk/domain';
import { useState } from 'react';
import type { CatalogueProduct } from '../types';
import { FieldAlert } from '../../../components/ui/field';
import { PriceTag } from './price-tag';
import { useTypedBeforeHydration } from '../../../hooks/use-typed-before-hydration';
import { markInvalid } from '../../../components/ui/invalid-marking';

type CoinCalculatorProps = {
  product: CatalogueProduct;
  onCheckout: (product: CatalogueProduct, quantity: number) => void;
  isBusy: boolean;
  /** A valid referral code was applied: 30% off, on the total as the checkout rounds it. */
  hasReferral: boolean;
};

/** One platform's calculator: 0–100 units of 100,000 coins × the discounted unit price. */
export function CoinCalculator({ product, onCheckout, isBusy, hasReferral }: CoinCalculatorProps) {
  // The field keeps what was typed; the domain's schema reads it (as the other number fields do).
  const [typed, setTyped] = useState(String(MIN_COIN_UNITS));
  const read = coinQuantitySchema.safeParse(typed);
  const quantity = read.success ? read.data : undefined;
  const message = read.error && firstIssueWithField(read.error, { '': 'Quantity' });
  const label = product.platform ? platformLabels[product.platform] : product.name;
  const subtotal =
    quantity === undefined ? undefined : coinCalculatorPriceCents(quantity, product.price.value);
  const total = subtotal !== undefined && hasReferral ? discountedCents(subtotal) : subtotal;
  // The page arrives prerendered: a quantity typed or slid before the app ran it counts.
  const quantityField = useTypedBeforeHydration(typed, setTyped);
  const sliderField = useTypedBeforeHydration(String(quantity ?? MIN_COIN_UNITS), setTyped);
  return (
    <section aria-label={`${label} coins`} className="card bg-base-100 border-base-300 border">
      <div className="card-body gap-3">
        <h2 className="card-title">{label}</h2>
        <p className="text-sm">
          Per 100,000 coins:{' '}
          <PriceTag cents={product.price.value} hasReferral={hasReferral} listCents={product.listPrice} />
        </p>
        <div className="flex flex-col gap-1">
          <label className="flex flex-col gap-1">
            <span className="text-sm">Units of 100,000 coins</span>
            <input
              ref={quantityField}
              type="number"
              {...markInvalid('input w-32', message !== undefined)}
              min={MIN_COIN_UNITS}
              max={MAX_COIN_UNITS}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-label={`${label} quantity`}
            />
          </label>
          <FieldAlert message={message} />
        </div>
        <input
          ref={sliderField}
          type="range"
          className="range range-primary range-sm"
          min={MIN_COIN_UNITS}
          max={MAX_COIN_UNITS}
          value={quantity ?? MIN_COIN_UNITS}
          onChange={(event) => setTyped(event.target.value)}
          aria-label={`${label} quantity slider`}
        />
        <p>
          {quantity === undefined ? '—' : formatFullNumber(quantity * COINS_PER_UNIT)} coins for{' '}
          <strong data-testid={`${product.id}-total`}>
            {total === undefined ? '—' : formatEuroCents(total)}
          </strong>
        </p>
        <div className="card-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={quantity === undefined || !canCheckoutCoins(quantity) || isBusy}
            onClick={() => quantity !== undefined && onCheckout(product, quantity)}
          >
            Checkout
          </button>
        </div>
      </div>
    </section>
  );
}

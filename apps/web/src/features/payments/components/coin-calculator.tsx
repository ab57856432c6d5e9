import {
  canCheckoutCoins,
  coinCalculatorPriceCents,
  COINS_PER_UNIT,
  discountedCents,
  formatEuroCents,
  formatFullNumber,
  MAX_COIN_UNITS,
  MIN_COIN_UNITS,
  platformLabels,
} from '@tradedesk/domain';
import { useState } from 'react';
import type { CatalogueProduct } from '../types';
import { PriceTag } from './price-tag';
import { useTypedBeforeHydration } from '../../../hooks/use-typed-before-hydration';

type CoinCalculatorProps = {
  product: CatalogueProduct;
  onCheckout: (product: CatalogueProduct, quantity: number) => void;
  isBusy: boolean;
  /** A valid referral code was applied: 30% off, on the total as the checkout rounds it. */
  hasReferral: boolean;
};

/** One platform's calculator: 0–100 units of 100,000 coins × the discounted unit price. */
export function CoinCalculator({ product, onCheckout, isBusy, hasReferral }: CoinCalculatorProps) {
  const [quantity, setQuantity] = useState(0);
  const label = product.platform ? platformLabels[product.platform] : product.name;
  const subtotal = coinCalculatorPriceCents(quantity, product.price.value);
  const total = hasReferral ? discountedCents(subtotal) : subtotal;
  const setClamped = (value: number) =>
    setQuantity(
      Number.isFinite(value) ? Math.min(MAX_COIN_UNITS, Math.max(MIN_COIN_UNITS, Math.trunc(value))) : 0,
    );
  // The page arrives prerendered: a quantity typed or slid before the app ran it counts.
  const quantityField = useTypedBeforeHydration(String(quantity), (value) => setClamped(Number(value)));
  const sliderField = useTypedBeforeHydration(String(quantity), (value) => setClamped(Number(value)));
  return (
    <section aria-label={`${label} coins`} className="card bg-base-100 border-base-300 border">
      <div className="card-body gap-3">
        <h2 className="card-title">{label}</h2>
        <p className="text-sm">
          Per 100,000 coins:{' '}
          <PriceTag cents={product.price.value} hasReferral={hasReferral} listCents={product.listPrice} />
        </p>
        <label className="flex flex-col gap-1">
          <span className="text-sm">Units of 100,000 coins</span>
          <input
            ref={quantityField}
            type="number"
            className="input w-32"
            min={MIN_COIN_UNITS}
            max={MAX_COIN_UNITS}
            value={quantity}
            onChange={(event) => setClamped(Number(event.target.value))}
            aria-label={`${label} quantity`}
          />
        </label>
        <input
          ref={sliderField}
          type="range"
          className="range range-primary range-sm"
          min={MIN_COIN_UNITS}
          max={MAX_COIN_UNITS}
          value={quantity}
          onChange={(event) => setClamped(Number(event.target.value))}
          aria-label={`${label} quantity slider`}
        />
        <p>
          {formatFullNumber(quantity * COINS_PER_UNIT)} coins for{' '}
          <strong data-testid={`${product.id}-total`}>{formatEuroCents(total)}</strong>
        </p>
        <div className="card-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={!canCheckoutCoins(quantity) || isBusy}
            onClick={() => onCheckout(product, quantity)}
          >
            Checkout
          </button>
        </div>
      </div>
    </section>
  );
}

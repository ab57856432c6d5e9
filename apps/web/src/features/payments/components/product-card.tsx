import { pricePeriodLabels } from '@tradedesk/domain';
import type { CatalogueProduct } from '../types';
import { PriceTag } from './price-tag';

type ProductCardProps = {
  product: CatalogueProduct;
  hasReferral: boolean;
  onBuy: (product: CatalogueProduct) => void;
  isBusy: boolean;
  /** The category line above the name (the subscription page's cards show it). */
  showCategory?: boolean;
};

/** The Buy button: disabled at price 0, for a product not sold yet, and while a checkout opens. */
export function BuyButton({
  product,
  onBuy,
  isBusy,
}: Omit<ProductCardProps, 'hasReferral' | 'showCategory'>) {
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm"
      disabled={product.price.value === 0 || !product.isAvailable || isBusy}
      onClick={() => onBuy(product)}
      aria-label={`Buy ${product.name}`}
    >
      Buy
    </button>
  );
}

/** One product as a card: name, description, features, price per period and Buy. */
export function ProductCard({ product, hasReferral, onBuy, isBusy, showCategory = false }: ProductCardProps) {
  return (
    <article className="card bg-base-100 border-base-300 border">
      <div className="card-body gap-2">
        {showCategory && <p className="text-xs uppercase opacity-60">{product.category}</p>}
        <h3 className="card-title">{product.name}</h3>
        <p className="text-sm opacity-80">{product.description}</p>
        <ul className="list-inside list-disc text-sm">
          {product.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <div className="card-actions items-center justify-between">
          <span>
            <PriceTag cents={product.price.value} hasReferral={hasReferral} />{' '}
            <span className="text-sm opacity-70">/ {pricePeriodLabels[product.price.type]}</span>
          </span>
          <BuyButton product={product} onBuy={onBuy} isBusy={isBusy} />
        </div>
      </div>
    </article>
  );
}

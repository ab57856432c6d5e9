import { useState } from 'react';
import type { CatalogueProduct } from '../types';
import { PriceTag } from './price-tag';

type CreditPackagesProps = {
  packages: CatalogueProduct[];
  hasReferral: boolean;
  onBuy: (product: CatalogueProduct) => void;
  isBusy: boolean;
};

/** Pick a package, then buy it (spec §5: credit checkout needs a selected price and product). */
export function CreditPackages({ packages, hasReferral, onBuy, isBusy }: CreditPackagesProps) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = packages.find((item) => item.id === selectedId);
  return (
    <section aria-labelledby="credits-title" className="flex flex-col gap-3">
      <h2 id="credits-title" className="text-xl font-semibold">
        Credit packages
      </h2>
      <p className="text-sm opacity-80">
        A coin transfer costs 1 credit when it succeeds and nothing when it fails.
      </p>
      <div role="radiogroup" aria-label="Credit packages" className="grid gap-3 sm:grid-cols-3">
        {packages.map((item) => (
          <label
            key={item.id}
            className={`card border-2 cursor-pointer ${item.id === selectedId ? 'border-primary' : 'border-base-300'}`}
          >
            <div className="card-body gap-1 p-4">
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  className="radio radio-primary radio-sm"
                  name="credit-package"
                  checked={item.id === selectedId}
                  onChange={() => setSelectedId(item.id)}
                />
                <span className="font-semibold">{item.name}</span>
              </span>
              <span className="text-sm opacity-70">{item.description}</span>
              <PriceTag cents={item.price.value} hasReferral={hasReferral} />
            </div>
          </label>
        ))}
      </div>
      <div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!selected || selected.price.value === 0 || isBusy}
          onClick={() => selected && onBuy(selected)}
        >
          Buy credits
        </button>
      </div>
    </section>
  );
}

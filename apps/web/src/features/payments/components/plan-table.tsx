import { pricePeriodLabels } from '@tradedesk/domain';
import type { CatalogueProduct } from '../types';
import { PriceTag } from './price-tag';

type PlanListProps = {
  plans: CatalogueProduct[];
  hasReferral: boolean;
  onBuy: (plan: CatalogueProduct) => void;
  isBusy: boolean;
};

const BuyButton = ({
  plan,
  onBuy,
  isBusy,
}: { plan: CatalogueProduct } & Pick<PlanListProps, 'onBuy' | 'isBusy'>) => (
  <button
    type="button"
    className="btn btn-primary btn-sm"
    // Spec §5: subscription checkout is disabled when the price is 0.
    disabled={plan.price.value === 0 || !plan.isAvailable || isBusy}
    onClick={() => onBuy(plan)}
    aria-label={`Buy ${plan.name}`}
  >
    Buy
  </button>
);

/** Plans as a table above 768 px and as cards at 768 px or less (spec §2). */
export function PlanTable({ plans, hasReferral, onBuy, isBusy }: PlanListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto min-[769px]:block" data-testid="plan-table">
        <table className="table">
          <thead>
            <tr>
              <th>Plan</th>
              <th>Category</th>
              <th>Includes</th>
              <th>Period</th>
              <th>Price</th>
              <th>
                <span className="sr-only">Buy</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => (
              <tr key={plan.id}>
                <td>
                  <div className="font-semibold">{plan.name}</div>
                  <div className="text-sm opacity-70">{plan.description}</div>
                </td>
                <td>{plan.category}</td>
                <td>
                  <ul className="list-inside list-disc text-sm">
                    {plan.features.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                </td>
                <td>{pricePeriodLabels[plan.price.type]}</td>
                <td>
                  <PriceTag cents={plan.price.value} hasReferral={hasReferral} />
                </td>
                <td>
                  <BuyButton plan={plan} onBuy={onBuy} isBusy={isBusy} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-4 min-[769px]:hidden" data-testid="plan-cards">
        {plans.map((plan) => (
          <li key={plan.id} className="card bg-base-100 border-base-300 border">
            <div className="card-body gap-2">
              <p className="text-xs uppercase opacity-60">{plan.category}</p>
              <h3 className="card-title">{plan.name}</h3>
              <p className="text-sm opacity-80">{plan.description}</p>
              <ul className="list-inside list-disc text-sm">
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <div className="card-actions items-center justify-between">
                <span>
                  <PriceTag cents={plan.price.value} hasReferral={hasReferral} />{' '}
                  <span className="text-sm opacity-70">/ {pricePeriodLabels[plan.price.type]}</span>
                </span>
                <BuyButton plan={plan} onBuy={onBuy} isBusy={isBusy} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

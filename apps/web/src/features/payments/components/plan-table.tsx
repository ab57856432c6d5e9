import { pricePeriodLabels } from '@tradedesk/domain';
import type { CatalogueProduct } from '../types';
import { PriceTag } from './price-tag';
import { BuyButton, ProductCard } from './product-card';
import { TableHead } from '../../../components/ui/table-head';

type PlanListProps = {
  plans: CatalogueProduct[];
  hasReferral: boolean;
  onBuy: (plan: CatalogueProduct) => void;
  isBusy: boolean;
};

/** Plans as a table above 768 px and as cards at 768 px or less (spec §2). */
export function PlanTable({ plans, hasReferral, onBuy, isBusy }: PlanListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto min-[769px]:block" data-testid="plan-table">
        <table className="table">
          <TableHead columns={['Plan', 'Category', 'Includes', 'Period', 'Price']} actionColumn="Buy" />
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
                  <BuyButton product={plan} onBuy={onBuy} isBusy={isBusy} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-4 min-[769px]:hidden" data-testid="plan-cards">
        {plans.map((plan) => (
          <li key={plan.id}>
            <ProductCard
              product={plan}
              hasReferral={hasReferral}
              onBuy={onBuy}
              isBusy={isBusy}
              showCategory
            />
          </li>
        ))}
      </ul>
    </>
  );
}

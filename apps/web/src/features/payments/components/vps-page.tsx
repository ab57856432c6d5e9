import { pricePeriodLabels } from '@tradedesk/domain';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useCheckout } from '../api/create-checkout';
import { usePlans } from '../api/get-plans';
import { PriceTag } from './price-tag';

/** /vps: the catalogue's VPS plans as cards. */
export function VpsPage() {
  useDocumentTitle('VPS plans');
  const plans = usePlans();
  const checkout = useCheckout();
  const vpsPlans = (plans.data ?? []).filter((product) => product.type === 'vps');
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">VPS plans</h1>
        <p className="opacity-80">A private server near the game’s servers, set up to run your sessions.</p>
      </header>
      {plans.isPending && <span className="loading loading-spinner" aria-label="Loading plans" />}
      <div className="grid gap-4 md:grid-cols-2">
        {vpsPlans.map((plan) => (
          <article key={plan.id} className="card bg-base-100 border-base-300 border">
            <div className="card-body gap-2">
              <h2 className="card-title">{plan.name}</h2>
              <p className="text-sm opacity-80">{plan.description}</p>
              <ul className="list-inside list-disc text-sm">
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <div className="card-actions items-center justify-between">
                <span>
                  <PriceTag cents={plan.price.value} hasReferral={false} />{' '}
                  <span className="text-sm opacity-70">/ {pricePeriodLabels[plan.price.type]}</span>
                </span>
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  disabled={plan.price.value === 0 || !plan.isAvailable || checkout.isPending}
                  onClick={() =>
                    checkout.mutate({
                      productId: plan.id,
                      priceId: plan.price.id,
                      quantity: 1,
                      type: plan.type,
                    })
                  }
                >
                  Buy
                </button>
              </div>
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}

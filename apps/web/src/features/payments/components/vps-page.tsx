import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useCheckout } from '../api/create-checkout';
import { usePlans } from '../api/get-plans';
import { ProductCard } from './product-card';
import { ReservedLoading } from '../../../components/ui/reserved-loading';

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
      {plans.isPending && (
        // The bundled catalogue's two plans: one above the other on a phone, side by side from md.
        <ReservedLoading label="Loading plans" heightClassName="min-h-[482px] md:min-h-[233px]" />
      )}
      {/* The cards' titles are h3s, as under the subscription page's "Plans". */}
      <h2 className="sr-only">Plans on offer</h2>
      <div className="grid gap-4 md:grid-cols-2">
        {vpsPlans.map((plan) => (
          <ProductCard
            key={plan.id}
            product={plan}
            hasReferral={false}
            isBusy={checkout.isPending}
            onBuy={(product) => checkout.mutate({ product })}
          />
        ))}
      </div>
    </div>
  );
}

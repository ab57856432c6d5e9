import { productCategoryValues } from '@tradedesk/domain';
import { useState } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useCheckout } from '../api/create-checkout';
import { usePlans } from '../api/get-plans';
import { useIsVerifyingReferral } from '../api/verify-referral';
import type { CatalogueProduct } from '../types';
import { CreditPackages } from './credit-packages';
import { PlanTable } from './plan-table';
import { ReferralSection } from './referral-section';
import { ReservedLoading } from '../../../components/ui/reserved-loading';

type PlanPeriod = 'month' | 'season';
const periodPlanTypes = new Set(['snipe', 'multi_rarity', 'transfer']);
const otherTypes = new Set(['other', 'licence']);

const billingQuestions = [
  [
    'Do plans renew by themselves?',
    'No. Plans are not auto-renewed: buy again to extend, and the new time is added to the end of your current plan.',
  ],
  [
    'What is the trial?',
    'The month plan is the trial: a month of the tool with 10 credits. A 3-day free trial is available by raising a support ticket in our community server.',
  ],
  [
    'How do I pay?',
    'With a major card, a payment wallet or a stablecoin on one chain, through a secure checkout page.',
  ],
  [
    'Can I get a refund?',
    'Refunds are decided case by case; a dispute must be raised within 72 hours. See the refund policy for details.',
  ],
] as const;

/** /subscription: referral code, plans by period, other products, credit packages, billing FAQ. */
export function SubscriptionPage() {
  useDocumentTitle('Subscription');
  const plans = usePlans();
  const checkout = useCheckout();
  // A buy while Apply is verifying the code would go at full price.
  const isVerifyingReferral = useIsVerifyingReferral();
  const isBusy = checkout.isPending || isVerifyingReferral;
  const [period, setPeriod] = useState<PlanPeriod>('season');
  const [referralCode, setReferralCode] = useState<string | undefined>();
  const products = plans.data ?? [];

  const buy = (product: CatalogueProduct) => checkout.mutate({ product, referralCode });

  const periodPlans = products
    .filter((product) => periodPlanTypes.has(product.type) && product.price.type === period)
    .sort((a, b) => productCategoryValues.indexOf(a.category) - productCategoryValues.indexOf(b.category));
  const otherProducts = products.filter((product) => otherTypes.has(product.type));
  const creditPackages = products.filter((product) => product.type === 'credit');

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Subscription</h1>
        <p className="opacity-80">Choose a plan for sniping, multi-rarity sniping or coin transfers.</p>
      </header>
      <ReferralSection onValid={setReferralCode} />
      <section aria-labelledby="plans-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="plans-title" className="text-xl font-semibold">
            Plans
          </h2>
          <div role="group" aria-label="Plan period" className="join">
            {(['month', 'season'] as const).map((value) => (
              <button
                key={value}
                type="button"
                className={`btn join-item btn-sm ${period === value ? 'btn-primary' : 'btn-outline'}`}
                aria-pressed={period === value}
                onClick={() => setPeriod(value)}
              >
                {value === 'month' ? 'Month (trial)' : 'Season'}
              </button>
            ))}
          </div>
        </div>
        {plans.isPending ? (
          // The bundled catalogue's plans: a column of cards on a phone, a table from 769 px.
          <ReservedLoading label="Loading plans" heightClassName="min-h-[1300px] min-[769px]:min-h-[480px]" />
        ) : (
          <PlanTable
            plans={[...periodPlans, ...otherProducts]}
            hasReferral={Boolean(referralCode)}
            onBuy={buy}
            isBusy={isBusy}
          />
        )}
        <p className="alert alert-info text-sm" role="note">
          Plans are not auto-renewed. Buying again adds the new period to the end of your current plan.
        </p>
      </section>
      <CreditPackages
        packages={creditPackages}
        hasReferral={Boolean(referralCode)}
        onBuy={buy}
        isBusy={isBusy}
      />
      <section aria-labelledby="billing-faq" className="flex flex-col gap-2">
        <h2 id="billing-faq" className="text-xl font-semibold">
          FAQ
        </h2>
        {billingQuestions.map(([question, answer], index) => (
          <details key={question} className="collapse collapse-arrow bg-base-200" open={index === 0}>
            <summary className="collapse-title font-medium">{question}</summary>
            <div className="collapse-content text-sm opacity-80">{answer}</div>
          </details>
        ))}
      </section>
    </div>
  );
}

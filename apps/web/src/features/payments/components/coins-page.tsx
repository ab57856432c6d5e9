import { useState } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useCheckout } from '../api/create-checkout';
import { useIsVerifyingReferral } from '../api/verify-referral';
import { useCoinPrices } from '../api/get-coin-prices';
import type { CatalogueProduct } from '../types';
import { CoinCalculator } from './coin-calculator';
import { ReferralSection } from './referral-section';
import { ReservedLoading } from '../../../components/ui/reserved-loading';

const faqSections = [
  {
    title: 'Payment',
    items: [
      'Pay by major card, a payment wallet or a stablecoin on one chain through the secure checkout.',
      'Orders through a support ticket can also be paid with a money-transfer service, a payment wallet, a digital bank or a crypto exchange stablecoin.',
      'Refunds are decided case by case; a dispute must be raised within 72 hours. There are no refunds after delivery.',
    ],
  },
  {
    title: 'How it works',
    items: [
      'Choose your platform and how many units of 100,000 coins you want, then check out.',
      'After payment our team contacts you and delivers the coins to your account through the transfer market.',
      'A coin transfer takes about 5-15 minutes. The 5% platform tax is covered by the seller.',
    ],
  },
  {
    title: 'Disclaimers',
    items: [
      'Buying coins is against the game publisher’s terms and may put your game account at risk, up to a ban.',
      'We are not affiliated with the game publisher. Prices are per 100,000 coins and shown in EUR.',
    ],
  },
] as const;

/** /coins: the referral code, a calculator per platform, then payment, how it works and disclaimers. */
export function CoinsPage() {
  useDocumentTitle('Coins');
  const prices = useCoinPrices();
  const checkout = useCheckout();
  // A checkout while Apply is verifying the code would go at full price.
  const isVerifyingReferral = useIsVerifyingReferral();
  const isBusy = checkout.isPending || isVerifyingReferral;
  const [referralCode, setReferralCode] = useState<string | undefined>();
  const products = [prices.data?.pc, prices.data?.ps].filter((product): product is CatalogueProduct =>
    Boolean(product),
  );
  const buy = (product: CatalogueProduct, quantity: number) =>
    checkout.mutate({ product, quantity, referralCode });
  return (
    <div className="flex flex-col gap-8">
      <header>
        <h1 className="text-3xl font-bold">Coins</h1>
        <p className="opacity-80">Buy coins for your PC or console account.</p>
      </header>
      <ReferralSection onValid={setReferralCode} />
      {prices.isPending ? (
        // Two calculators: one above the other on a phone, side by side from md.
        <ReservedLoading label="Loading prices" heightClassName="min-h-[636px] md:min-h-[310px]" />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {products.map((product) => (
            <CoinCalculator
              key={product.id}
              product={product}
              onCheckout={buy}
              isBusy={isBusy}
              hasReferral={Boolean(referralCode)}
            />
          ))}
        </div>
      )}
      {faqSections.map((section) => (
        <section
          key={section.title}
          aria-labelledby={`coins-${section.title}`}
          className="flex flex-col gap-2"
        >
          <h2 id={`coins-${section.title}`} className="text-xl font-semibold">
            {section.title}
          </h2>
          <ul className="list-inside list-disc text-sm opacity-80">
            {section.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

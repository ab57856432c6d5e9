import { discountedCents, formatEuroCents, REFERRAL_DISCOUNT_RATE } from '@tradedesk/domain';

/** A price in euro; with a valid referral code the undiscounted one is struck through beside it. */
export function PriceTag({
  cents,
  hasReferral,
  listCents,
}: {
  cents: number;
  hasReferral: boolean;
  listCents?: number;
}) {
  const shown = hasReferral ? discountedCents(cents, REFERRAL_DISCOUNT_RATE) : cents;
  const struck = hasReferral ? cents : listCents;
  return (
    <span className="inline-flex items-baseline gap-2">
      <span className="text-lg font-semibold">{formatEuroCents(shown)}</span>
      {struck !== undefined && struck > shown && (
        <s className="text-sm opacity-60" aria-label={`was ${formatEuroCents(struck)}`}>
          {formatEuroCents(struck)}
        </s>
      )}
    </span>
  );
}

import { referralInputError, referralOutcome, type ReferralState } from '@tradedesk/domain';
import { useState } from 'react';
import { useOwnReferralCode } from '../api/get-own-referral-code';
import { useVerifyReferral } from '../api/verify-referral';
import { useTypedBeforeHydration } from '../../../hooks/use-typed-before-hydration';
import { invalidClassName } from '../../../components/ui/invalid-marking';

type ReferralSectionProps = {
  /** Called with the code once it is valid (its 30% applies at checkout). */
  onValid: (code: string) => void;
};

/** A signed-in user's own code, to give to the people they refer (docs/decisions/payments.md). */
function OwnReferralCode() {
  const own = useOwnReferralCode();
  if (!own.data) return null;
  return (
    <p className="text-sm">
      Your referral code: <strong className="font-mono">{own.data}</strong>
    </p>
  );
}

/**
 * 'Enter your referral code' → verified on click → valid (input locked) or invalid (spec §4, §5);
 * a signed-in user also sees their own code here.
 */
export function ReferralSection({ onValid }: ReferralSectionProps) {
  const [code, setCode] = useState('');
  const [state, setState] = useState<ReferralState>('unverified');
  const [message, setMessage] = useState<string | null>(null);
  const verify = useVerifyReferral();
  const isLocked = state === 'valid';
  const changeCode = (value: string) => {
    setCode(value);
    // An edited code is unverified again: neither the red border nor the refusal is about it any more.
    if (state === 'invalid') {
      setState('unverified');
      setMessage(null);
    }
  };
  // The form arrives prerendered on /subscription and /coins, and may be typed into before the app runs it.
  const field = useTypedBeforeHydration(code, changeCode);

  const apply = async () => {
    // The field's own text: an Apply clicked before the app ran the page is clicked again as it
    // takes over, before the state has the code typed meanwhile.
    const entered = field.current?.value ?? code;
    const inputError = referralInputError(entered);
    if (inputError) {
      setState('invalid');
      setMessage(inputError);
      return;
    }
    const outcome = referralOutcome(await verify.mutateAsync(entered.trim()).catch(() => false));
    setState(outcome.state);
    setMessage(outcome.message);
    if (outcome.state === 'valid') onValid(entered.trim());
  };

  return (
    <section aria-labelledby="referral-title" className="card bg-base-200 border-base-300 border">
      <div className="card-body gap-3">
        <h2 id="referral-title" className="card-title">
          Referral code
        </h2>
        <p className="text-sm opacity-80">A valid referral code takes 30% off your checkout.</p>
        <OwnReferralCode />
        <div className="join w-full max-w-md">
          <label className={invalidClassName('input join-item w-full', state === 'invalid')}>
            <span className="sr-only">Referral code</span>
            <input
              ref={field}
              value={code}
              onChange={(event) => changeCode(event.target.value)}
              readOnly={isLocked}
              aria-invalid={state === 'invalid' ? true : undefined}
              placeholder="Enter your referral code"
              maxLength={64}
            />
            {isLocked && (
              <span className="text-success" aria-label="Verified">
                ✓
              </span>
            )}
          </label>
          <button
            type="button"
            className="btn btn-primary join-item"
            onClick={() => void apply()}
            disabled={isLocked || verify.isPending}
          >
            Apply
          </button>
        </div>
        {message && (
          <p
            role={state === 'valid' ? 'status' : 'alert'}
            className={state === 'valid' ? 'text-success' : 'text-error'}
          >
            {message}
          </p>
        )}
      </div>
    </section>
  );
}

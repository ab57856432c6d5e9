import { messages } from '../messages.js';

/** Referral code states: unverified, then valid (input locked) or invalid. */
export type ReferralState = 'unverified' | 'valid' | 'invalid';

/** Checked on click: an empty code fails before any call. */
export function referralInputError(code: string): string | null {
  return code.trim() === '' ? messages.referralEmpty : null;
}

/** The state after the server's answer, and the message to show. */
export function referralOutcome(isValid: boolean): { state: ReferralState; message: string } {
  return isValid
    ? { state: 'valid', message: messages.referralValid }
    : { state: 'invalid', message: messages.referralInvalid };
}

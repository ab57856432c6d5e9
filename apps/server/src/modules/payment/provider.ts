import Stripe from 'stripe';

/** What the provider needs to open a hosted checkout for one order. */
export interface CheckoutSessionRequest {
  orderId: string;
  productName: string;
  /** Unit price after any discount, in cents; `amountCents` is the exact total. */
  unitAmountCents: number;
  quantity: number;
  amountCents: number;
  currency: 'eur';
  successUrl: string;
  cancelUrl: string;
  /** This site's address (the sandbox serves its checkout page there). */
  siteUrl: string;
}

export interface CheckoutSession {
  /** The provider's id of the session; the completed event names it. */
  sessionId: string;
  /** Where the buyer's browser goes to pay. */
  url: string;
}

/**
 * A payment provider behind one port. Both implementations (Stripe and the embedded sandbox)
 * deliver Stripe-shaped events signed with Stripe's scheme, so one webhook handler verifies and
 * fulfils both.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  /** The secret the provider signs webhook events with. */
  readonly webhookSecret: string;
}

/** The fields of a checkout-session event the fulfilment reads. */
export interface CheckoutEvent {
  id: string;
  type: string;
  data: {
    object: {
      id?: unknown;
      client_reference_id?: unknown;
      amount_total?: unknown;
      payment_status?: unknown;
    };
  };
}

/**
 * Verifies a webhook body against its `stripe-signature` header with the Stripe SDK (HMAC and a
 * 5-minute tolerance); throws on a bad or stale signature.
 */
export function verifyWebhookEvent(
  rawBody: string,
  signature: string,
  secret: string,
  now: Date,
): CheckoutEvent {
  const event = Stripe.webhooks.constructEvent(
    rawBody,
    signature,
    secret,
    undefined,
    undefined,
    // The age is measured against our clock (milliseconds), so tests can move it.
    now.getTime(),
  );
  return event as unknown as CheckoutEvent;
}

/** Signs a webhook body the way Stripe does (the sandbox's events, and tests). */
export function signWebhookBody(rawBody: string, secret: string, now: Date): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload: rawBody,
    secret,
    timestamp: Math.floor(now.getTime() / 1000),
  });
}

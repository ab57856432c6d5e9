import Stripe from 'stripe';
import type { CheckoutSession, CheckoutSessionRequest, PaymentProvider } from './provider.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (tests point it at a local stand-in of Stripe's API). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Stripe Checkout Sessions: one line, paid once (plans are not recurring). */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(options.api ?? {}),
  });
  return {
    name: 'stripe',
    webhookSecret: options.webhookSecret,
    async createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.orderId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency,
                // One line at the exact total: the discount was rounded once, on the total.
                unit_amount: request.amountCents,
                product_data: {
                  name:
                    request.quantity > 1
                      ? `${request.productName} × ${request.quantity}`
                      : request.productName,
                },
              },
            },
          ],
          metadata: { orderId: request.orderId },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `checkout-${request.orderId}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
  };
}

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { AuthService } from '../auth/service.js';
import { referralRoutes } from '../referral/routes.js';
import { createReferralService } from '../referral/service.js';
import { loadCatalogue, type Catalogue } from './catalogue.js';
import { createFulfilment, type ExternalOrderHandler } from './fulfilment.js';
import type { PaymentProvider } from './provider.js';
import { paymentRoutes } from './routes.js';
import { sandboxCheckoutRoutes } from './sandbox-routes.js';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider.js';
import { createPaymentService, type PaymentService } from './service.js';
import { createStripeProvider, type StripeProviderOptions } from './stripe-provider.js';
import { webhookRoutes } from './webhook-routes.js';

export type { Catalogue } from './catalogue.js';
export { plansStructuredData } from './structured-data.js';

export interface PaymentOptions {
  /** The operator's catalogue file (default: the bundled catalogue.json). */
  catalogueFile?: string | undefined;
  /** Stripe when both keys are set; otherwise the embedded sandbox checkout. */
  stripe?: StripeProviderOptions | undefined;
  /** The site's public address for the provider's return links. */
  publicUrl?: string | undefined;
}

/** Modules whose orders are paid through this checkout, by the product id their orders carry. */
export type ExternalOrderHandlers = Readonly<Record<string, ExternalOrderHandler>>;

/** The provider is chosen by configuration; everything after this choice is the same for both. */
function pickProvider(
  stripe: StripeProviderOptions | undefined,
  gameMode: AppContext['gameMode'],
): { provider: PaymentProvider; sandbox?: SandboxProvider } {
  if (stripe) return { provider: createStripeProvider(stripe) };
  // Live without Stripe keys must not hand out plans for a test card.
  if (gameMode === 'live') return { provider: unavailableProvider() };
  const sandbox = createSandboxProvider();
  return { provider: sandbox, sandbox };
}

export const paymentsUnavailableMessage =
  'Payments are not configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET)';

/** Live mode without Stripe keys: every checkout fails (503; the reason is logged, not shown). */
function unavailableProvider(): PaymentProvider {
  return {
    name: 'stripe',
    webhookSecret: `whsec_unset_${randomBytes(24).toString('hex')}`,
    createCheckoutSession: () =>
      Promise.reject(new AppError(503, 'payments_unavailable', paymentsUnavailableMessage)),
  };
}

/** Registers /api/payment and /api/referral; returns the catalogue and provider in use. */
export async function registerPayments(
  app: FastifyInstance,
  deps: { ctx: AppContext; auth: AuthService; externalOrders?: ExternalOrderHandlers },
  options: PaymentOptions = {},
): Promise<{ catalogue: Catalogue; provider: PaymentProvider; payments: PaymentService }> {
  const { ctx, auth } = deps;
  const catalogue = loadCatalogue(options.catalogueFile);
  const { provider, sandbox } = pickProvider(options.stripe, ctx.gameMode);
  const referrals = createReferralService(ctx.db);
  const payments = createPaymentService(ctx, { catalogue, provider, referrals });
  const fulfilment = createFulfilment(ctx, catalogue, deps.externalOrders);

  await app.register(paymentRoutes, {
    prefix: '/api/payment',
    auth,
    catalogue,
    payments,
    publicUrl: options.publicUrl,
  });
  await app.register(webhookRoutes, { prefix: '/api/payment', provider, fulfilment, now: ctx.now });
  if (sandbox)
    await app.register(sandboxCheckoutRoutes, {
      prefix: '/api/payment/sandbox',
      provider: sandbox,
      now: ctx.now,
    });
  await app.register(referralRoutes, { prefix: '/api/referral', auth, referrals });
  return { catalogue, provider, payments };
}

import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/errors.js';
import { serverModule } from '../../lib/server-module.js';
import { loadCatalogue, type Catalogue } from './catalogue.js';
import { createFulfilment, type ExternalOrderHandler } from './fulfilment.js';
import type { PaymentProvider } from './provider.js';
import { paymentRoutes } from './routes.js';
import { sandboxCheckoutRoutes } from './sandbox-routes.js';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider.js';
import { createPaymentService, type PaymentService } from './service.js';
import { createStripeProvider, type StripeProviderOptions } from './stripe-provider.js';
import { webhookRoutes } from './webhook-routes.js';

export { catalogueAnswers } from './catalogue.js';
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The operator's catalogue of plans and credit packs. */
    paymentCatalogue: Catalogue;
    /** Checkouts of the catalogue's products and of other modules' orders. */
    payments: PaymentService;
    /** Where another module (the coin marketplace) hands in the orders it has paid through this checkout. */
    paymentOrders: ExternalOrderRegistry;
  }
}

/** Other modules' order handlers, by product id; read when an order's event arrives, so a module may register after this one. */
export interface ExternalOrderRegistry {
  readonly handlers: ExternalOrderHandlers;
  handle(productId: string, handler: ExternalOrderHandler): void;
}

function externalOrderRegistry(): ExternalOrderRegistry {
  const handlers: Record<string, ExternalOrderHandler> = {};
  return {
    handlers,
    handle(productId, handler) {
      if (handlers[productId]) throw new Error(`Orders of ${productId} already have a handler`);
      handlers[productId] = handler;
    },
  };
}

/** Payments: /api/payment (checkout, provider webhook, the sandbox checkout page in sandbox mode). */
export const paymentModule = serverModule<PaymentOptions>(
  'payment',
  ['auth', 'referral'],
  async (app, options) => {
    const ctx = app.appContext;
    const catalogue = loadCatalogue(options.catalogueFile);
    const { provider, sandbox } = pickProvider(options.stripe, ctx.gameMode);
    const payments = createPaymentService(ctx, { catalogue, provider, referrals: app.referrals });
    const orders = externalOrderRegistry();
    const fulfilment = createFulfilment(ctx, catalogue, orders.handlers);
    app.decorate('paymentCatalogue', catalogue);
    app.decorate('payments', payments);
    app.decorate('paymentOrders', orders);

    await app.register(paymentRoutes, {
      prefix: '/api/payment',
      auth: app.auth,
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
  },
);

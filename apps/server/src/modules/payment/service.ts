import { randomBytes, timingSafeEqual } from 'node:crypto';
import { messages, type CheckoutRequest } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { sha256 } from '../../lib/crypto.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { ReferralService } from '../referral/service.js';
import type { Catalogue } from './catalogue.js';
import { pendingTokenContext } from './fulfilment.js';
import { quote } from './pricing.js';
import type { PaymentProvider } from './provider.js';
import { paymentRepo } from './repo.js';

export const paymentMessages = {
  productNotFound: 'Product not found',
  productUnavailable: 'This product cannot be bought online yet',
  quantityRange: (max: number) => `Quantity must be between 1 and ${max}`,
  orderNotFound: 'Order not found',
} as const;

/** Checkout: price the request, open an order, hand the buyer to the provider; and the receipt. */
export function createPaymentService(
  ctx: AppContext,
  deps: { catalogue: Catalogue; provider: PaymentProvider; referrals: ReferralService },
) {
  const { catalogue, provider, referrals } = deps;

  function productFor(request: CheckoutRequest) {
    const product = catalogue.products.find(
      (candidate) =>
        candidate.id === request.productId &&
        candidate.price.id === request.priceId &&
        candidate.type === request.type,
    );
    if (!product) throw badRequest(paymentMessages.productNotFound, 'product_not_found');
    if (!product.isAvailable || product.price.value === 0)
      throw badRequest(paymentMessages.productUnavailable, 'product_unavailable');
    if (request.quantity > product.maxQuantity)
      throw badRequest(paymentMessages.quantityRange(product.maxQuantity), 'quantity_range');
    return product;
  }

  async function referrerFor(code: string | undefined, buyerId: string | undefined) {
    if (code === undefined || code === '') return undefined;
    const referrer = await referrals.referrerFor(code, buyerId);
    if (!referrer) throw badRequest(messages.referralInvalid, 'referral_invalid');
    return referrer;
  }

  return {
    /**
     * Opens an order another module priced (the marketplace): same order table, provider and
     * webhook; its `productId` names the module's handler in the fulfilment.
     */
    async checkoutExternal(
      request: {
        userId: string;
        productId: string;
        priceId: string;
        productName: string;
        amountCents: number;
        /** Site path the buyer returns to after paying or cancelling. */
        returnPath: string;
      },
      siteUrl: string,
    ) {
      const order = await paymentRepo.insertOrder(ctx.db, {
        userId: request.userId,
        productId: request.productId,
        priceId: request.priceId,
        quantity: 1,
        amountCents: request.amountCents,
        provider: provider.name,
        // No receipt page: the module's own page shows the order.
        receiptKeyHash: sha256(randomBytes(24).toString('base64url')),
        createdAt: ctx.now(),
      });
      const session = await provider.createCheckoutSession({
        orderId: order.id,
        productName: request.productName,
        unitAmountCents: request.amountCents,
        quantity: 1,
        amountCents: request.amountCents,
        currency: catalogue.currency,
        successUrl: `${siteUrl}${request.returnPath}`,
        cancelUrl: `${siteUrl}${request.returnPath}`,
        siteUrl,
      });
      await paymentRepo.attachSession(ctx.db, order.id, session.sessionId);
      return { url: session.url, orderId: order.id };
    },

    /** Opens an order and its provider session; returns where to pay. */
    async checkout(request: CheckoutRequest, buyerId: string | undefined, siteUrl: string) {
      const product = productFor(request);
      const referrerUserId = await referrerFor(request.code, buyerId);
      const price = quote(product, request.quantity, referrerUserId ? catalogue.referral.discountRate : null);
      const receiptKey = randomBytes(24).toString('base64url');
      const order = await paymentRepo.insertOrder(ctx.db, {
        userId: buyerId ?? null,
        productId: product.id,
        priceId: product.price.id,
        quantity: request.quantity,
        amountCents: price.amountCents,
        discountCents: price.discountCents,
        referrerUserId: referrerUserId ?? null,
        provider: provider.name,
        receiptKeyHash: sha256(receiptKey),
        createdAt: ctx.now(),
      });
      const session = await provider.createCheckoutSession({
        orderId: order.id,
        productName: product.name,
        unitAmountCents: product.price.value,
        quantity: request.quantity,
        amountCents: price.amountCents,
        currency: catalogue.currency,
        successUrl: `${siteUrl}/checkout/success?order=${order.id}&key=${receiptKey}`,
        cancelUrl: `${siteUrl}/checkout/cancel?order=${order.id}`,
        siteUrl,
      });
      await paymentRepo.attachSession(ctx.db, order.id, session.sessionId);
      return { url: session.url, orderId: order.id };
    },

    /**
     * What the success page shows. A visitor's new licence token is returned once, then erased;
     * only the browser holding the address's key may ask.
     */
    async receipt(orderId: string, key: string) {
      const order = await paymentRepo.findOrder(ctx.db, orderId);
      const expected = order ? Buffer.from(order.receiptKeyHash, 'hex') : Buffer.alloc(32);
      const given = Buffer.from(sha256(key), 'hex');
      if (!order || !timingSafeEqual(expected, given)) throw notFound(paymentMessages.orderNotFound);
      const product = catalogue.products.find((candidate) => candidate.id === order.productId);
      let credentials: { username: string; token: string } | undefined;
      const pending = order.pendingTokenEncrypted;
      if (
        order.status === 'paid' &&
        pending &&
        order.userId &&
        (await paymentRepo.takePendingToken(ctx.db, order.id, pending))
      ) {
        const token = ctx.cipher.decrypt(pending, pendingTokenContext(order.id));
        const username = await paymentRepo.usernameOf(ctx.db, order.userId);
        if (username !== undefined) credentials = { username, token };
      }
      return {
        orderId: order.id,
        status: order.status,
        productName: product?.name ?? order.productId,
        quantity: order.quantity,
        amountCents: order.amountCents,
        discountCents: order.discountCents,
        ...(credentials ? { credentials } : {}),
      };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

import { platformSchema, productCategoryValues, productSchema } from '@tradedesk/domain';
import { z } from 'zod';
import { answerOf } from '../../lib/answer.js';
import type { EventOutcome } from './fulfilment.js';

/*
 * The response schemas of /api/payment. The catalogue was checked when loaded, so its products
 * pass the domain's product schema; the plans pages were prerendered with these same answers.
 */

/** The domain's product plus its page category, the struck-through price and the platform
 * (the routes' types check `presentProduct` against it). */
const productAnswerSchema = productSchema.extend({
  category: z.enum(productCategoryValues),
  listPrice: z.number().optional(),
  platform: platformSchema.optional(),
  maxQuantity: z.number(),
  isAvailable: z.boolean(),
});

export const plansAnswer = answerOf(z.array(productAnswerSchema));

/** Per platform, the coin product to buy (a record, so the keys keep the catalogue's order). */
export const coinPricesAnswer = answerOf(z.record(platformSchema, productAnswerSchema));

/** Where to pay. */
export const checkoutAnswer = answerOf(z.string());

/** The order as the success page shows it; status is the stored text. */
export const receiptAnswer = answerOf(
  z.object({
    orderId: z.string(),
    status: z.string(),
    productName: z.string(),
    quantity: z.number(),
    amountCents: z.number(),
    discountCents: z.number(),
    /** A visitor's new account: present once, on the first read after payment. */
    credentials: z.object({ username: z.string(), token: z.string() }).optional(),
  }),
);

const eventOutcomes = [
  'fulfilled',
  'cancelled',
  'replayed',
  'ignored',
] as const satisfies readonly EventOutcome[];

/** The provider's webhook: the event was received and what it did, or why it was refused. */
export const webhookAnswers = {
  200: answerOf(z.object({ received: z.literal(true), outcome: z.enum(eventOutcomes) })),
  400: z.object({ message: z.string() }),
};

import { z } from 'zod';
import { answerOf } from '../../lib/answer.js';

/*
 * The response schemas of /api/admin: the user and the order as the admin page reads them. Roles,
 * tier, status and provider are the stored text, so an old row is shown rather than answered 500.
 */

const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  roles: z.array(z.string()),
  tier: z.string(),
  credits: z.number(),
  maxAccounts: z.number(),
  discordId: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});

export const adminUserAnswer = answerOf(adminUserSchema);
export const adminUsersAnswer = answerOf(z.array(adminUserSchema));

export const adminOrdersAnswer = answerOf(
  z.array(
    z.object({
      id: z.string(),
      productId: z.string(),
      quantity: z.number(),
      amountCents: z.number(),
      status: z.string(),
      provider: z.string(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
);

/** The refunded order and the credits taken back from the user's balance. */
export const refundAnswer = answerOf(z.object({ orderId: z.string(), creditsTaken: z.number() }));

import { randomBytes } from 'node:crypto';
import type { CheckoutSession, CheckoutSessionRequest, PaymentProvider } from './provider.js';

/** One open sandbox checkout: what the hosted page shows and where it sends the buyer back. */
export interface SandboxSession extends CheckoutSessionRequest {
  sessionId: string;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  session(sessionId: string): SandboxSession | undefined;
  /**
   * Takes the session for one outcome (paid or cancelled): the first caller gets it, every later
   * one undefined. Synchronous, so a pay and a cancel sent together cannot both act.
   */
  take(sessionId: string): SandboxSession | undefined;
  /** Puts a taken session back (its event could not be delivered), so the buyer may try again. */
  reopen(session: SandboxSession): void;
}

/** The sandbox's test card; any other number is declined, like a real test mode. */
export const SANDBOX_TEST_CARD = '4242 4242 4242 4242';

/**
 * The embedded checkout: sessions live in this process (a restart drops unpaid ones, like an
 * expired session), the page is served by the server itself, and its events are signed with a
 * secret made at start.
 */
export function createSandboxProvider(): SandboxProvider {
  const sessions = new Map<string, SandboxSession>();
  return {
    name: 'sandbox',
    webhookSecret: `whsec_sandbox_${randomBytes(24).toString('hex')}`,
    async createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
      const sessionId = `cs_sandbox_${randomBytes(16).toString('hex')}`;
      sessions.set(sessionId, { ...request, sessionId });
      return { sessionId, url: `${request.siteUrl}/api/payment/sandbox/checkout/${sessionId}` };
    },
    session: (sessionId) => sessions.get(sessionId),
    take(sessionId) {
      const session = sessions.get(sessionId);
      sessions.delete(sessionId);
      return session;
    },
    reopen: (session) => void sessions.set(session.sessionId, session),
  };
}

import type { FastifyInstance } from 'fastify';

/**
 * Who a route is for, by what it checks before it answers (docs/security.md):
 * - `anyone`: no credential (public reads, sign-in itself, the checkout a visitor may start);
 * - `session`: a signed-in user (401 without a live session cookie);
 * - `admin`: a signed-in user with the Admin role (401 without a session, 403 without the role);
 * - `sandbox-key`: the sandbox admin key (SIM_ADMIN_KEY, header x-sim-admin-key; 403 without);
 * - `provider-signature`: the payment provider's signed event (400 without a valid signature);
 * - `checkout-link`: whoever holds an open checkout's unguessable address (404 for any other).
 * Agents are not here: they speak only over the agent socket hub, with an agent key.
 */
export const audiences = [
  'anyone',
  'session',
  'admin',
  'sandbox-key',
  'provider-signature',
  'checkout-link',
] as const;
export type Audience = (typeof audiences)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who the route is for; every route declares one (the route-audience test checks it). */
    audience?: Audience;
  }
}

/**
 * Declares that every route this plugin registers after the call is for `audience`, unless the
 * route names its own in `config.audience`. Call it first in a plugin, next to its auth hook.
 */
export function routesAreFor(app: FastifyInstance, audience: Audience) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, audience: route.config?.audience ?? audience };
  });
}

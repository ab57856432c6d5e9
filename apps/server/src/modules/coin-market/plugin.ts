import { serverModule } from '../../lib/server-module.js';
import { protectedOptions } from '../protected.js';
import { createCoinMarketModule, type CoinMarketModule } from './index.js';
import { coinMarketRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The coin marketplace: its service and its delivery. */
    coinMarket: CoinMarketModule;
  }
}

/** The coin marketplace: /api/market; its orders are paid through the payment module's checkout. */
export const coinMarketModule = serverModule<{
  publicUrl?: string | undefined;
}>('coin-market', ['auth', 'payment', 'realtime'], async (app, { publicUrl }) => {
  const log = app.log.child({ category: 'realtime' });
  const market = createCoinMarketModule(app.appContext, app.payments, app.agentPorts, {
    onDeliveryError: (err: unknown) => log.error({ err }, 'market delivery failed'),
  });
  for (const [productId, handler] of Object.entries(market.externalOrders))
    app.paymentOrders.handle(productId, handler);
  app.decorate('coinMarket', market);
  await app.register(coinMarketRoutes, {
    prefix: '/api/market',
    ...protectedOptions(app),
    market,
    publicUrl,
  });
});

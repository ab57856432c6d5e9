import type { AppContext } from '../../context.js';
import type { PaymentService } from '../payment/service.js';
import type { ExternalOrderHandlers } from '../payment/index.js';
import type { MarketDelivery } from './delivery.js';
import { createMarketService, MARKET_PRODUCT_ID, type MarketService } from './service.js';

/**
 * The coin marketplace: its service (listings, purchases, money) from the start, its delivery once the
 * socket hubs are attached (the agents run the transfers).
 */
export interface CoinMarketModule {
  service: MarketService;
  delivery?: MarketDelivery;
  /** The checkout orders the payments module routes here. */
  externalOrders: ExternalOrderHandlers;
}

export function createCoinMarketModule(ctx: AppContext, payments: PaymentService): CoinMarketModule {
  const service = createMarketService(ctx, () => payments);
  return {
    service,
    externalOrders: {
      [MARKET_PRODUCT_ID]: { paid: service.paid, expired: service.expired, refunded: service.refunded },
    },
  };
}

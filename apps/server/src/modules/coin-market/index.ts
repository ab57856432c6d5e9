import type { AppContext } from '../../lib/app-context.js';
import type { PaymentService } from '../payment/service.js';
import type { ExternalOrderHandlers } from '../payment/index.js';
import type { AgentPorts } from '../../runs/agent-ports.js';
import { createMarketDelivery, type MarketDelivery } from './delivery.js';
import { deliveryRunKind } from './run-kind.js';
import { createMarketService, MARKET_PRODUCT_ID, type MarketService } from './service.js';

/**
 * The coin marketplace: its service (listings, purchases, money) and its delivery, which the agents
 * run (none when the app has no socket hubs: paid orders wait for a node that has them).
 */
export interface CoinMarketModule {
  service: MarketService;
  delivery: MarketDelivery | undefined;
  /** The checkout orders the payments module routes here. */
  externalOrders: ExternalOrderHandlers;
}

export function createCoinMarketModule(
  ctx: AppContext,
  payments: PaymentService,
  agents: AgentPorts | null,
  options: {
    onDeliveryError: (error: unknown) => void;
  },
): CoinMarketModule {
  // The service and its delivery hear of each other: both are built here, before either is used.
  const service = createMarketService(ctx, () => payments, {
    changed: (order) => delivery?.announce(order),
    paid: (orderId) => void delivery?.advance(orderId).catch(options.onDeliveryError),
  });
  const delivery = agents
    ? createMarketDelivery(ctx, service, agents.transfers, {
        toUser: agents.toTransferPages,
        toUserError: agents.toTransferPagesError,
      })
    : undefined;
  if (agents && delivery) {
    // The marketplace's delivery transfers and balance syncs are its own to store; a delivery
    // transfer is a run kind of the one lifecycle (lost rule, hand-back).
    agents.claimTransfers(['market-delivery', 'market-sync'], delivery.apply);
    agents.addRunKind(deliveryRunKind(delivery));
    agents.everySweep(delivery.pump);
  }
  return {
    service,
    delivery,
    externalOrders: {
      [MARKET_PRODUCT_ID]: { paid: service.paid, expired: service.expired, refunded: service.refunded },
    },
  };
}

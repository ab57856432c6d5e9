import type { RunKindModule } from '../../runs/run-kind.js';
import type { MarketDelivery } from './delivery.js';

/**
 * A marketplace delivery's transfer as a run kind: started by `transfer-start` (route
 * `market-delivery`), beaten and lost by the one lifecycle. Its agent events arrive as transfer
 * events of that route, which the transfer kind hands to the store the marketplace claimed
 * (`AgentPorts.claimTransfers`), so it registers none of its own. A lost or handed-back run fails
 * its leg and settles the order.
 */
export const deliveryRunKind = (delivery: MarketDelivery): RunKindModule => ({
  kinds: ['delivery'],
  startCommand: 'transfer-start',
  events: [],
  settleLost: (runs) => delivery.settle(runs, 'lost'),
  settleHandedBack: (runs) => delivery.settle(runs, 'ended'),
});

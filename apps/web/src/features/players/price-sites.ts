// Shared with the companion add-on's price overlay, so the addresses live in the domain.
export { priceSites } from '@tradedesk/domain';

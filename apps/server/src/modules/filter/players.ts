import type { Filter } from '@tradedesk/domain';

/**
 * 'Player not found in {provider}': a named normal filter must name a player of the catalogue
 * (the price database replaces it later). Wired to `@tradedesk/domain/catalogue` once it exists.
 */
export function assertPlayerKnown(_filter: Filter): void {}

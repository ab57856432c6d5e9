/** Price collection: provider adapters, the scheduled job and live observations from snipes. */
export { priceEnvSchema, type PriceEnv } from './config.js';
export { createPriceCollector, type PriceCollector, type CollectionResult } from './collector.js';
export { createFeedProvider, sandboxFeedProviders, type PriceProviderAdapter } from './providers.js';
export { recordObservedPrice, type ObservedPrice } from './record.js';
export { freshnessOf, usablePrice, priceSources, type PriceSource } from './freshness.js';

import type { SnipeFilter } from '@tradedesk/domain';
import { FodderStrategy } from './fodder.js';
import { MultiRarityStrategy } from './multi-rarity.js';
import { NormalStrategy } from './normal.js';
import type { Strategy } from './strategy.js';

/** The strategy a selected filter runs with. */
export function strategyFor(filter: SnipeFilter): Strategy {
  switch (filter.type) {
    case 'normal':
      return new NormalStrategy(filter);
    case 'rarity':
      return new MultiRarityStrategy(filter);
    case 'fodder':
      return new FodderStrategy(filter);
  }
}

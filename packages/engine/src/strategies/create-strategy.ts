import type { SnipeFilter } from '@tradedesk/domain';
import type { FleetMember } from '../fleet/fleet.js';
import { FodderStrategy } from './fodder.js';
import { MultiRarityStrategy } from './multi-rarity.js';
import { NormalStrategy } from './normal.js';
import type { Strategy } from './strategy.js';

/** The strategy a selected filter runs with (a 59th Minute one shares its fleet's memory). */
export function strategyFor(filter: SnipeFilter, fleet?: FleetMember): Strategy {
  switch (filter.type) {
    case 'normal':
      return new NormalStrategy(filter);
    case 'rarity':
      return new MultiRarityStrategy(filter, fleet);
    case 'fodder':
      return new FodderStrategy(filter);
  }
}

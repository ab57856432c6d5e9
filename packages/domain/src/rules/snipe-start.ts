import { ROTATION_MIN_FILTERS } from '../constants.js';
import { messages } from '../messages.js';
import type { Filter } from '../schemas/filters/index.js';

/** Whether filter rotation is on for the run. */
export interface RotationSetting {
  isEnabled: boolean;
}

function count(filters: readonly Filter[], type: Filter['type']): number {
  return filters.filter((filter) => filter.type === type).length;
}

/**
 * The checks run before a snipe starts, on the selected filters (000 §5). Returns the
 * first broken rule's message, or null when the snipe may start. Kind-specific rotation
 * messages come before the generic "at least 2 filters" one: they say what to change.
 */
export function snipeStartError(selected: readonly Filter[], rotation: RotationSetting): string | null {
  if (selected.length === 0) return messages.selectAtLeastOneFilter;
  if (count(selected, 'transfer') > 0) return messages.transferFilterNotSnipeable;

  const normal = count(selected, 'normal');
  const multiRarity = count(selected, 'rarity');
  const fodder = count(selected, 'fodder');
  if (normal > 0 && multiRarity > 0) return messages.mixNormalWithMultiRarity;
  if (normal > 0 && fodder > 0) return messages.mixNormalWithFodder;
  if (multiRarity > 0 && fodder > 0) return messages.mixMultiRarityWithFodder;
  if (multiRarity > 1) return messages.tooManyMultiRarity;
  if (fodder > 1) return messages.tooManyFodder;

  if (!rotation.isEnabled) return null;
  if (multiRarity > 0) return messages.rotationWithMultiRarity;
  if (fodder > 0) return messages.rotationWithFodder;
  if (selected.length < ROTATION_MIN_FILTERS) return messages.rotationNeedsTwoFilters;
  const unnamed = selected.some((filter) => filter.type === 'normal' && filter.name.trim() === '');
  if (unnamed) return messages.rotationNeedsPlayerNames;
  return null;
}

/** The run mode the selected filters call for: multi rarity for a 59th Minute filter. */
export function snipeModeOf(
  selected: readonly Filter[],
  isHeadlessEnabled: boolean,
): 'multi_rarity' | 'headless' | 'headful' {
  if (selected.some((filter) => filter.type === 'rarity')) return 'multi_rarity';
  return isHeadlessEnabled ? 'headless' : 'headful';
}

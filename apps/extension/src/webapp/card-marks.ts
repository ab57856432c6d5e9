/**
 * Attributes the page bridge (main world) writes on the web app's rows and detail panel, and the
 * content script (isolated world) reads: the two worlds share the DOM, not their globals.
 */
export const CARD_MARKS = {
  definitionId: 'data-tradedesk-definition-id',
  rarityId: 'data-tradedesk-rarity-id',
  /** On `<html>`: the session's platform (`pc` or `ps`). */
  platform: 'data-tradedesk-platform',
} as const;

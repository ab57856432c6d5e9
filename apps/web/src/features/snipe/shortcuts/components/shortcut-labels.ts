// The labels are shared with the companion add-on's help overlay, so they live in the domain.
export { generalShortcutLabels, marketShortcutLabels, shortcutKeyText as keyText } from '@tradedesk/domain';

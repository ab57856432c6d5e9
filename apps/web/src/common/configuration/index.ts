export { TimeConfigSection } from './components/time-config-section';
export { AdvancedConfigSection } from './components/advanced-config-section';
export { NotificationConfigSection } from './components/notification-config-section';
export { GeneralConfigSection } from './components/general-config-section';
export { MarketConfigSection } from './components/market-config-section';
export { configurationQueryKey, useConfiguration } from './api/get-configuration';
export { playSound } from './api/play-sound';
export { TransferConfigSection } from './components/transfer-config-section';

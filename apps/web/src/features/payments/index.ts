export { CoinsPage } from './components/coins-page';
export { CheckoutCancelPage, CheckoutSuccessPage } from './components/checkout-result-pages';
export { SubscriptionPage } from './components/subscription-page';
export { VpsPage } from './components/vps-page';

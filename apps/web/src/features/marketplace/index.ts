export { MarketplacePage } from './components/marketplace-page';

export { TransferPage } from './components/transfer-page';

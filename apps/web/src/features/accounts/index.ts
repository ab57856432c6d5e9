export { ImportAccountsButton } from './components/import-accounts-button';

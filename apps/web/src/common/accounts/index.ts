export { ImportAccountsButton } from './components/import-accounts-button';
export { ImportAccountsModal } from './components/import-accounts-modal';
export { CreateAccountModal } from './components/create-account-modal';
export { EditAccountModal } from './components/edit-account-modal';
export { DeleteAccountModal } from './components/delete-account-modal';
export { ResetAccountStatisticsModal } from './components/reset-account-statistics-modal';
export { accountsQueryKey, accountsQueryOptions, useAccounts } from './api/get-accounts';

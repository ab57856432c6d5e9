export { ImportAccountsButton } from './components/import-accounts-button';
export { ImportAccountsModal } from './components/import-accounts-modal';
// Lazy: each loads the account form when it first opens (components/account-dialogs.tsx).
export { CreateAccountModal, EditAccountModal } from './components/account-dialogs';
export { DeleteAccountModal } from './components/delete-account-modal';
export { ResetAccountStatisticsModal } from './components/reset-account-statistics-modal';
export { accountsQueryKey, accountsQueryOptions, useAccounts } from './api/get-accounts';
export { readCoinBalance, UNREAD_COIN_BALANCE } from './coin-balance';

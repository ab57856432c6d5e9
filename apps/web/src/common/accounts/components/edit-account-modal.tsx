import type { Account } from '@tradedesk/domain';
import { Modal } from '../../../components/ui/modal';
import { useAccountCredentials } from '../api/get-account-credentials';
import { useUpdateAccount } from '../api/update-account';
import { AccountForm } from './account-form';

type EditAccountModalProps = { account: Account | null; onClose: () => void };

/** Edit account credentials: the stored values prefilled, Submit only once something changed. */
export function EditAccountModal({ account, onClose }: EditAccountModalProps) {
  return (
    <Modal isOpen={account !== null} title="Edit account credentials" onClose={onClose}>
      {account && <EditAccountBody account={account} onClose={onClose} />}
    </Modal>
  );
}

function EditAccountBody({ account, onClose }: { account: Account; onClose: () => void }) {
  const credentials = useAccountCredentials(account.id);
  const updateAccount = useUpdateAccount();
  if (credentials.isPending) {
    return <span className="loading loading-spinner" role="status" aria-label="Loading" />;
  }
  const defaults = {
    email: credentials.data?.email ?? account.email,
    password: credentials.data?.password ?? '',
    backupCode: credentials.data?.backupCode ?? '',
    isManualLogin: account.isManualLogin,
    platform: account.platform ?? 'pc',
  };
  return (
    <AccountForm
      isEdit
      defaultValues={defaults}
      isPending={updateAccount.isPending}
      onCancel={onClose}
      onSubmit={(values) => updateAccount.mutate({ ...values, id: account.id }, { onSuccess: onClose })}
    />
  );
}

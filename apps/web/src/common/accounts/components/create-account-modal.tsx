import { defaultAccountCreate } from '@tradedesk/domain';
import { Modal } from '../../../components/ui/modal';
import { useCreateAccount } from '../api/create-account';
import { AccountForm } from './account-form';

/** Create Account: empty strings, platform PC, manual login off (spec §2). */
export function CreateAccountModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const createAccount = useCreateAccount();
  return (
    <Modal isOpen={isOpen} title="Create Account" onClose={onClose}>
      <AccountForm
        defaultValues={defaultAccountCreate()}
        isPending={createAccount.isPending}
        onCancel={onClose}
        onSubmit={(account) => createAccount.mutate(account, { onSuccess: onClose })}
      />
    </Modal>
  );
}

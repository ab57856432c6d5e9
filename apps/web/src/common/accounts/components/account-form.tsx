import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountCreateSchema,
  firstIssueWithField,
  isSameValue,
  platformOptions,
  type AccountCreate,
} from '@tradedesk/domain';
import { Controller, useForm } from 'react-hook-form';
import { FieldAlert } from '../../../components/ui/field';
import { ModalActions } from '../../../components/ui/modal-actions';
import { useOnceWhilePending } from '../../../components/ui/use-once-while-pending';
import { notify } from '../../../lib/notify';
import { SelectOptions } from '../../../components/ui/form-controls';
import { markInvalid } from '../../../components/ui/invalid-marking';

/** The form's labels, which name a field in its toast. */
const accountFieldLabels: Record<keyof AccountCreate, string> = {
  email: 'Email',
  password: 'Password',
  backupCode: 'Backup Code',
  isManualLogin: 'Manual Login',
  platform: 'Platform',
};

type AccountFormProps = {
  defaultValues: AccountCreate;
  /** Edit mode keeps Submit disabled until something changed. */
  isEdit?: boolean;
  isPending?: boolean;
  onSubmit: (account: AccountCreate) => void;
  onCancel: () => void;
};

/** Create and edit account form (spec §2): the shared account rules decide every message. */
export function AccountForm({
  defaultValues,
  isEdit = false,
  isPending = false,
  onSubmit,
  onCancel,
}: AccountFormProps) {
  const {
    register,
    handleSubmit,
    watch,
    control,
    getValues,
    formState: { errors },
  } = useForm<AccountCreate>({ defaultValues, resolver: zodResolver(accountCreateSchema) });

  // A double click submitted twice (the rules are checked first): one submit per request.
  const submit = useOnceWhilePending(onSubmit, isPending);

  // Spec §5: the first broken rule also shows as an error toast, naming its field.
  const showFirstIssue = () => {
    const parsed = accountCreateSchema.safeParse(getValues());
    if (!parsed.success) notify.formIssue('account', firstIssueWithField(parsed.error, accountFieldLabels));
  };
  const submitValid = (account: AccountCreate) => {
    notify.clearFormIssue('account');
    submit.run(account);
  };
  /** A field with a broken rule is marked (red border, aria-invalid) beside its message. */
  const marked = (field: keyof AccountCreate) => markInvalid('input w-full', errors[field] !== undefined);

  return (
    <form className="flex flex-col gap-3" onSubmit={handleSubmit(submitValid, showFirstIssue)} noValidate>
      <label className="label cursor-pointer justify-start gap-2">
        <input type="checkbox" className="checkbox checkbox-sm" {...register('isManualLogin')} />
        <span>Manual Login</span>
      </label>
      <label className="form-control flex flex-col gap-1">
        <span className="label-text">Email</span>
        <input {...marked('email')} type="email" autoComplete="off" {...register('email')} />
        <FieldAlert message={errors.email?.message} />
      </label>
      <label className="form-control flex flex-col gap-1">
        <span className="label-text">Password</span>
        <input
          {...marked('password')}
          type="password"
          autoComplete="new-password"
          {...register('password')}
        />
        <FieldAlert message={errors.password?.message} />
      </label>
      <label className="form-control flex flex-col gap-1">
        <span className="label-text">Backup Code</span>
        <input {...marked('backupCode')} autoComplete="off" {...register('backupCode')} />
        <FieldAlert message={errors.backupCode?.message} />
      </label>
      <label className="form-control flex flex-col gap-1">
        <span className="label-text">Platform</span>
        <Controller
          control={control}
          name="platform"
          render={({ field }) => (
            <select className="select w-full" {...field}>
              <SelectOptions options={platformOptions} />
            </select>
          )}
        />
      </label>
      <div className="modal-action">
        <ModalActions
          confirmLabel="Submit"
          isDisabled={isEdit && isSameValue(watch(), defaultValues)}
          isPending={submit.isHeld}
          onCancel={onCancel}
        />
      </div>
    </form>
  );
}

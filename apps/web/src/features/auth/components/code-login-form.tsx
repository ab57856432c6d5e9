import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { errorMessage, notify } from '../../../lib/notify';
import { useAuthStore } from '../../../stores/auth-store';
import { authCalls } from '../api/auth-calls';
import { useSignIn, type CodeSignInInput } from '../hooks/use-sign-in';
import type { SessionUser } from '../../../common/user';
import { FloatingLabelInput, RememberMeCheckbox, SignInButton } from './sign-in-fields';

type CodeLoginFormProps = { isIFrame: boolean; onSignedIn?: (user: SessionUser) => void };

/** Where a requested code can be read (the sandbox issues codes; ours). */
export const CODE_REQUESTED = 'If the user exists, a sign-in code was issued. It is valid for 10 minutes.';

/** Sign-in with username and a one-time code (spec §7 `POST /code`), beside the token form. */
export function CodeLoginForm({ isIFrame, onSignedIn }: CodeLoginFormProps) {
  const { username, isRemembered } = useAuthStore.getState();
  const { register, handleSubmit, getValues } = useForm<CodeSignInInput>({
    defaultValues: { username, code: '', isRemembered },
  });
  const { signInWithCode, isPending } = useSignIn({ isIFrame, onSignedIn });
  const requestCode = useMutation({
    meta: { silent: true },
    mutationFn: () => authCalls.requestCode({ username: getValues('username').trim() }),
    onSuccess: () => notify.success(CODE_REQUESTED),
    onError: (error) => notify.error(errorMessage(error)),
  });

  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Sign in with a code"
      onSubmit={handleSubmit((input) => {
        if (!input.username.trim() || !input.code.trim()) return notify.error('Enter your username and code');
        signInWithCode(input);
      })}
      noValidate
    >
      <FloatingLabelInput label="Username" autoComplete="username" {...register('username')} />
      <div className="flex items-end gap-2">
        <FloatingLabelInput
          label="Code"
          labelClassName="flex-1"
          autoComplete="one-time-code"
          {...register('code')}
        />
        <button
          type="button"
          className="btn btn-outline"
          disabled={requestCode.isPending}
          onClick={() => {
            if (!getValues('username').trim()) return notify.error('Enter your username first');
            requestCode.mutate();
          }}
        >
          Send code
        </button>
      </div>
      <RememberMeCheckbox registration={register('isRemembered')} />
      <SignInButton isPending={isPending}>Sign in with code</SignInButton>
    </form>
  );
}

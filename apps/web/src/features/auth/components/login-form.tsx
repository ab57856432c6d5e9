import { useForm } from 'react-hook-form';
import { useAuthStore } from '../../../stores/auth-store';
import { useSignIn, type SignInInput } from '../hooks/use-sign-in';
import type { SessionUser } from '../../../common/user';
import { FloatingLabelInput, RememberMeCheckbox, SignInButton } from './sign-in-fields';

type LoginFormProps = { isIFrame: boolean; onSignedIn?: (user: SessionUser) => void };

export function LoginForm({ isIFrame, onSignedIn }: LoginFormProps) {
  const { username, isRemembered } = useAuthStore.getState();
  const { register, handleSubmit } = useForm<SignInInput>({
    defaultValues: { username, token: '', isRemembered },
  });
  const { signIn, forceSignIn, dismissConflict, conflict, isPending } = useSignIn({ isIFrame, onSignedIn });

  return (
    <form className="flex flex-col gap-4" onSubmit={handleSubmit(signIn)} noValidate>
      <FloatingLabelInput label="Username" autoComplete="username" {...register('username')} />
      <FloatingLabelInput
        label="Token"
        type="password"
        autoComplete="current-password"
        {...register('token')}
      />
      <RememberMeCheckbox registration={register('isRemembered')} />
      {conflict && (
        <div role="alert" className="alert alert-warning flex flex-col items-start gap-2">
          <span>{conflict.message}</span>
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-sm btn-warning"
              onClick={forceSignIn}
              disabled={isPending}
            >
              Sign out the other device
            </button>
            <button type="button" className="btn btn-sm btn-ghost" onClick={dismissConflict}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <SignInButton isPending={isPending}>Sign in</SignInButton>
    </form>
  );
}

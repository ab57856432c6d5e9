import { useForm } from 'react-hook-form';
import { useAuthStore } from '../../../stores/auth-store';
import { useSignIn, type SignInInput } from '../hooks/use-sign-in';
import type { SessionUser } from '../types';

type LoginFormProps = { isIFrame: boolean; onSignedIn?: (user: SessionUser) => void };

export function LoginForm({ isIFrame, onSignedIn }: LoginFormProps) {
  const { username, isRemembered } = useAuthStore.getState();
  const { register, handleSubmit } = useForm<SignInInput>({
    defaultValues: { username, token: '', isRemembered },
  });
  const { signIn, forceSignIn, dismissConflict, conflict, isPending } = useSignIn({ isIFrame, onSignedIn });

  return (
    <form className="flex flex-col gap-4" onSubmit={handleSubmit(signIn)} noValidate>
      <label className="floating-label">
        <span>Username</span>
        <input
          className="input w-full"
          autoComplete="username"
          placeholder="Username"
          {...register('username')}
        />
      </label>
      <label className="floating-label">
        <span>Token</span>
        <input
          className="input w-full"
          type="password"
          autoComplete="current-password"
          placeholder="Token"
          {...register('token')}
        />
      </label>
      <label className="label cursor-pointer gap-2">
        <input type="checkbox" className="checkbox checkbox-sm" {...register('isRemembered')} />
        <span>Remember me</span>
      </label>
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
      <button type="submit" className="btn btn-primary" disabled={isPending}>
        {isPending && <span className="loading loading-spinner loading-sm" aria-hidden />}
        Sign in
      </button>
    </form>
  );
}
